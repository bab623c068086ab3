#pragma once
// Child processes: one `botsim run` forked from this process (or a new botsim process), and a
// command run to its end with its stderr captured. run_many (run_many.hpp) schedules them.
#include <signal.h>
#include <sys/types.h>

#include <functional>
#include <string>
#include <vector>

namespace botsim::campaign {

/// What runs one request's command line (its first word botsim's path) in a child process
/// forked from this one, returning the exit code; botsim's main sets it to its own command
/// line's handling. A forked child skips what a new botsim process costs before its first line
/// (loading SimGrid's and ns-3's shared libraries, relocating their symbols). Unset, run_many
/// starts a new botsim process per request.
using RunEntry = std::function<int(const std::vector<std::string>& command)>;
void set_run_entry(RunEntry entry);

/// Starts `command` in a child process: forked and handed to the run entry when one is set,
/// else a new process of the executable its first word names. The child starts with signal
/// mask `mask` and SIGINT, SIGTERM and SIGCHLD at their defaults. Returns its pid; throws
/// std::runtime_error when it cannot start.
pid_t start_child(const std::vector<std::string>& command, const sigset_t& mask);

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

}  // namespace botsim::campaign
