#include "silva/silva_coordinator.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include "cloud/provider.hpp"
#include "core/error.hpp"
#include "core/results.hpp"
#include "core/rng.hpp"
#include "core/units.hpp"
#include "core/workload.hpp"
#include "platform/messaging.hpp"
#include "platform/timers.hpp"
#include "platform/user_role.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::silva {

using namespace botsim::cloud;

namespace {
constexpr double kTol = 1e-9;

std::string inbox_of(const std::string& user) { return "silva@" + user; }
}  // namespace

SilvaCoordinator::Params SilvaCoordinator::Params::read(const PropReader& props,
                                                        const ActorSite& site) {
  Params p;
  // `user` is the older spelling of `name`; a new population of task times per seed.
  UserSpec user = UserSpec::read(props, site, "task_time", "workload:", "user");
  p.name = user.name;
  p.task_times = std::move(user.tasks);
  p.provider_host = props.text("provider", "provider");
  p.type = find_instance_type(props.text("instance_type"), props, "instance_type",
                              site.run.paths().platform);
  p.heuristic.creation_ratio = props.number("creation_ratio", 0.5, 0, 1);
  p.heuristic.increase_ratio = props.number("increase_ratio", 0.5, 0, 1);
  p.budget_factor = props.number("budget_factor", 1.0, 1);
  p.heuristic.host_processing_time = p.type.atu_s / p.budget_factor;  // section 4
  p.heuristic.line15 = props.choice("line15", {"positive-only", "literal"},
                                    std::string("positive-only")) == "literal"
                           ? Line15::Literal
                           : Line15::PositiveOnly;
  p.check_interval_s = props.duration("check_interval", 300.0, -1e300);
  // A floor keeps a typo (e.g. "1e-9") from flooding the simulation with checks.
  if (!(p.check_interval_s >= 1)) props.fail("check_interval", "must be at least 1 s");
  p.stop_margin_s = props.duration("stop_margin", 0.0);
  double paid = p.type.atu_s - p.type.boot_s - p.stop_margin_s;
  if (!(paid > 0))
    props.fail("stop_margin", "leaves no paid time to run tasks (instance type '" + p.type.name +
                                  "': ATU " + format_number(p.type.atu_s) + " s, boot time " +
                                  format_number(p.type.boot_s) + " s)");
  p.random_order =
      props.choice("task_order", {"random", "given"}, std::string("random")) == "random";
  if (props.has("budget")) p.budget = props.money("budget");
  if (props.has("deadline")) p.deadline_s = props.duration("deadline", std::nullopt, 1e-9);
  for (size_t i = 0; i < p.task_times.size(); ++i)
    if (p.task_times[i] > paid + kTol)
      props.fail(props.has("workload") ? "workload" : "task_time",
                 fmt::format("task {} runs {} s, longer than an instance's paid time ({} s: ATU "
                             "minus boot time minus stop_margin); the heuristic stops every "
                             "instance at the end of its first ATU, so it could never finish",
                             i, format_number(p.task_times[i]), format_number(paid)));
  return p;
}

std::string SilvaCoordinator::policy(const Params& p) {
  std::string s = "cr=" + format_number(p.heuristic.creation_ratio) +
                  ",ir=" + format_number(p.heuristic.increase_ratio);
  if (p.budget_factor != 1) s += ",bf=" + format_number(p.budget_factor);
  if (p.heuristic.line15 == Line15::Literal) s += ",line15=literal";
  return s;
}

SilvaCoordinator::SilvaCoordinator(Params params, Run& run)
    : params_(std::move(params)), user_(run, params_.name) {}

