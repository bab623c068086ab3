#pragma once
// The market an instance is rented on (docs/cloud.md, "Spot instances"): on demand at the
// type's fixed price, or spot at the price of the type's spot price trace, which the provider
// may interrupt. No SimGrid here: policies and the cloud share it.
#include <stdexcept>
#include <string>

namespace botsim::policy {

enum class Market { OnDemand, Spot };

/// The name results files and props use ("on_demand", "spot").
inline const char* market_name(Market m) { return m == Market::Spot ? "spot" : "on_demand"; }
/// The market named `name`, or std::invalid_argument.
inline Market market_of(const std::string& name) {
  if (name == "on_demand") return Market::OnDemand;
  if (name == "spot") return Market::Spot;
  throw std::invalid_argument("unknown market '" + name + "' (on_demand or spot)");
}

}  // namespace botsim::policy
