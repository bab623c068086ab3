#pragma once
// The auction model's record of shares (bids.csv) against the executions (tasks.csv): the work
// that the recorded shares give each task attempt, to compare with its length.
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace botsim::test {

/// A row of bids.csv: `share` of `resource` for `user` over the auction period from `time_s`.
struct RecordedShare {
  double time_s = 0;
  std::string resource, user;
  double share = 0;
};
/// A task attempt of tasks.csv that ended.
struct RanTask {
  std::string user, host;
  double start_s = 0, end_s = 0;
};

/// For each task, in MI: the integral over its run [start_s, end_s] of its user's recorded share
/// of its host (held for one auction period of `period_s` from each row's time, 0 in a period
/// without a row) times the host's capability (`mips` by host: PEs x MIPS per PE).
std::vector<double> recorded_work(const std::vector<RanTask>& tasks,
                                  const std::vector<RecordedShare>& shares,
                                  const std::map<std::string, double>& mips, double period_s);

/// For each resource and user, in MI: the work that bids.csv's `received` column gives the
/// user's tasks there, the sum over its rows (`share` holding `received`) of received x the
/// resource's capability (`mips`) x `period_s`.
std::map<std::pair<std::string, std::string>, double> received_work(
    const std::vector<RecordedShare>& received, const std::map<std::string, double>& mips,
    double period_s);

}  // namespace botsim::test
