#include "bats/bats_master.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <numeric>
#include <simgrid/s4u/Engine.hpp>

#include "bats/bats_summary.hpp"
#include "bats/proposal.hpp"
#include "bats/records.hpp"
#include "bats/run_end.hpp"
#include "core/results.hpp"
#include "core/rng.hpp"
#include "core/units.hpp"
#include "platform/messaging.hpp"
#include "platform/timers.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::bats {

using namespace botsim::cloud;

namespace {

std::string inbox_of(const std::string& user) { return "bats@" + user; }

}  // namespace

BatsMaster::BatsMaster(Params params, Run& run)
    : params_(std::move(params)), run_(run), user_(run, params_.name) {}

void BatsMaster::operator()() {
  start_s_ = sg4::Engine::get_clock();
  Inbox<MasterMessage> inbox(inbox_of(params_.name));
  pool_.emplace(user_, params_.provider_host, PoolAddress::to<MasterMessage>(inbox.mailbox()));
  const long n = static_cast<long>(params_.task_times.size());
  std::vector<long> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0L);
  Rng rng = user_.rng("order:");
  if (params_.random_order) std::shuffle(order.begin(), order.end(), rng);  // Fig. 4: random
  bag_.assign(order.begin(), order.end());
  done_.assign(static_cast<size_t>(n), false);
  // A task lost with its machine goes where the phase in charge wants it.
  fleet_.emplace(static_cast<FleetBackend&>(*this), params_.name, params_.types, params_.atu_s,
                 [this](long task, int cluster, int replicated) {
                   phase_->task_lost(task, cluster, replicated);
                 });

  user_.open(opening_record(params_, start_s_));
  if (params_.deadline_s)
    send_at<MasterMessage>(inbox.mailbox(), start_s_ + *params_.deadline_s, DeadlineTick{});

  sampling_.emplace(params_, *fleet_, bag_);
  phase_ = &*sampling_;
  sampling_->start();

  Timer tick = every_interval<MasterMessage>(
      inbox.mailbox(), monitoring_interval_s(params_.atu_s, params_.monitoring_fraction),
      MonitorTick{});
  tick.set_idle(!phase_->monitoring());
  auto& live = pool_->live();
  while (!(stopped() && live.empty())) {
    auto msg = inbox.receive();
    std::visit([this](const auto& m) { on(m); }, *msg);
    if (!stopped() && job_done()) finish(user_status::kDone, "");
    tick.set_idle(!phase_->monitoring());
  }
  tick.stop();
  record_user();
}

void BatsMaster::record_user() {
  BatsOutcome o;
  o.tasks_done = finished_;
  o.bag_done = job_done();
  o.last_finish_s = last_finish_s_;
  o.instances = pool_->started();
  o.charged_units = pool_->charged_units();
  o.spent = pool_->spent();
  o.sampling_spent = sampling_->spent();
  o.sampling_from_budget = sampling_->budget().has_value();
  o.start_s = start_s_;
  o.sampling_end_s = sampling_end_s_;
  o.execution = execution_ ? &execution_->execution() : nullptr;
  o.incomplete_reason = incomplete_reason_;
  close_record(user_.record(), params_, o);
  // What must hold where every run ends, checked once the simulation is over (an internal
  // error if not): its money within summary.json's budget, no machine left.
  const RunEnd end{params_.name, o.spent, user_.record().budget,
                   static_cast<long>(pool_->live().size()), static_cast<long>(fleet_->size())};
  run_.at_end([end] { check_run_end(end); });
}

std::map<std::string, BatsMaster::Instance>& BatsMaster::live() { return pool_->live(); }

BatsMaster::Instance& BatsMaster::request(const InstanceType& type) { return pool_->request(type); }

std::vector<long> BatsMaster::stop(Instance& inst) { return pool_->stop(inst); }

void BatsMaster::run(Instance& inst, long task, bool replica) {
  // The task's time on the base cluster as work: each cluster runs it at its own speed.
  double flops = params_.task_times[static_cast<size_t>(task)] * params_.types.front().speed;
  size_t record = user_.started(task, flops_to_mi(flops), inst.name, start_s_, replica);
  pool_->run(inst, 0, task, flops, record);
}

void BatsMaster::alarm_at(const Instance& inst, double at_s) { pool_->alarm_at(inst, at_s); }

double BatsMaster::now() const { return sg4::Engine::get_clock(); }

void BatsMaster::follow(const Next& next) {
  if (const Stop* stop = std::get_if<Stop>(&next)) return finish(*stop);
  if (std::holds_alternative<PhaseOver>(next)) sampling_finished();  // the sampling's, the first
}

void BatsMaster::on(const InstanceReady& m) {
  Instance* inst = pool_->on(m);
  fleet_->lead_stops_by(pool_->control_delay_s());
  if (!inst) return;
  phase_->dispatch();  // its ATUs are watched since its request (MachineFleet::acquire)
}

