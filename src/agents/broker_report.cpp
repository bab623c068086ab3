#include "agents/broker_report.hpp"

#include "agents/broker_rules.hpp"
#include "core/units.hpp"

namespace botsim::agents {

std::string BotReporting::resource_failed(const std::string& ra) {
  std::string reason = "resource " + ra + " failed";
  resource_failures_.push_back(reason);
  return reason;
}

BotResult BotReporting::result(const Tally& t) const {
  BotResult res;
  res.tasks_done = t.tasks_done;
  res.spent = t.spent;
  res.charged_units = t.charged_units;
  res.renewals = t.renewals;
  res.executed = t.instances > 0;
  res.instances = t.instances;
  res.failed_cnps = t.failed_cnps;
  std::vector<std::string> reasons = t.cnp_failures;
  reasons.insert(reasons.end(), resource_failures_.begin(), resource_failures_.end());
  res.reason = joined_reasons(reasons);
  if (!t.finished) {
    res.stopped_as = stopped_as(
        StopCauses{deadline_passed_, !t.budget_short.empty(), !resource_failures_.empty()});
    std::string why = deadline_passed_
                          ? "deadline of " + format_number(*bot_.deadline_s) + " s passed"
                          : t.budget_short;
    if (!why.empty()) res.reason = why + (res.reason.empty() ? "" : "; " + res.reason);
  }
  res.critical_busy_s = t.critical_busy_s;
  return res;
}

}  // namespace botsim::agents
