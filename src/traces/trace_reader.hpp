#pragma once
// Job traces of the public archives (docs/traces.md): the Parallel Workloads Archive's Standard
// Workload Format (SWF, 18 fields, ';' comments) and the Grid Workloads Archive's Grid
// Workloads Format (GWF, 29 fields, '#' comments). -1 is an unknown value in both. A file whose
// first bytes are gzip's is read decompressed (the archives ship `.gz` files). No SimGrid.
#include <string>
#include <vector>

namespace botsim::traces {

enum class TraceFormat { Swf, Gwf };

/// "swf" or "gwf"; throws std::invalid_argument otherwise.
TraceFormat parse_trace_format(const std::string& text);
const char* to_string(TraceFormat format);
/// The format a file name says (`.swf`, `.gwf`, either with `.gz`), if any.
bool trace_format_of_path(const std::string& path, TraceFormat& format);

/// The most jobs a trace may hold, and the most lines a trace file may have (comments
/// included): refused beyond, before anything more is allocated. The largest archive traces
/// hold about a million jobs.
constexpr long long kMaxTraceJobs = 2000000;
constexpr long long kMaxTraceLines = 20000000;
/// The longest line read (a job line is a few hundred characters).
constexpr std::size_t kMaxTraceLineChars = 65536;
/// The longest text field of a GWF line (an ID, a platform, resource lists).
constexpr std::size_t kMaxTraceTokenChars = 1024;
/// The largest count (processors) and amount (memory, disk, network) a field may hold.
constexpr double kMaxTraceCount = 1e9;
constexpr double kMaxTraceAmount = 1e15;

/// One job: the fields of both formats, -1 (or "-1") where unknown or absent from the format.
/// Times are seconds, memory KB, disk MB, network KB/s, as the formats define them.
struct TraceJob {
  long long id = -1;
  double submit_s = -1, wait_s = -1, run_s = -1;
  long long procs = -1;  // allocated processors (SWF 5, GWF NProc)
  double avg_cpu_s = -1, used_memory_kb = -1;
  long long req_procs = -1;
  double req_time_s = -1, req_memory_kb = -1;
  int status = -1;  // 0 failed, 1 completed, 5 cancelled (2-4: SWF's partial executions)
  std::string user = "-1", group = "-1", executable = "-1", queue = "-1", partition = "-1";
  // SWF only.
  long long preceding_job = -1;
  double think_time_s = -1;
  // GWF only.
  std::string orig_site = "-1", last_run_site = "-1", job_structure = "-1",
              job_structure_params = "-1";
  double used_network_kbs = -1, used_disk_mb = -1;
  std::string used_resources = "-1", req_platform = "-1";
  double req_network_kbs = -1, req_disk_mb = -1;
  std::string req_resources = "-1", vo = "-1", project = "-1";
  long line = 0;  // where it was read, for messages

  /// Processors it used: allocated, else requested, else 1.
  long long processors() const;
};

/// The field names of a format, in order (SWF: "job number" ... "think time"; GWF: "JobID" ...
/// "ProjectID").
const std::vector<std::string>& trace_field_names(TraceFormat format);

/// Reads every job line of `path` (gzip or plain). Throws InputError "FILE:LINE: FIELD: what is
/// wrong" on a malformed line (a field missing or extra, not a number, a negative value other
/// than -1, a fraction where a whole number belongs, a value beyond its limit), and for a file
/// that cannot be read, holds no job, or is beyond kMaxTraceLines / kMaxTraceJobs.
std::vector<TraceJob> read_trace(const std::string& path, TraceFormat format);

/// The same from text already in memory (`name` stands for the file in messages): the fuzz
/// target and the unit tests.
std::vector<TraceJob> parse_trace(const std::string& text, const std::string& name,
                                  TraceFormat format);

}  // namespace botsim::traces
