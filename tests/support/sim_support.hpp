#pragma once
// Running a whole simulation inside a test process. ctest runs each TEST in its own process,
// so each TEST may run exactly one simulation.
#include <string>

#include "core/results.hpp"
#include "platform/scenario.hpp"
#include "support/files.hpp"

namespace botsim::test {

/// A fresh directory under the system's temporary area (make_temp_dir: removed at exit).
std::string temp_dir();
/// Writes `text` to dir/name and returns the path.
std::string write_file(const std::string& dir, const std::string& name, const std::string& text);
/// "<?xml ...><!DOCTYPE ...><platform version="4.1">" + body + "</platform>": a platform or
/// deployment file.
std::string platform_xml(const std::string& body);
/// The part of the cloud test platforms that is no instance type: zone "control" with hosts
/// "provider" and "client" behind router "gw" (zero-latency 10 Gbps links), to be routed to
/// each instance type's cluster through "gw".
std::string cloud_control_zone();
/// A cloud platform of one instance type "vm": hosts vm-0, vm-1 and vm-2 (1 Gf, one core, no
/// boot) at `price` per 1 h ATU, the type's further props `props` (e.g. billing rules), and
/// vm-0's `state_file` attribute (none if empty), beside cloud_control_zone().
std::string three_vm_cloud_xml(const std::string& price, const std::string& props = "",
                               const std::string& vm0_state_file = "");
/// Registers the models (once), runs the scenario with exact network timings
/// (CM02, no cross-traffic) unless `exact_network` is false, and returns the results.
const Results& run(const std::string& platform, const std::string& deployment,
                   unsigned long long seed = 1, bool exact_network = true);
/// The run the last run() made: what its checks and actors read (Run::get).
const Run& last_run();
/// Ends the test process with SIGALRM (a failure) unless it ends within `seconds`: for the
/// tests of runs that once never ended, besides ctest's TIMEOUT.
void end_within(unsigned seconds);
/// The path of a file in botsim's source tree (source_path).
inline std::string source_file(const std::string& relative) { return source_path(relative); }

}  // namespace botsim::test
