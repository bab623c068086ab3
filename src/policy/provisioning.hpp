#pragma once
// The cloud provisioning decision point (docs/policies.md): a cloud user rents instances of a
// utility cloud to run its bag of tasks; its policy decides which instances (type, count) to
// start and which to stop, when the user starts, when a task ends, at a periodic check, when an
// instance is ready or lost or noticed for interruption (a spot instance, docs/cloud.md), and
// after every event once waiting tasks were handed to idle cores. Silva, Veiga & Ferreira 2008
// (Fig. 3) and the static choice (Fig. 1) are the first two implementations (`silva`, `static`). No
// SimGrid here: the actor that runs a policy keeps the time, the messages and the instances.
#include <optional>
#include <string>
#include <vector>

#include "market.hpp"
#include "props.hpp"
#include "random.hpp"

namespace botsim::policy {

/// An instance type the cloud offers (the platform's, docs/cloud.md).
struct InstanceType {
  std::string name;
  double speed_mips = 0;  // per core
  int cores = 1;
  double price = 0;  // per ATU, in the scenario's currency
  double atu_s = 3600;
  double boot_s = 0;
  long max_count = 0;  // instances of this type at once
  bool spot = false;   // offers spot instances (docs/cloud.md, "Spot instances")
};

/// One core of an instance: the task it runs (-1: idle) and since when.
struct Slot {
  long task = -1;
  double start_s = 0;
  bool idle() const { return task < 0; }
};

/// A live instance: requested and not gone yet.
struct Instance {
  std::string name;  // "<user>-i0001", ...
  std::string type;
  double requested_s = 0;   // billed from here (the start request)
  double ready_s = 0;       // when it became ready (valid when ready)
  double paid_until_s = 0;  // end of its current ATU
  bool ready = false;       // booted: it takes tasks
  bool stopping = false;    // asked to stop, not gone yet
  bool used = false;        // has run a task
  Market market = Market::OnDemand;
  std::optional<double> max_price;  // spot only; none: no maximum
  std::optional<double> reclaim_s;  // spot only: set once its interruption notice came
  bool reserved = false;            // on one of the user's reserved slots (docs/cloud.md)
  int busy = 0;                     // cores running a task
  std::vector<Slot> slots;          // one per core
  bool idle() const { return busy == 0; }
};

/// A task that ended.
struct TaskEnd {
  long task = 0;
  std::string instance;
  double start_s = 0, end_s = 0;
  double seconds() const { return end_s - start_s; }
};

/// An instance the cloud refused to start, or stopped without being asked to.
struct InstanceLoss {
  std::string instance, type;
  bool refused = false;   // never started (else: it stopped, e.g. its host failed)
  bool for_good = false;  // refused: no host of its type will ever come back
  std::string reason;
  std::vector<long> lost_tasks;  // the tasks that were running on it (waiting again)
  bool interrupted = false;      // a spot instance its provider reclaimed
};

/// What a provisioning policy sees: read-only, valid during the call only.
class CloudView {
 public:
  virtual ~CloudView() = default;
  virtual double now() const = 0;
  virtual const std::string& user() const = 0;
  virtual double start_s() const = 0;
  virtual long tasks_total() const = 0;
  virtual long tasks_done() const = 0;
  virtual long tasks_running() const = 0;
  /// Not started yet, or lost and waiting to run again.
  virtual long tasks_waiting() const = 0;
  /// The run times of the tasks done so far, added up (the times of the others are unknown:
  /// the paper's coordinator learns a task's time when it ends).
  virtual double done_seconds() const = 0;
  /// The type the bag's task times are given for (the deployment's `instance_type`).
  virtual const InstanceType& task_type() const = 0;
  /// Every type the cloud offers.
  virtual const std::vector<InstanceType>& types() const = 0;
  /// The live instances, by name.
  virtual const std::vector<Instance>& instances() const = 0;
  /// The ready instances, not stopping, whose cores are all idle, by name.
  virtual const std::vector<Instance>& idle_instances() const = 0;
  /// How many instances are live, and how many of them are not stopping.
  virtual long live() const = 0;
  virtual long active() const = 0;
  /// Money charged so far (for instances gone; a live one is charged when it stops).
  virtual double spent() const = 0;
  virtual std::optional<double> budget() const = 0;
  /// The user's deadline, relative to its start (the run stops the user when it passes).
  virtual std::optional<double> deadline_s() const = 0;
  /// The user's own random stream: draw from it only.
  virtual Random& random() const = 0;
  /// The spot price of `type` in force now; none if it offers no spot instances (or is unknown).
  virtual std::optional<double> spot_price(const std::string& type) const = 0;
};

/// What a provisioning policy decides. The actor applies it in this order: the stops, the
/// alarms, the starts, then the give-up.
struct CloudDecision {
  struct Start {
    std::string type;
    long count = 0;
    Market market = Market::OnDemand;
    std::optional<double> max_price;  // spot only; none: only capacity withdrawals interrupt
  };
  struct StopAt {
    std::string instance;
    double time = 0;
  };
  struct GiveUp {
    std::string status;  // "out_of_budget", "deadline_passed", "resources_failed", "unfinished"
    std::string reason;
  };
  std::vector<std::string> stop;  // live instances to stop now (their running tasks wait again)
  std::vector<StopAt> stop_at;    // live instances to stop at a later time
  std::vector<Start> start;       // instances to request
  std::optional<GiveUp> give_up;  // stop the user, its tasks undone, and every instance

