#pragma once
// A Scheduler for a heuristic name ("ORDER,MAPPING") whose ordering or mapping may be a policy of
// the registry (policy/agents.hpp), built as a deployment with no props of its own builds it.
#include <memory>
#include <string>

#include "agents/scheduler.hpp"
#include "policy/registry.hpp"
#include "unit/policy_fakes.hpp"

namespace botsim::test {

inline agents::Scheduler scheduler_for(const std::string& heuristic) {
  using policy::DecisionPoint;
  const agents::Heuristic h = agents::parse_heuristic(heuristic);
  const MapProps props;
  std::shared_ptr<policy::AgentsOrdering> ordering;
  std::shared_ptr<policy::AgentsMapping> mapping;
  if (h.ordering == agents::TaskOrdering::Registered)
    ordering =
        policy::find_policy(DecisionPoint::AgentsOrdering, h.registered_ordering)->ordering(props);
  if (h.mapping == agents::MappingPolicy::Registered)
    mapping = policy::find_policy(DecisionPoint::AgentsMapping, h.registered)->mapping(props);
  return agents::Scheduler(h, std::move(ordering), std::move(mapping));
}

}  // namespace botsim::test
