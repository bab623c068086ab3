#include "cloud/billing.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace botsim::cloud {

long charged_units(double start_s, double stop_s, double atu_s) {
  if (!(atu_s > 0)) throw std::invalid_argument("ATU must be > 0");
  double used = stop_s - start_s;
  if (used <= kBoundaryTolerance) return 1;
  return std::max(1L, static_cast<long>(std::ceil((used - kBoundaryTolerance) / atu_s)));
}

double paid_until(double start_s, double now_s, double atu_s) {
  return start_s + static_cast<double>(charged_units(start_s, now_s, atu_s)) * atu_s;
}

const char* billing_rule_name(BillingRule rule) {
  return rule == BillingRule::PerSecond ? "per_second" : "per_started_unit";
}

BillingRule billing_rule_of(const std::string& name) {
  if (name == "per_started_unit") return BillingRule::PerStartedUnit;
  if (name == "per_second") return BillingRule::PerSecond;
  throw std::invalid_argument("unknown billing rule '" + name + "'");
}

Charge charge(double start_s, double stop_s, const BillingTerms& terms, double price) {
  if (!(terms.minimum_s >= 0)) throw std::invalid_argument("billing minimum must be >= 0");
  // The minimum is charged as if the instance had run that long.
  const double used = std::max(stop_s - start_s, terms.minimum_s);
  Charge c;
  c.from_s = start_s;
  if (terms.rule == BillingRule::PerStartedUnit) {
    const long n = charged_units(0, used, terms.unit_s);
    c.units = static_cast<double>(n);
    c.amount = static_cast<double>(n) * price;  // as before rules were data: the same bits
    c.to_s = start_s + static_cast<double>(n) * terms.unit_s;
    c.units_begun = n;
    return c;
  }
  // Per second: a started second is charged whole, as a started unit is.
  const double seconds = static_cast<double>(charged_units(0, used, 1.0));
  c.units = seconds / terms.unit_s;
  c.amount = c.units * price;
  c.to_s = start_s + seconds;
  c.units_begun = charged_units(0, seconds, terms.unit_s);
  return c;
}

}  // namespace botsim::cloud
