#pragma once
// What a simulation leaves when SimGrid aborts it (docs/reliability.md, "When SimGrid aborts").
#include <string>

namespace botsim {

/// While it lives, any abort of the process (xbt_die, a failed SimGrid assertion, an uncaught
/// exception in an actor: all end in SIGABRT) or a crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL)
/// becomes exit code 1 with one line on stderr, "botsim: internal error: the simulation
/// aborted: <SimGrid's first message>", after removing the streamed timeline files
/// (set_streamed_files, which Results::stream_timelines calls).
/// SimGrid writes its messages (and backtraces) to stderr: they go to an unlinked temporary
/// file meanwhile, and are copied to stderr when the guard ends normally. botsim's own log
/// keeps going to stderr as it comes. One guard at a time.
class SimulationAbortGuard {
 public:
  SimulationAbortGuard();
  ~SimulationAbortGuard();
  SimulationAbortGuard(const SimulationAbortGuard&) = delete;
  SimulationAbortGuard& operator=(const SimulationAbortGuard&) = delete;
};

/// Ends the process at once with exit code 2 and "botsim: <line>" on stderr (the real one while
/// a guard captures SimGrid's), after removing the streamed timeline files: bad input found in
/// the middle of a simulation (e.g. a policy that fails, platform/policy_failure.hpp), which no
/// exception can carry out of SimGrid.
[[noreturn]] void exit_bad_input_now(const std::string& line);

}  // namespace botsim
