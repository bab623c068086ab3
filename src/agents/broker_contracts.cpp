#include "agents/broker_contracts.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <simgrid/s4u/Engine.hpp>

#include "agents/broker_roles.hpp"
#include "core/units.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::agents {

void ResourceContracts::on(const Listing& m) {  // one CNP per resource, all in parallel
  Job* j = b_.ctx.job(m.user);
  if (!j) return;
  auto& k = j->contracts;
  const std::size_t n = j->bot->resource_types.size();
  k.providers = m.names;
  k.cnps.resize(n + j->bot->late_resources.size());
  for (std::size_t i = 0; i < k.cnps.size(); ++i)
    k.cnps[i].type = i < n ? j->bot->resource_types[i] : j->bot->late_resources[i - n].type;
  k.unsettled = n;
  for (std::size_t i = 0; i < n; ++i)
    if (!call_for_resource(*j, static_cast<int>(i)))
      cnp_failed(*j, static_cast<int>(i), "no service provider registered");
}

bool ResourceContracts::is_late(const Job& j, int cnp) {
  return static_cast<std::size_t>(cnp) >= j.bot->resource_types.size();
}

bool ResourceContracts::call_for_resource(Job& j, int cnp_id) {  // the CNP's call (2.2)
  auto& cnp = j.contracts.cnps.at(static_cast<std::size_t>(cnp_id));
  std::size_t k = std::min(j.bot->contractors, j.contracts.providers.size());
  if (k > 0) cnp.contractors = choose_contractors(j.contracts.providers, k, j.rng);
  BrokerAddress reply = b_.ctx.reply_address();
  long slots = initial_slots(j.bot->allocation);
  for (const auto& spa : cnp.contractors)
    b_.ctx.send_spa(j, spa, CallForResource{j.bot->user, cnp_id, cnp.type, slots, reply});
  return !cnp.contractors.empty();
}

void ResourceContracts::on(const CallLateResource& m) {  // a resource joining the run (4)
  Job* j = b_.ctx.job(m.user);
  if (!j || j->end.ending) return;
  ++j->contracts.late_open;
  if (!call_for_resource(*j, m.cnp)) cnp_failed(*j, m.cnp, "no service provider registered");
}

void ResourceContracts::on(const Propose& m) {
  if (Job* j = b_.ctx.job(m.user)) reply_to_cnp(*j, m.cnp, Proposal{m.contractor, m.price});
}

void ResourceContracts::on(const Refuse& m) {
  if (Job* j = b_.ctx.job(m.user)) reply_to_cnp(*j, m.cnp, Proposal{m.contractor, std::nullopt});
}

void ResourceContracts::reply_to_cnp(Job& j, int cnp_id, Proposal p) {
  auto& cnp = j.contracts.cnps.at(static_cast<std::size_t>(cnp_id));
  cnp.replies.push_back(std::move(p));
  if (cnp.replies.size() < cnp.contractors.size()) return;
  CnpOutcome out = select_winner(cnp.replies);  // the cheapest proposal wins
  const auto& user = j.bot->user;
  for (const auto& loser : out.rejected) b_.ctx.send_spa(j, loser, Reject{user, cnp_id});
  // A replacement is paid from the budget like a renewal: its first slots in advance.
  if (out.awarded && !cnp.replaces.empty() &&
      !b_.ledger.affordable(j, std::nullopt, 0, out.price)) {
    b_.ctx.send_spa(j, out.winner, Reject{user, cnp_id});
    cnp_failed(j, cnp_id,
               fmt::format("the budget ({}) cannot pay for it", format_number(*j.bot->budget)));
    return;
  }
  if (out.awarded) {
    // Counted against the budget until allocated, so that two replacements awarded at the
    // same instant cannot together spend more than it.
    if (!cnp.replaces.empty()) cnp.awarded_price = out.price;
    b_.ctx.send_spa(j, out.winner, Accept{user, cnp_id});  // settled when Allocated comes
    return;
  }
  cnp_failed(j, cnp_id, failure_reason(out));
}

double ResourceContracts::plus_awarded(const Job& j, double committed) {
  for (const auto& cnp : j.contracts.cnps) committed += cnp.awarded_price;
  return committed;
}

void ResourceContracts::cnp_failed(Job& j, int cnp_id, const std::string& why) {
  auto& cnp = j.contracts.cnps.at(static_cast<std::size_t>(cnp_id));
  cnp.awarded_price = 0;
  std::string reason =
      (cnp.replaces.empty() ? cnp.type : "no replacement for " + cnp.replaces) + ": " + why;
  spdlog::warn("{}: {} for {}", b_.ctx.host, reason, j.bot->user);
  if (cnp.replaces.empty()) {
    j.contracts.failures.push_back(reason);
  } else {  // told with the failure it follows
    j.end.resource_failures.push_back(reason);
    ++j.contracts.failed_replacements;
  }
  if (is_late(j, cnp_id))
    late_settled(j, cnp_id);
  else
    cnp_settled(j);
}

void ResourceContracts::allocated(Job& j, int cnp) {
  j.contracts.cnps.at(static_cast<std::size_t>(cnp)).awarded_price = 0;  // a resource now
  if (is_late(j, cnp))
    late_settled(j, cnp);
  else
    cnp_settled(j);
}

void ResourceContracts::cnp_settled(Job& j) {
  if (--j.contracts.unsettled > 0) return;
  // "Once all the Cloud resources are allocated, the BA schedules" (Section 2.2).
  j.end.running = true;
  b_.ctx.touch(j);
  const double now = sg4::Engine::get_clock();
  const std::size_t n = j.bot->resource_types.size();
  for (std::size_t i = 0; i < j.bot->late_resources.size(); ++i)
    b_.ctx.send_self_at(now + j.bot->late_resources[i].after_s,
                        CallLateResource{j.bot->user, static_cast<int>(n + i)});
}

void ResourceContracts::late_settled(Job& j, int cnp) {
  --j.contracts.late_open;
  if (!j.contracts.cnps.at(static_cast<std::size_t>(cnp)).replaces.empty()) --j.contracts.replacing;
  b_.ctx.touch(j);
  // An ending BoT's result waits for its late CNPs (no message for it after the result).
  if (j.end.ending) b_.report.report_if_done(j);
}

void ResourceContracts::replace(Job& j, const HeldResource& failed) {
  ResourceCnp cnp;
  cnp.type = failed.type;
  cnp.replaces = failed.ra;
  j.contracts.cnps.push_back(std::move(cnp));
  const int id = static_cast<int>(j.contracts.cnps.size() - 1);  // after the late ones
  ++j.contracts.late_open;
  ++j.contracts.replacing;
  spdlog::info("{}: contracting a {} resource to replace {} for {}", b_.ctx.host, failed.type,
               failed.ra, j.bot->user);
  if (!call_for_resource(j, id)) cnp_failed(j, id, "no service provider registered");
}

}  // namespace botsim::agents
