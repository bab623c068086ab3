#pragma once
// Section 2.1 and 2.3: run-time estimates per cluster (the sample's tail for unfinished tasks,
// Ti as a modified cumulative moving average) and the bag's makespan and budget estimates.
#include <vector>

#include "bats/cluster.hpp"

namespace botsim::bats {

/// The ordered run times of a cluster's sample set (2.1), in seconds.
class SampleSet {
 public:
  SampleSet() = default;
  /// Throws std::invalid_argument on an empty sample or a negative or non-finite time.
  explicit SampleSet(std::vector<double> runtimes_s);

  /// tau_je of 2.1 for a task running for `elapsed_s`: the mean of the sample times greater
  /// than elapsed_s, sum_{k..n} tau_k / (n - k + 1) with tau_k > tau_j. A task that already
  /// ran longer than every sample task is estimated at its elapsed time (botsim's reading).
  double tail_estimate(double elapsed_s) const;

  const std::vector<double>& sorted() const { return sorted_; }
  double sum() const { return sum_; }
  long size() const { return static_cast<long>(sorted_.size()); }
  bool empty() const { return sorted_.empty(); }

 private:
  std::vector<double> sorted_;
  std::vector<double> suffix_sum_;  // suffix_sum_[k] = sum of sorted_[k..]
  double sum_ = 0;
};

/// What BaTS knows of a cluster's tasks (2.1).
struct ClusterStats {
  SampleSet sample;      // the cluster's complete sample set, for tau_e
  double rt_done_s = 0;  // rt_done: run time of finished tasks, the sample's included
  long tasks_done = 0;   // finished tasks, the sample's included
};

/// Ti of 2.1, the modified cumulative moving average:
/// Ti = (sum over running tasks of tau_ke + rt_done) / (tasks_running + tasks_done),
/// with rt_done the total run time of the tasks_done finished ones.
/// Throws std::invalid_argument when there is no task at all or rt_done < 0.
double modified_cma(double rt_done_s, long tasks_done, const std::vector<double>& running_tau_e_s);

/// The same, estimating each running task's tau_je from the cluster's sample by its elapsed time.
double cluster_ti(const SampleSet& sample, double rt_done_s, long tasks_done,
                  const std::vector<double>& running_elapsed_s);

/// Te of 2.3: N / sum(ai / Ti), in seconds (infinite when no machine is allocated).
double makespan_estimate(long n_tasks, const std::vector<int>& machines,
                         const std::vector<double>& ti_s);

/// Be of 2.3: ceil(Te / ATU) * sum(ai * ci).
double budget_estimate(long n_tasks, const std::vector<int>& machines,
                       const std::vector<double>& ti_s, const std::vector<Cluster>& clusters,
                       double atu_s);

/// ceil(x) that absorbs floating-point noise just above an integer (1e-9 relative): the ATU
/// counts of 2.3 land exactly on integers in hand-made cases.
long ceil_count(double x);

}  // namespace botsim::bats
