#pragma once
// `botsim experiment market` (docs/market.md): today's cloud market against the seed papers'.
//  (1) Silva et al. 2008's static choice (Fig. 1: 300 tasks of 5 min on 1..30 hosts) billed per
//      started hour, as in the paper, and per second with a 60 s minimum, as clouds bill since
//      2017: whether renting more hosts still costs more.
//  (1b) BaTS (Oprescu, Kielmann & Leahu 2011) on its S3-4 scenario, schedule 2, under both
//      billing rules: whether its schedule or its bill changes.
//  (2) Three spot strategies for a bag with a deadline (docs/cloud.md, "Spot strategies") on a
//      spot price trace, from many start times: money saved against on-demand only, deadlines
//      missed, work lost.
//  (3) The agents' allocations billed per second (market_agents.hpp).
// Pure (no SimGrid): the per-start price traces, the tables, figures and findings;
// experiment.cpp generates the platforms and deployments and runs them.
// Parts (1c) and (1d), Silva's heuristic and BaTS's four schedules under both rules:
// market_seed.hpp (their runs: seed_experiment.hpp).
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "campaign/findings.hpp"
#include "cloud/spot_market.hpp"
#include "core/csv.hpp"

namespace botsim::papers {

constexpr long kMarketFig1MaxHosts = 30;
constexpr int kMarketBatsSeeds = 10;  // BaTS's S3-4 runs, seeds 1-10 under each billing rule
constexpr int kMarketStrategyInstances = 20;
constexpr int kMarketTasks = 400;                // normal(600, 120) s each: 66.7 h of work
constexpr double kMarketDeadlineS = 4.5 * 3600;  // 3.3 h of work per instance, 35 % slack
constexpr double kMarketSlackS = 900;            // spot-fallback's threshold
constexpr int kMarketStartDays = 28;             // one start a day, the trace's first 28 days
inline const std::vector<std::string> kMarketStrategies{"on-demand", "spot", "spot-fallback"};

/// A `time_s,price` trace of `prices` from `offset_s` on, for `length_s`: time 0 holds the
/// price in force at offset_s, then each later change, shifted by -offset_s.
std::string shifted_trace_csv(const cloud::SpotPriceTrace& prices, double offset_s,
                              double length_s);

/// One run of the experiment, as its summary.json says.
struct MarketRun {
  std::string billing;               // part 1: "per_started_unit" or "per_second"
  long hosts = 0;                    // part 1 (Fig. 1)
  unsigned long long bats_seed = 0;  // part 1b (BaTS), 0: not a BaTS run
  double budget = std::numeric_limits<double>::quiet_NaN();  // part 1b
  std::string strategy;                                      // part 2: one of kMarketStrategies
  int day = 0;                                               // part 2: the start day in the trace
  double makespan_s = std::numeric_limits<double>::quiet_NaN();  // NaN: unfinished
  double spent = 0;
  long tasks_rerun = 0;
  double spent_on_lost_work = 0;
};

/// Part 1's table (`fig1_billing.csv`): per host count, the makespan and cost under each rule.
CsvTable market_fig1_table(const std::vector<MarketRun>& runs);
/// Part 1b's table (`bats_billing.csv`): per seed and billing rule, BaTS's makespan, spent and
/// budget.
CsvTable market_bats_table(const std::vector<MarketRun>& runs);
/// Part 2's table (`strategies.csv`): per start day and strategy, makespan, deadline met,
/// spent, tasks run again and the money spent on lost work.
CsvTable market_strategies_table(const std::vector<MarketRun>& runs);
/// Part 2's summary (`strategies_summary.csv`): per strategy, the runs, the mean cost with its
/// 95 % CI, the cost against on-demand's, the deadlines missed, the work lost.
CsvTable market_summary_table(const std::vector<MarketRun>& runs);

/// Writes fig1_billing.csv, bats_billing.csv, strategies.csv, strategies_summary.csv, findings.csv
/// and the figures (fig1_billing: cost per host count under each rule; strategies_cost and
/// strategies_makespan: per start day and strategy) into `dir`; returns what the experiment
/// prints. `more`: the other parts' findings (market_seed.hpp, market_agents.hpp), after these in
/// findings.csv.
std::string write_market_tables(const std::vector<MarketRun>& runs, const std::string& dir,
                                const std::vector<campaign::Finding>& more = {});

/// The findings, each with its threshold and margin (docs/market.md, "Findings"), from the
/// two tables.
std::vector<campaign::Finding> market_findings(const CsvTable& fig1, const CsvTable& bats,
                                               const CsvTable& strategies);

}  // namespace botsim::papers
