#pragma once
// `botsim trace`: a trace's bags of tasks as botsim's own files (docs/traces.md): one workload
// file per bag in each model's units, bags.csv, the distributions of bag sizes and
// inter-arrival times with their figures, and deployment fragments for every model. No SimGrid.
#include <string>

#include "traces/bags.hpp"
#include "traces/trace_workload.hpp"

namespace botsim::traces {

struct TraceExportOptions {
  std::string trace;  // the file, as given
  TraceFormat format = TraceFormat::Swf;
  BagOptions bags;
  double reference_mips = kDefaultReferenceMips;  // MI = work in seconds × this
  std::string host = "users";  // the host the deployment fragments put each user on
  /// Resources of a runnable auction scenario (scenario.platform.xml and scenario.xml, docs/
  /// traces.md): one VO domain of that many resources and the bags' Brokers; 0: none.
  int scenario_resources = 0;
};

/// The PEs of each resource of the runnable scenario.
constexpr int kScenarioPes = 4;

struct TraceExportResult {
  size_t jobs = 0, bags = 0, tasks = 0;
  long long left_out = 0;  // jobs of an unknown user or run time
};

/// Writes everything into `dir` (an existing, empty directory), the figures' data and scripts
/// included (drawn by the caller). Throws InputError for a bad trace or options that keep no bag.
TraceExportResult export_trace_bags(const TraceExportOptions& options, const std::string& dir);

}  // namespace botsim::traces
