#pragma once
// The machines BaTS may rent (docs/bats2011.md, section 2 of the paper): one cluster per machine
// type, with a price per ATU and a maximum number of machines. Pure logic, no SimGrid.
//
// Units everywhere in src/bats: times in seconds (the paper uses minutes), the ATU in seconds,
// money in the scenario's currency (a double), task counts as long.
#include <stdexcept>
#include <string>
#include <vector>

namespace botsim::bats {

/// nlr of 2.2: replicated tasks, enough for the linear regression between clusters.
constexpr int kNlr = 7;

struct Cluster {
  std::string name;
  double price_per_atu = 0;  // ci, per machine and ATU
  int max_machines = 0;      // Ai
};

/// A budget below the cheapest possible run. needed() is the smallest budget that suffices.
class InfeasibleBudget : public std::invalid_argument {
 public:
  InfeasibleBudget(double budget, double needed);
  double needed() const { return needed_; }

 private:
  double needed_;
};

/// Throws std::invalid_argument naming the cluster when a price is not > 0 (or not finite), a
/// cluster offers no machine, the list is empty, or atu_s is not > 0.
void validate_clusters(const std::vector<Cluster>& clusters, double atu_s);

/// Throws std::invalid_argument unless ti_s holds one finite Ti > 0 per cluster.
void validate_ti(const std::vector<double>& ti_s, std::size_t n_clusters);

}  // namespace botsim::bats
