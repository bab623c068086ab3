#pragma once
// The execution phase as the BaTS master runs it on its machines (Fig. 4, 3.1): the schedule
// the user picked, as a MonitoredExecution, carried out on the fleet: the master's Phase after
// the sampling. Tasks go to machines asking for work (Fig. 4 lines 23-28), never to one whose
// paid time ends now with no money for its next ATU; a machine goes on into its next ATU when
// the execution says so; at each monitoring tick the monitor's report may reconfigure the
// machines (3.1).
#include <deque>
#include <vector>

#include "bats/bats_params.hpp"
#include "bats/execution.hpp"
#include "bats/machine_fleet.hpp"
#include "bats/phase.hpp"

namespace botsim::bats {

class ExecutionDriver final : public Phase {
 public:
  using Instance = MachineFleet::Instance;
  /// `schedule` with `money` (proposal.hpp); `stats`: the sample's; `already_spent`: what the
  /// standalone sampling paid of the budget; `start_s`: the end of the sampling. From now on
  /// the execution's ledger pays the machines.
  ExecutionDriver(const BatsParams& params, MachineFleet& fleet, std::deque<long>& bag,
                  Schedule schedule, const ExecutionBudget& money, std::vector<ClusterStats> stats,
                  double already_spent, double start_s);
  ExecutionDriver(const ExecutionDriver&) = delete;
  ExecutionDriver& operator=(const ExecutionDriver&) = delete;

  const MonitoredExecution& execution() const { return execution_; }
  /// The schedule's configuration, keeping the sampling's machines (their paid time is not
  /// thrown away), for `tasks_left` tasks.
  void start(long tasks_left);
  /// Hands a task to each machine asking for work, or releases it (Fig. 4 lines 23-28).
  void dispatch() override;
  /// A task finished: Ti's moving average (2.1) counts it.
  Next task_done(int cluster, int replicated, double runtime_s) override;
  /// A task lost with its machine goes back to the front of the bag.
  void task_lost(long task, int cluster, int replicated) override;
  /// Whether `inst` goes on into its next ATU; `busy`: it runs a task.
  bool goes_on(const Instance& inst, bool busy) const override;
  /// Nothing to do: the ledger has its money back, and the next tick plans without it.
  Next machine_refused(const std::string& reason, bool gone) override;
  /// The last machine gone with tasks left: plans at once (tick) rather than at the next tick.
  Next machine_stopped(bool failed, long tasks_left) override;
  /// The plan is always there to look at.
  bool monitoring() const override { return true; }
  /// 3.1's monitoring, `tasks_left` not done: reports, and reconfigures if the monitor says
  /// so. A stop (out of budget) when no machine is left for the tasks in the bag (the money
  /// pays none).
  Next tick(long tasks_left) override;

 private:
  /// Moves to `target` (marking, keeping and renting machines) and says what it changed.
  ReconfigurationPlan reconfigure(const std::vector<int>& target);

  const BatsParams& params_;
  MachineFleet& fleet_;
  std::deque<long>& bag_;
  MonitoredExecution execution_;
  double start_s_;
};

}  // namespace botsim::bats
