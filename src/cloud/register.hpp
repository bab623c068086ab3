#pragma once
namespace botsim::cloud {
/// Registers the utility-cloud actors (CloudProvider, SilvaCoordinator), their cross-actor
/// checks and the silva2008 experiment.
void register_model();
}  // namespace botsim::cloud
