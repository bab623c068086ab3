#include "cloud/cloud_user.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <simgrid/s4u/Engine.hpp>

#include "cloud/provider.hpp"
#include "cloud/records.hpp"
#include "core/error.hpp"
#include "core/results.hpp"
#include "core/rng.hpp"
#include "core/units.hpp"
#include "platform/messaging.hpp"
#include "platform/policy_failure.hpp"
#include "platform/timers.hpp"
#include "policy/reader_props.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::cloud {

namespace {

policy::InstanceType type_info(const InstanceType& t) {
  policy::InstanceType i;
  i.name = t.name;
  i.speed_mips = flops_to_mi(t.speed);
  i.cores = t.cores;
  i.price = t.price;
  i.atu_s = t.atu_s;
  i.boot_s = t.boot_s;
  i.max_count = t.max_count;
  i.spot = t.spot != nullptr;
  return i;
}

void fill(policy::Instance& i, const InstancePool::Instance& inst, double now) {
  i.name = inst.name;
  i.type = inst.type->name;
  i.requested_s = inst.billing_start_s;
  i.ready_s = inst.ready_s;
  i.paid_until_s = paid_until(inst.billing_start_s, now, inst.type->atu_s);
  i.ready = inst.ready;
  i.stopping = inst.stopping;
  i.used = inst.used;
  i.market = inst.market;
  i.max_price = inst.max_price;
  i.reclaim_s = inst.reclaim_s;
  i.reserved = inst.reserved;
  i.busy = static_cast<int>(inst.busy);
  i.slots.resize(inst.slots.size());
  for (size_t k = 0; k < inst.slots.size(); ++k) {
    i.slots[k].task = inst.slots[k].task;
    i.slots[k].start_s = inst.slots[k].start_s;
  }
}

const char* const kStatuses[] = {user_status::kOutOfBudget, user_status::kDeadlinePassed,
                                 user_status::kResourcesFailed, user_status::kUnfinished};

}  // namespace

// What the policy sees (policy/provisioning.hpp): the instances are copied when first asked for
// in a call, not before.
class CloudUser::View : public policy::CloudView {
 public:
  explicit View(CloudUser& u) : u_(u), random_(u.policy_rng_) {}
  double now() const override { return sg4::Engine::get_clock(); }
  const std::string& user() const override { return u_.params_.name; }
  double start_s() const override { return u_.start_s_; }
  long tasks_total() const override { return static_cast<long>(u_.params_.task_times.size()); }
  long tasks_done() const override { return u_.finished_; }
  long tasks_running() const override { return u_.pool_->running(); }
  long tasks_waiting() const override { return static_cast<long>(u_.queue_.size()); }
  double done_seconds() const override { return u_.done_seconds_; }
  const policy::InstanceType& task_type() const override { return u_.task_type_; }
  const std::vector<policy::InstanceType>& types() const override { return u_.type_infos_; }
  const std::vector<policy::Instance>& instances() const override {
    if (!instances_) {
      instances_.emplace();
      instances_->resize(u_.pool_->live().size());
      size_t k = 0;
      for (const auto& [name, inst] : u_.pool_->live()) fill((*instances_)[k++], inst, now());
    }
    return *instances_;
  }
  const std::vector<policy::Instance>& idle_instances() const override {
    if (!idle_) {
      idle_.emplace();
      for (const Instance* inst : u_.pool_->with_idle_slot())
        if (inst->idle()) fill(idle_->emplace_back(), *inst, now());
    }
    return *idle_;
  }
  long live() const override { return static_cast<long>(u_.pool_->live().size()); }
  long active() const override { return u_.pool_->active(); }
  double spent() const override { return u_.pool_->spent(); }
  std::optional<double> budget() const override { return u_.params_.budget; }
  std::optional<double> deadline_s() const override { return u_.params_.deadline_s; }
  policy::Random& random() const override { return random_; }
  std::optional<double> spot_price(const std::string& type) const override {
    const InstanceType* t = u_.type_named(type);
    if (!t || !t->spot) return std::nullopt;
    return t->spot->prices.price_at(now());
  }

 private:
  CloudUser& u_;
  mutable policy::Random random_;
  mutable std::optional<std::vector<policy::Instance>> instances_, idle_;
};

CloudUser::Params CloudUser::Params::read_common(const PropReader& props, const ActorSite& site,
                                                 const std::string& old_name_key) {
  Params p;
  // A new population of task times per seed.
  UserSpec user = UserSpec::read(props, site, "task_time", "workload:", old_name_key);
  p.name = user.name;
  p.task_times = std::move(user.tasks);
  p.provider_host = props.text("provider", "provider");
  p.type = find_instance_type(props.text("instance_type"), props, "instance_type", site.run);
  p.types = instance_types(site.run);
  // Reserved capacity of the user's type for the run (docs/cloud.md, "Reserved capacity").
  if (props.has("reserved")) {
    Reservation r;
    r.type = p.type.name;
    r.slots = props.integer("reserved", std::nullopt, 1, p.type.max_count);
    r.upfront = props.money("reserved_upfront", 0);
    r.unit_price = props.money("reserved_price", 0);
    p.reservation = r;
  } else {
    for (const char* key : {"reserved_upfront", "reserved_price"})
      if (props.has(key)) props.fail(key, "needs `reserved` (the slots reserved)");
  }
  return p;
}

