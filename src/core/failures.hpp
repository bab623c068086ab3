#pragma once
// The failure model of a FailureInjector (docs/reliability.md, "Fault models"), pure: no
// SimGrid. A host alternates up times and repairs: each up time is drawn from an exponential
// distribution whose mean is the mean time between failures (failures come as a Poisson
// process while the host is up); each repair takes a fixed time or an exponentially
// distributed one of that mean.
#include "core/rng.hpp"

namespace botsim {

enum class RepairLaw { Fixed, Exponential };

struct FailureModel {
  double mtbf_s = 0;    // mean up time before a failure (> 0)
  double repair_s = 0;  // repair time: fixed, or the mean of an exponential (> 0)
  RepairLaw repair_law = RepairLaw::Exponential;
};

/// One outage of a host: off at fail_s, back on at repair_s.
struct Outage {
  double fail_s = 0, repair_s = 0;
};

/// The exponential variate of mean `mean` for uniform `u` in [0, 1) (inverse CDF):
/// -mean * ln(1 - u). Written out rather than std::exponential_distribution, whose draws
/// differ between standard libraries: the same seed gives the same times everywhere.
double exponential_from_uniform(double mean, double u);

/// A uniform number in [0, 1) from the next 53 bits of `rng`.
double uniform01(Rng& rng);

/// The next outage of a host that has been up since `up_since_s`: two draws from `rng` (the up
/// time, then the repair time when it is exponential).
Outage next_outage(const FailureModel& model, double up_since_s, Rng& rng);

}  // namespace botsim
