#pragma once
// The rules botsim adds to Gutierrez-Garcia & Sim 2012's algorithm (docs/gutierrez2012.md,
// "Rules botsim adds, and the algorithm as printed"), each with its own switch, a consumer
// prop; paper() turns all of them off: Fig. 5 and Section 3 as printed.
#include <string>

namespace botsim::agents {

struct AgentRules {
  /// Fig. 5 line 6: before mapping, the broker waits for the outputs of every resource that
  /// may have been freed by the mapping's instant (the paper's messages take no time).
  bool same_instant_wait = true;
  /// MinET when the task fits on no unoccupied resource: the least overrun, not the literal
  /// minimum of the expected remaining allocation time (the most overrun).
  bool least_overrun = true;
  /// A resource whose host fails is replaced through a new CNP for its type (Section 3 only
  /// renews or releases).
  bool replace_failed = true;
  static AgentRules paper() { return {false, false, false}; }
  bool operator==(const AgentRules& o) const {
    return same_instant_wait == o.same_instant_wait && least_overrun == o.least_overrun &&
           replace_failed == o.replace_failed;
  }
};

/// What summary.json's policy adds for the rules: "" when all are on (botsim's default),
/// ",paper" when all are off, else ",no-<rule>" for each one off.
std::string rules_label(const AgentRules& rules);

}  // namespace botsim::agents
