#pragma once
// Every paper experiment `botsim experiment NAME` knows.
namespace botsim::experiments {

/// Registers every experiment once (a second call does nothing).
void register_experiments();

}  // namespace botsim::experiments
