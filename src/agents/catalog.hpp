#pragma once
// What the platform offers the agent model: resource agents (RAs), one per host of a zone whose
// props name its service provider agent (`spa`: the SPA's host), its `resource_type` (an instance
// type), its hourly `price` and, optionally, its billing rule (`billing`, `billing_minimum`: the
// cloud's, docs/cloud.md "Billing rules"); the host's speed in MI/s is its flop rate / 1e6
// (docs/units.md).
#include <map>
#include <string>
#include <vector>

#include "cloud/billing.hpp"
#include "platform/run.hpp"

namespace botsim::agents {

struct RaSite {
  std::string host;
  std::string spa;
  std::string type;
  double speed_mips = 0;
  double price = 0;  // per slot (hour)
  /// How its slots are billed (not in the paper, which bills per started hour: the default).
  cloud::BillingTerms billing;
};

struct Catalog {
  std::map<std::string, std::vector<RaSite>> by_spa;  // SPA host -> its RAs, by host name
  std::vector<std::string> types;                     // every type, in platform order
  bool has_type(const std::string& type) const;
  /// Speed and lowest price of a type (for a broker's estimate).
  const RaSite& example(const std::string& type) const;
};

/// The run's platform catalog, read once per run. Throws InputError naming the zone and prop on
/// a missing type, a price that is not a positive number, an unknown billing rule, a negative
/// billing minimum, or a prop no RA zone takes (did you mean ...?).
const Catalog& catalog(Run& run);

}  // namespace botsim::agents
