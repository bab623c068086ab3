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

struct Tick {};  // the periodic check of Fig. 3b
/// The coordinator's inbox: its instance pool's messages and its own check timer.
using CoordinatorMessage =
    std::variant<cloud::InstanceReady, cloud::InstanceRefused, cloud::InstanceStopped,
                 cloud::TaskDone, cloud::AtuEnding, Tick>;

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

  void request_instances(long count);
  void stop_instance(Instance& inst);
  double window_end(const Instance& inst) const;  // no task predicted to end after this
  bool fits(const Instance& inst, double now) const;
  double possible_tasks_now() const;
  void dispatch();
  bool job_done() const { return finished_ == static_cast<long>(params_.task_times.size()); }

  Params params_;
  UserRole user_;
  std::optional<cloud::InstancePool> pool_;
  SilvaHeuristic heuristic_{SilvaConfig{}, 0};
  std::deque<long> queue_;  // tasks not yet running, next first (task_order; lost ones in front)
  long finished_ = 0;
  double last_refusal_s_ = -1;
  double start_s_ = 0, last_finish_s_ = 0;
};

}  // namespace botsim::silva
