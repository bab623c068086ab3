#pragma once
// The static choice that adaptive provisioning is compared with (the baseline of Silva, Veiga
// & Ferreira 2008, Fig. 1): rent `instances` instances of one type up front, hand the bag's
// tasks out in list-scheduling order (the next task to the first idle core), and stop each
// instance as soon as no task is left for it. docs/cloud.md, "A static bag".
#include <deque>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "cloud/billing.hpp"
#include "cloud/instance_pool.hpp"
#include "platform/scenario.hpp"
#include "platform/user_role.hpp"

namespace botsim::cloud {

/// The user's inbox: its instance pool's messages.
using StaticProvisioningMessage =
    std::variant<InstanceReady, InstanceRefused, InstanceStopped, TaskDone, AtuEnding>;

class StaticProvisioning {
 public:
  struct Params {
    std::string name;  // the user
    std::string provider_host;
    InstanceType type;
    long instances = 1;
    std::vector<double> task_times;  // seconds on one core of `type`
    bool random_order = false;       // task_order: "given" (file order) or "random"
    static Params read(const PropReader& props, const ActorSite& site);
  };
  StaticProvisioning(Params params, Run& run);
  void operator()();

  /// The policy column of summary.json: "static:<instances>x<type>".
  static std::string policy(const Params& p);

 private:
  using Instance = InstancePool::Instance;

  void on(const InstanceReady& m);
  void on(const InstanceRefused& m);
  void on(const InstanceStopped& m);
  void on(const TaskDone& m);
  void on(const AtuEnding& m);
  /// Hands out tasks to idle cores (instances by name, cores in order), then stops every
  /// instance that is idle with no task left to hand out.
  void dispatch();
  bool job_done() const { return finished_ == static_cast<long>(params_.task_times.size()); }

  Params params_;
  UserRole user_;
  std::optional<InstancePool> pool_;
  std::deque<long> queue_;  // tasks not yet running, next first (lost ones go back in front)
  long finished_ = 0;
  long refused_ = 0;
  bool stopped_ = false;  // gave up: every instance refused
  double start_s_ = 0, last_finish_s_ = 0;
};

}  // namespace botsim::cloud
