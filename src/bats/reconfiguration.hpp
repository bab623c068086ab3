#pragma once
// Section 3.1: what a reconfiguration changes on the running machines: which to mark when a
// cluster shrinks, which marked ones to keep and how many to rent when it grows. No SimGrid.
#include <cstddef>
#include <vector>

#include "bats/machine_state.hpp"

namespace botsim::bats {

/// What changes when the configuration becomes `target`: machines of a cluster over its target
/// are marked (those whose current ATU ends first), marked ones are kept again before new ones
/// are acquired.
struct ReconfigurationPlan {
  std::vector<int> acquire;         // per cluster
  std::vector<std::size_t> mark;    // indices into machines
  std::vector<std::size_t> unmark;  // indices into machines
};
ReconfigurationPlan plan_reconfiguration(const std::vector<MachineState>& machines,
                                         const std::vector<int>& target, double atu_s);

}  // namespace botsim::bats