void SilvaCoordinator::operator()() {
  start_s_ = sg4::Engine::get_clock();
  Inbox<CoordinatorMessage> inbox(inbox_of(params_.name));
  pool_.emplace(user_, params_.provider_host, PoolAddress::to<CoordinatorMessage>(inbox.mailbox()));
  const long n = static_cast<long>(params_.task_times.size());
  heuristic_ = SilvaHeuristic(params_.heuristic, n);

  // "Initially, one host is allocated and starts executing randomly selected tasks."
  std::vector<long> order(static_cast<size_t>(n));
  for (long i = 0; i < n; ++i) order[static_cast<size_t>(i)] = i;
  Rng rng = user_.rng("order:");
  if (params_.random_order) std::shuffle(order.begin(), order.end(), rng);
  queue_.assign(order.begin(), order.end());

  UserRecord u;
  u.model = "silva";
  u.policy = policy(params_);
  u.tasks_total = n;
  u.start_s = start_s_;
  InstancePool::open_record(u);
  u.budget = params_.budget;
  u.deadline_s = params_.deadline_s;
  user_.open(u);
  if (params_.deadline_s)
    send_at<CoordinatorMessage>(inbox.mailbox(), start_s_ + *params_.deadline_s, DeadlineTick{});

  // Fig. 3b runs every check interval (repeated sleeps, as the paper's loop does). It looks
  // at the running tasks only: while none runs and an instance is coming (booting), its
  // ticks are skipped.
  Timer check =
      every_interval<CoordinatorMessage>(inbox.mailbox(), params_.check_interval_s, Tick{});

  rent_if_none();
  check.set_idle(nothing_to_check());
  bool stopping_all = false;
  auto& live = pool_->live();
  while (!((job_done() || stopped_) && live.empty())) {
    auto msg = inbox.receive();
    std::visit([this](const auto& m) { on(m); }, *msg);
    if (!stopped_ && !job_done()) {
      dispatch();
      rent_if_none();
    } else if (!stopped_ && !stopping_all) {  // the job is over: stop every instance at once
      stopping_all = true;
      for (auto& [name, inst] : live)
        if (!inst.stopping) stop_instance(inst);
    }
    check.set_idle(nothing_to_check());
  }

  check.stop();
  auto& rec = user_.record();
  rec.tasks_done = finished_;
  if (job_done()) rec.finish_s = last_finish_s_;
  pool_->close_record(rec);
}

bool SilvaCoordinator::nothing_to_check() const {
  // A tick is also the next try after a refusal (rent_if_none() runs after every message):
  // it has nothing to do only while no task runs and an instance is coming, or at the end.
  return stopped_ || job_done() ||
         (pool_->running() == 0 && (queue_.empty() || pool_->active() > 0));
}

void SilvaCoordinator::request_instances(long count) {
  // Guard (not in the paper): never ask for more instances than the type allows at once or
  // than there are unfinished tasks, so that a huge necessaryComputers (e.g. a large budget
  // factor) cannot flood the provider with requests it must refuse.
  long live = static_cast<long>(pool_->live().size());
  long remaining = static_cast<long>(params_.task_times.size()) - finished_;
  count = std::min({count, params_.type.max_count - live, remaining, affordable()});
  for (long i = 0; i < count; ++i) pool_->request(params_.type);
}

double SilvaCoordinator::budget_left() const {
  // Instances not billed yet (live, or stopping and not yet gone) will each cost one ATU.
  return *params_.budget - pool_->spent() -
         static_cast<double>(pool_->live().size()) * params_.type.price;
}

long SilvaCoordinator::affordable() const {
  if (!params_.budget || params_.type.price <= 0) return std::numeric_limits<long>::max();
  return static_cast<long>(std::floor(budget_left() / params_.type.price + kTol));
}

// Liveness: tasks wait and no instance is coming (all stopped or refused): rent one, if the
// budget pays for it.
void SilvaCoordinator::rent_if_none() {
  // Liveness: tasks wait and no instance is coming (all stopped or refused): rent one.
  if (stopped_ || queue_.empty() || pool_->active() > 0 ||
      sg4::Engine::get_clock() <= last_refusal_s_)
    return;
  if (affordable() >= 1) return request_instances(1);
  give_up(user_status::kOutOfBudget,
          fmt::format("the budget left ({}) cannot pay for an instance ({} per ATU)",
                      format_number(budget_left()), format_number(params_.type.price)));
}

void SilvaCoordinator::give_up(const char* status, const std::string& why) {
  if (stopped_ || job_done()) return;
  spdlog::warn("{}: stops with {} of {} tasks undone: {}", params_.name,
               static_cast<long>(params_.task_times.size()) - finished_, params_.task_times.size(),
               why);
  stopped_ = true;
  user_.stop(status, why);
  for (auto& [name, inst] : pool_->live())
    if (!inst.stopping) stop_instance(inst);
}

double SilvaCoordinator::window_end(const Instance& inst) const {
  // hostProcessingTime from the start request, never past the paid ATU (section 4).
  return inst.billing_start_s + std::min(params_.heuristic.host_processing_time,
                                         params_.type.atu_s - params_.stop_margin_s);
}

bool SilvaCoordinator::fits(const Instance& inst, double now) const {
  // An instance that has just booted takes a task whatever the estimate: its whole paid time
  // (ATU - boot) is longer than any task (checked when reading the job), so progress is
  // guaranteed even when the average exceeds hostProcessingTime.
  if (!heuristic_.has_average()) return true;
  if (!inst.used && now <= inst.ready_s + kTol) return true;
  return now + heuristic_.average() <= window_end(inst) + kTol;
}

