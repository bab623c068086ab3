#pragma once
// The broker agent's task hand-out (Fig. 5): one BoT's tasks mapped onto its free resources by
// its heuristic (Scheduler), sent through the resources' SPAs, and their outputs taken back
// (tasks.csv). Its own data: the scheduler, each task's tasks.csv row and hand-out time, each
// resource's busy time, the tasks done. Which resources exist and where they are comes in from
// the ledger (broker.hpp passes it).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "agents/broker_port.hpp"
#include "agents/broker_rules.hpp"
#include "agents/scheduler.hpp"
#include "platform/user_role.hpp"

namespace botsim::agents {

class TaskDispatch {
 public:
  /// The BoT's tasks, in its heuristic's order; its tasks.csv rows are its consumer's.
  TaskDispatch(const BotRequest& bot, BrokerPort& port);

  /// A resource joins (unoccupied from now): used from the next decision on (Section 4).
  void add_resource(int id, double speed_mips, double alloc_end);
  /// A renewal moved the resource's allocation end.
  void set_allocation_end(int id, double alloc_end);
  /// The resource was released: a task it ran (FixedAM's end) goes back to be sent again.
  void remove_resource(int id);
  /// The resource's host failed: the task it ran is lost (priced for the time it ran at `price`
  /// per slot, its tasks.csv row ended for `reason`) and goes back to be sent again.
  void lose_running(int id, const std::string& reason, double price);
  /// A task's output came: its row; `id`, the resource if still held, is free again.
  void output(const TaskOutput& m, std::optional<int> id);
  /// Fig. 5 lines 2-4: the next tasks to the free resources among `held`, sent through their
  /// SPAs; R's choices drawn from `rng`.
  void hand_out(const std::vector<HeldResource>& held, Rng& rng);

  bool finished() const { return scheduler_.finished(); }
  /// Fig. 5 line 6: the outputs of the same instant first (Scheduler::awaiting_outputs).
  bool awaiting_outputs() const { return scheduler_.awaiting_outputs(); }
  /// Resource `id` runs a task, or its next task waits for the other outputs of its instant.
  bool busy(int id) const;
  std::size_t unsent() const { return scheduler_.unsent_tasks(); }
  std::size_t running() const { return scheduler_.running_tasks(); }
  long tasks_done() const { return tasks_done_; }
  /// The busy time of the resource whose output came last (0 before any).
  double critical_busy_s() const;

 private:
  const BotRequest& bot_;
  BrokerPort& port_;
  UserRole user_;  // the consumer's: its tasks.csv rows
  Scheduler scheduler_;
  // By task id (the consumer numbers its tasks 0, 1, ...): a million tasks in two arrays.
  std::vector<std::size_t> rows_;     // task -> its tasks.csv row
  std::vector<double> handed_out_s_;  // task -> when it was last sent
  std::vector<double> busy_s_;        // resource id -> time it ran tasks
  std::vector<Assignment> assigned_;  // the last mapping's (one vector for every mapping)
  std::optional<int> last_resource_;  // whose output came last
  long tasks_done_ = 0;
};

}  // namespace botsim::agents
