#pragma once
namespace botsim::silva {
/// Registers the SilvaCoordinator actor (Silva, Veiga & Ferreira 2008) and its checks.
void register_model();
}  // namespace botsim::silva