void CloudUser::Params::build_policy(const PropReader& props, const std::string& fallback) {
  policy_entry =
      &policy::read_policy(props, "policy", policy::DecisionPoint::Provisioning, fallback);
  policy::CloudSetup setup;
  setup.user = name;
  setup.task_type = type_info(type);
  for (const auto& t : types) setup.types.push_back(type_info(t));
  setup.task_times = &task_times;
  policy = policy::build_policy(*policy_entry, props, [&](const policy::Props& pp) {
    return policy_entry->provisioning(pp, setup);
  });
}

CloudUser::CloudUser(Params params, Run& run)
    : params_(std::move(params)),
      user_(run, params_.name),
      results_(run.results()),
      policy_rng_(user_.rng("policy:")) {
  task_type_ = type_info(params_.type);
  for (const auto& t : params_.types) type_infos_.push_back(type_info(t));
}

void CloudUser::operator()() {
  start_s_ = sg4::Engine::get_clock();
  Inbox<CloudUserMessage> inbox(params_.inbox_prefix + "@" + params_.name);
  pool_.emplace(user_, params_.provider_host, PoolAddress::to<CloudUserMessage>(inbox.mailbox()));
  if (params_.reservation) pool_->reserve(*params_.reservation);
  const long n = static_cast<long>(params_.task_times.size());
  std::vector<long> order(static_cast<size_t>(n));
  for (long i = 0; i < n; ++i) order[static_cast<size_t>(i)] = i;
  Rng rng = user_.rng("order:");
  if (params_.random_order) std::shuffle(order.begin(), order.end(), rng);
  queue_.assign(order.begin(), order.end());

  UserRecord u;
  u.model = params_.model;
  const std::string label = params_.policy->label();
  u.policy = label.empty() ? params_.policy_entry->name : label;
  u.tasks_total = n;
  u.start_s = start_s_;
  InstancePool::open_record(u);
  u.budget = params_.budget;
  u.deadline_s = params_.deadline_s;
  user_.open(u);
  if (params_.deadline_s)
    send_at<CloudUserMessage>(inbox.mailbox(), start_s_ + *params_.deadline_s, DeadlineTick{});

  // The periodic check runs every interval (repeated sleeps, as Silva's loop does). It looks at
  // the running tasks only: while none runs and an instance is coming (booting), its ticks are
  // skipped.
  const double interval = params_.policy->check_interval_s();
  Timer check;
  if (interval > 0)
    check = every_interval<CloudUserMessage>(inbox.mailbox(), interval, CheckTick{});

  decide("start", [&](View& v) { return params_.policy->start(v); });
  settle();
  check.set_idle(nothing_to_check());
  auto& live = pool_->live();
  while (!((job_done() || stopped_) && live.empty())) {
    auto msg = inbox.receive();
    std::visit([this](const auto& m) { on(m); }, *msg);
    if (!stopped_) {
      if (!job_done()) dispatch();
      decide("after_dispatch", [&](View& v) { return params_.policy->after_dispatch(v); });
      settle();
    }
    check.set_idle(nothing_to_check());
  }

  check.stop();
  auto& rec = user_.record();
  rec.tasks_done = finished_;
  if (job_done()) rec.finish_s = last_finish_s_;
  pool_->close_record(rec);
  if (params_.reservation) bill_reservation(*params_.reservation, rec);
}

// The reservation is paid whether used or not, for the user's whole run: its rows are billed
// when the user ends (docs/cloud.md, "Reserved capacity").
void CloudUser::bill_reservation(const Reservation& r, UserRecord& rec) {
  const double end_s = sg4::Engine::get_clock();
  auto& invoice = results_.timeline<InvoiceRecord>();
  for (const ReservationCharge& c : reservation_charges(r, params_.type.terms(), start_s_, end_s)) {
    invoice.add(
        InvoiceRecord{params_.name, fmt::format("{}-r{:02d}", params_.name, c.slot), r.type,
                      c.upfront ? InvoiceRecord::kReservationUpfront : InvoiceRecord::kReservation,
                      c.from_s, c.to_s, c.units, c.unit_price, c.amount});
    rec.spent += c.amount;
  }
}

