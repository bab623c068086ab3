#include "cloud/instance_pool.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include "cloud/provider.hpp"
#include "core/summary.hpp"
#include "platform/execute.hpp"
#include "platform/timers.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::cloud {

std::string worker_mailbox(const std::string& instance, int slot) {
  return instance + "/core" + std::to_string(slot);
}

InstancePool::InstancePool(UserRole& user, const std::string& provider_host, PoolAddress owner)
    : user_role_(user),
      user_(user.name()),
      provider_(sg4::Mailbox::by_name(provider_mailbox(provider_host))),
      owner_(std::move(owner)) {}

InstancePool::Instance& InstancePool::request(const InstanceType& type, Market market,
                                              std::optional<double> max_price) {
  Instance inst;
  inst.name = fmt::format("{}-i{:04d}", user_, ++next_instance_);
  inst.type = &type;
  inst.billing_start_s = sg4::Engine::get_clock();
  inst.market = market;
  inst.max_price = max_price;
  inst.reserved = market == Market::OnDemand && reservation_ && reservation_->type == type.name &&
                  reserved_slots_.take();
  inst.slots.resize(static_cast<size_t>(type.cores));
  StartInstance start{
      user_,     owner_.only<InstanceReady, InstanceRefused, InstanceStopped, InterruptionNotice>(),
      inst.name, type.name,
      market,    max_price};
  start.reserved = inst.reserved;
  send<ProviderMessage>(provider_, start, 0);
  std::string name = inst.name;
  ++active_;
  return live_.emplace(name, std::move(inst)).first->second;
}

void InstancePool::index(Instance& inst) {
  if (inst.ready && !inst.stopping && inst.busy < inst.slots.size())
    with_idle_slot_.insert(&inst);
  else
    with_idle_slot_.erase(&inst);
}

void InstancePool::reserve(const Reservation& r) {
  reservation_ = r;
  reserved_slots_ = ReservedSlots(r.slots);
}

void InstancePool::forget(std::map<std::string, Instance>::iterator it) {
  if (it->second.reserved) reserved_slots_.give_back();  // the slot is free again
  with_idle_slot_.erase(&it->second);
  if (!it->second.stopping) --active_;
  live_.erase(it);
}

void InstancePool::run(Instance& inst, size_t slot, long task, double flops, size_t record) {
  auto& s = inst.slots.at(slot);
  s.task = task;
  s.start_s = sg4::Engine::get_clock();
  s.record = record;
  inst.used = true;
  ++inst.busy;
  ++running_;
  index(inst);
  send<WorkerMessage>(sg4::Mailbox::by_name(worker_mailbox(inst.name, static_cast<int>(slot))),
                      RunTask{task, flops}, 0);
}

std::vector<long> InstancePool::lose_running(Instance& inst, const std::string& reason) {
  const double now = sg4::Engine::get_clock();
  const double cores = static_cast<double>(inst.slots.size());
  // A reserved slot's time at the reservation's price per unit (its up-front amount is paid
  // whatever is lost).
  const double price = inst.reserved ? reservation_->unit_price : inst.type->price;
  const double price_per_core_s = price / inst.type->atu_s / cores;
  const bool spot = inst.market == Market::Spot && inst.type->spot;
  std::vector<long> lost;
  for (auto& s : inst.slots) {
    if (s.idle()) continue;
    // A spot attempt at the prices it ran at: the trace's integral over it.
    const double cost =
        spot ? inst.type->spot->prices.integral(s.start_s, now) / inst.type->atu_s / cores
             : (now - s.start_s) * price_per_core_s;
    user_role_.lost(s.record, now, reason, cost);
    lost.push_back(s.task);
    s.task = -1;
  }
  running_ -= static_cast<long>(inst.busy);
  inst.busy = 0;
  index(inst);
  return lost;
}

std::vector<long> InstancePool::stop(Instance& inst) {
  if (!inst.stopping) --active_;
  inst.stopping = true;
  std::vector<long> lost = lose_running(inst, "instance " + inst.name + " stopped by its user");
  spdlog::info("{}: stopping instance {} ({} running tasks lost)", user_, inst.name, lost.size());
  send<ProviderMessage>(provider_, StopInstance{inst.name}, 0);
  return lost;
}

void InstancePool::alarm_at(const Instance& inst, double at) const {
  std::string name = inst.name;
  PoolAddress owner = owner_;
  // An ATU that ended already (an instance that booted for many ATUs, charged from its start):
  // sent now, without a timer actor. Catching up a year's ATUs spawned thousands of actors at
  // one instant, whose stacks exhausted the memory mappings.
  if (at <= sg4::Engine::get_clock()) {
    owner.send(AtuEnding{name, false}, 0);
    return;
  }
  spawn_daemon("atu-alarm", [owner, name, at] {
    sg4::this_actor::sleep_until(at);
    owner.send(AtuEnding{name, false}, 0);
  });
}

