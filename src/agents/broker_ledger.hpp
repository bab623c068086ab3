#pragma once
// The broker agent's allocation and billing (Section 3, Fig. 3): the resources it holds for a
// BoT, each renewed or released at its check with the BoT's allocation mechanism and within
// the consumer's budget, and billed per started slot when given up (instances.csv).
#include <optional>
#include <vector>

#include "agents/broker_job.hpp"

namespace botsim::agents {

class ResourceLedger : BrokerRole {
 public:
  using BrokerRole::BrokerRole;

  void on(const Allocated& m);
  void on(const Renewed& m);
  void on(const CheckAllocation& m);  // made once this instant's messages are in (run_checks)
  void on(const ResourceFailed& m);
  /// This instant's allocation checks, last: a resource freed at the check's instant has had
  /// its next task.
  void run_checks();
  /// Whether the consumer's budget pays `slots` more slots of resource `id` (none: no slot
  /// more) on top of what is spent and what the other allocations will cost (slots are paid
  /// in advance). `extra`: the price of a resource not yet allocated (a replacement's award).
  bool affordable(const Job& j, std::optional<int> id, long slots, double extra = 0) const;
  /// Gives resource `id` back to its SPA and bills it.
  void release(Job& j, int id);
  /// The id of the job's resource on RA `ra` that is not released, if any.
  static std::optional<int> live_resource(const Job& j, const std::string& ra);

 private:
  void check(const CheckAllocation& m);
  void schedule_check(Job& j, int id);
  /// Bills resource `id` for `units` slots up to now (an instances.csv row), as given up.
  void bill(Job& j, int id, long units);

  std::vector<CheckAllocation> checks_;  // this instant's allocation checks, made last
};

}  // namespace botsim::agents
