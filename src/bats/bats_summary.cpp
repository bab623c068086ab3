#include "bats/bats_summary.hpp"

#include "bats/regression.hpp"

namespace botsim::bats {

UserRecord opening_record(const BatsParams& p, double start_s) {
  UserRecord u;
  u.model = "bats";
  u.policy = p.policy();
  u.tasks_total = static_cast<long>(p.task_times.size());
  u.start_s = start_s;
  u.spent_on_lost_work = 0.0;  // the instance pool prices lost attempts
  u.deadline_s = p.deadline_s;
  return u;
}

void close_record(UserRecord& rec, const BatsParams& p, const BatsOutcome& o) {
  const MonitoredExecution* execution = o.execution;
  rec.tasks_done = o.tasks_done;
  if (o.bag_done) rec.finish_s = o.last_finish_s;
  rec.instances = o.instances;
  rec.charged_units = o.charged_units;
  // Everything the user paid, the LR sampling's ATUs (paid apart, Table 1's S) included; the
  // budget likewise (the standalone mode pays its sampling from its budget).
  const double lr_sampling = o.sampling_from_budget ? 0 : o.sampling_spent;
  rec.spent = o.spent;
  if (execution) {
    const Schedule& s = execution->schedule();
    const ExecutionBudget& money = execution->money();
    rec.budget = lr_sampling + money.budget + money.cushion;
    rec.extra["schedule"] = s.name;
    rec.extra["schedule_budget"] = s.budget;
    rec.extra["cushion"] = s.risk == Risk::RaisedBudget ? money.budget - s.budget : money.cushion;
    rec.extra["risk"] = to_string(s.risk);
    rec.extra["machines"] = money.config.machines;
    rec.extra["expected_makespan_s"] = s.expected_makespan_s;
  } else if (p.budget) {
    rec.budget = lr_sampling + *p.budget;
  }
  // The bag's real mean and deviation on each cluster, for Fig. 5 (known to the simulator, not
  // to BaTS): base times scaled by the clusters' speeds.
  Moments real = moments(p.task_times);
  for (const cloud::InstanceType& t : p.types) {
    double k = p.types.front().speed / t.speed;
    rec.extra["real_mu_s"].push_back(real.mu * k);
    rec.extra["real_sigma_s"].push_back(real.sigma * k);
  }
  rec.extra["ns"] = p.ns;
  rec.extra["sampling_spent"] = o.sampling_spent;
  rec.extra["sampling_end_s"] = o.sampling_end_s;
  rec.extra["total_spent"] = o.spent;
  // The paper's makespans are the execution phase's (4.3), from the end of the sampling.
  rec.extra["sampling_s"] = o.sampling_end_s - o.start_s;
  rec.extra["execution_spent"] = o.spent - o.sampling_spent;
  if (o.bag_done && execution)
    rec.extra["execution_makespan_s"] = o.last_finish_s - o.sampling_end_s;
  else
    rec.extra["execution_makespan_s"] = nullptr;
  rec.extra["reconfigurations"] = execution ? execution->reconfigurations() : 0;
  rec.extra["violation_signals"] = execution ? execution->signals() : 0;
  if (execution && execution->first_signal_s())
    rec.extra["first_signal_s"] = *execution->first_signal_s();
  else
    rec.extra["first_signal_s"] = nullptr;
  // The last reconfiguration's plan: its expected end, from the end of the sampling.
  if (execution && execution->replanned_makespan_s())
    rec.extra["replanned_makespan_s"] = *execution->replanned_makespan_s();
  else
    rec.extra["replanned_makespan_s"] = nullptr;
  if (!o.bag_done) rec.extra["incomplete_reason"] = o.incomplete_reason;
}

}  // namespace botsim::bats
