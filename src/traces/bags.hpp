#pragma once
// Bags of tasks in a job trace (Iosup et al., HPDC 2008): the jobs one user submits, each
// within Δ of that user's previous submission, form one bag. No SimGrid.
#include <optional>
#include <string>
#include <vector>

#include "traces/trace_reader.hpp"

namespace botsim::traces {

/// Iosup et al.'s Δ: 120 s.
constexpr double kDefaultBagDelta = 120;

struct BagOptions {
  double delta_s = kDefaultBagDelta;   // a job within Δ of its user's previous one joins its bag
  std::optional<double> from_s, to_s;  // only jobs submitted in [from, to]
  std::vector<std::string> users;      // only these users (empty: every user)
  long long min_tasks = 1;             // only bags of at least this many tasks
};

struct Bag {
  std::string user;
  long long index = 0;       // the user's bag number, from 1, counting every bag of the user
                             // (in the window) whatever its size
  std::vector<size_t> jobs;  // positions in the trace, in submission order
  double submit_s = 0;       // its first job's submission
};

/// The bags of `jobs` that the options keep, ordered by submission (then user, then number).
/// Jobs whose run time is unknown (-1) hold no work and are left out before the rule is
/// applied, as are jobs of an unknown user ("-1"): `left_out`, when given, counts both.
std::vector<Bag> identify_bags(const std::vector<TraceJob>& jobs, const BagOptions& options,
                               long long* left_out = nullptr);

/// A job's work in seconds on one processor: its run time times the processors it used
/// (TraceJob::processors); a run time of 0 (under half a second in the logs) counts as 0.5 s.
double job_work_s(const TraceJob& job);

/// "A..B" (durations: 3600, 90min, 48h; either side may be empty) into [from, to]; throws
/// std::invalid_argument.
void parse_window(const std::string& text, BagOptions& options);

}  // namespace botsim::traces
