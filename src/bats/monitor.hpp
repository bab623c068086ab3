#pragma once
// Section 3.1: monitoring the execution phase. A pure function of a snapshot of the run
// (machines, per-cluster statistics, the bag, the budget left) computes up_e, v, delta, ft, eta,
// Ne and Np, and decides to keep the configuration or to reconfigure through the knapsack with
// the remaining budget.
#include <cstddef>
#include <optional>
#include <vector>

#include "bats/cluster.hpp"
#include "bats/estimates.hpp"
#include "bats/knapsack.hpp"
#include "bats/machine_state.hpp"

namespace botsim::bats {

/// 3.1: "a (small) fraction of the ATU, but at least equal to 5 minutes": max(300 s,
/// fraction * ATU). Throws std::invalid_argument unless 0 < fraction <= 1 and ATU > 0.
double monitoring_interval_s(double atu_s, double fraction = 1.0 / 12);

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

}  // namespace botsim::bats
