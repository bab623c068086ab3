#include "cloud/register.hpp"

#include <set>

#include "cloud/provider.hpp"
#include "cloud/spot_strategies.hpp"
#include "cloud/static_provisioning.hpp"
#include "core/error.hpp"
#include "policy/registry.hpp"

namespace botsim::cloud {

static void check_cloud_deployment(const std::vector<ActorSpec>& actors, Run& run) {
  const ScenarioPaths& paths = run.paths();
  std::set<std::string> providers, instance_hosts;
  for (const auto& t : instance_types(run)) instance_hosts.insert(t.host_names().begin(), t.host_names().end());
  for (const auto& a : actors)
    if (instance_hosts.count(a.host))
      throw InputError(paths.deployment, a.element(),
                       "host '" + a.host +
                           "' is an instance slot of the cloud provider (it is off until "
                           "rented): deploy actors on other hosts");
  for (const auto& a : actors)
    if (a.function == "CloudProvider" && !providers.insert(a.host).second)
      throw InputError(paths.deployment, a.element(), "a second CloudProvider on the same host");
}

std::vector<std::string> instance_hosts(Run& run) {
  std::vector<std::string> hosts;
  for (const auto& t : instance_types(run))
    hosts.insert(hosts.end(), t.host_names().begin(), t.host_names().end());
  return hosts;
}

std::string provider_of(const ActorSpec& a) {
  auto it = a.props.find("provider");
  return it == a.props.end() ? "provider" : it->second;
}

void check_provider_of(const ActorSpec& a, const std::vector<ActorSpec>& actors,
                       const ScenarioPaths& paths) {
  std::string provider = provider_of(a);
  for (const auto& b : actors)
    if (b.function == "CloudProvider" && b.host == provider) return;
  throw InputError(
      paths.deployment, a.element(),
      "property 'provider': no CloudProvider actor is deployed on host " + quote_text(provider));
}

void register_model() {
  static bool done = false;
  if (done) return;
  done = true;
  auto& r = actor_registry();
  r.add<CloudProvider>("CloudProvider",
                       "utility-cloud provider: rents out the platform's instance types");
  r.add_check(check_cloud_deployment);
}

void register_static_provisioning() {
  static bool done = false;
  if (done) return;
  done = true;
  register_static_policy(policy::built_in_registrar());
  register_spot_strategies(policy::built_in_registrar());
  register_user_actor<StaticProvisioning>(
      "StaticProvisioning", "a fixed number of instances of one type, rented up front");
}

}  // namespace botsim::cloud
