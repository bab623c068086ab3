#pragma once
// A phase of a BaTS run as the master drives it (docs/bats2011.md, "The actor and its phases").
// The master is the mechanism: it keeps the inbox, the timers and the bag's progress, and hands
// every event to the phase in charge, which decides (the policy, as a WRENCH BatchScheduler's
// callbacks do) and acts on the machines through the MachineFleet; its answer says whether the
// master goes on, hands over to the next phase or stops the user. The sampling
// (SamplingDriver) and the execution (ExecutionDriver) are phases; Stopped is the one in charge
// once the user has stopped. No SimGrid.
#include <string>
#include <variant>

#include "bats/machine_fleet.hpp"

namespace botsim::bats {

/// Why a phase has the user stop with its bag undone: a user_status and the reason.
struct Stop {
  const char* status;
  std::string reason;
};
/// The phase goes on.
struct GoOn {};
/// The phase's work is done (the sample is complete): the next phase takes over.
struct PhaseOver {};
/// What the master does after a phase has handled an event.
using Next = std::variant<GoOn, PhaseOver, Stop>;

class Phase {
 public:
  using Instance = MachineFleet::Instance;
  virtual ~Phase() = default;

  /// Hands a task to each machine asking for work (or releases it).
  virtual void dispatch() = 0;
  /// A task finished on a machine of `cluster` in `runtime_s`; `replicated`: which of Fig. 3's
  /// replicated tasks it was, or -1.
  virtual Next task_done(int cluster, int replicated, double runtime_s) = 0;
  /// A task lost with its machine (`replicated` as above) goes back where the phase wants it.
  virtual void task_lost(long task, int cluster, int replicated) = 0;
  /// Whether `inst` goes on into its next ATU, which the fleet then pays if the money allows;
  /// `busy`: it runs a task. Else it is released at the end of its paid time.
  virtual bool goes_on(const Instance& inst, bool busy) const = 0;
  /// The provider refused a machine (its first ATU refunded already); `gone`: its cluster's
  /// hosts have all failed for good (the fleet marks it), for `reason`.
  virtual Next machine_refused(const std::string& reason, bool gone) = 0;
  /// A machine stopped (`failed`: not asked to), with `tasks_left` tasks of the bag not done.
  virtual Next machine_stopped(bool failed, long tasks_left) = 0;
  /// Whether the monitoring tick has anything to look at now (else the ticker sleeps).
  virtual bool monitoring() const = 0;
  /// The monitoring tick (3.1), with `tasks_left` tasks of the bag not done.
  virtual Next tick(long tasks_left) = 0;
};

/// In charge once the user has stopped (its bag done or not): the machines finish what they
/// were stopped for, none goes on into another ATU, nothing is handed out or planned.
class Stopped final : public Phase {
 public:
  void dispatch() override {}
  Next task_done(int, int, double) override { return GoOn{}; }
  void task_lost(long, int, int) override {}
  bool goes_on(const Instance&, bool) const override { return false; }
  Next machine_refused(const std::string&, bool) override { return GoOn{}; }
  Next machine_stopped(bool, long) override { return GoOn{}; }
  bool monitoring() const override { return false; }
  Next tick(long) override { return GoOn{}; }
};

}  // namespace botsim::bats
