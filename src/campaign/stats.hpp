#pragma once
// Statistics over replications, and how the experiments' tables print numbers. Pure.
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace botsim::campaign {

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

/// A table cell: 6 significant digits (enough for figures, and no floating-point noise in the
/// tables); empty for a value that is not finite.
std::string num6(double value);

}  // namespace botsim::campaign
