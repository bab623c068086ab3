#include "campaign/stats.hpp"

#include <fmt/format.h>

#include <cmath>

namespace botsim::campaign {

std::string num6(double v) { return std::isfinite(v) ? fmt::format("{:.6g}", v) : ""; }

}  // namespace botsim::campaign
