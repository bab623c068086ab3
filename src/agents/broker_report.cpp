#include "agents/broker_report.hpp"

#include "agents/broker_roles.hpp"
#include "core/units.hpp"

namespace botsim::agents {

void BotReporting::on(const BotDeadline& m) {
  Job* j = b_.ctx.job(m.user);
  if (!j || j->end.ending) return;
  j->end.deadline_passed = true;  // ends the BoT at its next progress (once it runs)
  b_.ctx.touch(*j);
}

void BotReporting::end(Job& j) {
  j.end.ending = true;
  for (std::size_t id = 0; id < j.held.resources.size(); ++id)
    if (!j.held.resources[id].released) b_.ledger.release(j, static_cast<int>(id));
  report_if_done(j);
}

void BotReporting::on(const Released& m) {
  Job* j = b_.ctx.job(m.user);
  if (!j) return;
  --j->held.pending_releases;
  report_if_done(*j);
}

void BotReporting::report_if_done(Job& j) {
  if (!result_may_go(j.end.ending, j.held.pending_releases, j.contracts.late_open)) return;
  // The result goes last, once every release is acknowledged: no message for this consumer
  // is sent after it.
  const std::string user = j.bot->user;
  BotResult& res = j.result;
  res.executed = !j.held.resources.empty();
  res.instances = static_cast<long>(j.held.resources.size());
  res.failed_cnps =
      static_cast<long>(j.contracts.failures.size()) + j.contracts.failed_replacements;
  std::vector<std::string> reasons = j.contracts.failures;
  reasons.insert(reasons.end(), j.end.resource_failures.begin(), j.end.resource_failures.end());
  res.reason = joined_reasons(reasons);
  if (!j.dispatch.scheduler || !j.dispatch.scheduler->finished()) {
    res.stopped_as = stopped_as(StopCauses{j.end.deadline_passed, !j.held.budget_short.empty(),
                                           !j.end.resource_failures.empty()});
    std::string why = j.end.deadline_passed
                          ? "deadline of " + format_number(*j.bot->deadline_s) + " s passed"
                          : j.held.budget_short;
    if (!why.empty()) res.reason = why + (res.reason.empty() ? "" : "; " + res.reason);
  }
  if (j.dispatch.last_resource)
    res.critical_busy_s =
        j.held.resources[static_cast<std::size_t>(*j.dispatch.last_resource)].busy_s;
  j.consumer.send_for(b_.ctx.run.messages(), user, res, 0);
  b_.ctx.jobs.erase(user);
}

}  // namespace botsim::agents
