#pragma once
#include <vector>

#include "platform/deployment.hpp"
#include "platform/run.hpp"

namespace botsim::cloud {

/// Registers the utility cloud's CloudProvider actor and its deployment checks.
void register_model();

/// For a cloud model's user actor `a`: its `provider` prop (default "provider") must name a host
/// that runs a CloudProvider. Throws InputError naming the deployment element.
void check_provider_of(const ActorSpec& a, const std::vector<ActorSpec>& actors,
                       const ScenarioPaths& paths);

}  // namespace botsim::cloud
