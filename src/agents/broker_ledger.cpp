#include "agents/broker_ledger.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <simgrid/s4u/Engine.hpp>

#include "agents/broker_roles.hpp"
#include "cloud/billing.hpp"
#include "cloud/records.hpp"
#include "core/units.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::agents {

std::optional<int> ResourceLedger::live_resource(const Job& j, const std::string& ra) {
  auto it = j.held.live.find(ra);
  if (it == j.held.live.end()) return std::nullopt;
  return it->second;
}

void ResourceLedger::on(const Allocated& m) {
  Job* j = b_.ctx.job(m.user);
  if (!j) return;
  int id = static_cast<int>(j->held.resources.size());
  j->held.resources.push_back(
      HeldResource{m.ra, m.spa, m.type, m.price, m.start_s, m.alloc_end, 0, false, 0});
  j->held.live[m.ra] = id;
  // A resource that joins while the BoT runs is used from the next decision on (Section 4).
  j->dispatch.scheduler->add_resource(ResourceView{id, m.speed_mips, m.alloc_end},
                                      sg4::Engine::get_clock());
  b_.ctx.touch(*j);
  if (j->end.ending)
    release(*j, id);  // a late resource the finished BoT no longer needs
  else
    schedule_check(*j, id);
  b_.contracts.allocated(*j, m.cnp);
}

void ResourceLedger::schedule_check(Job& j, int id) {
  auto& r = j.held.resources[static_cast<std::size_t>(id)];
  b_.ctx.send_self_at(check_time(j.bot->allocation, r.alloc_end),
                      CheckAllocation{j.bot->user, id, r.generation});
}

void ResourceLedger::on(const CheckAllocation& m) { checks_.push_back(m); }

void ResourceLedger::run_checks() {
  auto checks = std::move(checks_);
  checks_.clear();
  for (const auto& c : checks) check(c);
}

void ResourceLedger::check(const CheckAllocation& m) {  // Fig. 3, at its time-driven activation
  Job* j = b_.ctx.job(m.user);
  if (!j || j->end.ending) return;
  auto& r = j->held.resources[static_cast<std::size_t>(m.resource)];
  if (r.released || r.generation != m.generation) return;
  const Scheduler& s = *j->dispatch.scheduler;
  // A free resource whose next task waits for the other outputs of its instant is busy.
  AllocationStatus status{r.alloc_end, s.resource(m.resource).occupied || s.awaiting_outputs(),
                          s.finished()};
  AllocationDecision d = decide(j->bot->allocation, status);
  if (d.action == AllocationAction::Renew && !affordable(*j, m.resource, d.slots)) {
    j->held.budget_short = fmt::format("the budget ({}) cannot pay for renewing {}",
                                       format_number(*j->bot->budget), r.ra);
    spdlog::info("{}: {} for {}", b_.ctx.host, j->held.budget_short, m.user);
    d.action = AllocationAction::Release;
  }
  if (d.action == AllocationAction::Renew) {
    ++j->result.renewals;  // the contract is updated when the SPA acknowledges (Fig. 3 l. 6-7)
    b_.ctx.send_spa(*j, r.spa, Reallocate{m.user, r.ra, d.slots});
  } else {
    release(*j, m.resource);
  }
  b_.ctx.touch(*j);
}

bool ResourceLedger::affordable(const Job& j, std::optional<int> id, long slots,
                                double extra) const {
  if (!j.bot->budget) return true;
  const double held =
      committed_money(j.bot->allocation, j.result.spent, j.held.resources, id, slots, 0);
  return agents::affordable(j.bot->budget, ResourceContracts::plus_awarded(j, held) + extra);
}

void ResourceLedger::on(const Renewed& m) {
  Job* j = b_.ctx.job(m.user);
  if (!j) return;
  const std::optional<int> id = live_resource(*j, m.ra);
  if (!id) return;
  auto& r = j->held.resources[static_cast<std::size_t>(*id)];
  r.alloc_end = m.alloc_end;
  ++r.generation;
  j->dispatch.scheduler->set_allocation_end(*id, m.alloc_end);
  schedule_check(*j, *id);
}

void ResourceLedger::release(Job& j, int id) {
  auto& r = j.held.resources[static_cast<std::size_t>(id)];
  const double now = sg4::Engine::get_clock();
  r.released = true;
  j.held.live.erase(r.ra);
  j.dispatch.scheduler->remove_resource(id);  // a running task (FixedAM's end) goes back
  bill(j, id, charged_slots(j.bot->allocation, r.start, now, r.alloc_end));
  ++j.held.pending_releases;
  b_.ctx.send_spa(j, r.spa, ReleaseResource{j.bot->user, r.ra});
}

void ResourceLedger::bill(Job& j, int id, long units) {
  const auto& r = j.held.resources[static_cast<std::size_t>(id)];
  double cost = static_cast<double>(units) * r.price;
  j.result.charged_units += units;
  j.result.spent += cost;
  b_.ctx.run.results().timeline<cloud::InstanceRecord>().add(cloud::InstanceRecord{
      j.bot->user, r.ra, r.type, r.start, sg4::Engine::get_clock(), units, cost});
}

void ResourceLedger::on(const ResourceFailed& m) {
  Job* j = b_.ctx.job(m.user);
  if (!j) return;
  const double now = sg4::Engine::get_clock();
  if (const std::optional<int> live = live_resource(*j, m.ra)) {
    const int id = *live;
    auto& r = j->held.resources[static_cast<std::size_t>(id)];
    // Gone: the slots started until the failure are charged (as cloud instances are,
    // docs/cloud.md); its running task goes back to be scheduled on the others.
    r.released = true;
    j->held.live.erase(r.ra);
    std::string reason = "resource " + r.ra + " failed";
    j->end.resource_failures.push_back(reason);
    b_.dispatch.lose_running(*j, id, now, reason, r.price);
    bill(*j, id, cloud::charged_units(r.start, now, j->bot->allocation.slot_s));
    // One resource of its type takes its place, unless nothing is left to send to it.
    if (j->bot->replace_failed && !j->end.ending && !j->end.deadline_passed &&
        j->dispatch.scheduler->unsent_tasks() > 0)
      b_.contracts.replace(*j, r);
  }
  b_.ctx.touch(*j);
}

}  // namespace botsim::agents
