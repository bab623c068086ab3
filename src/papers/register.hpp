#pragma once
// Every paper experiment `botsim experiment NAME` knows.
namespace botsim::papers {

/// Registers every experiment once (a second call does nothing).
void register_experiments();

}  // namespace botsim::papers
