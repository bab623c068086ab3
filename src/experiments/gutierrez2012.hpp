#pragma once
namespace botsim::experiments {
/// `botsim experiment gutierrez2012` (docs/gutierrez2012.md): Sections 5.1-5.3 of
/// Gutierrez-Garcia & Sim (2012), Figs 6-14.
void register_gutierrez2012_experiment();
}  // namespace botsim::experiments
