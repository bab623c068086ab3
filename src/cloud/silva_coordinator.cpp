#include "cloud/silva_coordinator.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
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

namespace sg4 = simgrid::s4u;

namespace botsim::cloud {

namespace {
constexpr double kTol = 1e-9;

std::string inbox_of(const std::string& user) { return "silva@" + user; }
std::string worker_mailbox(const std::string& instance, int slot) {
  return instance + "/core" + std::to_string(slot);
}
}  // namespace

SilvaCoordinator::Params SilvaCoordinator::Params::read(const PropReader& props,
                                                        const ActorSite& site) {
  Params p;
  p.user = props.text("user", site.host);
  if (p.user.empty()) props.fail("user", "must not be empty");
  p.provider_host = props.text("provider", "provider");
  p.type = find_instance_type(props.text("instance_type"), props, "instance_type");
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
  Rng rng = make_rng("workload:" + p.user);  // a new population per seed
  p.task_times = read_workload(props, scenario_paths().deployment_dir, rng, "task_time");
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

SilvaCoordinator::SilvaCoordinator(std::vector<std::string>) {
  params_ = Params::read(running_actor_props(), running_actor_site());
}

void SilvaCoordinator::operator()() {
  start_s_ = sg4::Engine::get_clock();
  inbox_name_ = inbox_of(params_.user);
  Inbox<OwnerMessage> inbox(inbox_name_);
  const long n = static_cast<long>(params_.task_times.size());
  heuristic_ = SilvaHeuristic(params_.heuristic, n);

  // "Initially, one host is allocated and starts executing randomly selected tasks."
  std::vector<long> order(static_cast<size_t>(n));
  for (long i = 0; i < n; ++i) order[static_cast<size_t>(i)] = i;
  Rng rng = make_rng("order:" + params_.user);
  if (params_.random_order) std::shuffle(order.begin(), order.end(), rng);
  queue_.assign(order.begin(), order.end());

  UserRecord u;
  u.name = params_.user;
  u.model = "silva";
  u.policy = policy(params_);
  u.tasks_total = n;
  u.start_s = start_s_;
  u.instances = 0;
  u.charged_units = 0;
  user_record_ = results().add_user(u);

  // Fig. 3b runs every check interval. Not start_ticker: it wakes at first + k·period, this at
  // repeated sleep_for(interval), and the two round differently for most intervals.
  auto* self = inbox.mailbox();
  double interval = params_.check_interval_s;
  sg4::Actor::create("silva-check-" + params_.user, sg4::this_actor::get_host(), [self, interval] {
    sg4::Actor::self()->daemonize();
    for (;;) {
      sg4::this_actor::sleep_for(interval);
      send<OwnerMessage>(self, Tick{}, 0);
    }
  });

  request_instances(1);
  bool stopping_all = false;
  while (!(job_done() && live_.empty())) {
    auto msg = inbox.receive();
    std::visit([this](const auto& m) { on(m); }, *msg);
    if (job_done()) {
      if (!stopping_all) {  // the job is over: stop every instance at once
        stopping_all = true;
        for (auto& [name, inst] : live_)
          if (!inst.stopping) stop_instance(inst);
      }
      continue;
    }
    dispatch();
    // Liveness: tasks wait and no instance is coming (all stopped or refused): rent one.
    bool any =
        std::any_of(live_.begin(), live_.end(), [](const auto& kv) { return !kv.second.stopping; });
    if (!queue_.empty() && !any && sg4::Engine::get_clock() > last_refusal_s_) request_instances(1);
  }

  auto& rec = results().user(user_record_);
  rec.tasks_done = finished_;
  rec.finish_s = last_finish_s_;
  rec.instances = instances_;
  rec.charged_units = charged_units_;
  rec.spent = spent_;
}

void SilvaCoordinator::request_instances(long count) {
  // Guard (not in the paper): never ask for more instances than the type allows at once or
  // than there are unfinished tasks, so that a huge necessaryComputers (e.g. a large budget
  // factor) cannot flood the provider with requests it must refuse.
  long live = static_cast<long>(live_.size());
  long remaining = static_cast<long>(params_.task_times.size()) - finished_;
  count = std::min({count, params_.type.max_count - live, remaining});
  auto* provider = sg4::Mailbox::by_name(provider_mailbox(params_.provider_host));
  for (long i = 0; i < count; ++i) {
    Instance inst;
    inst.name = fmt::format("{}-i{:04d}", params_.user, ++next_instance_);
    inst.billing_start_s = sg4::Engine::get_clock();
    inst.slots.resize(static_cast<size_t>(params_.type.cores));
    send<ProviderMessage>(
        provider, StartInstance{params_.user, inbox_name_, inst.name, params_.type.name}, 0);
    live_.emplace(inst.name, std::move(inst));
  }
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
  for (const auto& [name, inst] : live_) {
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
  const double now = sg4::Engine::get_clock();
  for (auto& [name, inst] : live_) {
    if (!inst.ready || inst.stopping) continue;
    for (size_t k = 0; k < inst.slots.size() && !queue_.empty(); ++k) {
      auto& s = inst.slots[k];
      if (s.task >= 0 || !fits(inst, now)) continue;
      long task = queue_.front();
      queue_.pop_front();
      double t = params_.task_times[static_cast<size_t>(task)];
      double flops = t * params_.type.speed;
      s.task = task;
      s.start_s = now;
      s.record = results().add_task(TaskRecord{params_.user, task, flops_to_mi(flops), inst.name,
                                               start_s_, now, std::nullopt});
      inst.used = true;
      send<WorkerMessage>(sg4::Mailbox::by_name(worker_mailbox(inst.name, static_cast<int>(k))),
                          RunTask{task, flops}, 0);
    }
  }
  // An idle instance that cannot take the next task within its window has nothing left to do:
  // stopping it now costs the same (its ATU is paid) and frees the provider's capacity.
  if (queue_.empty()) return;
  for (auto& [name, inst] : live_) {
    if (!inst.ready || inst.stopping) continue;
    bool idle =
        std::all_of(inst.slots.begin(), inst.slots.end(), [](const Slot& s) { return s.task < 0; });
    if (idle && !fits(inst, now)) stop_instance(inst);
  }
}

void SilvaCoordinator::stop_instance(Instance& inst) {
  inst.stopping = true;
  for (auto& s : inst.slots) {
    if (s.task < 0) continue;
    // Lost: recorded with no end, and handed out again first.
    spdlog::info("{}: task {} lost: instance {} stopped", params_.user, s.task, inst.name);
    queue_.push_front(s.task);
    s.task = -1;
  }
  send<ProviderMessage>(sg4::Mailbox::by_name(provider_mailbox(params_.provider_host)),
                        StopInstance{inst.name}, 0);
}

void SilvaCoordinator::on(const InstanceReady& m) {
  auto it = live_.find(m.instance);
  if (it == live_.end()) return;
  auto& inst = it->second;
  // Stopped before it was ready (the stop crossed this message): its host is off already.
  if (inst.stopping) return;
  inst.ready = true;
  inst.host = m.host;
  inst.billing_start_s = m.billing_start_s;
  inst.ready_s = sg4::Engine::get_clock();
  auto* host = sg4::Host::by_name(m.host);
  std::string owner = inbox_name_;
  // The middleware on the instance: one worker per core.
  for (int k = 0; k < static_cast<int>(inst.slots.size()); ++k) {
    std::string mb = worker_mailbox(inst.name, k);
    std::string instance = inst.name;
    sg4::Actor::create("worker-" + mb, host, [mb, owner, instance, k] {
      sg4::Actor::self()->daemonize();
      Inbox<WorkerMessage> in(mb);
      for (;;) {
        auto msg = in.receive();
        const auto& run = std::get<RunTask>(*msg);
        double start = sg4::Engine::get_clock();
        sg4::this_actor::execute(run.flops);  // on this instance
        send<OwnerMessage>(sg4::Mailbox::by_name(owner),
                           TaskDone{instance, k, run.task, start, sg4::Engine::get_clock()}, 0);
      }
    });
  }
  // Stop just before the charged hour ends (section 4): at the end of the first ATU.
  {
    double stop_at = inst.billing_start_s + params_.type.atu_s - params_.stop_margin_s;
    std::string instance = inst.name;
    sg4::Actor::create(
        "silva-stop-" + instance, sg4::this_actor::get_host(), [owner, instance, stop_at] {
          sg4::Actor::self()->daemonize();
          sg4::this_actor::sleep_until(stop_at);
          send<OwnerMessage>(sg4::Mailbox::by_name(owner), StopDue{instance, false}, 0);
        });
  }
}

void SilvaCoordinator::on(const InstanceRefused& m) {
  spdlog::warn("{}: instance {} refused: {}", params_.user, m.instance, m.reason);
  live_.erase(m.instance);
  last_refusal_s_ = sg4::Engine::get_clock();
}

void SilvaCoordinator::on(const InstanceStopped& m) {
  live_.erase(m.instance);
  ++instances_;
  charged_units_ += m.charged_units;
  spent_ += m.cost;
}

void SilvaCoordinator::on(const TaskDone& m) {
  auto it = live_.find(m.instance);
  if (it == live_.end() || it->second.stopping) return;  // stale: the task was lost
  auto& s = it->second.slots.at(static_cast<size_t>(m.slot));
  if (s.task != m.task) return;
  results().task(s.record).end_s = m.end_s;
  s.task = -1;
  ++finished_;
  last_finish_s_ = m.end_s;
  heuristic_.task_finished(m.end_s - m.start_s);  // Fig. 3a lines 1-4
  if (job_done()) return;
  request_instances(heuristic_.after_completion(possible_tasks_now()));  // lines 6-18
}

void SilvaCoordinator::on(const Tick&) {
  if (job_done()) return;
  const double now = sg4::Engine::get_clock();
  std::vector<double> elapsed;  // Fig. 3b lines 1-2: running tasks' time so far
  for (const auto& [name, inst] : live_)
    if (inst.ready && !inst.stopping)
      for (const auto& s : inst.slots)
        if (s.task >= 0) elapsed.push_back(now - s.start_s);
  if (heuristic_.periodic_check(elapsed))
    request_instances(heuristic_.after_check(possible_tasks_now()));
}

void SilvaCoordinator::on(const StopDue& m) {
  if (!m.final) {
    // A task may complete at this very instant: its TaskDone is already queued behind this
    // message. Re-send to self, so that it is handled first and the task is not lost.
    send<OwnerMessage>(sg4::Mailbox::by_name(inbox_name_), StopDue{m.instance, true}, 0);
    return;
  }
  auto it = live_.find(m.instance);
  if (it != live_.end() && !it->second.stopping) stop_instance(it->second);
}

}  // namespace botsim::cloud
