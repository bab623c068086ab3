#pragma once
// The auction broker decision point (docs/policies.md): a user's broker on a grid of
// proportional-share resources, each run by an auctioneer (Sulistio & Buyya 2005). Its policy
// decides the initial bids and where the tasks go (4.1.2-4.1.3), the bids of each bidding
// interval and the tasks it adds then (4.1.4, 4.2), and where tasks go when a resource fails or
// the policy hands out tasks it held back. No-Opt (section 5), Global Domain (4.1) and Local
// Domain (4.2) are the first three implementations (`no-opt`, `global`, `local`). No SimGrid
// here: the broker actor keeps the time, the messages, the accounts and the money.
// Bids are in cents per minute, lengths in MI, speeds in MIPS, times in seconds.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "props.hpp"
#include "random.hpp"

namespace botsim::policy {

/// A resource as the broker knows it: from discovery (4.1.1) and from its last progress report
/// (4.1.4).
struct AuctionResource {
  std::size_t index = 0;  // its place in AuctionView::resources(), which decisions name
  std::string name;
  int pe = 1;
  double mips_per_pe = 0;
  double min_bid = 0, max_bid = 0;  // cents per minute
  double surcharge = 0;             // fraction charged on top of the bid to this user
  bool local = true;                // in the user's own VO domain
  // The broker's own state.
  bool open = false;    // an account is open (tasks may be submitted, bids placed)
  bool failed = false;  // stopped answering: its tasks were moved elsewhere
  double bid = 0;       // the bid placed now
  int outstanding = 0;  // the user's tasks there, not done
  // The last progress report (4.1.4), when has_progress: S_r, B_r, L_total, ...
  bool has_progress = false;
  double share_mips = 0;    // S_r: the share granted
  double remaining_mi = 0;  // L_total: the work left there
  double reported_bid = 0;  // B_r as the resource knows it
  int queued = 0;           // the user's tasks waiting there (not started)
  double balance = 0;       // local balance (G$, eq. 2)
  double charged = 0;       // charged there so far (G$)
  /// Reported in this bidding interval: interval() may submit to it and bid on it.
  bool in_round = false;
  double capability() const { return pe * mips_per_pe; }      // C_r
  double avg_bid() const { return (min_bid + max_bid) / 2; }  // avgBid_r
};

/// What an auction policy sees: read-only, valid during the call only.
class AuctionView {
 public:
  virtual ~AuctionView() = default;
  virtual double now() const = 0;
  virtual const std::string& user() const = 0;
  virtual double start_s() const = 0;
  /// D, relative to the start.
  virtual double deadline_s() const = 0;
  /// (D + start) - now: the remaining experiment time of 4.1.4 (negative once D has passed).
  virtual double time_left() const = 0;
  /// P_i.
  virtual double bid_interval_s() const = 0;
  virtual double fund() const = 0;    // G$ at the start
  virtual double wallet() const = 0;  // G$ in hand, not deposited
  virtual double spent() const = 0;   // G$ charged (settled)
  /// Every task's length (MI), by task number.
  virtual const std::vector<double>& lengths() const = 0;
  virtual long tasks_done() const = 0;
  virtual bool task_done(long task) const = 0;
  /// The tasks held back (not submitted yet), next first.
  virtual std::vector<long> held() const = 0;
  virtual std::size_t held_count() const = 0;
  virtual const std::vector<AuctionResource>& resources() const = 0;
  /// The user's own random stream: draw from it only.
  virtual Random& random() const = 0;
};

/// Accounts to open and tasks to submit, applied in this order (start() and place()).
struct AuctionPlan {
  struct Step {
    bool open = false;  // true: open an account on `resource` with `bid`; false: submit `task`
    std::size_t resource = 0;
    double bid = 0;
    long task = -1;
  };
  std::vector<Step> steps;
  /// start() only: the tasks held back, next first (a task neither submitted nor held is held
  /// after these, in task order).
  std::vector<long> hold;

  AuctionPlan& open(std::size_t resource, double bid) {
    steps.push_back({true, resource, bid, -1});
    return *this;
  }
  AuctionPlan& submit(long task, std::size_t resource) {
    steps.push_back({false, resource, 0, task});
    return *this;
  }
  AuctionPlan& hold_back(long task) {
    hold.push_back(task);
    return *this;
  }
};

/// A bidding interval's decision: for each resource reported in this round (in_round), in
/// resource order, the broker submits the tasks named for it (from the held ones), then, if it
/// holds tasks of the user, bids what is named for it (its current bid if nothing is). Then the
/// tasks of `place` are placed (place()).
struct AuctionRound {
  std::vector<std::pair<std::size_t, long>> submits;  // (resource, held task)
  std::vector<std::pair<std::size_t, double>> bids;   // (resource, bid)
  std::vector<long> place;                            // held tasks to hand out now
  AuctionRound& submit(long task, std::size_t resource) {
    submits.emplace_back(resource, task);
    return *this;
  }
  AuctionRound& bid(std::size_t resource, double bid) {
    bids.emplace_back(resource, bid);
    return *this;
  }
  AuctionRound& hand_out(long task) {
    place.push_back(task);
    return *this;
  }
};

/// A user's auction policy: one object per broker, built when the deployment is read.
class AuctionPolicy {
 public:
  virtual ~AuctionPolicy() = default;
  /// summary.json's "policy" for this user; empty: the policy's registered name.
  virtual std::string label() const { return {}; }
  /// The bid the user set, when it bids a fixed one (No-Opt): the broker says once per
  /// resource why it places another (the resource's range, or the money left).
  virtual std::optional<double> fixed_bid() const { return std::nullopt; }
  /// Once the resources are known: open accounts with first bids, submit tasks, hold the rest.
  virtual AuctionPlan start(const AuctionView& view) = 0;
  /// Each bidding interval, once the resources holding tasks of the user reported.
  virtual AuctionRound interval(const AuctionView&) { return {}; }
  /// Where `tasks` go (the tasks of a failed resource, or those a round hands out): open the
  /// accounts needed and submit each task once, to a resource that has not failed.
  virtual AuctionPlan place(const AuctionView& view, const std::vector<long>& tasks) = 0;
};

}  // namespace botsim::policy
