#pragma once
// Utility-cloud billing (docs/cloud.md), pure: no SimGrid.
// An instance is billed per started accountable time unit (ATU) from its start request. ATU k
// covers (start + (k-1)·ATU, start + k·ATU]: a stop at exactly start + k·ATU (within
// kBoundaryTolerance) is charged k units, one a moment later k + 1.
// A type's billing rule (docs/cloud.md, "Billing rules") may add a minimum charge and bill by
// the second instead of by the started unit.
#include <memory>
#include <string>
#include <vector>

#include "cloud/spot_market.hpp"
#include "policy/market.hpp"

namespace botsim::cloud {

constexpr double kBoundaryTolerance = 1e-6;  // seconds

/// ATUs charged for an instance requested at start_s and stopped at stop_s (at least 1: the
/// first ATU is charged at the start request). Throws std::invalid_argument if atu_s <= 0.
long charged_units(double start_s, double stop_s, double atu_s);

/// The end of the ATU that is current at now_s (the time the instance is paid until).
double paid_until(double start_s, double now_s, double atu_s);

/// How a started billing unit is charged.
enum class BillingRule {
  PerStartedUnit,  // every started unit whole (the clouds of 2008-2012; the default)
  PerSecond,       // every started second, at the unit's price per second
};
/// The platform's name of a rule ("per_started_unit", "per_second").
const char* billing_rule_name(BillingRule rule);
/// The rule named `name`, or std::invalid_argument.
BillingRule billing_rule_of(const std::string& name);

/// A type's billing terms: the unit priced (the ATU), the least time charged, and the rule.
struct BillingTerms {
  double unit_s = 3600;
  double minimum_s = 0;
  BillingRule rule = BillingRule::PerStartedUnit;
};

/// What an instance used from start_s to stop_s is charged: the interval [from_s, to_s] paid,
/// `units` of the billing unit in it (fractional under PerSecond), at `price` per unit.
struct Charge {
  double from_s = 0, to_s = 0;
  double units = 0;
  double amount = 0;
  /// Billing units begun (units rounded up): summary.json's and instances.csv's charged_units.
  long units_begun = 0;
};

/// The charge for an instance requested at start_s and stopped at stop_s: the time used, at
/// least terms.minimum_s, rounded up to whole units (PerStartedUnit) or whole seconds
/// (PerSecond); at least one unit or one second, charged at the request. Under
/// PerStartedUnit with no minimum, charged_units() units. Throws std::invalid_argument on
/// a unit <= 0 or a negative minimum.
Charge charge(double start_s, double stop_s, const BillingTerms& terms, double price);

using policy::Market;
using policy::market_name;

/// One interval of an invoice at one unit price: `units` of the billing unit (fractional under
/// PerSecond) at `unit_price` each.
struct PricedInterval {
  double from_s = 0, to_s = 0;
  double units = 0;
  double unit_price = 0;
  double amount = 0;
};

/// What a spot instance is charged (docs/cloud.md, "Spot instances"): one row per interval
/// of constant spot price, by time (at least one), adding up to `amount`.
struct SpotCharge {
  std::vector<PricedInterval> rows;
  double amount = 0;
  double units = 0;
  double to_s = 0;  // the end of what was paid for
  long units_begun = 0;
};

/// The charge for a spot instance requested at start_s and stopped at stop_s, at the prices of
/// `prices`; `interrupted`: stopped by the provider (a reclaim), not by its owner.
/// PerStartedUnit: each started unit at the price in force at the unit's start; a unit the
/// reclaim cuts short is not charged (the minimum still is). PerSecond: the integral of the
/// price over the seconds charged, reclaimed or not. The minimum applies as on demand.
SpotCharge spot_charge(double start_s, double stop_s, const BillingTerms& terms,
                       const SpotPriceTrace& prices, bool interrupted);

/// A type's spot market (docs/cloud.md, "Spot instances"): read from the platform.
struct SpotMarket {
  SpotPriceTrace prices;
  SpotAvailability availability;
  double notice_s = 120;  // from the notice to the reclaim
};

/// What an instance type offers, read from the platform (docs/cloud.md).
struct InstanceType {
  std::string name;
  double speed = 0;  // flop/s per core
  int cores = 1;
  double price = 0;  // per ATU, in the scenario's currency
  double atu_s = 3600;
  double billing_minimum_s = 0;
  BillingRule billing = BillingRule::PerStartedUnit;
  double boot_s = 0;
  int max_count = 0;
  /// The provider's slots for this type, shared by every copy of the type (each user keeps
  /// its own copy of the types: a thousand users must not copy a thousand host names each).
  std::shared_ptr<const std::vector<std::string>> hosts;
  std::shared_ptr<const SpotMarket> spot;  // none: on demand only

  BillingTerms terms() const { return {atu_s, billing_minimum_s, billing}; }
  /// The type's hosts (none if not set).
  const std::vector<std::string>& host_names() const {
    static const std::vector<std::string> none;
    return hosts ? *hosts : none;
  }
};

}  // namespace botsim::cloud