template <class Hook>
void CloudUser::decide(const char* hook, Hook ask) {
  if (stopped_) return;
  const policy::CloudDecision d = guard_policy(*params_.policy_entry, params_.name, hook, [&] {
    View view(*this);
    policy::CloudDecision decision = ask(view);
    check(decision);
    return decision;
  });
  apply(d);
}

const InstanceType* CloudUser::type_named(const std::string& name) const {
  for (const auto& t : params_.types)
    if (t.name == name) return &t;
  return nullptr;
}

void CloudUser::check(const policy::CloudDecision& d) const {
  const double now = sg4::Engine::get_clock();
  const auto& live = pool_->live();
  auto instance = [&](const std::string& name, const char* what) {
    auto it = live.find(name);
    if (it == live.end())
      throw policy::DecisionError(
          fmt::format("{} instance '{}', which is not one of the user's "
                      "live instances",
                      what, name));
    if (it->second.stopping)
      throw policy::DecisionError(
          fmt::format("{} instance '{}', which is stopping already", what, name));
  };
  std::vector<std::string> stopped;
  for (const auto& name : d.stop) {
    instance(name, "stops");
    if (std::find(stopped.begin(), stopped.end(), name) != stopped.end())
      throw policy::DecisionError(fmt::format("stops instance '{}' twice", name));
    stopped.push_back(name);
  }
  for (const auto& s : d.stop_at) {
    instance(s.instance, "sets a stop time for");
    if (!std::isfinite(s.time) || s.time < now)
      throw policy::DecisionError(
          fmt::format("stops instance '{}' at {} s, which is not a time "
                      "to come (now: {} s)",
                      s.instance, s.time, format_number(now)));
  }
  for (const auto& s : d.start) {
    if (!type_named(s.type)) {
      std::string known;
      for (const auto& t : params_.types) known += (known.empty() ? "" : ", ") + t.name;
      throw policy::DecisionError(
          fmt::format("starts instances of type '{}', which the cloud "
                      "does not offer (it offers: {})",
                      s.type, known));
    }
    if (s.count < 0)
      throw policy::DecisionError(fmt::format(
          "starts {} instances of '{}' (a count is a whole number >= 0)", s.count, s.type));
    if (s.max_price && (s.market != policy::Market::Spot || !(*s.max_price >= 0)))
      throw policy::DecisionError(
          fmt::format("starts instances of '{}' with a maximum price of {}, which only a spot "
                      "start at a price >= 0 has",
                      s.type, *s.max_price));
  }
  if (d.give_up && std::none_of(std::begin(kStatuses), std::end(kStatuses),
                                [&](const char* s) { return d.give_up->status == s; }))
    throw policy::DecisionError(fmt::format(
        "stops the user with status '{}' (expected one of: out_of_budget, deadline_passed, "
        "resources_failed, unfinished)",
        d.give_up->status));
}

// Stops first, then the stop times, the starts, and last the give-up.
void CloudUser::apply(const policy::CloudDecision& d) {
  auto& live = pool_->live();
  for (const auto& name : d.stop) stop_instance(live.at(name));
  // A stop reaches the provider, which bills up to then, one control delay after it is sent:
  // sent that much earlier, it arrives by the time the policy asked for (docs/cloud.md).
  for (const auto& s : d.stop_at)
    pool_->alarm_at(live.at(s.instance), s.time - pool_->control_delay_s());
  for (const auto& s : d.start) {
    const InstanceType& type = *type_named(s.type);
    for (long i = 0; i < s.count; ++i) pool_->request(type, s.market, s.max_price);
  }
  if (d.give_up) give_up(d.give_up->status, d.give_up->reason);
}

// Two rules of the actor's, whatever the policy (not in the papers; botsim's policies meet them
// on their own): once every task is done, an idle instance is stopped (the run ends when the
// last is gone); and a user with tasks waiting, no instance live and no periodic check to come
// can never go on: it stops, its tasks undone.
void CloudUser::settle() {
  if (stopped_) return;
  if (job_done()) {
    std::vector<Instance*> idle;
    for (Instance* inst : pool_->with_idle_slot())
      if (inst->idle()) idle.push_back(inst);
    for (Instance* inst : idle) stop_instance(*inst);
  } else if (pool_->live().empty() && !queue_.empty() &&
             !(params_.policy->check_interval_s() > 0)) {
    give_up(user_status::kUnfinished,
            fmt::format("its policy runs no instance while {} tasks wait", queue_.size()));
  }
}

bool CloudUser::nothing_to_check() const {
  // A tick is also the next try after a refusal (the policy's after_dispatch runs after every
  // message): it has nothing to do only while no task runs and an instance is coming, or at
  // the end.
  return stopped_ || job_done() ||
         (pool_->running() == 0 && (queue_.empty() || pool_->active() > 0));
}

