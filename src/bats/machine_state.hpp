#pragma once
// One machine as the BaTS master sees it (3.1's snapshot) and the ATUs it is in: an ATU is
// charged when the machine enters it (at its request, then every ATU). No SimGrid.
#include <optional>

namespace botsim::bats {

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

/// The ATU a machine is in at uptime `uptime_s`: the k-th covers [(k-1) ATU, k ATU); it is
/// charged on entry, so at k ATU the machine has entered (and paid) ATU k + 1.
long atu_index(double uptime_s, double atu_s);
/// The uptime at which the ATU a machine is in at `uptime_s` ends (an ATU is entered, and
/// paid, at its start: at k ATU the machine is in ATU k + 1).
double current_atu_end_s(double uptime_s, double atu_s);

}  // namespace botsim::bats
