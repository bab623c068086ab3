#pragma once
// `botsim experiment vo-policies` (docs/vo-policies.md): each setting's generated platform and
// deployment, its runs as one campaign; the tables and findings come from vo_policies.hpp.
#include <string>
#include <vector>

#include "papers/vo_policies/vo_policies.hpp"
#include "platform/deployment.hpp"

namespace botsim::papers {

/// The platform file of a setting (one zone, a star around one router).
std::string vo_platform_xml(const VoSetting& s);
/// Its deployment: a GridInformationService per domain, an Auctioneer per resource, and per
/// domain kVoUsersPerPolicy global then as many local Brokers.
std::vector<ActorSpec> vo_deployment(const VoSetting& s);

/// Registers `botsim experiment vo-policies`.
void register_vo_policies_experiment();

}  // namespace botsim::papers
