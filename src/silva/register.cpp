#include "silva/register.hpp"

#include "cloud/register.hpp"
#include "policy/registry.hpp"
#include "silva/silva_coordinator.hpp"
#include "silva/silva_policy.hpp"

namespace botsim::silva {

void register_model() {
  static bool done = false;
  if (done) return;
  done = true;
  register_silva_policy(policy::built_in_registrar());
  cloud::register_user_actor<SilvaCoordinator>(
      "SilvaCoordinator", "Silva, Veiga & Ferreira (2008) host-allocation heuristic");
}

}  // namespace botsim::silva
