#pragma once
// Section 3 (Fig. 4, 3.1): the monitored execution phase as plain logic, no SimGrid. From the
// schedule the user picked it takes the money the run may spend; at every monitoring tick it
// turns 3.1's report on the running machines into the next configuration, changing as few
// running machines as that allows. The actor feeds it machine snapshots and finished tasks.
#include <optional>
#include <string>
#include <vector>

#include "bats/budget_ledger.hpp"
#include "bats/cluster.hpp"
#include "bats/knapsack.hpp"
#include "bats/monitor.hpp"
#include "bats/reconfiguration.hpp"
#include "bats/regression.hpp"
#include "bats/schedules.hpp"
#include "bats/work_request.hpp"

namespace botsim::bats {

/// What the execution phase may spend on a schedule, and with which machines it starts.
struct ExecutionBudget {
  double budget = 0;       // what the monitor plans with (3.1's remaining budget comes from it)
  double raise = 0;        // case (a)'s raise, accepted: part of `budget`
  double cushion = 0;      // case (b)'s cushion: spent only on the rounding problem's tasks
  long cushion_tasks = 0;  // delta_n the cushion pays for (3.1: Ne <= Np + delta_n)
  Configuration config;    // the configuration to start with
};

/// The schedule as it runs, `budget` being its budget before any raise (the schedule's, or the
/// user's in all, sampling included, in the standalone mode). Case (a)'s raise is the schedule's
/// new budget (4.3: Sched3 "finds a new schedule at 0.85*Bfastest=$1633", its configuration
/// bought with that money), so the monitor plans with it; a refused raise runs the knapsack's
/// own answer for `budget`. Case (b)'s cushion stays apart, as 3.1 asks.
ExecutionBudget execution_budget(const Schedule& schedule, double budget, bool accept_cushion);

/// The machines of each cluster that go on (running, not marked), from machine snapshots.
std::vector<int> running_per_cluster(const std::vector<MachineState>& machines,
                                     std::size_t n_clusters);

/// A reconfiguration changes as few running machines as the new target allows: while the
/// target releases a running machine of cluster a and rents a new one of cluster b, it keeps
/// the running one instead when a's machines are as good as b's (no dearer, Ti at most
/// `tolerance` (relative) above b's) and the configuration still runs ne tasks in no more ATUs
/// than the target, within `money`. Clusters of equal price and speed differ only by the noise
/// of their Ti estimates, which makes the knapsack's pick between them arbitrary; a swap would
/// pay fresh ATUs for nothing (docs/bats2011.md, "Which machines a reconfiguration keeps").
std::vector<int> keep_running(std::vector<int> target, const std::vector<int>& running,
                              const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                              long ne, double money, double atu_s, double tolerance);

/// What the samples cannot tell apart: the largest relative standard error of a cluster's mean
/// task time, sigma / (mu sqrt(ns)) over its sample set (2.7 % for the paper's bags of
/// N(15 min, 5 min^2) and ns = 30).
double speed_tolerance(const std::vector<ClusterStats>& stats);

/// The end game (not in the paper, whose conclusion leaves "the tail phase" to future work):
/// whether the `others` (unmarked) machines are expected to complete all `tasks_in_bag` tasks
/// before `machine` would complete one of them, each in its cluster's Ti (`ti_s`), a running
/// task's rest taken as Ti less its elapsed time (at least 0); a tie goes to `machine`. Such
/// a machine is outpaced: a task it took now would end after the bag's last on the others
/// (docs/bats2011.md, "The end game").
bool outpaced(const MachineState& machine, const std::vector<MachineState>& others,
              const std::vector<double>& ti_s, long tasks_in_bag);

/// Several busy machines whose paid time ends at this same instant, with money for only some
/// of their next ATUs: the money goes first to the cheapest ATU, then to the task expected
/// (Ti less elapsed) to end first, so that it keeps the most running tasks (a task whose
/// machine is not paid is lost with the work it did). Whether `machine` is paid from `money`:
/// what is left of it after the next ATUs of the `others` (running, unmarked, paid time ending
/// now) that come strictly before it (docs/bats2011.md, "Who is paid at a common ATU end").
bool paid_first(const MachineState& machine, const std::vector<MachineState>& others,
                const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                double money);

/// A task that is expected (Ti) to end within `machine`'s paid time, but may overrun it (Ti +
/// z sigma does not fit, z the one-sided quantile of the run's confidence) into an ATU nobody
/// will pay, is left to the others when their paid time holds every task of the bag at that
/// margin (each other machine: as many tasks of Ti after its running task's rest, the first
/// with the margin, as its paid time left holds). A task lost at an ATU's end is lost with its
/// work; one kept in the bag runs on a machine with room.
bool better_left_to_others(const MachineState& machine, const std::vector<MachineState>& others,
                           const std::vector<double>& ti_s, const std::vector<double>& sigma_s,
                           double z, long tasks_in_bag);

/// Whether a plan changes the machine set (a reconfiguration that changes nothing is none).
bool changes_machines(const ReconfigurationPlan& plan);

/// The rules botsim adds to the execution phase of Fig. 4 and section 3.1 (docs/bats2011.md,
/// "Rules botsim adds"), and replica_wait to the LR sampling's (Fig. 3), each with its own
/// switch; paper() turns all of them off: the algorithm as printed.
struct ExecutionRules {
  bool end_game = true;               // outpaced() machines wait and are released
  bool wait_for_unpaid = true;        // no task into an ATU the money left cannot pay
  bool better_left_to_others = true;  // ... nor one that may overrun into it (Ti + z sigma)
  bool paid_first = true;             // at a common ATU end, the money keeps the most tasks
  bool keep_running = true;           // a reconfiguration keeps running machines as good
  bool knapsack_fallback = true;      // no configuration fits: cushion, keep, or one machine
  bool replica_wait = true;           // (LR sampling) a booting machine waits for its replicas
  static ExecutionRules paper() { return {false, false, false, false, false, false, false}; }
  bool operator==(const ExecutionRules& o) const {
    return end_game == o.end_game && wait_for_unpaid == o.wait_for_unpaid &&
           better_left_to_others == o.better_left_to_others && paid_first == o.paid_first &&
           keep_running == o.keep_running && knapsack_fallback == o.knapsack_fallback &&
           replica_wait == o.replica_wait;
  }
};

/// The execution phase's money and knowledge: the ledger, the clusters' statistics (Ti's
/// moving average, 2.1) and the monitor's decisions (3.1).
class MonitoredExecution {
 public:
  /// `ledger` holds what was already paid from the user's budget (the standalone sampling); it
  /// is replaced by one of `money`'s budget and cushion with that payment carried over.
  MonitoredExecution(std::vector<Cluster> clusters, double atu_s, Schedule schedule,
                     const ExecutionBudget& money, std::vector<ClusterStats> stats,
                     double already_spent);

