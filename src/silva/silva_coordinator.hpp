#pragma once
// The coordinator of Silva, Veiga & Ferreira (2008) (docs/silva2008.md): an S4U actor that
// rents instances from a CloudProvider, hands out randomly chosen tasks one at a time to the
// instances' workers, and sizes the pool with the heuristic of Fig. 3.
#include <deque>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "cloud/billing.hpp"
#include "cloud/instance_pool.hpp"
#include "platform/scenario.hpp"
#include "platform/user_role.hpp"
#include "silva/silva_heuristic.hpp"

namespace botsim::silva {

using cloud::InstanceType;

struct Tick {};          // the periodic check of Fig. 3b
struct DeadlineTick {};  // the user's deadline (not in the paper: an optional limit)
/// The coordinator's inbox: its instance pool's messages and its own timers.
using CoordinatorMessage =
    std::variant<cloud::InstanceReady, cloud::InstanceRefused, cloud::InstanceStopped,
                 cloud::TaskDone, cloud::AtuEnding, Tick, DeadlineTick>;

class SilvaCoordinator {
 public:
  struct Params {
    std::string name;  // the user
    std::string provider_host;
    InstanceType type;
    std::vector<double> task_times;  // seconds on one core of `type`
    SilvaConfig heuristic;           // host_processing_time = ATU / budget_factor
    double budget_factor = 1;
    double check_interval_s = 60;
    double stop_margin_s = 0;
    bool random_order = true;  // task_order: "random" (the paper) or "given" (file order)
    /// Limits a user may set (not in the paper): money for instances, and a time from the
    /// start after which it stops with its tasks undone (docs/silva2008.md).
    std::optional<double> budget, deadline_s;
    static Params read(const PropReader& props, const ActorSite& site);
  };
  SilvaCoordinator(Params params, Run& run);
  void operator()();

  /// The policy column of summary.json, e.g. "cr=0.5,ir=0.5" (",bf=2" when budget_factor != 1).
  static std::string policy(const Params& p);

 private:
  using Instance = cloud::InstancePool::Instance;
  using Slot = cloud::InstancePool::Slot;

  void on(const cloud::InstanceReady& m);
  void on(const cloud::InstanceRefused& m);
  void on(const cloud::InstanceStopped& m);
  void on(const cloud::TaskDone& m);
  void on(const cloud::AtuEnding& m);
  void on(const Tick& m);
  void on(const DeadlineTick& m);

  void request_instances(long count);
  void stop_instance(Instance& inst);
  double window_end(const Instance& inst) const;  // no task predicted to end after this
  bool fits(const Instance& inst, double now) const;
  double possible_tasks_now() const;
  void dispatch();
  /// How many more instances the budget pays for (each is billed one ATU: Fig. 3's hosts
  /// stop at the end of their first ATU).
  long affordable() const;
  double budget_left() const;  // the budget less what the instances cost or will cost
  void rent_if_none();
  /// Whether the periodic check has nothing to look at now (its ticks are then skipped).
  bool nothing_to_check() const;
  /// Stops every instance and the user, its tasks undone (a user_status and why).
  void give_up(const char* status, const std::string& why);
  bool job_done() const { return finished_ == static_cast<long>(params_.task_times.size()); }

  Params params_;
  UserRole user_;
  std::optional<cloud::InstancePool> pool_;
  SilvaHeuristic heuristic_{SilvaConfig{}, 0};
  std::deque<long> queue_;  // tasks not yet running, next first (task_order; lost ones in front)
  long finished_ = 0;
  bool stopped_ = false;  // gave up (budget, deadline)
  double last_refusal_s_ = -1;
  double start_s_ = 0, last_finish_s_ = 0;
};

}  // namespace botsim::silva
