#pragma once
// What must hold when a BaTS run ends (as Batsim asserts after its main loop): the user spent
// no more than its budget and the raise or cushion it accepted, and no machine is left rented.
// A broken one is botsim's own bug, never a result: check_run_end throws an InternalError. The
// master has it made where every run ends (docs/bats2011.md, "Where a run ends"). No SimGrid.
#include <optional>
#include <string>

namespace botsim::bats {

struct RunEnd {
  std::string user;
  double spent = 0;  // everything the user paid (the provider's bill)
  /// The most it may spend (summary.json's `budget`: a sampling paid apart, the schedule's
  /// budget or the budget given, the raise or cushion accepted); none: no limit was set.
  std::optional<double> budget;
  long live_instances = 0;  // instances of its pool not gone
  long fleet_machines = 0;  // machines its fleet still counts
};

/// Throws InternalError (a std::logic_error) naming the user and the invariant `end` breaks.
void check_run_end(const RunEnd& end);

}  // namespace botsim::bats
