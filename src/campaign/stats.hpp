#pragma once
// How the experiments' tables print numbers. Pure. The statistics over replications (mean, sd,
// confidence intervals) are core/stats.hpp's.
#include <string>

namespace botsim::campaign {

/// A table cell: 6 significant digits (enough for figures, and no floating-point noise in the
/// tables); empty for a value that is not finite.
std::string num6(double value);

}  // namespace botsim::campaign