  CloudDecision& start_instances(std::string type, long count) {
    start.push_back({std::move(type), count, Market::OnDemand, std::nullopt});
    return *this;
  }
  /// Spot instances, interrupted once the price rises above `max_price` (none: only when the
  /// type's spot capacity is withdrawn).
  CloudDecision& start_spot_instances(std::string type, long count,
                                      std::optional<double> max_price = std::nullopt) {
    start.push_back({std::move(type), count, Market::Spot, max_price});
    return *this;
  }
  CloudDecision& stop_instance(std::string instance) {
    stop.push_back(std::move(instance));
    return *this;
  }
  CloudDecision& stop_instance_at(std::string instance, double time) {
    stop_at.push_back({std::move(instance), time});
    return *this;
  }
  CloudDecision& stop_user(std::string status, std::string reason) {
    give_up = GiveUp{std::move(status), std::move(reason)};
    return *this;
  }
  bool empty() const { return stop.empty() && stop_at.empty() && start.empty() && !give_up; }
};

/// A cloud user's provisioning policy: one object per user, built when the deployment is read.
/// Every hook but start() has a default that decides nothing.
class ProvisioningPolicy {
 public:
  virtual ~ProvisioningPolicy() = default;
  /// summary.json's "policy" for this user; empty: the policy's registered name.
  virtual std::string label() const { return {}; }
  /// Seconds between two periodic checks; 0: none. Checks are skipped while no task runs and
  /// either none waits or an instance is coming, and once the user is done or stopped.
  virtual double check_interval_s() const { return 0; }
  /// When the user starts (its instances: none yet).
  virtual CloudDecision start(const CloudView& view) = 0;
  /// A task ended (the view counts it done).
  virtual CloudDecision task_ended(const CloudView&, const TaskEnd&) { return {}; }
  /// The periodic check.
  virtual CloudDecision check(const CloudView&) { return {}; }
  /// An instance is ready: its cores take tasks from now on.
  virtual CloudDecision instance_ready(const CloudView&, const Instance&) { return {}; }
  /// An instance was refused or stopped without being asked to.
  virtual CloudDecision instance_lost(const CloudView&, const InstanceLoss&) { return {}; }
  /// A spot instance will be reclaimed at its reclaim_s (its tasks still running then are
  /// lost, as on a failure); stopping it before is a normal stop.
  virtual CloudDecision interruption_notice(const CloudView&, const Instance&) { return {}; }
  /// Whether an idle core of this ready instance may take the next waiting task now (asked for
  /// each idle core as waiting tasks are handed out, instances by name, cores in order).
  virtual bool takes_task(const CloudView&, const Instance&) { return true; }
  /// After every event, once waiting tasks were handed out (and not after the user stopped).
  virtual CloudDecision after_dispatch(const CloudView&) { return {}; }
};

}  // namespace botsim::policy
