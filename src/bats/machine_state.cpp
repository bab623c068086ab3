#include "bats/machine_state.hpp"

#include <cmath>

namespace botsim::bats {

long atu_index(double uptime_s, double atu_s) {
  return static_cast<long>(std::floor(uptime_s / atu_s)) + 1;
}

double current_atu_end_s(double uptime_s, double atu_s) {
  return static_cast<double>(atu_index(uptime_s, atu_s)) * atu_s;
}

}  // namespace botsim::bats
