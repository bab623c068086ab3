#include "agents/broker_ledger.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "cloud/billing.hpp"
#include "cloud/records.hpp"
#include "core/units.hpp"
#include "platform/policy_failure.hpp"

namespace botsim::agents {

void ResourceLedger::set_not_live(const std::string& ra) {
  int* id = live_.find(ra);
  if (!id || *id == kNotLive) return;
  *id = kNotLive;
  --live_count_;
}

std::optional<int> ResourceLedger::live(const std::string& ra) const {
  const int* id = live_.find(ra);
  if (!id || *id == kNotLive) return std::nullopt;
  return *id;
}

int ResourceLedger::hold(const Allocated& m) {
  int id = static_cast<int>(resources_.size());
  resources_.push_back(
      HeldResource{m.ra, m.spa, m.type, m.price, m.start_s, m.alloc_end, false, 0, m.billing});
  const int* was = live_.find(m.ra);
  if (!was || *was == kNotLive) ++live_count_;
  live_.set(m.ra, id);
  return id;
}

void ResourceLedger::schedule_check(int id) {
  const auto& r = resources_.at(static_cast<std::size_t>(id));
  port_.at(check_time(bot_.allocation, r.alloc_end), CheckAllocation{bot_.user, id, r.generation});
}

bool ResourceLedger::current(const CheckAllocation& m) const {
  const auto& r = resources_.at(static_cast<std::size_t>(m.resource));
  return !r.released && r.generation == m.generation;
}

bool ResourceLedger::check(int id, AllocationStatus status, const Affordable& affordable) {
  auto& r = resources_.at(static_cast<std::size_t>(id));
  status.alloc_end = r.alloc_end;
  status.resource = id;
  status.now = port_.now();
  AllocationDecision d =
      guard_registered_policy(bot_.allocation.policy != nullptr, bot_.allocation_entry, bot_.user,
                              "renew", [&] { return decide(bot_.allocation, status); });
  if (d.action == AllocationAction::Renew && !affordable(d.slots)) {
    budget_short_ = fmt::format("the budget ({}) cannot pay for renewing {}",
                                format_number(*bot_.budget), r.ra);
    spdlog::info("{}: {} for {}", port_.host(), budget_short_, bot_.user);
    d.action = AllocationAction::Release;
  }
  if (d.action == AllocationAction::Renew) {
    ++renewals_;  // the contract is updated when the SPA acknowledges (Fig. 3 lines 6-7)
    port_.to_provider(bot_.user, r.spa, Reallocate{bot_.user, r.ra, d.slots});
    return false;
  }
  release(id);
  return true;
}

double ResourceLedger::committed(std::optional<int> renewed, long slots) const {
  return committed_money(bot_.allocation, spent_, resources_, renewed, slots, 0);
}

std::optional<int> ResourceLedger::renewed(const Renewed& m) {
  const std::optional<int> id = live(m.ra);
  if (!id) return std::nullopt;
  auto& r = resources_[static_cast<std::size_t>(*id)];
  r.alloc_end = m.alloc_end;
  ++r.generation;
  schedule_check(*id);
  return id;
}

void ResourceLedger::release(int id) {
  auto& r = resources_.at(static_cast<std::size_t>(id));
  r.released = true;
  set_not_live(r.ra);
  bill(id, resource_charge(bot_.allocation, r, port_.now(), false));
  ++pending_releases_;
  port_.to_provider(bot_.user, r.spa, ReleaseResource{bot_.user, r.ra});
}

std::vector<int> ResourceLedger::release_all() {
  std::vector<int> ids;
  for (std::size_t id = 0; id < resources_.size(); ++id)
    if (!resources_[id].released) {
      release(static_cast<int>(id));
      ids.push_back(static_cast<int>(id));
    }
  return ids;
}

std::optional<int> ResourceLedger::fail(const std::string& ra) {
  const std::optional<int> id = live(ra);
  if (!id) return std::nullopt;
  auto& r = resources_[static_cast<std::size_t>(*id)];
  r.released = true;
  set_not_live(r.ra);
  bill(*id, resource_charge(bot_.allocation, r, port_.now(), true));
  return id;
}

void ResourceLedger::bill(int id, const cloud::Charge& c) {
  const auto& r = resources_.at(static_cast<std::size_t>(id));
  charged_units_ += c.units_begun;
  spent_ += c.amount;
  auto& results = port_.run().results();
  results.timeline<cloud::InstanceRecord>().add(cloud::InstanceRecord{
      bot_.user, r.ra, r.type, r.start, port_.now(), c.units_begun, c.amount});
  // Its invoice row: what was paid for, from the allocation's start (docs/cloud.md): the
  // started slots, or the seconds in slots (a fraction) under per-second billing.
  results.timeline<cloud::InvoiceRecord>().add(
      cloud::InvoiceRecord{bot_.user, r.ra, r.type, cloud::InvoiceRecord::kOnDemand, c.from_s,
                           c.to_s, c.units, r.price, c.amount});
}

}  // namespace botsim::agents
