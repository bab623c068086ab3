#include "bats/cluster.hpp"

#include <fmt/format.h>

#include <cmath>

namespace botsim::bats {

InfeasibleBudget::InfeasibleBudget(double budget, double needed)
    : std::invalid_argument(
          fmt::format("budget {:g} is infeasible, needs at least {:g}", budget, needed)),
      needed_(needed) {}

void validate_clusters(const std::vector<Cluster>& clusters, double atu_s) {
  if (!(atu_s > 0) || !std::isfinite(atu_s))
    throw std::invalid_argument(fmt::format("ATU must be > 0 seconds, got {:g}", atu_s));
  if (clusters.empty()) throw std::invalid_argument("no cluster to run the bag on");
  for (const Cluster& c : clusters) {
    std::string name = c.name.empty() ? "(unnamed)" : c.name;
    if (!(c.price_per_atu > 0) || !std::isfinite(c.price_per_atu))
      throw std::invalid_argument(
          fmt::format("cluster {}: price per ATU must be > 0, got {:g}", name, c.price_per_atu));
    if (c.max_machines < 1)
      throw std::invalid_argument(
          fmt::format("cluster {}: needs at least 1 machine, got {}", name, c.max_machines));
  }
}

void validate_ti(const std::vector<double>& ti_s, std::size_t n_clusters) {
  if (ti_s.size() != n_clusters)
    throw std::invalid_argument(
        fmt::format("{} average task times for {} clusters", ti_s.size(), n_clusters));
  for (std::size_t i = 0; i < ti_s.size(); ++i)
    if (!(ti_s[i] > 0) || !std::isfinite(ti_s[i]))
      throw std::invalid_argument(fmt::format("cluster {}: Ti must be > 0, got {:g}", i, ti_s[i]));
}

}  // namespace botsim::bats
