#include "bats/execution_driver.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <optional>

#include "core/summary.hpp"

namespace botsim::bats {

ExecutionDriver::ExecutionDriver(const BatsParams& params, MachineFleet& fleet,
                                 std::deque<long>& bag, Schedule schedule,
                                 const ExecutionBudget& money, std::vector<ClusterStats> stats,
                                 double already_spent, double start_s)
    : params_(params),
      fleet_(fleet),
      bag_(bag),
      execution_(params.clusters, params.atu_s, std::move(schedule), money, std::move(stats),
                 already_spent),
      start_s_(start_s) {
  execution_.set_rules(params.rules);
  execution_.set_confidence(params.confidence);
  fleet_.pay_from(&execution_.ledger());
}

void ExecutionDriver::start(long tasks_left) {
  reconfigure(execution_.first_target(fleet_.active(), tasks_left));
}

void ExecutionDriver::dispatch() {
  for (auto& [name, inst] : fleet_.live()) {
    if (!MachineFleet::asks_for_work(inst)) continue;
    const Machine& mc = fleet_.machine(name);
    // Its paid time ends at this instant (its AtuEnding is on the way, which pays the next ATU
    // of a busy unmarked machine when the ledger can): marked, or with no money for that ATU,
    // a task handed to it now would only be lost with it.
    if (params_.rules.wait_for_unpaid && fleet_.paid_until_s(inst) <= fleet_.now() &&
        (mc.marked || !execution_.ledger().can_pay(fleet_.price(mc.cluster))))
      continue;
    switch (execution_.work_request(fleet_.state(inst), fleet_.others_of(inst),
                                    static_cast<long>(bag_.size()))) {  // Fig. 4 lines 23-28
      case MachineAction::TakeTask:
        fleet_.run(inst, take_task(bag_), -1);
        break;
      case MachineAction::Release:
        fleet_.stop(inst);
        break;
      case MachineAction::Wait:
        break;
    }
  }
}

Next ExecutionDriver::task_done(int cluster, int, double runtime_s) {
  execution_.task_done(cluster, runtime_s);
  return GoOn{};
}

void ExecutionDriver::task_lost(long task, int, int) { bag_.push_front(task); }

Next ExecutionDriver::machine_refused(const std::string&, bool) { return GoOn{}; }

Next ExecutionDriver::machine_stopped(bool, long tasks_left) {
  if (fleet_.live().empty() && tasks_left > 0) return tick(tasks_left);
  return GoOn{};
}

bool ExecutionDriver::goes_on(const Instance& inst, bool busy) const {
  return execution_.goes_on(fleet_.state(inst), busy, fleet_.others_of(inst),
                            static_cast<long>(bag_.size()));
}

Next ExecutionDriver::tick(long tasks_left) {
  std::vector<MachineState> machines = fleet_.active();
  MonitorReport r = execution_.report(machines, static_cast<long>(bag_.size()));  // 3.1
  spdlog::debug(
      "{}: monitor: {} machines, bag {}, Ne {}, Np {}, budget left {}, committed {}, "
      "ATUs planned {}: {}",
      params_.name, machines.size(), bag_.size(), r.ne, r.np, execution_.ledger().left(),
      r.committed, r.atus_planned, to_string(r.decision));
  if (r.decision == Decision::Reconfigure) execution_.signalled(fleet_.now() - start_s_);
  if (std::optional<std::vector<int>> target = execution_.target(r, machines, fleet_.gone())) {
    spdlog::info("{}: Ne {} > Np {}: reconfiguring to {} machines per cluster", params_.name, r.ne,
                 r.np, fmt::join(*target, ", "));
    execution_.reconfigured(reconfigure(*target), fleet_.now() - start_s_, *target, tasks_left,
                            r.ti_s);
  }
  if (fleet_.any_active() || bag_.empty()) return GoOn{};
  return Stop{user_status::kOutOfBudget,
              "the budget left cannot pay for a machine to run the remaining tasks"};
}

ReconfigurationPlan ExecutionDriver::reconfigure(const std::vector<int>& target) {
  std::vector<Instance*> insts;
  std::vector<MachineState> states = fleet_.active(&insts);
  ReconfigurationPlan plan = plan_reconfiguration(states, target, fleet_.atu_s());
  for (size_t j : plan.mark) fleet_.machine(insts[j]->name).marked = true;
  for (size_t j : plan.unmark) fleet_.machine(insts[j]->name).marked = false;
  for (size_t c = 0; c < plan.acquire.size(); ++c)
    for (int i = 0; i < plan.acquire[c]; ++i) fleet_.acquire(static_cast<int>(c));
  dispatch();
  return plan;
}

}  // namespace botsim::bats
