#pragma once
#include <string>

namespace botsim::experiments {

/// `botsim experiment silva2008` (docs/silva2008.md).
void register_silva2008_experiment();

/// One replication's outcome, as the experiment aggregates it.
struct SilvaRunOutcome {
  double timespan_s = 0;
  long hosts = 0, charged_units = 0;
  double spent = 0;
  double work_s = 0;   // sum of the finished tasks' run times
  double speedup = 0;  // work / timespan
  long lost_tasks = 0;
  long optimum_hosts = 0;  // fewest one-ATU hosts with known task times
  double optimum_timespan_s = 0;
};
/// Reads a run's summary.json and tasks.csv (first user). Throws std::runtime_error.
SilvaRunOutcome read_silva_run(const std::string& dir, double host_processing_time);

}  // namespace botsim::experiments