void BatsMaster::on(const InstanceRefused& m) {
  spdlog::warn("{}: machine {} refused: {}", params_.name, m.instance, m.reason);
  pool_->on(m);
  // Its first ATU was paid at the request but never delivered (e.g. the type's other hosts
  // have failed): the money goes back where it came from.
  const int cluster = fleet_->refused(m.instance);
  const bool gone = m.for_good && cluster >= 0;
  if (gone) {
    // Waiting for a repair of that cluster would never end (docs/reliability.md, "Limits"):
    // no machine of it is asked for again; with no cluster left the user stops.
    fleet_->mark_gone(cluster);
    if (fleet_->all_gone()) return finish(user_status::kResourcesFailed, m.reason);
  }
  follow(phase_->machine_refused(m.reason, gone));
}

void BatsMaster::on(const InstanceStopped& m) {
  fleet_->stopped(m.instance, pool_->on(m));
  fleet_->lead_stops_by(pool_->control_delay_s());
  follow(phase_->machine_stopped(m.failed, tasks_left()));
}

void BatsMaster::on(const TaskDone& m) {
  auto done = pool_->on(m);
  if (!done) return;  // stale: the task was lost
  user_.ended(done->record, done->end_s);
  const double rt = done->end_s - done->start_s;
  const int replicated = fleet_->task_done(done->instance->name, rt);
  const int cluster = fleet_->machine(done->instance->name).cluster;
  if (!done_[static_cast<size_t>(done->task)]) {
    done_[static_cast<size_t>(done->task)] = true;
    ++finished_;
    last_finish_s_ = done->end_s;
  }
  follow(phase_->task_done(cluster, replicated, rt));
  if (!job_done()) phase_->dispatch();
}

void BatsMaster::on(const AtuEnding& m) {
  Instance* inst = pool_->on(m);
  // A watch superseded by an earlier one (MachineFleet::lead_stops_by) whose ATU is paid.
  if (!inst || !fleet_->atu_ending_due(*inst)) return;
  const bool busy = !inst->slots[0].idle();
  // The phase in charge says whether it goes on into its next ATU, which the fleet pays if the
  // money allows; else it is released now, at the end of its paid time.
  if (phase_->goes_on(*inst, busy) && fleet_->pay_next_atu(*inst)) {
    if (!busy) phase_->dispatch();  // idle into a paid ATU: it may take a task now
    return;
  }
  fleet_->stop(*inst);
  phase_->dispatch();  // a task it ran is back in the bag: an idle machine may take it
}

void BatsMaster::on(const MonitorTick&) { follow(phase_->tick(tasks_left())); }

void BatsMaster::sampling_finished() {
  sampling_end_s_ = now();
  std::variant<SamplingResult, Stop> result = sampling_->conclude();
  if (const Stop* stop = std::get_if<Stop>(&result)) return finish(*stop);
  start_execution(std::get<SamplingResult>(std::move(result)));
}

void BatsMaster::start_execution(SamplingResult sample) {
  const long n = tasks_left();
  if (n == 0) return finish(user_status::kDone, "");  // a tiny bag finished within the sample
  // 4.3: the schedules proposed for the tasks left, and the user's.
  const std::optional<BudgetLedger>& paid = sampling_->budget();  // standalone: the budget
  std::optional<double> budget_left;
  if (paid) budget_left = paid->left();
  Proposal proposal =
      propose(params_.clusters, params_.atu_s, sample.summary.ti_s, n,
              UserChoice{params_.schedule, params_.budget, params_.accept_cushion}, budget_left);
  run_.results().add_file(
      "schedules.json",
      schedules_json(proposal.schedules, params_.clusters, params_.atu_s, sample.summary).dump(2));
  if (!proposal.infeasible.empty()) incomplete_reason_ = proposal.infeasible;
  spdlog::info("{}: sampling done at {} s; {} budget {} + cushion {}", params_.name,
               sampling_end_s_, proposal.chosen.name, proposal.money.budget,
               proposal.money.cushion);
  execution_.emplace(params_, *fleet_, bag_, std::move(proposal.chosen), proposal.money,
                     std::move(sample.stats), paid ? paid->spent() : 0.0, sampling_end_s_);
  phase_ = &*execution_;
  execution_->start(n);
}

void BatsMaster::on(const DeadlineTick&) {
  finish(user_status::kDeadlinePassed,
         "deadline of " + format_number(*params_.deadline_s) + " s passed");
}

void BatsMaster::finish(const Stop& stop) { finish(stop.status, stop.reason); }

void BatsMaster::finish(const char* status, const std::string& reason) {
  if (stopped()) return;
  phase_ = &stopped_;
  if (!job_done()) {
    if (incomplete_reason_.empty()) incomplete_reason_ = reason;
    user_.stop(status, reason);
    spdlog::warn("{}: bag incomplete ({} of {} tasks): {}", params_.name, finished_,
                 params_.task_times.size(), reason);
  }
  fleet_->stop_all();
}

}  // namespace botsim::bats