InstancePool::Instance* InstancePool::on(const InstanceReady& m) {
  const double now = sg4::Engine::get_clock();
  control_delay_s_ = std::max(control_delay_s_, now - m.sent_s);
  auto it = live_.find(m.instance);
  if (it == live_.end()) return nullptr;
  auto& inst = it->second;
  // billing_start_s is still the request time: the request's own delay.
  control_delay_s_ = std::max(control_delay_s_, m.billing_start_s - inst.billing_start_s);
  // Stopped before it was ready (the stop crossed this message): its host is off already.
  if (inst.stopping) return nullptr;
  inst.ready = true;
  inst.host = m.host;
  inst.billing_start_s = m.billing_start_s;
  inst.ready_s = now;
  index(inst);
  spdlog::info("{}: instance {} ready on host {}", user_, inst.name, inst.host);
  start_workers(inst);
  return &inst;
}

void InstancePool::start_workers(const Instance& inst) {
  auto* host = sg4::Host::by_name(inst.host);
  // The middleware on the instance: one worker per core, running one task at a time.
  for (int k = 0; k < static_cast<int>(inst.slots.size()); ++k) {
    std::string mb = worker_mailbox(inst.name, k);
    sg4::Actor::create("worker-" + mb, host, [mb, owner = owner_, instance = inst.name, k] {
      sg4::Actor::self()->daemonize();
      Inbox<WorkerMessage> in(mb);
      for (;;) {
        auto msg = in.receive();
        const auto& run = std::get<RunTask>(*msg);
        double start = sg4::Engine::get_clock();
        execute(run.flops);  // on this instance, which its user or a failure may stop
        owner.send(TaskDone{instance, k, run.task, start, sg4::Engine::get_clock()}, 0);
      }
    });
  }
}

InstancePool::Instance* InstancePool::on(const InterruptionNotice& m) {
  auto it = live_.find(m.instance);
  if (it == live_.end() || it->second.stopping) return nullptr;
  it->second.reclaim_s = m.reclaim_s;
  spdlog::info("{}: spot instance {} to be reclaimed at {} s", user_, m.instance, m.reclaim_s);
  return &it->second;
}

void InstancePool::on(const InstanceRefused& m) {
  if (auto it = live_.find(m.instance); it != live_.end()) forget(it);
}

std::vector<long> InstancePool::on(const InstanceStopped& m) {
  control_delay_s_ = std::max(control_delay_s_, sg4::Engine::get_clock() - m.stop_s);
  std::vector<long> lost;
  if (auto it = live_.find(m.instance); it != live_.end()) {
    if (!it->second.stopping)
      lost =
          lose_running(it->second, "instance " + m.instance +
                                       (m.failed        ? " failed"
                                        : m.interrupted ? " interrupted (spot instance reclaimed)"
                                                        : " stopped by its provider"));
    // Its workers died with its host; a mailbox's permanent receiver keeps a dead actor (and
    // its stack) alive, so a long run would run out of memory mappings.
    for (size_t k = 0; k < it->second.slots.size(); ++k)
      sg4::Mailbox::by_name(worker_mailbox(m.instance, static_cast<int>(k)))->set_receiver(nullptr);
    forget(it);
  }
  spdlog::info("{}: instance {} {}: {} ATU{} charged, {:.2f} {}", user_, m.instance,
               m.failed        ? "failed"
               : m.interrupted ? "reclaimed"
                               : "stopped",
               m.charged_units, m.charged_units == 1 ? "" : "s", m.cost,
               currency_of(user_role_.record().model));
  ++started_;
  charged_units_ += m.charged_units;
  spent_ += m.cost;
  return lost;
}

std::optional<InstancePool::Finished> InstancePool::on(const TaskDone& m) {
  auto it = live_.find(m.instance);
  if (it == live_.end() || it->second.stopping) return std::nullopt;  // stale: the task was lost
  auto slot = static_cast<size_t>(m.slot);
  auto& s = it->second.slots.at(slot);
  if (s.task != m.task) return std::nullopt;
  Finished f{&it->second, slot, m.task, s.record, m.start_s, m.end_s};
  s.task = -1;
  --it->second.busy;
  --running_;
  index(it->second);
  return f;
}

InstancePool::Instance* InstancePool::on(const AtuEnding& m) {
  if (!m.final) {
    // A task may complete at this very instant: its TaskDone is already queued behind this
    // message. Re-send to self, so that it is handled first and the task is not lost.
    owner_.send(AtuEnding{m.instance, true}, 0);
    return nullptr;
  }
  auto it = live_.find(m.instance);
  return it == live_.end() || it->second.stopping ? nullptr : &it->second;
}

}  // namespace botsim::cloud
