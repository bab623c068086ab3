#pragma once
// Section 3.1: monitoring the execution phase. A pure function of a snapshot of the run
// (machines, per-cluster statistics, the bag, the budget left) computes up_e, v, delta, ft, eta,
// Ne and Np, and decides to keep the configuration or to reconfigure through the knapsack with
// the remaining budget. Plus which machines to mark when a configuration shrinks, what a machine
// asking for work does (Fig. 4), and the ledger that keeps the run within its budget.
#include <cstddef>
#include <optional>
#include <vector>

#include "bats/cluster.hpp"
#include "bats/estimates.hpp"
#include "bats/knapsack.hpp"

namespace botsim::bats {

/// 3.1: "a (small) fraction of the ATU, but at least equal to 5 minutes": max(300 s,
/// fraction * ATU). Throws std::invalid_argument unless 0 < fraction <= 1 and ATU > 0.
double monitoring_interval_s(double atu_s, double fraction = 1.0 / 12);

/// One active machine, as the master sees it (3.1).
struct MachineState {
  int cluster = 0;
  long tasks_done = 0;           // nt_mj
  double busy_s = 0;             // rt_mj: run time of its finished tasks
  double uptime_s = 0;           // up_mj: since it was requested (billing starts then)
  bool running = false;          // runs a task now
  double running_elapsed_s = 0;  // tau: how long that task has run
  bool marked = false;           // to be released at the end of its current ATU
  // Paid time left (its paid ATUs' end less uptime_s), when the master tells it: 0 while the
  // ATU just ended is not paid yet. Unset: unknown, no claim on the money at an ATU's end.
  std::optional<double> paid_left_s{};
};

/// What BaTS knows of a cluster's tasks (2.1).
struct ClusterStats {
  SampleSet sample;      // the cluster's complete sample set, for tau_e
  double rt_done_s = 0;  // rt_done: run time of finished tasks, the sample's included
  long tasks_done = 0;   // finished tasks, the sample's included
};

struct MonitorState {
  std::vector<Cluster> clusters;
  double atu_s = 3600;
  std::vector<ClusterStats> stats;     // one per cluster
  std::vector<MachineState> machines;  // the active ones
  long tasks_in_bag = 0;   // Nr: tasks not handed out yet (a preempted task is back in it)
  double budget_left = 0;  // budget minus money charged so far (current ATUs paid), no cushion
  long cushion_tasks = 0;  // delta_n an accepted cushion pays for; 0 without a cushion
};

/// The 3.1 quantities of one machine.
struct MachineEstimate {
  double tau_e = 0;        // estimated run time of its running task (2.1's tail estimate)
  double up_e = 0;         // up + (tau_e - tau)
  double v = 0;            // (nt + 1) / (rt + tau_e), tasks per second
  double delta = 0;        // ATU - up_e mod ATU
  long ft = 0;             // floor(delta * v)
  double eta = 0;          // delta - ft / v: the useful tail of the current ATU
  long extra_atus = 0;     // ATUs the running task will take it into (charged when entered)
  double next_atu_s = 0;   // from now to the start of its first ATU after up_e's
  long nr = 0;             // ATUs of the plan left to it after up_e's ATU (atus_funded)
  long np = 0;             // floor((nr * ATU + eta) * v)
  bool preempted = false;  // marked, and its task cannot finish in the paid time
};

enum class Decision { Keep, KeepCushion, Reconfigure };
const char* to_string(Decision d);

struct MonitorReport {
  std::vector<double> ti_s;               // Ti per cluster (2.1)
  std::vector<MachineEstimate> machines;  // as MonitorState::machines
  long ne = 0;                            // Nr - sum ft (+ preempted tasks)
  long np = 0;                            // sum np
  double committed = 0;                   // money for the ATUs running tasks will enter
  double budget_for_plan = 0;             // budget_left - committed
  long atus_planned = 0;                  // sum of nr
  Decision decision = Decision::Keep;
  Configuration target;  // the new configuration when Reconfigure
};

/// 3.1's nr for every machine that goes on: the money left funds the machines' next ATUs one
/// by one in the order they start (as the ledger will pay them when they are entered). Machine
/// j's ATUs start at next_start_s[j] + k ATU (k = 0, 1, ...) and cost price[j]; the first one
/// the money cannot pay stops the machine (it is released there), while the others go on.
/// Returns the ATUs funded per machine. Throws std::invalid_argument on a malformed input.
std::vector<long> atus_funded(const std::vector<double>& next_start_s,
                              const std::vector<double>& price, double money, double atu_s);

/// 3.1 on a snapshot. Throws std::invalid_argument on a malformed state.
MonitorReport monitor(const MonitorState& state);

/// What changes when the configuration becomes `target`: machines of a cluster over its target
/// are marked (those whose current ATU ends first), marked ones are kept again before new ones
/// are acquired.
struct ReconfigurationPlan {
  std::vector<int> acquire;         // per cluster
  std::vector<std::size_t> mark;    // indices into machines
  std::vector<std::size_t> unmark;  // indices into machines
};
ReconfigurationPlan plan_reconfiguration(const std::vector<MachineState>& machines,
                                         const std::vector<int>& target, double atu_s);

/// The uptime at which the ATU a machine is in at `uptime_s` ends (an ATU is entered, and
/// paid, at its start: at k ATU the machine is in ATU k + 1).
double current_atu_end_s(double uptime_s, double atu_s);

enum class MachineAction { TakeTask, Wait, Release };
/// Fig. 4 lines 23-28 for a machine asking for work: an unmarked machine takes a task (or waits
/// for one to come back to an empty bag); a marked one takes a task only if one of Ti seconds is
/// expected to end within its paid ATU, else it is released (it is paid until the ATU's end;
/// stopping it earlier or then costs the same).
MachineAction on_work_request(const MachineState& machine, double ti_s, double atu_s,
                              bool bag_empty);

/// The hard budget guarantee: an ATU is charged when a machine enters it, and the actor asks
/// can_pay() first; a machine whose next ATU cannot be paid is released at the end of the
/// current one. So spent() never exceeds budget + cushion.
class BudgetLedger {
 public:
  /// Throws std::invalid_argument for a negative or non-finite budget or cushion.
  explicit BudgetLedger(double budget, double cushion = 0);
  bool can_pay(double amount) const;
  /// Throws std::logic_error when the amount cannot be paid (ask can_pay first).
  void pay(double amount);
  /// Gives back a payment for an ATU that was never delivered (the provider refused the
  /// machine). Throws std::logic_error for more than was spent or a negative amount.
  void refund(double amount);
  double spent() const { return spent_; }
  /// Budget left without the cushion (the knapsack's remaining budget, 3.1); >= 0.
  double left() const;
  double left_with_cushion() const;

 private:
  double budget_, cushion_, spent_ = 0;
};

}  // namespace botsim::bats
