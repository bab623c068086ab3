#pragma once
// `botsim experiment NAME`: reproduces one paper's evaluation. Every replication is a separate
// `botsim run` process (one simulation per process); --jobs runs J of them at once.
#include <functional>
#include <string>
#include <vector>

namespace botsim::experiments {

struct ExperimentOptions {
  int reps = 1;
  bool reps_given = false;  // experiments pick their paper's count when not given
  int jobs = 1;
  unsigned long long seed = 1;
  std::string out_dir;  // default results/NAME
};

struct Experiment {
  std::string name;
  std::string description;
  std::function<void(const ExperimentOptions&)> run;
  std::string default_reps;  // what --reps is when not given, for `experiment --help`
};

void register_experiment(Experiment e);
const std::vector<Experiment>& registered();

/// One `botsim run` to do in a child process.
struct RunRequest {
  std::string platform, deployment;
  unsigned long long seed = 1;
  std::string out_dir;
};

/// Runs every request as `botsim run ... --quiet` (plus `extra_args`, e.g. --log-level error)
/// in child processes, `jobs` at a time. Throws naming the first request that failed:
/// InputError when that run rejected its input (exit code 2), std::runtime_error otherwise.
void run_many(const std::vector<RunRequest>& requests, int jobs,
              const std::vector<std::string>& extra_args = {});

/// A shipped file (platforms/..., deployments/..., workloads/...): looked up in the directory
/// set_data_dir named, else in the current directory, the source tree botsim was built in
/// (botsim's own directory's parent) and the install prefix's share/botsim.
std::string find_data_file(const std::string& relative);
void set_data_dir(const std::string& dir);

}  // namespace botsim::experiments
