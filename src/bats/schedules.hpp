#pragma once
// Section 2.3 (rounding problem, Theorem 1) and 4.3: the schedules BaTS proposes before the
// execution phase, from the cheapest (Bmin1) to the fastest (Bfastest), each refined so that
// delta_n <= 0 (case a: a higher budget) or given a cushion (case b).
#include <optional>
#include <string>
#include <vector>

#include "bats/cluster.hpp"
#include "bats/knapsack.hpp"

namespace botsim::bats {

struct ScheduleOptions {
  int raise_step_percent = 1;  // case (a): raise by 1 % of the schedule's reference budget
  int max_raise_percent = 20;  // case (a): the threshold; beyond it fall back to a cushion
  double budget_rounding = 1;  // budgets rounded up to whole currency units (Table 2's ceil)
};

enum class Risk {
  None,          // delta_n <= 0 at the budget
  RaisedBudget,  // case (a): the raise made delta_n <= 0
  Cushion        // case (b): the cushion pays for delta_n tasks beyond the makespan
};
const char* to_string(Risk r);

/// One schedule: a configuration and the money it may spend. Table 2's "cushion" column holds
/// either `raise` or `cushion` (at most one of them is not 0, as `risk` says).
struct Schedule {
  std::string name;          // "Sched1" ... or "budget"
  double budget = 0;         // the input budget B
  double raise = 0;          // case (a): added to the budget, it bought `config`
  double cushion = 0;        // case (b): kept apart, for delta_n tasks beyond the makespan
  Configuration config;      // machines per cluster, makespan M in ATUs, cost
  Configuration initial;     // the knapsack's answer for `budget`, before case (a)'s raise
  long delta_n = 0;          // delta_n of config (> 0 only for case b)
  long delta_n_initial = 0;  // delta_n of the knapsack's answer for `budget`
  Risk risk = Risk::None;
  double expected_makespan_s = 0;  // Te of 2.3

  /// What the run may spend with the raise and the cushion accepted.
  double total_budget() const { return budget + raise + cushion; }
};

/// delta_n of 2.3: N - sum(ak * nk), nk = floor(M * ATU / Tk). Theorem 1: <= sum(ak).
long delta_n(const Configuration& config, const std::vector<double>& ti_s, long n_tasks,
             double atu_s);

/// Case (b)'s cushion: the cheapest way to run delta_n more tasks, one per machine of the
/// configuration, each machine running ceil(Tk / ATU) more ATUs (4.3: "3 machines from cluster1
/// running for at most one more ATU"). 0 when delta_n <= 0.
double cushion_for(const Configuration& config, const std::vector<Cluster>& clusters,
                   const std::vector<double>& ti_s, long delta_n, double atu_s);

/// 4.3: the budget to run the bag on one machine of the most profitable type (least Ti * ci).
double budget_min1(const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                   long n_tasks, double atu_s);
/// 4.3: the budget to run the bag on every available machine.
double budget_fastest(const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                      long n_tasks, double atu_s);

/// The knapsack's schedule for `budget`, refined by case (a) in steps of raise_step_percent of
/// `reference` or given a case (b) cushion. Throws InfeasibleBudget below the cheapest run.
Schedule refine_schedule(const std::string& name, const std::vector<Cluster>& clusters,
                         const std::vector<double>& ti_s, long n_tasks, double atu_s, double budget,
                         double reference, const ScheduleOptions& options = {});

/// 4.3's four schedules: Bmin1, ceil(1.2 Bmin1), ceil(0.8 Bfastest), Bfastest. A budget below
/// the cheapest run (possible for 0.8 Bfastest) is raised to it. Throws std::invalid_argument
/// for an empty bag, bad clusters or Ti.
std::vector<Schedule> propose_schedules(const std::vector<Cluster>& clusters,
                                        const std::vector<double>& ti_s, long n_tasks, double atu_s,
                                        const ScheduleOptions& options = {});

/// A user's budget, taken directly (refined like the proposed ones, the budget as reference).
Schedule schedule_for_budget(const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                             long n_tasks, double atu_s, double budget,
                             const ScheduleOptions& options = {});

/// Schedule `index` (1-based, as Sched1..Sched4); std::invalid_argument when out of range.
const Schedule& pick_schedule(const std::vector<Schedule>& schedules, int index);

/// The schedule the execution phase runs: proposed schedule `index` when the user gave no
/// budget, else schedule_for_budget(*budget) (the money the execution may spend). A budget the
/// sample's estimates find infeasible gives the schedule "none" at that budget, no machine
/// planned, with the reason in `*infeasible` (docs/bats2011.md, "When the knapsack finds
/// nothing").
Schedule chosen_schedule(const std::vector<Schedule>& proposed, int index,
                         std::optional<double> budget, const std::vector<Cluster>& clusters,
                         const std::vector<double>& ti_s, long n_tasks, double atu_s,
                         std::string* infeasible);

}  // namespace botsim::bats