void CloudUser::give_up(const std::string& status, const std::string& why) {
  if (stopped_ || job_done()) return;
  spdlog::warn("{}: stops with {} of {} tasks undone: {}", params_.name,
               static_cast<long>(params_.task_times.size()) - finished_, params_.task_times.size(),
               why);
  stopped_ = true;
  user_.stop(status.c_str(), why);
  for (auto& [name, inst] : pool_->live())
    if (!inst.stopping) stop_instance(inst);
}

void CloudUser::dispatch() {
  // Only ready instances with an idle slot can take a task, in name order (the pool's index).
  const auto& free = pool_->with_idle_slot();
  for (auto it = free.begin(); it != free.end() && !queue_.empty();) {
    Instance& inst = **it++;  // run() takes it out of the index once its last slot is busy
    for (size_t k = 0; k < inst.slots.size() && !queue_.empty(); ++k) {
      if (!inst.slots[k].idle()) continue;
      const bool takes = guard_policy(*params_.policy_entry, params_.name, "takes_task", [&] {
        View view(*this);
        policy::Instance info;
        fill(info, inst, view.now());
        return params_.policy->takes_task(view, info);
      });
      if (!takes) continue;
      const long task = queue_.front();
      queue_.pop_front();
      const double flops = params_.task_times[static_cast<size_t>(task)] * params_.type.speed;
      const size_t record = user_.started(task, flops_to_mi(flops), inst.name, start_s_);
      pool_->run(inst, k, task, flops, record);
    }
  }
}

void CloudUser::stop_instance(Instance& inst) {
  // Tasks lost on the instance are recorded with no end, and handed out again first.
  for (long task : pool_->stop(inst)) {
    spdlog::info("{}: task {} lost: instance {} stopped", params_.name, task, inst.name);
    queue_.push_front(task);
  }
}

void CloudUser::on(const InstanceReady& m) {
  Instance* inst = pool_->on(m);
  if (!inst) return;
  decide("instance_ready", [&](View& v) {
    policy::Instance info;
    fill(info, *inst, v.now());
    return params_.policy->instance_ready(v, info);
  });
}

void CloudUser::on(const InstanceRefused& m) {
  spdlog::warn("{}: instance {} refused: {}", params_.name, m.instance, m.reason);
  policy::InstanceLoss loss;
  loss.instance = m.instance;
  if (auto it = pool_->live().find(m.instance); it != pool_->live().end())
    loss.type = it->second.type->name;
  loss.refused = true;
  loss.for_good = m.for_good;
  loss.reason = m.reason;
  pool_->on(m);
  decide("instance_lost", [&](View& v) { return params_.policy->instance_lost(v, loss); });
}

void CloudUser::on(const InstanceStopped& m) {
  // Stopped without being asked to (e.g. its host failed): the policy hears of it.
  policy::InstanceLoss loss;
  auto it = pool_->live().find(m.instance);
  const bool unasked = it != pool_->live().end() && !it->second.stopping;
  if (unasked) {
    loss.instance = m.instance;
    loss.type = it->second.type->name;
    loss.interrupted = m.interrupted;
    loss.reason = "instance " + m.instance +
                  (m.failed        ? " failed"
                   : m.interrupted ? " interrupted (spot instance reclaimed by its provider)"
                                   : " stopped by its provider");
  }
  for (long task : pool_->on(m)) {
    queue_.push_front(task);
    loss.lost_tasks.push_back(task);
  }
  if (unasked)
    decide("instance_lost", [&](View& v) { return params_.policy->instance_lost(v, loss); });
}

void CloudUser::on(const InterruptionNotice& m) {
  Instance* inst = pool_->on(m);
  if (!inst) return;  // stopped meanwhile: a normal stop
  decide("interruption_notice", [&](View& v) {
    policy::Instance info;
    fill(info, *inst, v.now());
    return params_.policy->interruption_notice(v, info);
  });
}

void CloudUser::on(const TaskDone& m) {
  auto done = pool_->on(m);
  if (!done) return;  // stale: the task was lost
  user_.ended(done->record, done->end_s);
  ++finished_;
  last_finish_s_ = done->end_s;
  done_seconds_ += done->end_s - done->start_s;
  const policy::TaskEnd end{done->task, done->instance->name, done->start_s, done->end_s};
  decide("task_ended", [&](View& v) { return params_.policy->task_ended(v, end); });
}

void CloudUser::on(const DeadlineTick&) {
  give_up(user_status::kDeadlinePassed,
          "deadline of " + format_number(*params_.deadline_s) + " s passed");
}

void CloudUser::on(const CheckTick&) {
  if (job_done() || stopped_) return;
  decide("check", [&](View& v) { return params_.policy->check(v); });
}

void CloudUser::on(const AtuEnding& m) {
  if (Instance* inst = pool_->on(m)) stop_instance(*inst);
}

}  // namespace botsim::cloud
