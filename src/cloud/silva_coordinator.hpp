#pragma once
// The coordinator of Silva, Veiga & Ferreira (2008) (docs/silva2008.md): an S4U actor that
// rents instances from a CloudProvider, hands out randomly chosen tasks one at a time to the
// instances' workers, and sizes the pool with the heuristic of Fig. 3.
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "cloud/billing.hpp"
#include "cloud/messages.hpp"
#include "cloud/silva_heuristic.hpp"
#include "platform/scenario.hpp"

namespace botsim::cloud {

class SilvaCoordinator {
 public:
  struct Params {
    std::string user;
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
  explicit SilvaCoordinator(std::vector<std::string> args);
  void operator()();

  /// The policy column of summary.json, e.g. "cr=0.5,ir=0.5" (",bf=2" when budget_factor != 1).
  static std::string policy(const Params& p);

 private:
  struct Slot {
    long task = -1;  // -1: idle
    double start_s = 0;
    size_t record = 0;  // index in results().tasks()
  };
  struct Instance {
    std::string name, host;
    double billing_start_s = 0;  // the request time until the provider confirms
    double ready_s = 0;
    bool ready = false, stopping = false, used = false;
    std::vector<Slot> slots;
  };

  void on(const InstanceReady& m);
  void on(const InstanceRefused& m);
  void on(const InstanceStopped& m);
  void on(const TaskDone& m);
  void on(const Tick& m);
  void on(const StopDue& m);

  void request_instances(long count);
  void stop_instance(Instance& inst);
  double window_end(const Instance& inst) const;  // no task predicted to end after this
  bool fits(const Instance& inst, double now) const;
  double possible_tasks_now() const;
  void dispatch();
  bool job_done() const { return finished_ == static_cast<long>(params_.task_times.size()); }

  Params params_;
  std::string inbox_name_;
  SilvaHeuristic heuristic_{SilvaConfig{}, 0};
  std::deque<long> queue_;  // tasks not yet running, next first (task_order; lost ones in front)
  std::map<std::string, Instance> live_;  // requested and not yet stopped or refused
  long next_instance_ = 0;
  long finished_ = 0;
  double last_refusal_s_ = -1;
  double start_s_ = 0, last_finish_s_ = 0;
  long instances_ = 0, charged_units_ = 0;
  double spent_ = 0;
  size_t user_record_ = 0;
};

}  // namespace botsim::cloud