double SilvaCoordinator::possible_tasks_now() const {
  // Fig. 3a lines 6-8: for each running computer, tasks it can still do in its window.
  const double now = sg4::Engine::get_clock();
  const double avg = heuristic_.average();
  double possible = 0;
  for (const auto& [name, inst] : pool_->live()) {
    if (inst.stopping) continue;
    double w = window_end(inst);
    for (const auto& s : inst.slots) {
      double from = now;
      if (!inst.ready)
        from = std::max(now, inst.billing_start_s + params_.type.boot_s);
      else if (s.task >= 0)
        from = s.start_s;  // counts the running task
      possible += static_cast<double>(possible_tasks(from, w, avg));
    }
  }
  return possible;
}

void SilvaCoordinator::dispatch() {
  // Only ready instances with an idle slot can take a task, in name order (the pool's index).
  const double now = sg4::Engine::get_clock();
  const auto& free = pool_->with_idle_slot();
  for (auto it = free.begin(); it != free.end() && !queue_.empty();) {
    Instance& inst = **it++;  // run() takes it out of the index once its last slot is busy
    for (size_t k = 0; k < inst.slots.size() && !queue_.empty(); ++k) {
      if (!inst.slots[k].idle() || !fits(inst, now)) continue;
      long task = queue_.front();
      queue_.pop_front();
      double flops = params_.task_times[static_cast<size_t>(task)] * params_.type.speed;
      size_t record = user_.started(task, flops_to_mi(flops), inst.name, start_s_);
      pool_->run(inst, k, task, flops, record);
    }
  }
  // An idle instance that cannot take the next task within its window has nothing left to do:
  // stopping it now costs the same (its ATU is paid) and frees the provider's capacity.
  if (queue_.empty()) return;
  std::vector<Instance*> done;
  for (Instance* inst : free)
    if (inst->idle() && !fits(*inst, now)) done.push_back(inst);
  for (Instance* inst : done) stop_instance(*inst);
}

void SilvaCoordinator::stop_instance(Instance& inst) {
  // Tasks lost on the instance are recorded with no end, and handed out again first.
  for (long task : pool_->stop(inst)) {
    spdlog::info("{}: task {} lost: instance {} stopped", params_.name, task, inst.name);
    queue_.push_front(task);
  }
}

void SilvaCoordinator::on(const InstanceReady& m) {
  Instance* inst = pool_->on(m);
  if (!inst) return;
  // Stop just before the charged hour ends (section 4): at the end of the first ATU.
  pool_->alarm_at(*inst, inst->billing_start_s + params_.type.atu_s - params_.stop_margin_s);
}

void SilvaCoordinator::on(const InstanceRefused& m) {
  spdlog::warn("{}: instance {} refused: {}", params_.name, m.instance, m.reason);
  pool_->on(m);
  last_refusal_s_ = sg4::Engine::get_clock();
  // No host of its type will ever come back: waiting for a repair would never end.
  if (m.for_good) give_up(user_status::kResourcesFailed, m.reason);
}

void SilvaCoordinator::on(const InstanceStopped& m) {
  for (long task : pool_->on(m)) queue_.push_front(task);
}

void SilvaCoordinator::on(const TaskDone& m) {
  auto done = pool_->on(m);
  if (!done) return;  // stale: the task was lost
  user_.ended(done->record, done->end_s);
  ++finished_;
  last_finish_s_ = done->end_s;
  heuristic_.task_finished(done->end_s - done->start_s);  // Fig. 3a lines 1-4
  if (job_done() || stopped_) return;
  request_instances(heuristic_.after_completion(possible_tasks_now()));  // lines 6-18
}

void SilvaCoordinator::on(const DeadlineTick&) {
  give_up(user_status::kDeadlinePassed,
          "deadline of " + format_number(*params_.deadline_s) + " s passed");
}

void SilvaCoordinator::on(const Tick&) {
  if (job_done() || stopped_) return;
  const double now = sg4::Engine::get_clock();
  std::vector<double> elapsed;  // Fig. 3b lines 1-2: running tasks' time so far
  for (const auto& [name, inst] : pool_->live())
    if (inst.ready && !inst.stopping)
      for (const auto& s : inst.slots)
        if (!s.idle()) elapsed.push_back(now - s.start_s);
  if (heuristic_.periodic_check(elapsed))
    request_instances(heuristic_.after_check(possible_tasks_now()));
}

void SilvaCoordinator::on(const AtuEnding& m) {
  if (Instance* inst = pool_->on(m)) stop_instance(*inst);
}

}  // namespace botsim::silva
