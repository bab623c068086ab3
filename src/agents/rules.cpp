#include "agents/rules.hpp"

namespace botsim::agents {

std::string rules_label(const AgentRules& rules) {
  if (rules == AgentRules::paper()) return ",paper";
  std::string s;
  if (!rules.same_instant_wait) s += ",no-same-instant-wait";
  if (!rules.least_overrun) s += ",no-least-overrun";
  if (!rules.replace_failed) s += ",no-replace-failed";
  return s;
}

}  // namespace botsim::agents
