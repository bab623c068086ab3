#include "bats/proposal.hpp"

namespace botsim::bats {

Proposal propose(const std::vector<Cluster>& clusters, double atu_s,
                 const std::vector<double>& ti_s, long tasks_left, const UserChoice& choice,
                 std::optional<double> budget_left) {
  Proposal p;
  p.schedules = propose_schedules(clusters, ti_s, tasks_left, atu_s);
  // The money the execution may spend: the budget given (in the standalone mode, what its
  // sampling left of it), else the proposed schedule's.
  const std::optional<double> budget = budget_left ? budget_left : choice.budget;
  p.chosen = chosen_schedule(p.schedules, choice.schedule, budget, clusters, ti_s, tasks_left,
                             atu_s, &p.infeasible);
  // The ledger's budget is the user's in all in the standalone mode, its sampling paid already.
  const double base = budget_left ? *choice.budget : p.chosen.budget;
  p.money = execution_budget(p.chosen, base, choice.accept_cushion);
  return p;
}

}  // namespace botsim::bats
