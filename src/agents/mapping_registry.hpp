#pragma once
// Mapping policies added to botsim by name, beside the paper's Table 2 (heuristics.hpp): a
// policy chooses, for the next task of the ordering (Table 1), one of the unoccupied resources
// (Fig. 5, line 3). A deployment selects one as the MAPPING of a ConsumerAgent's
// `heuristic` prop, e.g. `LtoS,FitSlowest`. A new policy is one source file that ends with
// BOTSIM_MAPPING_POLICY(...) and one line naming that file in BOTSIM_POLICIES
// (src/CMakeLists.txt); labs/06-own-policy.md walks through one.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "agents/scheduler.hpp"
#include "core/rng.hpp"

namespace botsim::agents {

/// What a policy sees when it maps one task.
struct MappingInput {
  double size_mi = 0;  // the task's size (MI); it runs size_mi / speed_mips seconds
  double now = 0;      // simulated time (s)
  /// The unoccupied resources, by increasing id; never empty. alloc_end - now is a resource's
  /// remaining paid allocation time (the paper's "current remaining allocation time").
  std::vector<const ResourceState*> unoccupied;
};

/// Returns the id of one of `in.unoccupied`. `rng` is the consumer's own stream: draw from it
/// only, so that runs stay reproducible.
using MappingFunction = std::function<int(const MappingInput& in, Rng& rng)>;

struct MappingPolicyEntry {
  std::string name;
  std::string description;
  MappingFunction choose;
};

/// Adds a policy. Throws std::logic_error if the name is empty, holds a comma, space or
/// parenthesis, or is already taken (by Table 2 or another policy; case-insensitive).
bool register_mapping_policy(std::string name, std::string description, MappingFunction choose);

/// The policy of that name (case-insensitive), or nullptr.
const MappingPolicyEntry* find_mapping_policy(std::string_view name);

/// The registered policies, by name.
std::vector<const MappingPolicyEntry*> registered_mapping_policies();

}  // namespace botsim::agents

/// Registers FUNCTION under NAME when the program starts (at namespace scope, once per file).
#define BOTSIM_MAPPING_POLICY(NAME, DESCRIPTION, FUNCTION)                    \
  namespace {                                                                 \
  const bool botsim_mapping_policy_registered =                               \
      ::botsim::agents::register_mapping_policy(NAME, DESCRIPTION, FUNCTION); \
  }
