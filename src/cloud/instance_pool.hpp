#pragma once
// The instances one user rents from a CloudProvider (docs/cloud.md), for any provisioning
// policy (Silva et al. 2008, BaTS, ...): it requests and stops instances of any type, starts one
// worker per core on each instance once it is ready, hands tasks to the workers, sets
// end-of-ATU alarms, adds up the charges, and says which tasks were lost when an instance
// stopped. It lives inside the owner actor and uses the owner's inbox: the owner's protocol
// (a std::variant) takes the PoolAddress messages and hands each to the matching on().
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cloud/billing.hpp"
#include "cloud/messages.hpp"
#include "cloud/reservation.hpp"
#include "platform/user_role.hpp"

namespace botsim::cloud {

/// What an InstancePool's owner receives: the provider's replies, its workers' TaskDone and its
/// alarms' AtuEnding.
using PoolAddress = ReplyTo<InstanceReady, InstanceRefused, InstanceStopped, InterruptionNotice,
                            TaskDone, AtuEnding>;

class InstancePool {
 public:
  struct Slot {
    long task = -1;  // -1: idle
    double start_s = 0;
    size_t record = 0;  // the owner's task record
    bool idle() const { return task < 0; }
  };
  struct Instance {
    std::string name, host;
    const InstanceType* type = nullptr;
    double billing_start_s = 0;  // the request time until the provider confirms
    double ready_s = 0;
    Market market = Market::OnDemand;
    std::optional<double> max_price;  // spot only
    std::optional<double> reclaim_s;  // spot only, once its provider sent the notice
    bool reserved = false;            // on one of the owner's reserved slots
    bool ready = false, stopping = false, used = false;
    std::vector<Slot> slots;  // one per core
    size_t busy = 0;          // slots running a task
    bool idle() const { return busy == 0; }
  };
  /// Instances ordered by name, as live() is.
  struct ByName {
    bool operator()(const Instance* a, const Instance* b) const { return a->name < b->name; }
  };
  /// A task a worker finished: its slot is free again.
  struct Finished {
    Instance* instance;
    size_t slot;
    long task;
    size_t record;
    double start_s, end_s;
  };

  /// `owner` is the owning actor's inbox; instances are named "<user>-i0001", ... Lost
  /// attempts are reported to `user` (UserRole::lost), priced as the share of the instance's
  /// price per second they used (one core's share on a multi-core instance; docs/cloud.md).
  InstancePool(UserRole& user, const std::string& provider_host, PoolAddress owner);

  /// The owner's reserved capacity (docs/cloud.md, "Reserved capacity"): from now on an
  /// on-demand request of its type takes a free slot first.
  void reserve(const Reservation& r);
  const std::optional<Reservation>& reservation() const { return reservation_; }
  /// Asks the provider for an instance of `type` (which must outlive the pool), on `market`
  /// (spot: at most `max_price`, none for no maximum); on demand, on a free reserved slot of
  /// its type if there is one.
  Instance& request(const InstanceType& type, Market market = Market::OnDemand,
                    std::optional<double> max_price = std::nullopt);
  /// Hands `task` (`flops` of work) to slot `slot` of a ready instance; `record` is the owner's.
  void run(Instance& inst, size_t slot, long task, double flops, size_t record);
  /// Asks the provider to stop `inst`. Returns the tasks that were running on it (lost, in slot
  /// order); its slots are idle again.
  std::vector<long> stop(Instance& inst);
  /// Sends the owner AtuEnding for `inst` at time `at`.
  void alarm_at(const Instance& inst, double at) const;

  /// The instance, ready now, its workers started; nullptr if it was stopped meanwhile.
  Instance* on(const InstanceReady& m);
  void on(const InstanceRefused& m);
  /// The spot instance to be reclaimed (its reclaim_s set); nullptr if gone or stopping.
  Instance* on(const InterruptionNotice& m);
  /// Forgets the instance and adds its charges. Returns the tasks lost if the instance stopped
  /// without being asked to (e.g. it failed).
  std::vector<long> on(const InstanceStopped& m);
  /// The task a worker finished, or nothing if it is stale (its instance was stopped).
  std::optional<Finished> on(const TaskDone& m);
  /// The instance whose alarm rang, once every completion of the same instant has been handled
  /// (the alarm is re-sent to self once); nullptr before that or if it was stopped.
  Instance* on(const AtuEnding& m);

  std::map<std::string, Instance>& live() { return live_; }  // requested, not yet gone
  const std::map<std::string, Instance>& live() const { return live_; }
  /// The ready instances, not stopping, with an idle slot, by name: kept up to date at every
  /// event, so that handing out tasks visits only these, not every live instance.
  const std::set<Instance*, ByName>& with_idle_slot() const { return with_idle_slot_; }
  /// Live instances not being stopped (requested or ready).
  long active() const { return active_; }
  /// Tasks running now, on all instances.
  long running() const { return running_; }
  long started() const { return started_; }  // stopped instances, counted when billed
  long charged_units() const { return charged_units_; }
  double spent() const { return spent_; }
  /// The longest one-way delay seen between the owner and the provider: a start request's
  /// (the provider's billing start less the request time) and the provider's InstanceReady and
  /// InstanceStopped (received less sent). A stop meant to reach the provider by an ATU's end
  /// is sent at least this long before it (docs/cloud.md, "Billing").
  double control_delay_s() const { return control_delay_s_; }
  /// A renter's record as it opens: no instance, no ATU, and lost attempts priced by the pool.
  static void open_record(UserRecord& u) {
    u.instances = 0;
    u.charged_units = 0;
    u.spent_on_lost_work = 0.0;
  }
  /// A renter's record at its end: the instances started, the ATUs charged and the money.
  void close_record(UserRecord& u) const {
    u.instances = started_;
    u.charged_units = charged_units_;
    u.spent = spent_;
  }

 private:
  void start_workers(const Instance& inst);
  /// Reports the tasks running on `inst` lost now for `reason`; returns them, in slot order.
  std::vector<long> lose_running(Instance& inst, const std::string& reason);
  /// Puts `inst` in with_idle_slot_ or takes it out, after a change of its state.
  void index(Instance& inst);
  /// Forgets a live instance (refused or gone).
  void forget(std::map<std::string, Instance>::iterator it);

  UserRole& user_role_;
  std::string user_;
  simgrid::s4u::Mailbox* provider_;
  PoolAddress owner_;
  std::map<std::string, Instance> live_;
  std::set<Instance*, ByName> with_idle_slot_;
  long active_ = 0;
  long running_ = 0;
  long next_instance_ = 0;
  long started_ = 0, charged_units_ = 0;
  double spent_ = 0;
  double control_delay_s_ = 0;
  std::optional<Reservation> reservation_;
  ReservedSlots reserved_slots_;
};

/// The mailbox of the worker of slot `slot` of `instance`.
std::string worker_mailbox(const std::string& instance, int slot);

}  // namespace botsim::cloud
