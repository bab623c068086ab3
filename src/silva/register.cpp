#include "silva/register.hpp"

#include <set>

#include "cloud/register.hpp"
#include "core/error.hpp"
#include "silva/silva_coordinator.hpp"

namespace botsim::silva {

static void check_coordinators(const std::vector<ActorSpec>& actors, Run& run) {
  for (const auto& a : actors)
    if (a.function == "SilvaCoordinator") cloud::check_provider_of(a, actors, run.paths());
}

void register_model() {
  static bool done = false;
  if (done) return;
  done = true;
  cloud::register_model();
  auto& r = actor_registry();
  r.add<SilvaCoordinator>("SilvaCoordinator",
                          "Silva, Veiga & Ferreira (2008) host-allocation heuristic");
  r.add_check(check_coordinators);
}

}  // namespace botsim::silva
