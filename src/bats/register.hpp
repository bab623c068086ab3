#pragma once
// Registers the BaTS model (docs/bats2011.md): the BatsMaster actor and its deployment checks.
namespace botsim::bats {

/// Registers BatsMaster with the actor registry (and the cloud provider it rents from). Once.
void register_model();

}  // namespace botsim::bats
