#include "grid/register.hpp"
namespace botsim::grid {
void register_model() {}
}  // namespace botsim::grid
