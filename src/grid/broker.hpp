#pragma once
// A user's broker (sections 3.3 and 4): discovers resources through its domain's GIS, submits
// its bag of tasks and bids for shares. What it bids and where its tasks go is its policy's
// (policy/auction.hpp: No-Opt, Global Domain, Local Domain, or a policy loaded by name); the
// broker keeps the accounts, the money, the messages and the tasks' whereabouts.
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/props.hpp"
#include "core/rng.hpp"
#include "grid/bidding.hpp"
#include "grid/protocol.hpp"
#include "platform/messaging.hpp"
#include "platform/scenario.hpp"
#include "platform/user_role.hpp"
#include "policy/auction.hpp"
#include "policy/registry.hpp"

namespace botsim::grid {

struct TaskWaiters;  // grid/task_waiters.hpp

class Broker {
 public:
  struct Params {
    std::string name;
    std::string host;  // the one it is deployed on
    std::string vo;
    const policy::PolicyEntry* policy_entry = nullptr;  // the `policy` prop
    std::shared_ptr<policy::AuctionPolicy> policy;      // built from the props
    double start_s = 0;
    double deadline_s = 0;        // D, relative to the start
    double bid_interval_s = 600;  // P_i
    double fund = 0;              // G$ at the start
    double allowance = 0;         // G$ received every allowance_interval_s (3.3)
    double allowance_interval_s = 600;
    std::vector<double> lengths;  // the bag of tasks, in MI
    /// The rule botsim adds (docs/sulistio2005.md, "Rules botsim adds"): a No-Opt or Local
    /// user (a policy other than `global`) moves the tasks of a failed resource too; 4.1.3
    /// gives migration to the Global policy. Off (`rules="paper"`): they are lost.
    bool migrate_failed = true;
    /// A rule botsim adds: resources a GIS reports after the user started (registered late)
    /// join its list. Off: the user keeps the list it started with (4.1.1's one discovery).
    bool join_late = true;
    static Params read(const PropReader& props, const ActorSite& site);
  };
  Broker(Params params, Run& run);
  void operator()();

 private:
  void serve();
  struct Resource {
    ResourceInfo info;
    ResourceView view;
    bool open = false;       // account opened
    double bid = 0;          // our current bid (cents/min)
    int outstanding = 0;     // tasks submitted and not done
    bool unsettled = false;  // waiting for a Settlement (set through set_unsettled)
    bool has_progress = false;
    bool asked = false;   // a progress query of this round is unanswered
    bool failed = false;  // stopped answering: its tasks were moved elsewhere
    double settled = 0;   // G$ charged here according to Settlements
    Progress progress{};
    bool told_bid = false;  // a No-Opt user was told once why it bids other than its `bid`
  };

  class View;

  bool wait_for_resources(Inbox<BrokerMessage>& inbox);
  void submit_initial_tasks();
  /// Asks the policy (`hook`, for messages) through a View; `decide` checks what it decided.
  /// A policy that throws, or decides what it may not, stops the run with exit code 2.
  template <class Decide>
  auto ask(const char* hook, const std::vector<bool>& in_round, Decide decide);
  /// Throw policy::DecisionError, naming the problem, on what a policy may not decide.
  void check_resource(size_t index, const char* what) const;
  void check_task(long task) const;
  /// `tasks`: the tasks the plan must place, each once (place()); nullptr for start().
  void check(const policy::AuctionPlan& plan, const std::vector<long>* tasks) const;
  void check(const policy::AuctionRound& round, const std::vector<bool>& in_round) const;
  /// Opens the plan's accounts and submits its tasks, in its order.
  void apply(const policy::AuctionPlan& plan);
  void drop_given_out();
  void submit(size_t resource, long task);
  void open_account(size_t resource, double bid);
  void monitor();
  void decide();
  void place_bid(Resource& r, double bid);
  /// Has the policy place `tasks` on resources that have not failed (the user gives up when
  /// every resource failed).
  void distribute(const std::vector<long>& tasks);
  void resource_failed(Resource& r);
  void handle(ResourceList& m);
  void handle(TaskDone& m);
  void handle(Progress& m);
  void handle(Settlement& m);
  void handle(MonitorTick& m);
  void credit_allowance();
  bool wanted(const Resource& r) const;  // queried and bid on this bidding interval
  /// Sets r.unsettled and keeps unsettled_ (how many resources are) up to date.
  void set_unsettled(Resource& r, bool unsettled);
  bool out_of_money();
  double time_left() const;
  void record();
  /// Records why the user ends with tasks undone (summary.json's "status", "status_reason").
  void unfinished(const char* status, const std::string& why);

  Params params_;
  UserRole user_;
  Rng rng_;
  const TaskWaiters& waiters_;  // the run's: the last user to end stops them
  simgrid::s4u::Mailbox* inbox_ = nullptr;
  std::vector<Resource> resources_;
  std::map<std::string, size_t> by_name_;
  std::deque<long> held_back_;         // tasks not yet submitted (4.2's List), next first
  std::vector<size_t> task_resource_;  // where each task was last sent
  std::vector<bool> task_done_;
  std::vector<bool> task_held_;  // in held_back_
  long done_ = 0;
  bool started_ = false;  // its tasks submitted: later GIS reports are late registrations
  long abandoned_ = 0;    // lost on a failed resource and not moved (migrate_failed off)
  long unsettled_ = 0;    // resources waiting for a Settlement: the loop's end, without a walk
  int awaiting_progress_ = 0;
  double wallet_ = 0;           // G$ in hand (not deposited)
  double spent_ = 0;            // G$ charged (settled)
  double allowances_paid_ = 0;  // how many allowances were credited
  double finish_s_ = -1;
  bool discovered_ = false;
  bool waiting_ = false;  // for a first resource to register
  bool gave_up_ = false;
  std::optional<double> fixed_bid_;  // the policy's fixed bid (No-Opt), for place_bid's warning
};

}  // namespace botsim::grid
