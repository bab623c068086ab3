#pragma once
// The run scheduler: the replications of an experiment (or of `botsim run --reps`), J at a time,
// each a `botsim run` in a child process (child_process.hpp), resumable after an interruption.
#include <stdexcept>
#include <string>
#include <vector>

namespace botsim::campaign {

/// One `botsim run` to do in a child process.
struct RunRequest {
  std::string platform, deployment;
  unsigned long long seed = 1;
  std::string out_dir;
  std::vector<std::string> args{};  // more arguments of this run alone (e.g. --set ACTOR.PROP=V)
};

/// Thrown by run_many when SIGINT or SIGTERM interrupted it, once its runs are stopped.
class Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(int signal);
  int signal() const { return signal_; }

 private:
  int signal_;
};

/// Whether a replication is done: `botsim run` renames its results directory into place only
/// once it succeeded, so a directory with its summary.json is a finished run.
bool run_finished(const std::string& out_dir);

/// Runs every request that is not finished yet (run_finished) as `botsim run ... --quiet` (plus
/// `extra_args`, e.g. --log-level error) in child processes, `jobs` at a time, showing progress
/// on stderr when it is a terminal (set_progress). Throws naming the first request that failed:
/// InputError when that run rejected its input (exit code 2), std::runtime_error otherwise. On
/// SIGINT or SIGTERM it stops its runs, removes what they had half written and throws
/// Interrupted: finished runs stay.
void run_many(const std::vector<RunRequest>& requests, int jobs,
              const std::vector<std::string>& extra_args = {});

/// The command line of one request: botsim's path and its arguments.
std::vector<std::string> run_command(const std::string& exe, const RunRequest& r,
                                     const std::vector<std::string>& extra_args);
/// Whether run_many draws its progress line (done/total, elapsed, time left) on a terminal.
void set_progress(bool show);

}  // namespace botsim::campaign
