#pragma once
// The broker agent's decisions as plain functions (Gutierrez-Garcia & Sim 2012, Sections 2.2
// and 3): what a BoT's resources commit of its budget, why a BoT stopped, when it ends and when
// its result may go. No SimGrid: the actor (broker_agent.hpp) asks and acts.
#include <optional>
#include <string>
#include <vector>

#include "agents/allocation.hpp"
#include "cloud/billing.hpp"

namespace botsim::agents {

/// A resource a broker holds for a BoT: its contract with an SPA.
struct HeldResource {
  std::string ra, spa, type;
  double price = 0;  // per slot
  double start = 0, alloc_end = 0;
  bool released = false;
  long generation = 0;  // a renewal or release makes earlier allocation checks stale
  /// Its type's billing rule (docs/gutierrez2012.md, "Billing rules"; the unit is the slot).
  cloud::BillingTerms billing;
};

/// What resource `r` is charged, given up (or lost, `failed`) at `released_at`, by its billing
/// rule with the slot as the unit (cloud::charge). Per started slot (the paper's rule, the
/// default): the slots started by then, or FixedAM's hours whole (paid in advance) unless its
/// host failed. Per second (not in the paper): the seconds from its allocation's start to
/// `released_at`, at least the minimum, at price / slot per second, whatever the mechanism.
cloud::Charge resource_charge(const AllocationConfig& allocation, const HeldResource& r,
                              double released_at, bool failed);

/// What a BoT's money is committed to: what was `spent`, every held resource's charge if kept
/// to its allocation end (slots are paid in advance; per second, an upper bound: a resource is
/// given up by then), `slots` more of resource `renewed` at its price per slot, and `extra`
/// (prices awarded to resources not yet allocated).
double committed_money(const AllocationConfig& allocation, double spent,
                       const std::vector<HeldResource>& resources, std::optional<int> renewed,
                       long slots, double extra);
/// Whether `committed` is within `budget` (none: no limit), to a billionth.
bool affordable(std::optional<double> budget, double committed);

/// What stopped a BoT with tasks undone, most telling first.
struct StopCauses {
  bool deadline_passed = false;
  bool out_of_budget = false;     // a renewal or replacement was refused for want of money
  bool resources_failed = false;  // a host failed, or a replacement could not be had
};
/// The user_status it stopped as ("" when no limit stopped it).
std::string stopped_as(const StopCauses& c);

/// Whether a running BoT ends now: every task done, its deadline passed, or no resource left
/// with no replacement being contracted.
bool bot_must_end(bool finished, bool deadline_passed, std::size_t live_resources, long replacing);
/// Whether an ending BoT's result may go: the last message to its consumer, so only once every
/// release is acknowledged and no late or replacement CNP is open.
bool result_may_go(bool ending, long pending_releases, long late_open);

/// The reasons joined with "; ", in order.
std::string joined_reasons(const std::vector<std::string>& reasons);

/// A BoT still held by a broker when the run ends.
struct BotLeft {
  std::string user;
  long pending_releases = 0;  // releases sent and not acknowledged
  bool ending = false;
};
/// The invariant where a broker's run ends: every BoT it took was reported and forgotten (its
/// result goes only once its releases are acknowledged), so none is left and no release is
/// pending. "" when it holds, else what broker `host` still holds.
std::string broker_end_problem(const std::string& host, const std::vector<BotLeft>& left);

}  // namespace botsim::agents
