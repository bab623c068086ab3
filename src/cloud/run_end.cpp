#include "cloud/run_end.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace botsim::cloud {

namespace {
// Both are sums of the same charges, possibly added in another order.
bool same_money(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }
}  // namespace

void check_bills(const std::vector<InstanceRecord>& instances,
                 const std::vector<InvoiceRecord>& invoice, const std::vector<UserRecord>& users) {
  std::map<std::string, double> billed;                        // by user
  std::map<std::string, double> invoiced;                      // by user
  std::map<std::pair<std::string, std::string>, double> rows;  // by user and instance
  for (const auto& r : invoice) {
    invoiced[r.user] += r.amount;
    // A reservation's own rows are billed to its user with no instance (no instances.csv row).
    if (r.market == InvoiceRecord::kReservation || r.market == InvoiceRecord::kReservationUpfront)
      billed[r.user] += r.amount;
    else
      rows[{r.user, r.instance}] += r.amount;
  }
  for (const auto& i : instances) {
    billed[i.user] += i.cost;
    const double in_rows = rows[{i.user, i.instance}];
    if (!same_money(in_rows, i.cost))
      throw std::logic_error(fmt::format(
          "run end: instance {} of user {} cost ${:.10g} (instances.csv), but its invoice rows "
          "add up to ${:.10g} (invoice.csv)",
          i.instance, i.user, i.cost, in_rows));
  }
  std::map<std::string, const UserRecord*> by_name;
  for (const auto& u : users) by_name.emplace(u.name, &u);
  for (const auto& [user, cost] : billed) {
    auto it = by_name.find(user);
    if (it == by_name.end()) continue;  // a renter that keeps no summary (a test's)
    const double spent = it->second->spent;
    if (!same_money(spent, cost))
      throw std::logic_error(
          fmt::format("run end: user {} spent ${:.10g}, but its instances were billed ${:.10g} "
                      "(instances.csv)",
                      user, spent, cost));
  }
  // Rows of an instance that instances.csv does not have.
  for (const auto& [user, amount] : invoiced)
    if (!same_money(amount, billed[user]))
      throw std::logic_error(fmt::format(
          "run end: user {}'s invoice rows add up to ${:.10g} (invoice.csv), but its instances "
          "were billed ${:.10g} (instances.csv)",
          user, amount, billed[user]));
}

}  // namespace botsim::cloud
