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

namespace {
// Appends an interval, merged into the row before when the price is the same.
void add_row(std::vector<PricedInterval>& rows, double from, double to, double units,
             double price) {
  if (!rows.empty() && rows.back().unit_price == price && rows.back().to_s == from) {
    rows.back().to_s = to;
    rows.back().units += units;
    rows.back().amount = rows.back().units * price;
    return;
  }
  rows.push_back({from, to, units, price, units * price});
}
}  // namespace

SpotCharge spot_charge(double start_s, double stop_s, const BillingTerms& terms,
                       const SpotPriceTrace& prices, bool interrupted) {
  if (!(terms.unit_s > 0)) throw std::invalid_argument("ATU must be > 0");
  if (!(terms.minimum_s >= 0)) throw std::invalid_argument("billing minimum must be >= 0");
  SpotCharge c;
  const double ran = stop_s - start_s;
  const double used = std::max(ran, terms.minimum_s);
  if (terms.rule == BillingRule::PerStartedUnit) {
    long n = charged_units(0, used, terms.unit_s);
    if (interrupted) {
      // The unit the provider cut short is free; whole units and the minimum are not.
      const long whole = static_cast<long>(std::floor((ran + kBoundaryTolerance) / terms.unit_s));
      const long minimum =
          terms.minimum_s > 0 ? charged_units(0, terms.minimum_s, terms.unit_s) : 0;
      n = std::max(whole, minimum);
    }
    for (long k = 0; k < n; ++k) {
      const double from = start_s + static_cast<double>(k) * terms.unit_s;
      add_row(c.rows, from, from + terms.unit_s, 1, prices.price_at(from));
    }
    c.units = static_cast<double>(n);
    c.units_begun = n;
    c.to_s = start_s + static_cast<double>(n) * terms.unit_s;
    if (n == 0) c.rows.push_back({start_s, stop_s, 0, prices.price_at(start_s), 0});
  } else {
    const double seconds = static_cast<double>(charged_units(0, used, 1.0));
    const double end = start_s + seconds;
    const auto& points = prices.points();
    // One row per price in force over [start, end]: O(log n) to find the first.
    for (double from = start_s; from < end;) {
      auto next =
          std::upper_bound(points.begin(), points.end(), from,
                           [](double x, const SpotPriceTrace::Point& p) { return x < p.time_s; });
      const double to = next == points.end() ? end : std::min(end, next->time_s);
      add_row(c.rows, from, to, (to - from) / terms.unit_s, prices.price_at(from));
      from = to;
    }
    c.units = seconds / terms.unit_s;
    c.units_begun = charged_units(0, seconds, terms.unit_s);
    c.to_s = end;
  }
  for (const auto& r : c.rows) c.amount += r.amount;
  return c;
}

}  // namespace botsim::cloud
