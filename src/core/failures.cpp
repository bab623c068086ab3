#include "core/failures.hpp"

#include <cmath>

namespace botsim {

double exponential_from_uniform(double mean, double u) { return -mean * std::log1p(-u); }

double uniform01(Rng& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

Outage next_outage(const FailureModel& model, double up_since_s, Rng& rng) {
  Outage o;
  o.fail_s = up_since_s + exponential_from_uniform(model.mtbf_s, uniform01(rng));
  double repair = model.repair_law == RepairLaw::Fixed
                      ? model.repair_s
                      : exponential_from_uniform(model.repair_s, uniform01(rng));
  o.repair_s = o.fail_s + repair;
  return o;
}

}  // namespace botsim
