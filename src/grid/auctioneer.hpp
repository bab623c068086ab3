#pragma once
// The Auctioneer of one resource (section 3.2): proportional shares from bids (eq. 1, 2),
// charges per auction period (eq. 3), time-shared, one running task per user, no preemption.
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <string>
#include <vector>

#include "core/props.hpp"
#include "grid/protocol.hpp"
#include "grid/records.hpp"
#include "grid/task_waiters.hpp"
#include "platform/scenario.hpp"
#include "platform/timers.hpp"

namespace botsim::grid {

class Auctioneer {
 public:
  struct Params {
    ResourceInfo info;     // from the host's <prop>s and hardware
    double period_s = 60;  // P: shares and charges are recomputed every period
    static Params read(const PropReader& props, const ActorSite& site);
  };
  Auctioneer(Params params, Run& run);
  void operator()();

 private:
  struct QueuedTask {
    long task;
    double length_mi;
    size_t row;  // in results_.tasks()
  };
  struct Account {
    std::string user;
    simgrid::s4u::Mailbox* broker = nullptr;
    double surcharge = 0;    // the resource's surcharge for users of other domains, else 0
    double bid = 0;          // applied bid (cents/min); 0 until the first bid applies
    double pending_bid = 0;  // arrived during this period, applies from the next (3.2)
    double balance = 0;      // G$ deposited and not yet charged (lb_i of eq. 2)
    double charged = 0;      // G$ charged so far
    double charged_at_settlement = 0;
    bool unsettled = false;  // tasks ran since the last settlement
    bool suspended = false;  // out of money: its task waits for the next deposit
    std::deque<QueuedTask> queue;
    simgrid::s4u::ExecPtr exec;
    double exec_priority = 0;  // the priority last given to exec: an equal one is not sent again
    QueuedTask current{};
    double flops_at_mark = 0;    // exec's remaining flops when last accounted
    double consumed_mi = 0;      // q_i in this period
    double current_mi = 0;       // the part of q_i done by the running task
    double current_charged = 0;  // G$ charged for the running task's work so far
    double share_mips = 0;       // S_i in this period
  };
  /// Accounts in user-name order (the order every walk of the accounts keeps).
  struct ByUser {
    bool operator()(const Account* a, const Account* b) const { return a->user < b->user; }
  };

  void handle(OpenAccount& m);
  void handle(PlaceBid& m);
  void handle(SubmitTask& m);
  void handle(ProgressQuery& m);
  void handle(TaskFinished& m);
  void handle(PeriodEnd& m);
  void end_of_period(double period_start);
  void apply_bid(Account& a);
  void settle_if_done(Account& a);
  void task_finished(Account& a);
  /// Records the end of the account's running task and tells its broker (no next task yet).
  void end_task(Account& a);
  /// Starts the account's next task if it can run (a bid applied, money, nothing running).
  bool try_start(Account& a);
  /// try_start(), giving a task started between two periods its share (eq. 1).
  void start_next(Account& a);
  void account_progress(Account& a);
  /// Eq. 1: the share `who` has (or would have) with bid `who_bid` among the running accounts.
  double share_of(const Account& who, double who_bid) const;
  bool active() const { return !live_.empty(); }
  /// An account is live while it has a task, a pending bid or charges to settle.
  static bool is_live(const Account& a);
  void make_live(Account& a);
  void wake_clock();
  void run(Account& a, simgrid::s4u::ExecPtr exec);

  Params params_;
  Results& results_;
  const TaskWaiters& waiters_;
  std::shared_ptr<TaskWaiters::Waiter> waiter_;
  std::map<std::string, Account> accounts_;
  // The live accounts: the only ones an auction period has work for. Settled idle accounts
  // leave it, so that a period costs nothing for users that are done or not yet started.
  std::set<Account*, ByUser> live_;
  ResourceRecord resource_;  // its entry in summary.json's "resources", row resource_row_
  size_t resource_row_ = 0;
  simgrid::s4u::Mailbox* inbox_ = nullptr;
  Timer clock_;  // the auction clock, while the resource is active
  // Execs made ahead by the task waiter (Exec::init, which is no simcall) for try_start.
  // SimGrid 3.32 keeps an Exec in the activity list of the actor that made it until it ends,
  // and the end of every message walks the whole list of its sender and of its receiver: when
  // the Auctioneer made its Execs, each of its messages cost O(tasks running here).
  // At most kSpareExecs: they are unstarted and stay connected to Host::on_state_change.
  static constexpr size_t kSpareExecs = 2;
  std::shared_ptr<std::vector<simgrid::s4u::ExecPtr>> spare_execs_ =
      std::make_shared<std::vector<simgrid::s4u::ExecPtr>>();
};

}  // namespace botsim::grid
