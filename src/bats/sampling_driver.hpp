#pragma once
// The sampling phase as the BaTS master runs it on its machines (docs/bats2011.md, "Phases"):
// Fig. 3's LR sampling (nlr replicated tasks on every cluster, the other sample tasks to
// whoever asks, then one machine of the intermediary type carries it on, 3.2) or the standalone
// mode's implicit sampling (2.1: iw machines per cluster run tasks of the bag). The master's
// first Phase: it hands tasks to the machines asking for work, says which machines go on at
// their ATU's end, asks again for the machines it still needs after failures, and yields the
// sample's estimates once its work is done.
#include <deque>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "bats/bats_params.hpp"
#include "bats/machine_fleet.hpp"
#include "bats/phase.hpp"
#include "bats/sampling.hpp"

namespace botsim::bats {

/// What a complete sample tells: for schedules.json, and each cluster's statistics (2.1).
struct SamplingResult {
  SamplingSummary summary;
  std::vector<ClusterStats> stats;
};

class SamplingDriver final : public Phase {
 public:
  /// Its ATUs are paid apart (Table 1's S), in the standalone mode with a budget from that.
  SamplingDriver(const BatsParams& params, MachineFleet& fleet, std::deque<long>& bag);
  SamplingDriver(const SamplingDriver&) = delete;
  SamplingDriver& operator=(const SamplingDriver&) = delete;

  /// Fig. 3 lines 2-4: picks the replicated tasks (LR) and rents the initial machines.
  void start();
  /// Hands a task to each machine asking for work (Fig. 3 lines 15-21; implicit: the bag's).
  void dispatch() override;
  /// A sample task (`replicated`: which replicated one, or -1) finished on a machine of
  /// `cluster`: the phase is over once every cluster's sample is complete; a stop if the
  /// sampling cannot go on.
  Next task_done(int cluster, int replicated, double runtime_s) override;
  /// Every cluster's sample is complete.
  bool complete() const;
  /// Whether `inst` goes on into its next ATU (3.2); `busy`: it runs a task.
  bool goes_on(const Instance& inst, bool busy) const override;
  /// A task lost with a machine of `cluster` (`replicated`: which replicated one, or -1).
  void task_lost(long task, int cluster, int replicated) override;
  /// The provider refused a machine: asked for again at the next monitoring tick, not at once
  /// (the provider would refuse it again at once while its hosts are unavailable). A cluster
  /// `gone` for good stops the user: the sampling asked for the machine because it needs it.
  Next machine_refused(const std::string& reason, bool gone) override;
  /// A machine stopped (`failed`: not asked to); a stop if the sampling cannot go on.
  Next machine_stopped(bool failed, long tasks_left) override;
  /// Whether the monitoring tick has anything to look at: machines failed or were refused.
  bool monitoring() const override { return failures_; }
  /// The monitoring tick: the machines the sampling still needs are asked for again.
  Next tick(long tasks_left) override;

  /// Once complete(): the sample's estimates (2.1, 2.2), or the stop when the regression fails
  /// (no slope). Table 1's S is then fixed.
  std::variant<SamplingResult, Stop> conclude();
  /// Table 1's S: the ATUs the sampling paid.
  double spent() const;
  /// The user's budget, when it pays the sampling (the standalone mode with a budget).
  const std::optional<BudgetLedger>& budget() const { return ledger_; }

 private:
  /// 3.2 after the regression: one machine of the intermediary type runs the rest.
  std::optional<Stop> carry_on();
  /// Asks for a machine of each cluster the sampling still needs and has none of (they
  /// failed); true if any machine is left or coming.
  bool resume();
  /// The user stops: no money for a machine the sampling needs.
  static Stop out_of_budget();

  const BatsParams& params_;
  MachineFleet& fleet_;
  std::deque<long>& bag_;
  std::optional<SamplingPhase> lr_;           // Fig. 3
  std::optional<ImplicitSampling> implicit_;  // the standalone mode
  std::optional<BudgetLedger> ledger_;        // the standalone mode's budget, if given
  std::vector<long> replicated_tasks_;        // the nlr tasks run on every cluster (Fig. 3)
  std::string intermediary_;  // the machine that carries the sampling on after the LR (3.2)
  bool failures_ = false;     // a machine failed or was refused
  double spent_from_budget_ = 0;
};

}  // namespace botsim::bats
