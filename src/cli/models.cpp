#include "cli/models.hpp"

#include "agents/register.hpp"
#include "bats/register.hpp"
#include "cloud/register.hpp"
#include "grid/register.hpp"
#include "papers/register.hpp"
#include "platform/faults.hpp"
#include "policy/registry.hpp"
#include "silva/register.hpp"

namespace botsim {

void register_models() {
  register_fault_models();
  grid::register_model();
  agents::register_model();
  silva::register_model();
  cloud::register_static_provisioning();
  bats::register_model();
  papers::register_experiments();
  policy::register_built_in_files();  // the files of BOTSIM_POLICIES, after the models' own
}

}  // namespace botsim
