#pragma once
// `botsim experiment silva2008` (docs/silva2008.md): the paper's grid of creationRatio and
// increaseRatio, the check interval's study and Fig. 1's static choice as one campaign; the
// tables and findings come from silva2008.hpp.
namespace botsim::papers {

/// Registers `botsim experiment silva2008`.
void register_silva2008_experiment();

}  // namespace botsim::papers
