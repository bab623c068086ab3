#pragma once
// What a complete sample tells of the clusters (2.1, 2.2): the figures the proposed schedules
// came from, as schedules.json shows them. No SimGrid.
#include <vector>

#include "bats/cluster.hpp"
#include "bats/regression.hpp"

namespace botsim::bats {

struct SamplingSummary {
  long ns = 0;
  int nlr = kNlr;
  int base = 0;
  std::vector<LinearDependency> against_base;  // (beta0, beta1) per cluster, against base
  std::vector<Moments> sample_moments;         // mu, sigma of each complete sample set (s)
  std::vector<double> ti_s;
};

}  // namespace botsim::bats
