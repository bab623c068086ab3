#include "bats/register.hpp"

#include <set>

#include "bats/bats_master.hpp"
#include "cloud/register.hpp"
#include "core/error.hpp"

namespace botsim::bats {

static void check_masters(const std::vector<ActorSpec>& actors, Run& run) {
  for (const auto& a : actors)
    if (a.function == "BatsMaster") cloud::check_provider_of(a, actors, run.paths());
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
