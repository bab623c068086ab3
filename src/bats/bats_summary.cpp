#include "bats/bats_summary.hpp"

#include "bats/records.hpp"
#include "bats/regression.hpp"

namespace botsim::bats {

UserRecord opening_record(const BatsParams& p, double start_s) {
  UserRecord u;
  u.model = kModel;
  u.policy = p.policy();
  u.tasks_total = static_cast<long>(p.task_times.size());
  u.start_s = start_s;
  u.spent_on_lost_work = 0.0;  // the instance pool prices lost attempts
  u.deadline_s = p.deadline_s;
  return u;
}

void close_record(UserRecord& rec, const BatsParams& p, const BatsOutcome& o) {
  namespace f = fields;
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
    rec.budget = lr_sampling + money.budget + money.cushion;  // money.budget holds the raise
    f::schedule.set(rec, s.name);
    f::schedule_budget.set(rec, s.budget);
    f::raise.set(rec, money.raise);
    f::cushion.set(rec, money.cushion);
    f::risk.set(rec, std::string(to_string(s.risk)));
    f::machines.set(rec, money.config.machines);
    f::expected_makespan_s.set(rec, s.expected_makespan_s);
  } else if (p.budget) {
    rec.budget = lr_sampling + *p.budget;
  }
  // The bag's real mean and deviation on each cluster, for Fig. 5 (known to the simulator, not
  // to BaTS): base times scaled by the clusters' speeds.
  Moments real = moments(p.task_times);
  std::vector<double> real_mu_s, real_sigma_s;
  for (const cloud::InstanceType& t : p.types) {
    double k = p.types.front().speed / t.speed;
    real_mu_s.push_back(real.mu * k);
    real_sigma_s.push_back(real.sigma * k);
  }
  f::real_mu_s.set(rec, real_mu_s);
  f::real_sigma_s.set(rec, real_sigma_s);
  f::ns.set(rec, p.ns);
  f::sampling_spent.set(rec, o.sampling_spent);
  f::sampling_end_s.set(rec, o.sampling_end_s);
  f::total_spent.set(rec, o.spent);
  // The paper's makespans are the execution phase's (4.3), from the end of the sampling.
  f::sampling_s.set(rec, o.sampling_end_s - o.start_s);
  f::execution_spent.set(rec, o.spent - o.sampling_spent);
  f::execution_makespan_s.set(rec, o.bag_done && execution
                                       ? std::optional<double>(o.last_finish_s - o.sampling_end_s)
                                       : std::nullopt);
  f::reconfigurations.set(rec, execution ? execution->reconfigurations() : 0);
  f::violation_signals.set(rec, execution ? execution->signals() : 0);
  f::first_signal_s.set(rec, execution ? execution->first_signal_s() : std::nullopt);
  // The last reconfiguration's plan: its expected end, from the end of the sampling.
  f::replanned_makespan_s.set(rec, execution ? execution->replanned_makespan_s() : std::nullopt);
  if (!o.bag_done) f::incomplete_reason.set(rec, o.incomplete_reason);
}

}  // namespace botsim::bats
