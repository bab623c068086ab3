#include "bats/register.hpp"

#include "bats/bats_master.hpp"
#include "bats/records.hpp"
#include "cloud/register.hpp"

namespace botsim::bats {

void register_model() {
  static bool done = false;
  if (done) return;
  done = true;
  register_fields();
  cloud::register_user_actor<BatsMaster>(
      "BatsMaster", "Oprescu, Kielmann & Leahu (2011) BaTS: budget estimates and control");
}

}  // namespace botsim::bats
