#pragma once
// The BaTS master's machines, shared by its phases: what it knows of each instance it rents
// (cluster, paid ATUs, marked, tasks done), their snapshots for the monitor (3.1), and renting,
// paying and releasing them with the money of the phase in charge: the sampling's ATUs paid
// apart (Table 1's S) or a ledger (the budget guarantee). A machine's ATUs are counted and paid
// from its start request, as the provider bills them, booting or not (docs/bats2011.md, "Where
// a run ends"). The simulation is behind a FleetBackend.
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "bats/budget_ledger.hpp"
#include "bats/fleet_backend.hpp"
#include "bats/machine_state.hpp"

namespace botsim::bats {

/// What the master knows of one machine (an instance), besides the pool's view.
struct Machine {
  int cluster = 0;
  bool marked = false;
  long tasks_done = 0;
  double busy_s = 0;
  double requested_s = 0;   // its start request: the provider bills its ATUs from then
  long paid_atus = 0;       // ATUs paid so far (the first at the request)
  int replicated = -1;      // the replicated task (Fig. 3) it runs, -1 if none
  bool paid_apart = false;  // its first ATU was the sampling's, paid apart (Table 1's S)
};

/// Takes the task at the front of the bag (the phases share one bag, in random order).
inline long take_task(std::deque<long>& bag) {
  const long task = bag.front();
  bag.pop_front();
  return task;
}

class MachineFleet {
 public:
  using Instance = cloud::InstancePool::Instance;
  /// Where a task lost with its machine goes (the phase in charge decides): the task, the
  /// machine's cluster and the replicated task it was (Fig. 3), or -1.
  using GiveBack = std::function<void(long task, int cluster, int replicated)>;

  /// `types`, one per cluster, must outlive the fleet (instances point to them).
  MachineFleet(FleetBackend& backend, std::string user,
               const std::vector<cloud::InstanceType>& types, double atu_s, GiveBack give_back);
  MachineFleet(const MachineFleet&) = delete;
  MachineFleet& operator=(const MachineFleet&) = delete;

  /// ATUs are paid from `ledger` from now on; with none, apart (the sampling's, Table 1's S).
  void pay_from(BudgetLedger* ledger) { ledger_ = ledger; }
  /// The ATUs paid apart, less the refunds of machines never delivered.
  double spent_apart() const { return spent_apart_; }

  std::map<std::string, Instance>& live() { return backend_.live(); }
  const Machine& machine(const std::string& name) const { return machines_.at(name); }
  Machine& machine(const std::string& name) { return machines_.at(name); }
  double now() const { return backend_.now(); }
  double atu_s() const { return atu_s_; }
  double price(int cluster) const { return types_.at(static_cast<std::size_t>(cluster)).price; }
  std::size_t clusters() const { return types_.size(); }
  /// The machines it counts: requested and not yet refused or stopped.
  std::size_t size() const { return machines_.size(); }
  /// Clusters none of whose hosts will come back (InstanceRefused::for_good).
  const std::vector<bool>& gone() const { return gone_; }
  bool all_gone() const;

  /// A ready machine, not being stopped, without a task: it asks for work (Fig. 4).
  static bool asks_for_work(const Instance& inst);
  /// When `inst`'s paid ATUs end for the master, counted from its start request: the stop lead
  /// before the provider's end, so that a stop sent then reaches the provider in paid time.
  double paid_until_s(const Instance& inst) const;
  /// A stop sent `lead_s` before an ATU's end reaches the provider within it (the longest
  /// delay seen to and from the provider, InstancePool::control_delay_s). A longer lead than
  /// before watches every live machine's ATU end again, at the earlier time; returns whether
  /// it grew.
  bool lead_stops_by(double lead_s);
  /// Whether `inst`'s AtuEnding is for its current ATU: not one superseded by an earlier watch
  /// (lead_stops_by) whose ATU has been paid since.
  bool atu_ending_due(const Instance& inst) const;
  /// 3.1's snapshot of `inst` now.
  MachineState state(const Instance& inst) const;
  /// The snapshots of the active machines (not being stopped), by name, and their instances in
  /// the same order if asked for.
  std::vector<MachineState> active(std::vector<Instance*>* instances = nullptr);
  /// The active machines but `self`.
  std::vector<MachineState> others_of(const Instance& self) const;
  bool any_active() const;
  bool has_active(int cluster) const;

  /// Rents a machine of `cluster` if it has one left and its first ATU can be paid, and
  /// watches that ATU's end (an AtuEnding, ready or still booting).
  Instance* acquire(int cluster);
  /// Pays `inst`'s next ATU if the money allows, and watches its end; else the caller releases
  /// it, booting or not (the provider bills every ATU it enters).
  bool pay_next_atu(const Instance& inst);
  /// Runs `task` on `inst`; `replicated`: which of Fig. 3's replicated tasks it is, or -1.
  void run(Instance& inst, long task, int replicated);
  /// Releases `inst`; the tasks it ran go back.
  void stop(Instance& inst);
  /// Releases every active machine.
  void stop_all();

  /// `name` finished a task in `runtime_s`; returns the replicated task it was, or -1.
  int task_done(const std::string& name, double runtime_s);
  /// The provider refused `name`: its first ATU, paid at the request, goes back where it came
  /// from. Returns its cluster, -1 if unknown.
  int refused(const std::string& name);
  /// `name` has stopped; `lost`, the tasks it ran (it failed), go back.
  void stopped(const std::string& name, const std::vector<long>& lost);
  /// No machine of `cluster` is asked for again: its hosts have all failed for good.
  void mark_gone(int cluster);

 private:
  bool pay(double price);
  /// Forgets a machine (refused or stopped), keeping known_ up to date.
  void forget(std::map<std::string, Machine>::iterator it);

  FleetBackend& backend_;
  std::string user_;
  const std::vector<cloud::InstanceType>& types_;
  double atu_s_;
  GiveBack give_back_;
  std::map<std::string, Machine> machines_;  // by instance name
  std::vector<bool> gone_;                   // per cluster
  std::vector<long> known_;                  // per cluster: machines in machines_ (no walk)
  BudgetLedger* ledger_ = nullptr;           // the money in charge; none: paid apart
  double spent_apart_ = 0;
  double stop_lead_s_ = 0;
};

}  // namespace botsim::bats
