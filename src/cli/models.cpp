#include "cli/models.hpp"

#include "experiments/register.hpp"
#include "grid/register.hpp"
#include "silva/register.hpp"

namespace botsim {

void register_models() {
  grid::register_model();
  silva::register_model();
  experiments::register_experiments();
}

}  // namespace botsim
