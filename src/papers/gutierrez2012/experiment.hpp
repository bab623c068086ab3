#pragma once
// `botsim experiment gutierrez2012` (docs/gutierrez2012.md): the deployments of Sections
// 5.1-5.3 and their runs as one campaign; the tables and findings come from gutierrez2012.hpp and
// findings.hpp.
#include <string>
#include <vector>

#include "platform/deployment.hpp"

namespace botsim::papers {

namespace gutierrez2012 {

/// One consumer agent of a generated deployment.
struct Consumer {
  std::string heuristic, allocation, distribution;
  int tasks = 0;
  double submit_at = 1;
};

/// The deployment of one run: a CloudDirectory, 5 BAs and 5 SPAs (Tables 5, 8, 11), and the
/// consumers on hosts ca-0, ca-1, ... named CA0, CA1, ..., FixedAM 10 h where it applies.
std::vector<ActorSpec> deployment(const std::vector<Consumer>& consumers);

}  // namespace gutierrez2012

/// Registers `botsim experiment gutierrez2012`.
void register_gutierrez2012_experiment();

}  // namespace botsim::papers
