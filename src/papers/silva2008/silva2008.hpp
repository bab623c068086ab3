#pragma once
// Section 5 of Silva, Veiga & Ferreira (2008), Figs 1, 2 and 5-7, and the paper's findings, from
// the runs of `botsim experiment silva2008` (docs/silva2008.md; experiment.hpp plans them): no
// SimGrid, no process.
#include <cstddef>
#include <string>
#include <vector>

#include "campaign/findings.hpp"
#include "core/csv.hpp"

namespace botsim::papers {

/// One replication's outcome, as the experiment aggregates it. A job that ended with tasks
/// undone (Fig. 3 as printed can leave tasks waiting with no host: docs/silva2008.md) has no
/// timespan, speedup or optimum (NaN); what it rented and spent is kept.
struct SilvaRunOutcome {
  bool finished = true;
  double timespan_s = 0;
  long hosts = 0, charged_units = 0;
  double spent = 0;
  double work_s = 0;   // sum of the finished tasks' run times
  double speedup = 0;  // work / timespan
  long lost_tasks = 0;
  long optimum_hosts = 0;  // fewest one-ATU hosts with known task times
  double optimum_timespan_s = 0;
};
/// Reads a run's summary.json and tasks.csv (first user), finished or not. Throws
/// std::runtime_error on a run without a user.
SilvaRunOutcome read_silva_run(const std::string& dir, double host_processing_time);

/// The creationRatio and increaseRatio values of the experiment's grid (section 5).
inline const std::vector<double> kSilvaRatios{0, 0.25, 0.5, 0.75, 1.0};
/// The check intervals of the experiment's sensitivity study (check_interval.csv): botsim's own
/// choice, 5 min, against 1 and 10 min (docs/silva2008.md).
inline const std::vector<double> kSilvaCheckIntervals{60, 300, 600};
/// The paper's hour: hostProcessingTime with budget factor 1.
constexpr double kSilvaAtu = 3600;
/// Fig. 1's host counts: 1 to this many.
constexpr long kSilvaFig1MaxHosts = 60;

/// A job of the experiment: "render" (Fig. 5, the render-like stand-in) or "normal" (Fig. 6).
struct SilvaJob {
  std::string name, title;
};

/// One setting and its replications.
struct SilvaSetting {
  std::string job;
  double cr = 0, ir = 0;                  // creationRatio, increaseRatio
  double check_s = 300;                   // botsim's check interval (docs/silva2008.md)
  std::vector<unsigned long long> seeds;  // one per replication
  std::vector<SilvaRunOutcome> outcomes;  // one per replication
};

/// Fig. 1's static choice as simulated (StaticProvisioning) on some number of hosts.
struct SilvaStaticRun {
  long charged_units = 0;
  double makespan_s = 0;
};
/// Reads a static run's summary.json (first user). Throws std::runtime_error when it did not
/// finish.
SilvaStaticRun read_silva_static_run(const std::string& dir);

/// What the experiment's tables are made of.
struct Silva2008Runs {
  std::vector<SilvaJob> jobs;
  std::vector<SilvaSetting> settings;  // the main grid (5 min checks), job by job
  std::vector<SilvaSetting> study;     // the other check intervals (kSilvaCheckIntervals)
  std::vector<SilvaStaticRun> fig1;    // on 1, 2, ... hosts
  std::vector<double> render_times;    // the render-like job's task times, in image order
  int populations = 0;                 // per setting: replications x populations_per_rep
  int populations_per_rep = 20;        // kSilvaPopulationsPerRep; smaller in unit tests
};

/// One replication of the experiment (`--reps`) is 20 populations per setting: a claim about
/// a deviation is judged on each replication alone (findings.csv's n), and needs more than one
/// population. The paper's 200 populations (section 5) are the default 10 replications.
constexpr int kSilvaPopulationsPerRep = 20;
constexpr int kSilvaReps = 10;

/// Writes runs.csv, settings.csv, check_interval.csv (each with a first column `rules`: the
/// runs of Fig. 3 as printed, `rules="paper"`, then botsim's default's), fig1.csv, findings.csv
/// (each claim as printed, then with botsim's rules, with its spread over the replications) and the
/// figures' data and scripts (Figs 1, 2, 5-7 and the check interval's; Figs 5-7 and the check
/// interval's of the as-printed runs end in `_as_printed`) into `dir` (which must exist); returns
/// what the experiment prints: each rule set's mean timespan and hosts per setting, and the
/// findings.
std::string write_silva2008_tables(const Silva2008Runs& runs, const Silva2008Runs& as_printed,
                                   const std::string& dir);

/// The paper's findings (section 5, Figs 1 and 5-7), each with its threshold and margin, from
/// the experiment's tables: runs.csv and settings.csv (5 min checks), fig1.csv, and
/// check_interval.csv (one row per job, check interval and creationRatio at increaseRatio 0.5:
/// hosts_sd). Throws std::runtime_error on a table without the columns it needs.
std::vector<campaign::Finding> silva2008_findings(const CsvTable& runs, const CsvTable& settings,
                                                  const CsvTable& fig1, const CsvTable& intervals);

/// The findings on all of `runs` (silva2008_findings on their tables), each with its spread
/// over the replications (populations_per_rep consecutive populations each; none below 2
/// replications): the finding computed on each replication alone (docs/silva2008.md,
/// "Findings over replications"). Fig. 1's findings are deterministic and have none.
std::vector<campaign::Finding> silva2008_findings_over_replications(const Silva2008Runs& runs);

/// The docs' table of chosen settings (docs/silva2008.md) under both rule sets, from
/// settings.csv (with its `rules` column).
std::string silva2008_docs_table(const CsvTable& settings);

}  // namespace botsim::papers
