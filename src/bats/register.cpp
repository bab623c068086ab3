#include "bats/register.hpp"

#include <set>

#include "bats/bats_master.hpp"
#include "cloud/register.hpp"
#include "core/error.hpp"

namespace botsim::bats {

static void check_masters(const std::vector<ActorSpec>& actors) {
  std::set<std::string> users;
  for (const auto& a : actors) {
    if (a.function != "BatsMaster") continue;
    cloud::check_provider_of(a, actors);
    auto it = a.props.find("name");
    std::string user = it == a.props.end() ? a.host : it->second;
    if (!users.insert(user).second)
      throw InputError(scenario_paths().deployment, a.element(),
                       "property 'name': user '" + user + "' is deployed twice");
  }
}

void register_model() {
  static bool done = false;
  if (done) return;
  done = true;
  cloud::register_model();
  auto& r = actor_registry();
  r.add<BatsMaster>("BatsMaster",
                    "Oprescu, Kielmann & Leahu (2011) BaTS: budget estimates and control");
  r.add_check(check_masters);
}

}  // namespace botsim::bats
