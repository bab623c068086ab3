#pragma once
// `botsim experiment sulistio2005` (docs/sulistio2005-experiment.md): both readings of C_r run as
// one campaign on the BADG grid; the figures and findings come from sulistio2005.hpp.
namespace botsim::papers {

/// Registers `botsim experiment sulistio2005`.
void register_sulistio2005_experiment();

}  // namespace botsim::papers
