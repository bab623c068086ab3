#pragma once
// A BaTS user's summary.json record (docs/bats2011.md, "summary.json"): the common fields
// (docs/reference.md) and the model's own, from what the run did. No SimGrid.
#include <string>

#include "bats/bats_params.hpp"
#include "bats/execution.hpp"
#include "core/results.hpp"

namespace botsim::bats {

/// What a BaTS run did, as its summary tells it.
struct BatsOutcome {
  long tasks_done = 0;
  bool bag_done = false;
  double last_finish_s = 0;  // the last task's end
  long instances = 0, charged_units = 0;
  double spent = 0;                   // the provider's bill, sampling included
  double sampling_spent = 0;          // Table 1's S
  bool sampling_from_budget = false;  // the standalone mode with a budget paid it from that
  double start_s = 0, sampling_end_s = 0;
  const MonitoredExecution* execution = nullptr;  // none: the run ended before it
  std::string incomplete_reason;
};

/// The record as the user starts: its model, policy, bag and deadline.
UserRecord opening_record(const BatsParams& p, double start_s);
/// The rest, once the run has ended: what was done and paid, and the phases' figures.
void close_record(UserRecord& rec, const BatsParams& p, const BatsOutcome& o);

}  // namespace botsim::bats
