#include "cloud/billing.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace botsim::cloud {

long charged_units(double start_s, double stop_s, double atu_s) {
  if (!(atu_s > 0)) throw std::invalid_argument("ATU must be > 0");
  double used = stop_s - start_s;
  if (used <= kBoundaryTolerance) return 1;
  return std::max(1L, static_cast<long>(std::ceil((used - kBoundaryTolerance) / atu_s)));
}

double paid_until(double start_s, double now_s, double atu_s) {
  return start_s + static_cast<double>(charged_units(start_s, now_s, atu_s)) * atu_s;
}

}  // namespace botsim::cloud
