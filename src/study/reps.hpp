#pragma once
// `botsim run ... --reps N`: one scenario with seeds seed, seed+1, ..., each a separate
// `botsim run` process, and the mean and deviation of every user's results.
#include <string>
#include <vector>

namespace botsim::study {

struct RepsOptions {
  std::string platform, deployment;
  unsigned long long seed = 1;
  int reps = 2;
  int jobs = 1;
  std::string out_dir;               // DIR: DIR/seed-<s>/ per run, DIR/reps.csv
  std::vector<std::string> sets;     // ACTOR.PROP=VALUE, as --set gives them
  std::vector<std::string> sg_args;  // --cfg=... and --log=..., for SimGrid
  std::vector<std::string> plugin_args;  // --plugin FILE ..., --policy-timeout S: for each run
  std::string log_level = "warn";
  bool default_out_dir = false;  // DIR is the default one: mark it (mark_default_out_dir)
  bool fresh = false;            // redo every run, even those an interrupted command finished
};

/// Checks the scenario once (`botsim validate`; InputError with its message) and the output
/// path (check_output_dir), runs the replications into DIR.work/seed-<s>/, then puts them with
/// DIR/reps.csv (per user and metric: n, mean, sd, 95 % confidence interval) in DIR's place, and
/// returns the table to print. Interrupted (Interrupted), DIR.work/ keeps the finished runs:
/// the same command resumes from them (unless `fresh`).
std::string run_reps(const RepsOptions& opts);

}  // namespace botsim::study
