#include "agents/broker_contracts.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "core/units.hpp"
#include "platform/policy_failure.hpp"

namespace botsim::agents {

ResourceContracts::Settled ResourceContracts::start(const std::vector<std::string>& providers,
                                                    Rng& rng) {
  Settled out;
  const std::size_t n = bot_.resource_types.size();
  providers_ = providers;
  cnps_.resize(n + bot_.late_resources.size());
  for (std::size_t i = 0; i < cnps_.size(); ++i)
    cnps_[i].type = i < n ? bot_.resource_types[i] : bot_.late_resources[i - n].type;
  unsettled_ = n;
  for (std::size_t i = 0; i < n; ++i)
    if (!call_for_resource(static_cast<int>(i), rng))
      failed(static_cast<int>(i), "no service provider registered", out);
  return out;
}

bool ResourceContracts::is_late(int cnp) const {
  return static_cast<std::size_t>(cnp) >= bot_.resource_types.size();
}

bool ResourceContracts::call_for_resource(int cnp_id, Rng& rng) {  // the CNP's call (2.2)
  auto& cnp = cnps_.at(static_cast<std::size_t>(cnp_id));
  std::size_t k = std::min(bot_.contractors, providers_.size());
  if (k > 0) cnp.contractors = choose_contractors(providers_, k, rng);
  BrokerAddress reply = port_.address();
  const long slots =
      guard_registered_policy(bot_.allocation.policy != nullptr, bot_.allocation_entry, bot_.user,
                              "initial_slots", [&] { return initial_slots(bot_.allocation); });
  for (const auto& spa : cnp.contractors)
    port_.to_provider(bot_.user, spa, CallForResource{bot_.user, cnp_id, cnp.type, slots, reply});
  return !cnp.contractors.empty();
}

ResourceContracts::Settled ResourceContracts::call_late(int cnp, Rng& rng) {
  Settled out;
  ++late_open_;
  if (!call_for_resource(cnp, rng)) failed(cnp, "no service provider registered", out);
  return out;
}

ResourceContracts::Settled ResourceContracts::reply(int cnp_id, Proposal p,
                                                    const Affordable& affordable) {
  Settled out;
  auto& cnp = cnps_.at(static_cast<std::size_t>(cnp_id));
  cnp.replies.push_back(std::move(p));
  if (cnp.replies.size() < cnp.contractors.size()) return out;
  CnpOutcome won = select_winner(cnp.replies);  // the cheapest proposal wins
  const auto& user = bot_.user;
  for (const auto& loser : won.rejected) port_.to_provider(user, loser, Reject{user, cnp_id});
  // A replacement is paid from the budget like a renewal: its first slots in advance.
  if (won.awarded && !cnp.replaces.empty() && !affordable(won.price)) {
    port_.to_provider(user, won.winner, Reject{user, cnp_id});
    failed(cnp_id, fmt::format("the budget ({}) cannot pay for it", format_number(*bot_.budget)),
           out);
    return out;
  }
  if (won.awarded) {
    // Counted against the budget until allocated, so that two replacements awarded at the
    // same instant cannot together spend more than it.
    if (!cnp.replaces.empty()) cnp.awarded_price = won.price;
    port_.to_provider(user, won.winner, Accept{user, cnp_id});  // settled when Allocated comes
    return out;
  }
  failed(cnp_id, failure_reason(won), out);
  return out;
}

double ResourceContracts::plus_awarded(double committed) const {
  for (const auto& cnp : cnps_) committed += cnp.awarded_price;
  return committed;
}

long ResourceContracts::failed_cnps() const {
  return static_cast<long>(failures_.size()) + failed_replacements_;
}

void ResourceContracts::failed(int cnp_id, const std::string& why, Settled& out) {
  auto& cnp = cnps_.at(static_cast<std::size_t>(cnp_id));
  cnp.awarded_price = 0;
  std::string reason =
      (cnp.replaces.empty() ? cnp.type : "no replacement for " + cnp.replaces) + ": " + why;
  spdlog::warn("{}: {} for {}", port_.host(), reason, bot_.user);
  if (cnp.replaces.empty()) {
    failures_.push_back(reason);
  } else {  // told with the failure it follows
    out.replacements_lost.push_back(reason);
    ++failed_replacements_;
  }
  settled(cnp_id, out);
}

ResourceContracts::Settled ResourceContracts::allocated(int cnp) {
  Settled out;
  cnps_.at(static_cast<std::size_t>(cnp)).awarded_price = 0;  // a resource now
  settled(cnp, out);
  return out;
}

void ResourceContracts::settled(int cnp, Settled& out) {
  if (is_late(cnp)) {
    --late_open_;
    if (!cnps_.at(static_cast<std::size_t>(cnp)).replaces.empty()) --replacing_;
    out.joined = true;
    return;
  }
  if (--unsettled_ > 0) return;
  // "Once all the Cloud resources are allocated, the BA schedules" (Section 2.2): the late
  // resources' CNPs are due from now.
  out.composed = true;
  const double now = port_.now();
  const std::size_t n = bot_.resource_types.size();
  for (std::size_t i = 0; i < bot_.late_resources.size(); ++i)
    port_.at(now + bot_.late_resources[i].after_s,
             CallLateResource{bot_.user, static_cast<int>(n + i)});
}

ResourceContracts::Settled ResourceContracts::replace(const std::string& type,
                                                      const std::string& ra, Rng& rng) {
  Settled out;
  ResourceCnp cnp;
  cnp.type = type;
  cnp.replaces = ra;
  cnps_.push_back(std::move(cnp));
  const int id = static_cast<int>(cnps_.size() - 1);  // after the late ones
  ++late_open_;
  ++replacing_;
  spdlog::info("{}: contracting a {} resource to replace {} for {}", port_.host(), type, ra,
               bot_.user);
  if (!call_for_resource(id, rng)) failed(id, "no service provider registered", out);
  return out;
}

}  // namespace botsim::agents
