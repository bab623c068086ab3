#pragma once
// A cloud user that runs its bag of tasks on instances it rents from a CloudProvider, sized by
// its provisioning policy (policy/provisioning.hpp, docs/policies.md): the S4U actor behind
// Silva's coordinator (silva/silva_coordinator.hpp) and the static choice
// (cloud/static_provisioning.hpp). It keeps the instance pool, the queue of waiting tasks
// (handed to idle cores, instances by name, cores in order, as the policy lets them), the
// timers, the records and the limits; the policy decides what to start and stop.
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "cloud/billing.hpp"
#include "cloud/instance_pool.hpp"
#include "platform/scenario.hpp"
#include "platform/user_role.hpp"
#include "policy/provisioning.hpp"
#include "policy/registry.hpp"

namespace botsim::cloud {

struct CheckTick {};     // the policy's periodic check
struct DeadlineTick {};  // the user's deadline (an optional limit)
/// A cloud user's inbox: its instance pool's messages and its own timers.
using CloudUserMessage =
    std::variant<InstanceReady, InstanceRefused, InstanceStopped, InterruptionNotice, TaskDone,
                 AtuEnding, CheckTick, DeadlineTick>;

class CloudUser {
 public:
  struct Params {
    std::string name;          // the user
    std::string model;         // summary.json's "model" (e.g. "silva", "static")
    std::string inbox_prefix;  // its inbox is "<prefix>@<name>"
    std::string provider_host;
    InstanceType type;                // the type the task times are given for
    std::vector<InstanceType> types;  // every type the cloud offers
    std::vector<double> task_times;   // seconds on one core of `type`
    bool random_order = false;        // task_order: "random" or "given" (file order)
    /// Limits a user may set (not in Silva's paper): money for instances (the policy keeps
    /// to it), and a time from the start after which it stops with its tasks undone.
    std::optional<double> budget, deadline_s;
    /// Reserved capacity of `type` for the run (`reserved`, `reserved_upfront`,
    /// `reserved_price`; docs/cloud.md, "Reserved capacity"): not in the papers.
    std::optional<Reservation> reservation;
    const policy::PolicyEntry* policy_entry = nullptr;
    std::shared_ptr<policy::ProvisioningPolicy> policy;

    /// Reads what every cloud user has: its name (`old_name_key`: an older spelling) and
    /// tasks, `provider` and `instance_type`.
    static Params read_common(const PropReader& props, const ActorSite& site,
                              const std::string& old_name_key = "");
    /// Builds the policy the `policy` prop names (`fallback` when absent) from the props; last,
    /// once the actor read its own.
    void build_policy(const PropReader& props, const std::string& fallback);
  };
  CloudUser(Params params, Run& run);
  void operator()();

 private:
  using Instance = InstancePool::Instance;
  class View;

  void on(const InstanceReady& m);
  void on(const InstanceRefused& m);
  void on(const InstanceStopped& m);
  void on(const InterruptionNotice& m);
  void on(const TaskDone& m);
  void on(const AtuEnding& m);
  void on(const CheckTick& m);
  void on(const DeadlineTick& m);

  /// Asks the policy (`hook`, for messages), checks and applies its decision.
  template <class Hook>
  void decide(const char* hook, Hook ask);
  void check(const policy::CloudDecision& d) const;
  void apply(const policy::CloudDecision& d);
  /// Hands waiting tasks to idle cores of ready instances, as the policy lets them.
  void dispatch();
  void stop_instance(Instance& inst);
  /// The actor's own rules after every event (cloud_user.cpp).
  void settle();
  /// Stops every instance and the user, its tasks undone (a user_status and why).
  void give_up(const std::string& status, const std::string& why);
  /// Whether the periodic check has nothing to look at now (its ticks are then skipped).
  bool nothing_to_check() const;
  bool job_done() const { return finished_ == static_cast<long>(params_.task_times.size()); }
  const InstanceType* type_named(const std::string& name) const;

  Params params_;
  /// Adds the reservation's rows to invoice.csv and their amounts to `rec.spent`.
  void bill_reservation(const Reservation& r, UserRecord& rec);

  UserRole user_;
  Results& results_;
  Rng policy_rng_;
  policy::InstanceType task_type_;
  std::vector<policy::InstanceType> type_infos_;
  std::optional<InstancePool> pool_;
  std::deque<long> queue_;  // tasks not yet running, next first (task_order; lost ones in front)
  long finished_ = 0;
  double done_seconds_ = 0;
  bool stopped_ = false;  // gave up (budget, deadline, no instance)
  double start_s_ = 0, last_finish_s_ = 0;
};

}  // namespace botsim::cloud
