#pragma once
#include <set>
#include <string>
#include <vector>

#include "platform/deployment.hpp"
#include "platform/run.hpp"
#include "platform/scenario.hpp"

namespace botsim::cloud {

/// Registers the utility cloud's CloudProvider actor and its deployment checks.
void register_model();

/// Registers StaticProvisioning, the static choice adaptive provisioning is compared with
/// (cloud/static_provisioning.hpp), and the cloud with it.
void register_static_provisioning();

/// For a cloud model's user actor `a`: its `provider` prop (default "provider") must name a host
/// that runs a CloudProvider. Throws InputError naming the deployment element.
void check_provider_of(const ActorSpec& a, const std::vector<ActorSpec>& actors,
                       const ScenarioPaths& paths);

/// The host of the CloudProvider a cloud model's user actor rents from (its `provider` prop).
std::string provider_of(const ActorSpec& a);
/// Every instance host of the platform (the provider starts workers on them).
std::vector<std::string> instance_hosts(Run& run);

/// Registers a cloud model's user actor A as `function` (the cloud itself with it), with the
/// check that its `provider` prop names a host running a CloudProvider.
template <class A>
void register_user_actor(const std::string& function, const std::string& description) {
  register_model();
  actor_registry().add<A>(function, description);
  actor_registry().add_check([function](const std::vector<ActorSpec>& actors, Run& run) {
    for (const auto& a : actors)
      if (a.function == function) check_provider_of(a, actors, run.paths());
  });
  // Workers on the instances talk to the renter and to the provider.
  // Users sharing a host and a provider need the same routes: listed once (with a thousand
  // users and a thousand instances the check walked a million pairs per user host).
  actor_registry().add_runtime_hosts([function](const std::vector<ActorSpec>& actors, Run& run) {
    std::vector<RuntimeHosts> out;
    std::set<std::pair<std::string, std::string>> seen;
    std::vector<std::string> hosts;
    for (const auto& a : actors)
      if (a.function == function) {
        auto peers = std::make_pair(a.host, provider_of(a));
        if (!seen.insert(peers).second) continue;
        if (hosts.empty()) hosts = instance_hosts(run);
        out.push_back({hosts, {peers.first, peers.second}, "cloud instances"});
      }
    return out;
  });
}

}  // namespace botsim::cloud
