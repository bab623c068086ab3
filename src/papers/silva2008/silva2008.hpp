#pragma once
#include <string>
#include <vector>

#include "campaign/findings.hpp"
#include "core/csv.hpp"

namespace botsim::papers {

/// `botsim experiment silva2008` (docs/silva2008.md).
void register_silva2008_experiment();

/// One replication's outcome, as the experiment aggregates it.
struct SilvaRunOutcome {
  double timespan_s = 0;
  long hosts = 0, charged_units = 0;
  double spent = 0;
  double work_s = 0;   // sum of the finished tasks' run times
  double speedup = 0;  // work / timespan
  long lost_tasks = 0;
  long optimum_hosts = 0;  // fewest one-ATU hosts with known task times
  double optimum_timespan_s = 0;
};
/// Reads a run's summary.json and tasks.csv (first user). Throws std::runtime_error.
SilvaRunOutcome read_silva_run(const std::string& dir, double host_processing_time);

/// The check intervals of the experiment's sensitivity study (check_interval.csv): botsim's own
/// choice, 5 min, against 1 and 10 min (docs/silva2008.md).
inline const std::vector<double> kSilvaCheckIntervals{60, 300, 600};

/// The paper's findings (section 5, Figs 1 and 5-7), each with its threshold and margin, from
/// the experiment's tables: runs.csv and settings.csv (5 min checks), fig1.csv, and
/// check_interval.csv (one row per job, check interval and creationRatio at increaseRatio 0.5:
/// hosts_sd). Throws std::runtime_error on a table without the columns it needs.
/// The docs' table of chosen settings (docs/silva2008.md), from settings.csv.
std::string silva2008_docs_table(const CsvTable& settings);

std::vector<campaign::Finding> silva2008_findings(const CsvTable& runs, const CsvTable& settings,
                                                  const CsvTable& fig1, const CsvTable& intervals);

}  // namespace botsim::papers
