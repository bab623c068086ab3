#pragma once
// The Auctioneer of one resource (section 3.2): proportional shares from bids (eq. 1, 2),
// charges per auction period (eq. 3), time-shared, one running task per user, no preemption.
#include <deque>
#include <map>
#include <memory>
#include <simgrid/s4u/Exec.hpp>
#include <string>
#include <vector>

#include "core/props.hpp"
#include "grid/protocol.hpp"
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
    QueuedTask current{};
    double flops_at_mark = 0;  // exec's remaining flops when last accounted
    double consumed_mi = 0;    // q_i in this period
    double share_mips = 0;     // S_i in this period
  };

  void handle(OpenAccount& m);
  void handle(PlaceBid& m);
  void handle(SubmitTask& m);
  void handle(ProgressQuery& m);
  void handle(TaskFinished& m);
  void handle(PeriodEnd& m);
  void end_of_period(double period_start);
  void task_finished(Account& a);
  void try_start(Account& a);
  void account_progress(Account& a);
  /// Eq. 1: the share `who` has (or would have) with bid `who_bid` among the running accounts.
  double share_of(const Account& who, double who_bid) const;
  bool active() const;
  void wake_clock();

  Params params_;
  Results& results_;
  std::map<std::string, Account> accounts_;
  size_t resource_row_ = 0;
  simgrid::s4u::Mailbox* inbox_ = nullptr;
  Timer clock_;  // the auction clock, while the resource is active
};

}  // namespace botsim::grid
