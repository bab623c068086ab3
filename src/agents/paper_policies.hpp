#pragma once
// Gutierrez-Garcia & Sim 2012's task orderings (Table 1), mapping policies (Table 2 and the
// Greedy benchmarks' Fastest / Slowest, Section 5.1(b)) and allocation mechanisms (Section 3,
// 5.3(b)) as the first implementations of the agents' decision points (policy/agents.hpp),
// registered under their names. The scheduler runs Table 1 and Table 2 through its own index,
// which gives the same choice in O(s log n) per task (s distinct speeds); a test checks that
// the index and these implementations agree.
#include <memory>

#include "agents/heuristics.hpp"
#include "policy/registrar.hpp"

namespace botsim::agents {

/// Table 1's ordering as a policy: U ranks every task 0, LtoS by -size, StoL by size.
std::unique_ptr<policy::AgentsOrdering> make_ordering(TaskOrdering o);
/// Table 2's (and Fastest / Slowest) mapping as a policy over the unoccupied resources; ties go
/// to the lowest id. R draws rng() % n in id order (the scheduler's index draws from its own
/// list of the unoccupied resources: the same distribution, another order). `least_overrun`:
/// MinET's rule where the task fits nowhere, as the scheduler's (AgentRules::least_overrun; the
/// registry reads it from the ConsumerAgent's `rules` and `least_overrun` props).
std::unique_ptr<policy::AgentsMapping> make_mapping(MappingPolicy m, bool least_overrun = true);

/// Registers the orderings, mappings and mechanisms above by their names.
void register_paper_policies(policy::Registrar& registrar);

}  // namespace botsim::agents
