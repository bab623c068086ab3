#pragma once
// `botsim experiment market` (docs/market.md), the seed papers' adaptive policies under both
// billing rules:
//  (1c) Silva, Veiga & Ferreira 2008's host-count heuristic (Fig. 3) on the paper's normal job,
//      at a few creationRatio / increaseRatio settings of its grid;
//  (1d) BaTS (Oprescu, Kielmann & Leahu 2011) with each of the four schedules it proposes, on
//      every shipped scenario.
// Each billed per started hour, as in the papers, and per second after a 60 s minimum.
// Pure (no SimGrid): the tables and findings; seed_experiment.cpp plans and reads the runs.
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "campaign/findings.hpp"
#include "core/csv.hpp"

namespace botsim::papers {

/// (creationRatio, increaseRatio) from the paper's grid: none, the conservative 0.5/0.5 and the
/// aggressive 0.75/0.75 of Fig. 7, and all at once.
inline const std::vector<std::pair<double, double>> kMarketSilvaSettings{
    {0, 0}, {0.5, 0.5}, {0.75, 0.75}, {1, 1}};
constexpr int kMarketSilvaSeeds = 10;       // the normal job's populations, per setting
constexpr double kMarketSilvaPrice = 0.10;  // paper.host, per hour (platforms/utility-cloud.xml)
inline const std::vector<std::string> kMarketBatsScenarios{"S1-1", "S1-4", "S3-4", "S4-1", "S4-3"};
constexpr int kMarketBatsSchedules = 4;      // Sched1-4 (section 4.3)
constexpr int kMarketBatsScheduleSeeds = 5;  // per scenario, schedule and billing rule

/// One run of Silva's heuristic, as its summary.json, tasks.csv and instances.csv say.
struct SilvaBillingRun {
  std::string billing;  // "per_started_unit" or "per_second"
  // "stop" (the paper: each host stops at the end of its first hour) or "finish" (not in the
  // paper: a host runs the task it has then to its end; run per second only)
  std::string hour_end = "stop";
  double creation_ratio = 0, increase_ratio = 0;
  unsigned long long seed = 0;
  double makespan_s = std::numeric_limits<double>::quiet_NaN();  // NaN: unfinished
  long hosts = 0;                                                // instances started
  double spent = 0;
  double work_s = 0;    // the completed tasks' run time
  long lost_tasks = 0;  // attempts cut by their instance's stop
  double lost_s = 0;    // their time, from their start to the stop
};

/// One run of BaTS with one of its schedules.
struct BatsScheduleRun {
  std::string scenario;  // one of kMarketBatsScenarios
  int schedule = 0;      // 1-4
  std::string billing;
  unsigned long long seed = 0;
  long tasks_done = 0, tasks_total = 0;
  double makespan_s = std::numeric_limits<double>::quiet_NaN();  // NaN: incomplete
  double spent = 0;
  double budget = std::numeric_limits<double>::quiet_NaN();
};

/// `silva_billing.csv`: per setting, seed and rule (per started hour, per second, per second with
/// hour_end="finish"), the run.
CsvTable market_silva_table(const std::vector<SilvaBillingRun>& runs);
/// `bats_schedules.csv`: per scenario, schedule, seed and rule (per started hour first), the
/// run.
CsvTable market_bats_schedules_table(const std::vector<BatsScheduleRun>& runs);

/// The findings of part 1c (docs/market.md, "Findings"), from silva_billing.csv.
std::vector<campaign::Finding> market_silva_findings(const CsvTable& silva);
/// The findings of part 1d, two per schedule over the scenarios, from bats_schedules.csv.
std::vector<campaign::Finding> market_bats_schedule_findings(const CsvTable& schedules);

/// Writes silva_billing.csv and bats_schedules.csv into `dir`; returns their findings (the
/// experiment prints their means through view/console_tables).
std::vector<campaign::Finding> write_market_seed_tables(const std::vector<SilvaBillingRun>& silva,
                                                        const std::vector<BatsScheduleRun>& bats,
                                                        const std::string& dir);

}  // namespace botsim::papers
