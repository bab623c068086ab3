#pragma once
// `botsim experiment bats2011` (docs/bats2011.md): the five scenarios of section 4.1 with each
// schedule, with and without LR, as one campaign; the tables and findings come from
// bats2011.hpp.
#include <map>
#include <string>
#include <vector>

#include "platform/deployment.hpp"

namespace botsim::papers {

/// The shipped deployment's actors with the BatsMaster's schedule, cushion, sampling, budget
/// and initial_workers replaced by `props` (those it does not give are dropped).
std::vector<ActorSpec> bats2011_deployment(std::vector<ActorSpec> shipped,
                                           const std::map<std::string, std::string>& props);

/// Registers `botsim experiment bats2011`.
void register_bats2011_experiment();

}  // namespace botsim::papers
