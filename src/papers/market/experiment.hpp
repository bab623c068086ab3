#pragma once
// `botsim experiment market` (docs/market.md): generates each part's platforms, deployments
// and per-start price traces, runs them as one campaign, and writes market.hpp's tables.
#include <map>
#include <string>
#include <vector>

#include "papers/market/market.hpp"
#include "platform/deployment.hpp"

namespace botsim::papers {

/// One instance type of a generated platform.
struct MarketType {
  std::string name;
  long hosts = 1;
  double price = 0;  // per hour, on demand
  double boot_s = 0;
  std::string billing = "per_started_unit";  // or "per_second"
  double minimum_s = 0;
  std::string spot_prices;  // a file next to the platform; empty: on demand only
  double spot_notice_s = 120;
};
/// A platform with the provider, the user's machine and one zone of type `t` (one 1000 MIPS
/// core per host).
std::string market_platform_xml(const MarketType& t, const std::string& comment);

/// The provider and one StaticProvisioning user `U0` of type `type` with these props.
std::vector<ActorSpec> market_deployment(const std::string& type,
                                         std::map<std::string, std::string> props);

/// Registers `botsim experiment market`.
void register_market_experiment();

}  // namespace botsim::papers
