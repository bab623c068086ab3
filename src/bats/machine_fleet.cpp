#include "bats/machine_fleet.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace botsim::bats {

MachineFleet::MachineFleet(FleetBackend& backend, std::string user,
                           const std::vector<cloud::InstanceType>& types, double atu_s,
                           GiveBack give_back)
    : backend_(backend),
      user_(std::move(user)),
      types_(types),
      atu_s_(atu_s),
      give_back_(std::move(give_back)),
      gone_(types.size(), false),
      known_(types.size(), 0) {}

bool MachineFleet::all_gone() const {
  return std::all_of(gone_.begin(), gone_.end(), [](bool g) { return g; });
}

bool MachineFleet::asks_for_work(const Instance& inst) {
  return inst.ready && !inst.stopping && inst.slots[0].idle();
}

double MachineFleet::paid_until_s(const Instance& inst) const {
  const Machine& mc = machines_.at(inst.name);
  return mc.requested_s + static_cast<double>(mc.paid_atus) * atu_s_ - stop_lead_s_;
}

bool MachineFleet::lead_stops_by(double lead_s) {
  if (!(lead_s > stop_lead_s_)) return false;
  stop_lead_s_ = lead_s;
  // The watches already set would send their stops too late; the old ones, once their ATU is
  // paid or the machine released, are ignored (atu_ending_due).
  for (const auto& [name, inst] : backend_.live())
    if (!inst.stopping && machines_.count(name)) backend_.alarm_at(inst, paid_until_s(inst));
  return true;
}

bool MachineFleet::atu_ending_due(const Instance& inst) const {
  return paid_until_s(inst) <= backend_.now() + cloud::kBoundaryTolerance;
}

MachineState MachineFleet::state(const Instance& inst) const {
  const double now = backend_.now();
  const Machine& mc = machines_.at(inst.name);
  MachineState s;
  s.cluster = mc.cluster;
  s.tasks_done = mc.tasks_done;
  s.busy_s = mc.busy_s;
  s.uptime_s = std::max(0.0, now - inst.billing_start_s);
  s.running = inst.ready && !inst.slots[0].idle();
  s.running_elapsed_s = s.running ? now - inst.slots[0].start_s : 0;
  s.marked = mc.marked;
  s.paid_left_s = std::max(0.0, paid_until_s(inst) - now);
  return s;
}

std::vector<MachineState> MachineFleet::active(std::vector<Instance*>* instances) {
  std::vector<MachineState> states;
  for (auto& [name, inst] : backend_.live()) {
    if (inst.stopping) continue;
    states.push_back(state(inst));
    if (instances) instances->push_back(&inst);
  }
  return states;
}

std::vector<MachineState> MachineFleet::others_of(const Instance& self) const {
  std::vector<MachineState> states;
  for (const auto& [name, inst] : backend_.live())
    if (!inst.stopping && &inst != &self) states.push_back(state(inst));
  return states;
}

bool MachineFleet::any_active() const {
  const auto& live = backend_.live();
  return std::any_of(live.begin(), live.end(), [](const auto& kv) { return !kv.second.stopping; });
}

bool MachineFleet::has_active(int cluster) const {
  const auto& live = backend_.live();
  return std::any_of(live.begin(), live.end(), [&](const auto& kv) {
    return !kv.second.stopping && machines_.at(kv.first).cluster == cluster;
  });
}

MachineFleet::Instance* MachineFleet::acquire(int cluster) {
  const cloud::InstanceType& type = types_[static_cast<size_t>(cluster)];
  if (gone_[static_cast<size_t>(cluster)]) return nullptr;  // no host of it comes back
  if (known_[static_cast<size_t>(cluster)] >= type.max_count) return nullptr;
  if (!pay(type.price)) return nullptr;  // the first ATU is charged at the request
  Instance& inst = backend_.request(type);
  Machine mc;
  mc.cluster = cluster;
  mc.requested_s = backend_.now();
  mc.paid_atus = 1;
  mc.paid_apart = ledger_ == nullptr;
  machines_[inst.name] = mc;
  ++known_[static_cast<size_t>(cluster)];
  // Watched from the request, not from when it is ready: a boot longer than an ATU enters
  // ATUs the provider bills, each paid (or the machine released) as it ends.
  backend_.alarm_at(inst, paid_until_s(inst));
  return &inst;
}

bool MachineFleet::pay(double price) {
  if (!ledger_) {
    spent_apart_ += price;
    return true;
  }
  if (!ledger_->can_pay(price)) return false;
  ledger_->pay(price);
  return true;
}

bool MachineFleet::pay_next_atu(const Instance& inst) {
  Machine& mc = machines_.at(inst.name);
  if (!pay(types_[static_cast<size_t>(mc.cluster)].price)) return false;
  ++mc.paid_atus;
  backend_.alarm_at(inst, paid_until_s(inst));
  return true;
}

void MachineFleet::run(Instance& inst, long task, int replicated) {
  machines_.at(inst.name).replicated = replicated;
  backend_.run(inst, task, replicated >= 0);
}

void MachineFleet::stop(Instance& inst) {
  if (inst.stopping) return;
  Machine& mc = machines_.at(inst.name);
  std::vector<int> replicated;
  for (size_t k = 0; k < inst.slots.size(); ++k)
    if (!inst.slots[k].idle()) replicated.push_back(mc.replicated);
  std::vector<long> lost = backend_.stop(inst);
  for (size_t i = 0; i < lost.size(); ++i) {
    spdlog::info("{}: task {} lost: machine {} released", user_, lost[i], inst.name);
    give_back_(lost[i], mc.cluster, i < replicated.size() ? replicated[i] : -1);
  }
  mc.replicated = -1;
}

void MachineFleet::stop_all() {
  for (auto& [name, inst] : backend_.live())
    if (!inst.stopping) stop(inst);
}

int MachineFleet::task_done(const std::string& name, double runtime_s) {
  Machine& mc = machines_.at(name);
  ++mc.tasks_done;
  mc.busy_s += runtime_s;
  const int replicated = mc.replicated;
  mc.replicated = -1;
  return replicated;
}

int MachineFleet::refused(const std::string& name) {
  int cluster = -1;
  if (auto it = machines_.find(name); it != machines_.end()) {
    cluster = it->second.cluster;
    const double price = types_[static_cast<size_t>(cluster)].price;
    if (it->second.paid_apart)
      spent_apart_ -= price;
    else
      ledger_->refund(price);
    forget(it);
  }
  return cluster;
}

void MachineFleet::stopped(const std::string& name, const std::vector<long>& lost) {
  // A machine that failed (not asked to stop) loses its task: a replicated sample task is
  // lost to the sampling like one of a released machine, any other goes back to the bag.
  auto it = machines_.find(name);
  const int cluster = it == machines_.end() ? 0 : it->second.cluster;
  const int replicated = it == machines_.end() ? -1 : it->second.replicated;
  for (long task : lost) give_back_(task, cluster, replicated);
  if (it != machines_.end()) forget(it);
}

void MachineFleet::forget(std::map<std::string, Machine>::iterator it) {
  --known_[static_cast<size_t>(it->second.cluster)];
  machines_.erase(it);
}

void MachineFleet::mark_gone(int cluster) { gone_[static_cast<size_t>(cluster)] = true; }

}  // namespace botsim::bats
