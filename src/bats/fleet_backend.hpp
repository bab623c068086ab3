#pragma once
// What the BaTS master's machines do through the simulation: the instance pool's requests,
// stops, tasks and alarms, and the clock. The master is one (its InstancePool and SimGrid's
// clock); the unit tests fake one, so that the phases run without SimGrid.
#include <map>
#include <string>
#include <vector>

#include "cloud/billing.hpp"
#include "cloud/instance_pool.hpp"

namespace botsim::bats {

class FleetBackend {
 public:
  using Instance = cloud::InstancePool::Instance;
  virtual ~FleetBackend() = default;

  /// The instances requested and not gone yet, by name (InstancePool::live).
  virtual std::map<std::string, Instance>& live() = 0;
  /// Asks the provider for an instance of `type` (InstancePool::request).
  virtual Instance& request(const cloud::InstanceType& type) = 0;
  /// Stops `inst`; returns the tasks it was running, lost (InstancePool::stop).
  virtual std::vector<long> stop(Instance& inst) = 0;
  /// Runs task `task` of the bag on `inst`; a `replica` runs on other clusters too (Fig. 3).
  virtual void run(Instance& inst, long task, bool replica) = 0;
  /// An AtuEnding for `inst` at `at_s` (InstancePool::alarm_at).
  virtual void alarm_at(const Instance& inst, double at_s) = 0;
  virtual double now() const = 0;
};

}  // namespace botsim::bats
