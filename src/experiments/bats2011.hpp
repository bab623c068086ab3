#pragma once

namespace botsim::experiments {

/// `botsim experiment bats2011` (docs/bats2011.md): section 4 of Oprescu, Kielmann & Leahu
/// (2011) on the five scenarios of 4.1 (Fig. 5, Tables 1 and 2, Figs 6 and 7).
void register_bats2011_experiment();

}  // namespace botsim::experiments
