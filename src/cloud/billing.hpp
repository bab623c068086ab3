#pragma once
// Utility-cloud billing (docs/cloud.md), pure: no SimGrid.
// An instance is billed per started accountable time unit (ATU) from its start request. ATU k
// covers (start + (k-1)·ATU, start + k·ATU]: a stop at exactly start + k·ATU (within
// kBoundaryTolerance) is charged k units, one a moment later k + 1.
#include <string>
#include <vector>

namespace botsim::cloud {

constexpr double kBoundaryTolerance = 1e-6;  // seconds

/// ATUs charged for an instance requested at start_s and stopped at stop_s (at least 1: the
/// first ATU is charged at the start request). Throws std::invalid_argument if atu_s <= 0.
long charged_units(double start_s, double stop_s, double atu_s);

/// The end of the ATU that is current at now_s (the time the instance is paid until).
double paid_until(double start_s, double now_s, double atu_s);

/// What an instance type offers, read from the platform (docs/cloud.md).
struct InstanceType {
  std::string name;
  double speed = 0;  // flop/s per core
  int cores = 1;
  double price = 0;  // per ATU, in the scenario's currency
  double atu_s = 3600;
  double boot_s = 0;
  int max_count = 0;
  std::vector<std::string> hosts;  // the provider's slots for this type
};

}  // namespace botsim::cloud
