#pragma once
// The observations of Gutierrez-Garcia & Sim (2012), Sections 5.1-5.3, checked against the
// experiment's aggregated tables (docs/gutierrez2012.md): pure functions from the tables
// `botsim experiment gutierrez2012` writes to findings.csv's rows, so that each check can be
// fed a table where the claim fails.
#include <map>
#include <string>
#include <vector>

#include "campaign/findings.hpp"

namespace botsim::papers::gutierrez2012 {

/// Figs 6-9's "overall" series: distribution -> heuristic (its canonical name: "LtoS,MaxET",
/// "fcfs", "greedy-r", "greedy-p", "min-min", "max-min") -> mean makespan (min) over the BoT
/// sizes. Every distribution of kDistributions and every one of the 19 heuristics.
using Makespans = std::map<std::string, std::map<std::string, double>>;

/// One row of sec52_concurrency.csv (Figs 10-11): a setting and its BoTs' outcomes.
struct ConcurrencyRow {
  int consumers = 0;
  double rate_per_s = 0;
  int tasks = 0;
  long bots = 0, successes = 0;
  double messages_mean = 0, overhead_mean_s = 0, overhead_max_s = 0;
};

/// Figs 12-14: the averages over the 14 heuristics of one distribution and mechanism.
struct AllocationMeans {
  double cost = 0, makespan_min = 0, messages = 0;
};
/// distribution -> mechanism ("fixed", "generalized", "i-elastic") -> averages.
using Allocations = std::map<std::string, std::map<std::string, AllocationMeans>>;

/// Figs 6-9's distributions (right-half-normal, uniform, normal, left-half-normal).
extern const std::vector<std::string> kDistributions;

/// Replications per configuration by default: every finding is judged over means of 10 runs.
constexpr int kReps = 10;
/// Two makespans within 1 % of each other are a tie: the paper's Figs 6-9 are bar charts on
/// which bars 1 % apart cannot be told apart (docs/gutierrez2012.md).
constexpr double kTiePercent = 1;

/// Section 5.1, Observations 1-5: one finding per claim (Obs. 1 per ordering and against the
/// batch benchmarks; Obs. 2 shortest, better than Min-min, close to Max-min; Obs. 3 among the
/// immediate heuristics and against Max-min; Obs. 4; Obs. 5).
std::vector<campaign::Finding> findings_51(const Makespans& overall);
/// Section 5.2, Observations 1-3.
std::vector<campaign::Finding> findings_52(const std::vector<ConcurrencyRow>& rows);
/// Section 5.3, Observations 1-2.
std::vector<campaign::Finding> findings_53(const Allocations& means);

/// The measured cause of each claim the shipped experiment does not reproduce (a short
/// sentence naming its docs/gutierrez2012.md section), by finding id.
const campaign::Causes& gutierrez2012_causes();

}  // namespace botsim::papers::gutierrez2012
