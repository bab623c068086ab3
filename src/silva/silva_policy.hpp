#pragma once
// Silva, Veiga & Ferreira's provisioning (2008, Fig. 3) on the cloud provisioning decision point
// (policy/provisioning.hpp), registered as `silva`: one instance first, more after each
// completion and at each periodic check as the heuristic says (silva_heuristic.hpp), every
// instance stopped just before its first charged hour ends. Pure logic (docs/silva2008.md).
#include "policy/registrar.hpp"
#include "silva/silva_heuristic.hpp"

namespace botsim::silva {

/// Registers `silva`: its props are creation_ratio, increase_ratio, budget_factor, line15,
/// check_interval and stop_margin (docs/silva2008.md).
void register_silva_policy(policy::Registrar& registrar);

}  // namespace botsim::silva
