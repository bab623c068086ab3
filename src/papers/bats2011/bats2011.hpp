#pragma once
// Section 4 of Oprescu, Kielmann & Leahu (2011) on the five scenarios of 4.1 (Fig. 5, Tables 1
// and 2, Figs 6 and 7) and the paper's findings, from the runs of `botsim experiment bats2011`
// (docs/bats2011.md; experiment.hpp plans them): no SimGrid, no process.
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "campaign/findings.hpp"
#include "core/csv.hpp"
#include "core/gnuplot.hpp"
#include "core/results.hpp"

namespace botsim::papers {

/// One schedule BaTS proposed (schedules.json), as Table 2 shows it: its cushion column holds
/// case (a)'s raise or case (b)'s cushion, whichever the schedule has.
struct BatsProposed {
  std::string name, risk;
  double budget = 0, cushion = 0, expected_makespan_s = 0;
  std::vector<int> machines;  // per cluster
  long makespan_atus = 0, delta_n = 0;
};

/// One run of the experiment: its summary.json's first user (BaTS's own fields) and, when
/// the run sampled with LR, its schedules.json. NaN: the run did not get that far.
struct BatsRun {
  double budget = NAN, spent = 0, sampling_spent = NAN, execution_spent = NAN;
  long tasks_done = 0, tasks_total = 0;
  double sampling_s = NAN;
  double expected_makespan_s = NAN;  // Te (2.3)
  // The paper's makespans are the execution phase's (4.3: S4-1 Sched4 236 min ~ 1000 x 15 / 64).
  double execution_makespan_s = NAN;
  long violation_signals = 0, reconfigurations = 0;
  double first_signal_s = NAN;
  std::vector<double> real_mu_s, real_sigma_s;  // the bag's, per cluster
  /// Each cluster's sample moments as LR estimated them (schedules.json), in cluster order.
  struct Sample {
    std::string cluster;
    double mu_s = 0, sigma_s = 0;
  };
  std::vector<Sample> samples;
  std::vector<BatsProposed> proposed;  // schedules.json's four schedules

  bool complete() const { return tasks_done == tasks_total; }
};

/// A BatsRun from a run's first user (read_summary) and its schedules.json (null: none).
/// Throws std::runtime_error for a missing BaTS field.
BatsRun bats_run(const UserRecord& user, const nlohmann::json& schedules);

/// The experiment's runs: scenario ("S4-1"), variant ("sched1".."sched4", "sched4-nocushion",
/// "implicit-sched1", "implicit-sched4") and replication -> the run.
class BatsRuns {
 public:
  void add(const std::string& scenario, const std::string& variant, int rep, BatsRun run);
  /// Adds the run whose results directory is `dir` (its summary.json's first user, and its
  /// schedules.json when it has one). Throws std::runtime_error naming `dir` when it is bad.
  void read(const std::string& scenario, const std::string& variant, int rep,
            const std::string& dir);
  /// Throws std::out_of_range naming the run when it is not there.
  const BatsRun& at(const std::string& scenario, const std::string& variant, int rep) const;
  const std::map<std::string, BatsRun>& all() const { return runs_; }

 private:
  std::map<std::string, BatsRun> runs_;  // by "<scenario>/<variant>/<rep>"
};

/// The experiment's tables as it writes them (fig5_estimates.csv, table1_costs.csv,
/// fig6_schedules.csv, fig7_cushion.csv).
struct Bats2011Tables {
  CsvTable fig5, table1, fig6, fig7;
};

/// The scenarios of 4.1 in Table 1's order ("S4-1", "S4-3", "S1-1", "S3-4", "S1-4").
std::vector<std::string> bats2011_scenarios();

/// Fig. 5: mu and sigma estimated through LR (each scenario's Sched2 runs, reps of them)
/// against the bag's, in minutes; `chart` gets the scatter plot.
CsvTable bats2011_fig5(const BatsRuns& runs, int reps, Chart& chart);
/// Table 1: sampling cost (S), the cheapest (Sched1, C.M.) and fastest (Sched4, F.M.)
/// makespan's whole spending, with LR and without (the implicit-sched runs), and the paper's
/// quantity beside it, S + the schedule's budget (*_budget: "84 + 768 = 852"): means over reps.
CsvTable bats2011_table1(const BatsRuns& runs, int reps, Chart& chart);
/// Table 2: the schedules proposed for S3-4 and S4-1 (Sched2's first replication).
CsvTable bats2011_table2(const BatsRuns& runs);
/// Fig. 6: each schedule's execution makespan against its estimate Te, and the paper's.
CsvTable bats2011_fig6(const BatsRuns& runs, int reps, Chart& chart);
/// Fig. 7: S4-1's Sched4 with and without its cushion, per replication.
CsvTable bats2011_fig7(const BatsRuns& runs, int reps, Chart& chart);

/// One finding per claim of the paper, checked on the tables alone (findings.csv), of the runs
/// under `rules` (campaign::kRulesPaper or kRulesBotsim). Throws std::runtime_error for a table
/// without a column it needs (CsvTable::column).
std::vector<campaign::Finding> bats2011_findings(const Bats2011Tables& tables,
                                                 const std::string& rules = campaign::kRulesBotsim);

/// The thresholds of the findings (docs/bats2011.md, "Findings and their thresholds").
/// "Almost perfect" (Fig. 5): an estimate within 10 % of the bag's value.
constexpr double kAlmostPerfectPercent = 10;
/// A run with its cushion ends "within" its estimate Te: by at most 15 % (the paper gives no
/// bound; its Fig. 6 points lie near y = x).
constexpr double kEstimateBound = 1.15;
/// A makespan of Figs 6 and 7 matches the paper's within 15 %, and within half the distance to
/// the nearest other makespan the paper gives for the scenario, so that it tells the schedules
/// apart (paper_tolerance_percent).
constexpr double kFig6TolerancePercent = 15;
double paper_tolerance_percent(const std::string& scenario, const std::string& variant);
/// Fig. 7: without the cushion a seed whose signal comes in the first ATU takes at least 5 %
/// longer (the paper: +14 %), judged over at least 3 such seeds.
constexpr double kCushionGainPercent = 5;
constexpr int kCushionMinSeeds = 3;

/// Replications per scenario and rule set by default: a stochastic finding is judged over at
/// least 10 runs.
constexpr int kBatsReps = 10;

/// The paper's makespans of Figs 6 and 7 beside the as-printed runs' and botsim's default's
/// (means over the complete runs, 95 % confidence intervals, complete runs of all): one row per
/// run of the paper; `chart` gets bars with error bars.
CsvTable bats2011_fig6_rules(const Bats2011Tables& as_printed, const Bats2011Tables& botsim,
                             Chart& chart);

/// How many seeds Fig. 7 (S4-1 Sched4 with and without its cushion) runs at least: its
/// condition, a violation signal in the first ATU, comes in few of them.
constexpr int kCushionReps = 30;

}  // namespace botsim::papers
