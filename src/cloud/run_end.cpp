#include "cloud/run_end.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

namespace botsim::cloud {

void check_bills(const std::vector<InstanceRecord>& instances,
                 const std::vector<UserRecord>& users) {
  std::map<std::string, double> billed;  // by user, in the order instances.csv has them
  for (const auto& i : instances) billed[i.user] += i.cost;
  std::map<std::string, const UserRecord*> by_name;
  for (const auto& u : users) by_name.emplace(u.name, &u);
  for (const auto& [user, cost] : billed) {
    auto it = by_name.find(user);
    if (it == by_name.end()) continue;  // a renter that keeps no summary (a test's)
    const double spent = it->second->spent;
    // Both are sums of the same charges, possibly added in another order.
    if (std::abs(spent - cost) > 1e-9 * std::max(1.0, std::abs(cost)))
      throw std::logic_error(fmt::format(
          "run end: user {} spent ${:.10g}, but its instances were billed ${:.10g} "
          "(instances.csv)",
          user, spent, cost));
  }
}

}  // namespace botsim::cloud
