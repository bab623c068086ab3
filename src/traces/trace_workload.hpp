#pragma once
// A deployment's user that names a trace as its workload (`workload="log.swf"`): one bag of it,
// chosen by props (docs/traces.md). No SimGrid.
#include <string>
#include <vector>

namespace botsim {
class PropReader;
}

namespace botsim::traces {

/// The reference speed a trace job's run time is turned into MI at (grid models), MIPS.
constexpr double kDefaultReferenceMips = 1000;

/// Whether the actor's `workload` is a trace: `trace_format` is given, or the file is named
/// `.swf` or `.gwf` (either with `.gz`).
bool names_trace(const PropReader& props);

/// The task sizes of the bag that `trace_user` (required), `trace_bag` (default 1: the user's
/// first) and `trace_delta` (default 120s) choose in the trace `workload` (relative to
/// `base_dir`), read as `trace_format` (default: by the file's name). `mi`: sizes in MI at
/// `trace_mips` (default kDefaultReferenceMips), else seconds. Every problem is the prop's
/// error, or the trace's FILE:LINE one.
std::vector<double> read_trace_workload(const PropReader& props, const std::string& base_dir,
                                        const std::string& size_key, bool mi);

}  // namespace botsim::traces