  const Schedule& schedule() const { return schedule_; }
  const ExecutionBudget& money() const { return money_; }
  BudgetLedger& ledger() { return ledger_; }
  const BudgetLedger& ledger() const { return ledger_; }
  long reconfigurations() const { return reconfigurations_; }

  /// A task of the execution phase finished on `cluster` in runtime_s (Ti's moving average).
  void task_done(int cluster, double runtime_s);
  /// Ti per cluster from the finished tasks (no running task counted): Fig. 4's work request.
  std::vector<double> ti_s() const;

  /// The configuration the execution starts with on the sampling's machines: the schedule's,
  /// keeping running machines as keep_running() does for a reconfiguration.
  std::vector<int> first_target(const std::vector<MachineState>& machines, long n_tasks) const;
  /// Money the running tasks commit: the next ATU of every unmarked machine whose running task
  /// is expected (Ti) to end after its paid time (3.1's tau_e cost, as the ledger will meet it).
  double committed(const std::vector<MachineState>& machines) const;
  /// Fig. 4 lines 23-28 for `machine` asking for work, `others` the other active machines. An
  /// unmarked machine does not start a task expected to run into an ATU that the money left
  /// after the others' commitments cannot pay: it waits (the task would be lost when the ledger
  /// stops the machine at its ATU's end, and its paid time with it).
  /// With the end game on, a machine outpaced() by the others waits too.
  MachineAction work_request(const MachineState& machine, const std::vector<MachineState>& others,
                             long tasks_in_bag) const;
  /// Whether a machine at the end of its ATU goes on into the next: with a running task, when
  /// the ledger pays it; idle, only when the money left after the others' commitments does,
  /// and (end game on) when the others do not outpace it.
  bool goes_on(const MachineState& machine, bool busy, const std::vector<MachineState>& others,
               long tasks_in_bag) const;
  /// Turns the end game on (the default) or off (Fig. 4 as printed).
  void set_end_game(bool on) { rules_.end_game = on; }
  /// The rules botsim adds, each on or off (ExecutionRules::paper(): Fig. 4 as printed).
  void set_rules(const ExecutionRules& rules) { rules_ = rules; }
  const ExecutionRules& rules() const { return rules_; }
  /// The run's confidence level alpha (2.1): a task whose end at Ti + z sigma (z one-sided for
  /// alpha) overruns a paid time nobody will extend is left to machines with room.
  void set_confidence(double alpha);
  /// 3.1 on the running machines: the report of monitor() on them.
  MonitorReport report(const std::vector<MachineState>& machines, long tasks_in_bag) const;
  /// The configuration to move to after `report`, or none to keep the machines. `gone` marks
  /// the clusters that will never deliver a machine again.
  std::optional<std::vector<int>> target(const MonitorReport& report,
                                         const std::vector<MachineState>& machines,
                                         const std::vector<bool>& gone) const;
  /// A plan was carried out: counted when it changes the machine set.
  void reconfigured(const ReconfigurationPlan& plan);
  /// The same, for a plan carried out `at_s` from the start of the execution, with
  /// `tasks_left` tasks not done, to the `target` configuration: one that changes the machine
  /// set also replans the expected makespan, at_s + tasks_left over the target's speed (Te's
  /// formula, 2.3, from now), with Ti `ti_s`.
  void reconfigured(const ReconfigurationPlan& plan, double at_s, const std::vector<int>& target,
                    long tasks_left, const std::vector<double>& ti_s);
  /// The expected makespan of the last plan that changed the machines; none without one.
  std::optional<double> replanned_makespan_s() const { return replanned_makespan_s_; }
  /// 3.1's possible budget violation signal (the monitor decided to reconfigure), `at_s` from
  /// the start of the execution: counted, with the time of the first (Fig. 7's condition).
  void signalled(double at_s);
  long signals() const { return signals_; }
  std::optional<double> first_signal_s() const { return first_signal_s_; }

 private:
  /// The cluster whose machine does a task for the least money (Ti x price), among those not
  /// gone whose ATU `money` pays; -1 if none.
  int most_profitable(const std::vector<double>& ti_s, double money,
                      const std::vector<bool>& gone) const;

  std::vector<Cluster> clusters_;
  double atu_s_;
  Schedule schedule_;
  ExecutionBudget money_;
  BudgetLedger ledger_;
  std::vector<ClusterStats> stats_;
  double tolerance_;             // speed_tolerance() of the sample sets
  std::vector<double> sigma_s_;  // each cluster's sample standard deviation
  double z_ = 0;                 // one-sided quantile of the run's confidence
  ExecutionRules rules_;
  long reconfigurations_ = 0;
  long signals_ = 0;
  std::optional<double> first_signal_s_;
  std::optional<double> replanned_makespan_s_;
};

}  // namespace botsim::bats
