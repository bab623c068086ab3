#pragma once
// `botsim experiment NAME`: reproduces one paper's evaluation. Every replication is a separate
// `botsim run` process (one simulation per process, forked: set_run_entry); --jobs runs J of
// them at once.
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace botsim::experiments {

struct ExperimentOptions {
  std::string name;  // the experiment's
  int reps = 1;
  bool reps_given = false;  // experiments pick their paper's count when not given
  int jobs = 1;
  unsigned long long seed = 1;
  std::string out_dir;  // default results/NAME
  bool fresh = false;   // redo every replication, even those an interrupted run finished
};

struct Experiment {
  std::string name;
  std::string description;
  std::function<void(const ExperimentOptions&)> run;
  std::string default_reps;  // what --reps is when not given, for `experiment --help`
  std::string duration;      // about how long it takes at its defaults on two cores (--list)
};

void register_experiment(Experiment e);
const std::vector<Experiment>& registered();

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

/// What runs one request's command line (its first word botsim's path) in a child process
/// forked from this one, returning the exit code; botsim's main sets it to its own command
/// line's handling. A forked child skips what a new botsim process costs before its first line
/// (loading SimGrid's and ns-3's shared libraries, relocating their symbols). Unset, run_many
/// starts a new botsim process per request.
using RunEntry = std::function<int(const std::vector<std::string>& command)>;
void set_run_entry(RunEntry entry);

/// The command line of one request: botsim's path and its arguments.
std::vector<std::string> run_command(const std::string& exe, const RunRequest& r,
                                     const std::vector<std::string>& extra_args);
/// The path of the running botsim executable.
std::string self_exe();

/// A command's exit status (as waitpid gives it) and what it wrote on stderr.
struct Captured {
  int status = 0;
  std::string err;
  bool ok() const;
  bool bad_input() const;  // exit code 2
};
/// Runs `command` (its first word the executable's path) to its end; stdout is discarded.
Captured run_captured(const std::vector<std::string>& command);

/// A child's "botsim: FILE: ELEMENT: problem" line from its stderr, without "botsim: ".
std::string child_message(const std::string& err);

/// Whether run_many draws its progress line (done/total, elapsed, time left) on a terminal.
void set_progress(bool show);

/// Makes `work` an experiment's working directory: kept from an interrupted run of the same
/// experiment, name, seed and reps (its finished replications are not redone), else (or with
/// opts.fresh) emptied first. Says which on stdout.
/// Checks OUT first (check_output_dir: botsim replaces only what it wrote).
void prepare_work_dir(const std::filesystem::path& work, const ExperimentOptions& opts);
/// The same for any command's working directory: `id` (written to work/id_name) says which
/// runs it holds. A directory that botsim did not write is refused (InputError), never emptied.
void prepare_work_dir(const std::filesystem::path& work, const std::string& id_name,
                      const nlohmann::ordered_json& id, bool fresh);
/// Removes a working directory, only if botsim wrote it (it has the marker).
void remove_work_dir(const std::filesystem::path& work);

/// A shipped file (platforms/..., deployments/..., workloads/...): the first of data_dirs()
/// that has it (a path relative to the current directory when found there). Not found:
/// InputError naming the file and every place looked in.
std::string find_data_file(const std::string& relative);
/// Where shipped files are looked for, in order (README, "Install"): only the directory
/// set_data_dir named (`--data-dir`), else only $BOTSIM_DATA_DIR when set, else the current
/// directory ("."), the source tree of the build botsim runs from (when the running program
/// lies in its build directory), the share/botsim beside the running program's bin/ directory,
/// and the share/botsim of the prefix botsim was configured with.
std::vector<std::string> data_dirs();
void set_data_dir(const std::string& dir);

}  // namespace botsim::experiments
