#pragma once
// Section 4.3 between the two phases: once the sampling has estimated Ti, BaTS proposes its
// schedules for the tasks left and the user picks one, or gives a budget; the execution phase
// then runs that schedule with the money it may spend. No SimGrid.
#include <optional>
#include <string>
#include <vector>

#include "bats/cluster.hpp"
#include "bats/execution.hpp"
#include "bats/schedules.hpp"

namespace botsim::bats {

/// The user's answer to the proposal: schedule `schedule` (1-4) or, if given, `budget`; and
/// whether it accepts a schedule's raise or cushion.
struct UserChoice {
  int schedule = 2;
  std::optional<double> budget;
  bool accept_cushion = true;
};

struct Proposal {
  std::vector<Schedule> schedules;  // the four proposed (schedules.json)
  Schedule chosen;                  // the one the execution runs
  ExecutionBudget money;            // what the execution may spend on it
  std::string infeasible;           // why a budget given is infeasible on the estimates, or ""
};

/// 4.3 for `tasks_left` tasks on the sample's `ti_s`. `budget_left`: what the standalone
/// mode's sampling left of the user's budget, which paid it; the chosen schedule is for that
/// money, the ledger's budget is the user's in all (chosen_schedule, execution_budget).
Proposal propose(const std::vector<Cluster>& clusters, double atu_s,
                 const std::vector<double>& ti_s, long tasks_left, const UserChoice& choice,
                 std::optional<double> budget_left = std::nullopt);

}  // namespace botsim::bats
