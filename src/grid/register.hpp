#pragma once
namespace botsim::grid {
/// Registers the grid-economy actors (GridInformationService, Auctioneer, Broker), their
/// cross-actor checks and the sulistio2005 experiment.
void register_model();
}  // namespace botsim::grid
