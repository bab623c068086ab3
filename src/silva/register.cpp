#include "silva/register.hpp"

#include "cloud/register.hpp"
#include "silva/silva_coordinator.hpp"

namespace botsim::silva {

void register_model() {
  static bool done = false;
  if (done) return;
  done = true;
  cloud::register_user_actor<SilvaCoordinator>(
      "SilvaCoordinator", "Silva, Veiga & Ferreira (2008) host-allocation heuristic");
}

}  // namespace botsim::silva
