#include "cloud/register.hpp"

#include <set>

#include "cloud/provider.hpp"
#include "cloud/silva2008_experiment.hpp"
#include "cloud/silva_coordinator.hpp"
#include "core/error.hpp"

namespace botsim::cloud {

void register_model() {
  static bool done = false;
  if (done) return;
  done = true;
  auto& r = actor_registry();
  r.add<CloudProvider>("CloudProvider",
                       "utility-cloud provider: rents out the platform's instance types");
  r.add<SilvaCoordinator>("SilvaCoordinator",
                          "Silva, Veiga & Ferreira (2008) host-allocation heuristic");
  r.add_check([](const std::vector<ActorSpec>& actors) {
    std::set<std::string> providers, users, instance_hosts;
    for (const auto& t : read_instance_types())
      instance_hosts.insert(t.hosts.begin(), t.hosts.end());
    for (const auto& a : actors)
      if (instance_hosts.count(a.host))
        throw InputError(scenario_paths().deployment, a.element(),
                         "host '" + a.host +
                             "' is an instance slot of the cloud provider (it is off until "
                             "rented): deploy actors on other hosts");
    for (const auto& a : actors)
      if (a.function == "CloudProvider") {
        if (!providers.insert(a.host).second)
          throw InputError(scenario_paths().deployment, a.element(),
                           "a second CloudProvider on the same host");
      }
    for (const auto& a : actors) {
      if (a.function != "SilvaCoordinator") continue;
      auto get = [&](const std::string& k, const std::string& d) {
        auto it = a.props.find(k);
        return it == a.props.end() ? d : it->second;
      };
      std::string provider = get("provider", "provider");
      if (!providers.count(provider))
        throw InputError(
            scenario_paths().deployment, a.element(),
            "property 'provider': no CloudProvider actor is deployed on host '" + provider + "'");
      std::string user = get("user", a.host);
      if (!users.insert(user).second)
        throw InputError(scenario_paths().deployment, a.element(),
                         "property 'user': user '" + user + "' is deployed twice");
    }
  });
  register_silva2008_experiment();
}

}  // namespace botsim::cloud
