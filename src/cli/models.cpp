#include "cli/models.hpp"

#include "grid/register.hpp"

namespace botsim {

void register_models() {
  grid::register_model();
}

}  // namespace botsim
