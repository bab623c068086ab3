#include "agents/broker_rules.hpp"

#include "core/summary.hpp"

namespace botsim::agents {

cloud::Charge resource_charge(const AllocationConfig& allocation, const HeldResource& r,
                              double released_at, bool failed) {
  cloud::BillingTerms terms = r.billing;
  terms.unit_s = allocation.slot_s;
  double stop = released_at;
  if (!failed && terms.rule == cloud::BillingRule::PerStartedUnit)
    stop = paid_slots_end(allocation, released_at, r.alloc_end);
  return cloud::charge(r.start, stop, terms, r.price);
}

double committed_money(const AllocationConfig& allocation, double spent,
                       const std::vector<HeldResource>& resources, std::optional<int> renewed,
                       long slots, double extra) {
  double committed = spent;
  for (std::size_t k = 0; k < resources.size(); ++k) {
    const HeldResource& r = resources[k];
    if (r.released) continue;
    // Kept to its allocation end: what a held resource costs at most (per started slot, what
    // it has paid for).
    committed += resource_charge(allocation, r, r.alloc_end, false).amount;
    if (renewed && static_cast<int>(k) == *renewed)
      committed += static_cast<double>(slots) * r.price;
  }
  return committed + extra;
}

bool affordable(std::optional<double> budget, double committed) {
  return !budget || committed <= *budget + 1e-9;
}

std::string stopped_as(const StopCauses& c) {
  if (c.deadline_passed) return user_status::kDeadlinePassed;
  if (c.out_of_budget) return user_status::kOutOfBudget;
  if (c.resources_failed) return user_status::kResourcesFailed;
  return "";
}

bool bot_must_end(bool finished, bool deadline_passed, std::size_t live_resources, long replacing) {
  return finished || deadline_passed || (live_resources == 0 && replacing == 0);
}

bool result_may_go(bool ending, long pending_releases, long late_open) {
  return ending && pending_releases == 0 && late_open == 0;
}

std::string joined_reasons(const std::vector<std::string>& reasons) {
  std::string out;
  for (const auto& r : reasons) out += (out.empty() ? "" : "; ") + r;
  return out;
}

std::string broker_end_problem(const std::string& host, const std::vector<BotLeft>& left) {
  if (left.empty()) return "";
  long pending = 0;
  std::vector<std::string> bots;
  for (const auto& b : left) {
    pending += b.pending_releases;
    bots.push_back(b.user + (b.ending ? " (ending" : " (not ending") + ", " +
                   std::to_string(b.pending_releases) + " releases pending)");
  }
  return "broker agent " + host + " ended the run holding " + std::to_string(left.size()) +
         " BoT(s) never reported, " + std::to_string(pending) +
         " release(s) pending: " + joined_reasons(bots);
}

}  // namespace botsim::agents
