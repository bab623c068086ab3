#pragma once
// Section 2.3: the modified bounded knapsack problem (BKP). Maximise the speed sum(ai / Ti)
// subject to price * ceil(N / (ATU * speed)) <= B, 0 <= ai <= Ai, solved by dynamic programming
// as a 0-1 knapsack over machines (profit 1/Ti, cost ci) and filtered by the budget.
//
// How the knapsack's cost relates to ATU billing: a configuration's price is what its machines
// cost for one ATU; it runs the bag in M = ceil(N / (ATU * speed)) ATUs, so the plan pays
// price * M if every machine is billed for exactly M ATUs, which is how BaTS plans (machines are
// released at the end of an ATU). The DP works on an integer grid of money (money_unit): prices
// are rounded UP to the grid and the budget DOWN, so a configuration accepted on the grid never
// costs more than the budget in real money. The execution phase enforces the budget itself
// (BudgetLedger in monitor.hpp): the plan is an estimate, the ledger is the guarantee.
#include <vector>

#include "bats/cluster.hpp"

namespace botsim::bats {

/// A machine configuration and what the plan expects of it on a bag of N tasks.
struct Configuration {
  std::vector<int> machines;  // ai per cluster
  double speed = 0;           // sum ai / Ti, tasks per second
  double price_per_atu = 0;   // sum ai * ci
  long makespan_atus = 0;     // M = ceil(N / (ATU * speed)); 0 for no task
  double cost = 0;            // price_per_atu * M

  int total_machines() const;
};

/// The figures of `machines` for n_tasks (0 machines: speed 0, makespan and cost 0 for no task,
/// else makespan LONG_MAX and cost infinity).
Configuration evaluate(const std::vector<int>& machines, const std::vector<Cluster>& clusters,
                       const std::vector<double>& ti_s, long n_tasks, double atu_s);

struct KnapsackAnswer {
  bool feasible = false;
  Configuration best;     // the fastest affordable configuration, when feasible
  double min_budget = 0;  // the cheapest run of the bag on any configuration (2.3's filter)
  double money_unit = 0;  // the money grid the DP used
};

/// The money grid knapsack() plans `clusters` on when given none (see below). Throws
/// std::invalid_argument when none fits the DP's size limit (prices too high or too far apart
/// for the machine counts): a scenario reading its clusters refuses them before it runs.
double money_unit_for(const std::vector<Cluster>& clusters);

/// The modified BKP of 2.3 for n_tasks tasks, a budget, Ti per cluster and bounds Ai =
/// max_machines. Among equally fast configurations the cheaper run wins. money_unit 0 picks the
/// coarsest power of ten on which every price is exact, within the DP's size limit (else the
/// finest that fits, prices rounded up). Throws std::invalid_argument on bad clusters, Ti,
/// a negative task count or a negative or non-finite budget; never for an unaffordable budget.
KnapsackAnswer knapsack(const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                        long n_tasks, double budget, double atu_s, double money_unit = 0);

/// knapsack() for a budget a user gave: throws InfeasibleBudget ("budget B is infeasible, needs
/// at least X") when no configuration runs the bag within it.
Configuration fastest_within(const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                             long n_tasks, double budget, double atu_s);

}  // namespace botsim::bats
