#pragma once
// The BaTS master of Oprescu, Kielmann & Leahu (2011) (docs/bats2011.md): an S4U actor that
// rents machines of several clusters (one instance type each) from a CloudProvider and runs
// the paper's phases on them: the sampling (Fig. 3, or the standalone mode's implicit
// sampling: SamplingDriver), the proposed schedules (4.3: propose) and the monitored execution
// (Fig. 4 and 3.1: ExecutionDriver), never paying an ATU that the budget (plus an accepted
// cushion) does not cover. The master is the mechanism, the phases the policy: it keeps its
// inbox, its timers and the bag's progress, hands every event to the Phase in charge and moves
// to the next one when that says so; their machines are a MachineFleet, whose backend the
// master is (its instance pool and SimGrid's clock).
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "bats/bats_params.hpp"
#include "bats/execution_driver.hpp"
#include "bats/fleet_backend.hpp"
#include "bats/machine_fleet.hpp"
#include "bats/phase.hpp"
#include "bats/sampling_driver.hpp"
#include "cloud/instance_pool.hpp"
#include "cloud/messages.hpp"
#include "platform/run.hpp"
#include "platform/user_role.hpp"

namespace botsim::bats {

struct MonitorTick {};   // 3.1's periodic check
struct DeadlineTick {};  // the user's deadline (not in the paper: an optional limit)
/// The master's inbox: its instance pool's messages and its timers.
using MasterMessage = std::variant<cloud::InstanceReady, cloud::InstanceRefused,
                                   cloud::InstanceStopped, cloud::InterruptionNotice,
                                   cloud::TaskDone, cloud::AtuEnding, MonitorTick, DeadlineTick>;

class BatsMaster : private FleetBackend {
 public:
  using Params = BatsParams;
  BatsMaster(Params params, Run& run);
  void operator()();

 private:
  void on(const cloud::InstanceReady& m);
  void on(const cloud::InstanceRefused& m);
  void on(const cloud::InstanceStopped& m);
  void on(const cloud::InterruptionNotice&) {}  // BaTS rents on demand only
  void on(const cloud::TaskDone& m);
  void on(const cloud::AtuEnding& m);
  void on(const MonitorTick& m);
  void on(const DeadlineTick& m);

  // FleetBackend: the instance pool and SimGrid's clock.
  std::map<std::string, Instance>& live() override;
  Instance& request(const cloud::InstanceType& type) override;
  std::vector<long> stop(Instance& inst) override;
  void run(Instance& inst, long task, bool replica) override;
  void alarm_at(const Instance& inst, double at_s) override;
  double now() const override;

  /// What the phase in charge answered: the next phase takes over, or the user stops.
  void follow(const Next& next);
  /// The sample is complete: its estimates, then the execution (or the user stops).
  void sampling_finished();
  /// 4.3's schedules proposed on the sample, the user's choice, then the execution phase (none
  /// when the bag is done within the sample: the user has finished).
  void start_execution(SamplingResult sample);
  /// Stops every machine; with the bag undone, the user stops as `status` for `reason`.
  void finish(const char* status, const std::string& reason);
  void finish(const Stop& stop);
  bool stopped() const { return phase_ == &stopped_; }
  /// Tasks of the bag not done yet.
  long tasks_left() const { return static_cast<long>(params_.task_times.size()) - finished_; }
  /// The user's summary.json record, once the run has ended (bats_summary.hpp), and the check
  /// of its end (run_end.hpp) for when the simulation is over.
  void record_user();
  bool job_done() const { return tasks_left() == 0; }

  Params params_;
  Run& run_;
  UserRole user_;
  std::optional<cloud::InstancePool> pool_;
  std::optional<MachineFleet> fleet_;
  std::deque<long> bag_;                    // tasks not handed out yet, in random order
  std::optional<SamplingDriver> sampling_;  // kept after its phase: Table 1's S
  std::optional<ExecutionDriver> execution_;
  Stopped stopped_;
  Phase* phase_ = nullptr;  // the phase in charge, from the start of the run
  std::vector<bool> done_;  // per task
  long finished_ = 0;
  double start_s_ = 0, last_finish_s_ = 0, sampling_end_s_ = 0;
  std::string incomplete_reason_;
};

}  // namespace botsim::bats
