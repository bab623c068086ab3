#pragma once
// Loading plug-ins of policies (docs/policies.md): `--plugin FILE.so` (a C++ shared library
// declared with BOTSIM_PLUGIN, policy/plugin.hpp) or `--plugin FILE.py` (a Python file run in
// the embedded interpreter, whose policies are declared with the `botsim` module's decorators).
// Their policies join the registry (registry.hpp), named like botsim's own.
#include <string>
#include <vector>

namespace botsim::policy {

/// Loads `path` and registers its policies. Throws InputError naming the file and the problem:
/// a missing file, one that is neither a .so nor a .py, a .so that is not a botsim plug-in or
/// was built against another botsim, a Python error (a syntax error, an exception), a policy
/// name that is taken, a file that declares none. A file loaded already is not loaded again.
void load_plugin(const std::string& path);
/// The files loaded, as absolute paths, in order (child processes load them again).
const std::vector<std::string>& loaded_plugins();

/// Loads a Python file (python_plugins.cpp).
void load_python_plugin(const std::string& path);

/// The longest a Python policy may take for one call, or a Python file to load, in seconds of
/// wall-clock time (--policy-timeout); 0: no limit.
void set_policy_timeout(double seconds);
double policy_timeout();

/// Ends the process with exit code 2 and "botsim: <line>": how a Python policy that neither
/// returns within --policy-timeout nor stops when interrupted ends the run. The program sets one
/// that also removes a run's streamed files (platform/abort_guard.hpp's exit_bad_input_now);
/// by default, the line on stderr and _exit(2).
using ExitNow = void (*)(const std::string& line);
void set_stuck_policy_exit(ExitNow exit_now);
[[noreturn]] void stuck_policy_exit(const std::string& line);

}  // namespace botsim::policy
