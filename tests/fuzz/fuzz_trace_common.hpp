#pragma once
// What the two trace fuzz targets (fuzz_swf, fuzz_gwf) check: a trace, plain or gzip, is read
// into jobs whose fields keep their limits, or refused with one InputError naming the file;
// its bags hold every kept job once.
#include <cmath>
#include <string>

#include "core/error.hpp"
#include "core/units.hpp"
#include "fuzz_support.hpp"
#include "traces/bags.hpp"
#include "traces/trace_reader.hpp"

namespace botsim::fuzz {

inline void check_trace(const std::uint8_t* data, std::size_t size, traces::TraceFormat format) {
  using namespace botsim::traces;
  const std::string text = text_of(data, size);
  std::vector<TraceJob> jobs;
  try {
    jobs = read_trace(write_scratch(data, size), format);  // gzip when the bytes say so
  } catch (const InputError&) {
    return;
  }
  for (const auto& j : jobs) {
    check(j.id >= 0 && j.submit_s >= 0 && j.submit_s <= kHorizonS, "bad id or submit time", text);
    check(j.run_s == -1 || (j.run_s >= 0 && j.run_s <= kHorizonS), "bad run time", text);
    check(j.processors() >= 1 && j.processors() <= kMaxTraceCount, "bad processors", text);
    check(j.status >= -1 && j.status <= 5, "bad status", text);
    check(std::isfinite(job_work_s(j)) && job_work_s(j) > 0, "bad work", text);
  }
  BagOptions options;
  long long left_out = 0;
  size_t kept = 0;
  for (const auto& b : identify_bags(jobs, options, &left_out)) {
    check(!b.jobs.empty() && b.index >= 1, "empty bag", text);
    kept += b.jobs.size();
  }
  check(kept + static_cast<size_t>(left_out) == jobs.size(), "a job lost or counted twice", text);
}

}  // namespace botsim::fuzz
