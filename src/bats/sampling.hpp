#pragma once
// Fig. 3 (the sampling phase with linear regression, 2.2 and 3.2) and the implicit sampling of
// the standalone mode (2.1, Fig. 4 lines 4-6) as bookkeeping: which kind of task a machine asking
// for work gets, and what the finished sample yields. The actor picks the random tasks.
#include <optional>
#include <vector>

#include "bats/cluster.hpp"
#include "bats/estimates.hpp"
#include "bats/machine_state.hpp"
#include "bats/regression.hpp"
#include "bats/sampling_summary.hpp"

namespace botsim::bats {

/// What a machine asking for work during sampling runs next.
struct SampleAssignment {
  enum class Kind { Replicated, Sample, Nothing };
  Kind kind = Kind::Nothing;
  int replicated = -1;  // which of the nlr replicated tasks, when Kind::Replicated
};

/// Fig. 3: nlr replicated tasks run once on every cluster; the other ns - nlr sample tasks are
/// self-scheduled on whichever machine asks. Then the regression completes the sample sets.
class SamplingPhase {
 public:
  /// ns from sample_size(); initial_workers iw per cluster (3.2: 1, 4 or 7), at most Ai.
  /// Throws std::invalid_argument for bad clusters, ns < nlr, iw < 1 or a bad base.
  SamplingPhase(std::vector<Cluster> clusters, long ns, int initial_workers, int base = 0);

  /// Machines to acquire per cluster at the start (Fig. 3 lines 3-4).
  std::vector<int> initial_configuration() const;
  /// Fig. 3 lines 15-21 for a machine of `cluster` asking for work (records the dispatch).
  SampleAssignment next_task(int cluster);
  /// A dispatched task finished (Fig. 3 lines 7-13).
  void replicated_done(int replicated, int cluster, double runtime_s);
  void sample_done(int cluster, double runtime_s);
  /// A dispatched task was lost (its machine stopped): it may be handed out again.
  void replicated_lost(int replicated, int cluster);
  void sample_lost();

  /// Every replicated task finished on every cluster: the betas can be fitted.
  bool regression_ready() const;
  /// Whether the sampling still waits for a machine of `cluster`: a replicated task not yet
  /// finished there (after the regression, the intermediary cluster's one machine goes on).
  bool needs(int cluster) const;
  /// ns runtimes: nlr replicated ones and ns - nlr others.
  bool complete() const;
  /// 3.2: the most profitable cluster (least Ti * ci) on the runtimes so far, once the
  /// regression is ready; the sampling goes on with one machine of it.
  int intermediary_cluster() const;

  /// 3.2 for an idle machine asking for work: before the regression every machine may take a
  /// task; after it, the intermediary machine carries the sampling on and any other takes a
  /// task only if one of its cluster's Ti is expected to end in its paid time (the rule of
  /// marked machines, Fig. 4), else it idles to the end of its ATU.
  bool takes_task(const MachineState& machine, bool intermediary, double atu_s,
                  bool bag_empty) const;
  /// At the end of a sampling machine's ATU: it goes on only to finish a replicated task (the
  /// regression needs it on that cluster), or as the intermediary machine while the sample is
  /// incomplete; any other is released there.
  bool goes_on(bool running_replicated, bool intermediary) const;

  /// Once regression_ready(): the fit against the base cluster.
  Regression regression() const;
  /// Once regression_ready(): 2.2's complete sample set of every cluster (so far).
  std::vector<SampleSet> sample_sets() const;
  /// Ti of every cluster, the mean of its complete sample set (2.1).
  std::vector<double> ti_s() const;
  /// ns, nlr, betas, sample moments and Ti, for schedules.json.
  SamplingSummary summary() const;

  long ns() const { return ns_; }

 private:
  std::vector<Cluster> clusters_;
  long ns_;
  int initial_workers_, base_;
  std::vector<std::vector<std::optional<double>>> replicated_;  // [task][cluster] runtime
  std::vector<std::vector<bool>> dispatched_;                   // [task][cluster]
  std::vector<SampleRun> others_;
  long others_running_ = 0;
};

/// 3.2: the machine that carries the sampling on, of the intermediary `cluster`: among the live
/// machines (their clusters and the ends of their paid time), the one whose paid time ends
/// last; -1 if none (a machine is rented for it).
int intermediary_machine(const std::vector<int>& clusters, const std::vector<double>& paid_until_s,
                         int cluster);

/// The standalone mode's implicit sampling (2.1, [3]): iw machines per cluster run tasks of the
/// bag; once every cluster has finished ns of them, its sample set and Ti are known and the
/// knapsack takes over with the remaining budget.
class ImplicitSampling {
 public:
  ImplicitSampling(std::vector<Cluster> clusters, long ns, int initial_workers);
  std::vector<int> initial_configuration() const;
  void task_finished(int cluster, double runtime_s);
  bool complete() const;
  /// Whether `cluster` has finished fewer than ns tasks.
  bool needs(int cluster) const;
  /// Once complete(): every cluster's own sample set and its Ti (the mean).
  std::vector<SampleSet> sample_sets() const;
  std::vector<double> ti_s() const;

 private:
  std::vector<Cluster> clusters_;
  long ns_;
  int initial_workers_;
  std::vector<std::vector<double>> runs_;
};

}  // namespace botsim::bats
