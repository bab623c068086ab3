#include "cli/models.hpp"

#include "cloud/register.hpp"
#include "grid/register.hpp"

namespace botsim {

void register_models() {
  grid::register_model();
  cloud::register_model();
}

}  // namespace botsim
