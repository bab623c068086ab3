#pragma once
// The broker agent's allocation and billing (Section 3, Fig. 3): the resources it holds for one
// BoT, each renewed or released at its check with the BoT's allocation mechanism and within the
// consumer's budget, and billed by its type's rule when given up (instances.csv, invoice.csv). Its
// own data: the resources held (HeldResource), which are live, the releases not yet acknowledged,
// the money spent and the renewals. What the scheduler and the other CNPs know comes in as
// arguments (broker.hpp passes them).
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "agents/broker_port.hpp"
#include "agents/broker_rules.hpp"
#include "cloud/billing.hpp"
#include "core/flat_table.hpp"

namespace botsim::agents {

class ResourceLedger {
 public:
  ResourceLedger(const BotRequest& bot, BrokerPort& port) : bot_(bot), port_(port) {}

  /// An SPA allocated a resource (its CNP's result): held from now on; returns its id.
  int hold(const Allocated& m);
  /// Sets the resource's next check (Fig. 3's time-driven activation, check_time).
  void schedule_check(int id);
  /// Whether check `m` is still due: its resource held and not renewed since.
  bool current(const CheckAllocation& m) const;
  /// Whether the budget pays `slots` more slots of a resource at its check.
  using Affordable = std::function<bool(long slots)>;
  /// Fig. 3 at resource `id`'s check: the BoT's mechanism renews it (asked of its SPA) or
  /// releases it; a renewal the budget cannot pay releases it too. `busy`: it runs a task (or
  /// its next task waits for the other outputs of its instant); `bot_finished`: every task is
  /// done. Returns whether it was released.
  bool check(int id, AllocationStatus status, const Affordable& affordable);
  /// The SPA acknowledged a renewal (Fig. 3 lines 6-7): the resource's id, its allocation end
  /// moved and its next check set; none for a resource no longer held.
  std::optional<int> renewed(const Renewed& m);
  /// Gives resource `id` back to its SPA and bills it.
  void release(int id);
  /// Gives back every resource still held, in id order; returns their ids.
  std::vector<int> release_all();
  /// The SPA acknowledged a release.
  void release_acknowledged() { --pending_releases_; }
  /// The host of RA `ra` failed: its resource, if held, is gone and billed the slots started
  /// until now (as cloud instances are, docs/cloud.md). Returns its id.
  std::optional<int> fail(const std::string& ra);

  /// What the BoT's money is committed to: spent, every held resource's paid slots, and
  /// `slots` more of resource `renewed` (committed_money).
  double committed(std::optional<int> renewed, long slots) const;
  /// The id of the resource on RA `ra` that is not released, if any.
  std::optional<int> live(const std::string& ra) const;
  std::size_t live_count() const { return live_count_; }
  /// Every resource composed for the BoT, by id (released ones too).
  const std::vector<HeldResource>& resources() const { return resources_; }
  long pending_releases() const { return pending_releases_; }
  double spent() const { return spent_; }
  long charged_units() const { return charged_units_; }
  long renewals() const { return renewals_; }
  /// Why a renewal was refused for want of money ("" if none was).
  const std::string& budget_short() const { return budget_short_; }

 private:
  /// Bills resource `id` the charge `c` (its instances.csv and invoice.csv rows), as given up.
  void bill(int id, const cloud::Charge& c);

  const BotRequest& bot_;
  BrokerPort& port_;
  std::vector<HeldResource> resources_;
  /// RA host -> its resource not yet released (kNotLive once released): one look-up per output.
  NameTable<int> live_;
  static constexpr int kNotLive = -1;
  void set_not_live(const std::string& ra);
  std::size_t live_count_ = 0;
  long pending_releases_ = 0;
  double spent_ = 0;
  long charged_units_ = 0;
  long renewals_ = 0;
  std::string budget_short_;
};

}  // namespace botsim::agents
