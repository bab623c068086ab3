#pragma once
// Statistics over replications: mean, sample standard deviation and the 95 % confidence interval
// of the mean. Pure; in core/ so that both campaign/ and view/ use the one computation.
#include <cstddef>
#include <limits>
#include <vector>

namespace botsim {

struct Stats {
  double mean = std::numeric_limits<double>::quiet_NaN();
  double sd = std::numeric_limits<double>::quiet_NaN();
  std::size_t n = 0;
};

/// Mean and sample standard deviation (n - 1; 0 for a single value); NaN for no values.
Stats stats(const std::vector<double>& values);

/// Half the width of the 95 % confidence interval of the mean: t(0.975, n - 1) * sd / sqrt(n),
/// Student's t quantile; NaN for fewer than two values.
double ci95_half_width(const Stats& s);

}  // namespace botsim
