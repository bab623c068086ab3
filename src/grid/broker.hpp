#pragma once
// A user's broker (sections 3.3 and 4): discovers resources through its domain's GIS, submits
// its bag of tasks and bids for shares. Policies: No-Opt (section 5), Global Domain (4.1) and
// Local Domain (4.2) time optimisation.
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "core/props.hpp"
#include "core/rng.hpp"
#include "grid/bidding.hpp"
#include "grid/protocol.hpp"
#include "platform/messaging.hpp"
#include "platform/scenario.hpp"
#include "platform/user_role.hpp"

namespace botsim::grid {

enum class Policy { NoOpt, Global, Local };
const char* policy_name(Policy p);

class Broker {
 public:
  struct Params {
    std::string name;
    std::string vo;
    Policy policy = Policy::NoOpt;
    double start_s = 0;
    double deadline_s = 0;        // D, relative to the start
    double bid_interval_s = 600;  // P_i
    double bid = 0;               // No-Opt's fixed bid (cents per minute)
    double fund = 0;              // G$ at the start
    double allowance = 0;         // G$ received every allowance_interval_s (3.3)
    double allowance_interval_s = 600;
    std::vector<double> lengths;  // the bag of tasks, in MI
    static Params read(const PropReader& props, const ActorSite& site);
  };
  Broker(Params params, Run& run);
  void operator()();

 private:
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

  void discover();
  bool wait_for_resources(Inbox<BrokerMessage>& inbox);
  void submit_initial_tasks();
  void submit(size_t resource, long task);
  void open_account(size_t resource, double bid);
  void monitor();
  void decide();
  void place_bid(Resource& r, double bid);
  void hand_out_remaining();
  /// Sends `tasks` to the alive resources holding the fewest of our queued tasks (4.2's "best
  /// available"), opening accounts where needed.
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
  simgrid::s4u::Mailbox* inbox_ = nullptr;
  std::vector<Resource> resources_;
  std::map<std::string, size_t> by_name_;
  std::deque<long> held_back_;         // 4.2's List: tasks not yet submitted, next first
  std::vector<size_t> task_resource_;  // where each task was last sent
  std::vector<bool> task_done_;
  long done_ = 0;
  long unsettled_ = 0;  // resources waiting for a Settlement: the loop's end, without a walk
  int awaiting_progress_ = 0;
  double wallet_ = 0;           // G$ in hand (not deposited)
  double spent_ = 0;            // G$ charged (settled)
  double allowances_paid_ = 0;  // how many allowances were credited
  double finish_s_ = -1;
  bool discovered_ = false;
  bool waiting_ = false;  // for a first resource to register
  bool gave_up_ = false;
};

}  // namespace botsim::grid
