#pragma once
// The grid economy's messages (Sulistio & Buyya 2005, Fig. 1 and section 3): one variant per
// receiver kind. Bids are in cents per minute, money in G$, lengths in MI, speeds in MIPS.
#include <simgrid/s4u/Mailbox.hpp>
#include <string>
#include <variant>
#include <vector>

namespace botsim::grid {

/// What a resource advertises to a GIS (3.1): name, location, hardware, min and max bid.
struct ResourceInfo {
  std::string name;
  std::string location;
  int pe = 1;
  double mips_per_pe = 0;
  double min_bid = 0, max_bid = 0;
  double surcharge = 0;  // charged on top of the bid to users of other VO domains
  double period_s = 60;  // the auction period P
  std::vector<std::string> vo;
  simgrid::s4u::Mailbox* auctioneer = nullptr;
};

// ---- to a GridInformationService ----
struct RegisterResource {
  ResourceInfo info;
};
struct QueryResources {  // a broker asks its own domain's GIS
  std::string vo;
  simgrid::s4u::Mailbox* reply_to;
};
struct PeerQuery {  // a GIS asks another GIS for its local list
  std::string asking_vo;
  long query_id;
  simgrid::s4u::Mailbox* reply_to;
};
struct PeerList {
  long query_id;
  std::string vo;
  std::vector<ResourceInfo> resources;
};
/// A resource registered with a peer GIS after that GIS answered this one's PeerQuery.
struct PeerRegistered {
  std::string vo;
  ResourceInfo info;
};
using GisMessage =
    std::variant<RegisterResource, QueryResources, PeerQuery, PeerList, PeerRegistered>;

// ---- to an Auctioneer ----
struct OpenAccount {
  std::string user, vo;
  simgrid::s4u::Mailbox* broker;
};
struct PlaceBid {  // eq. 2: the bid rate, and money deposited into the user's local balance
  std::string user;
  double bid;
  double deposit;
};
struct SubmitTask {
  std::string user;
  long task;
  double length_mi;
};
struct ProgressQuery {
  std::string user;
};
struct TaskFinished {  // from the resource's own task executor
  std::string user;
  size_t row = 0;  // the attempt's row in tasks.csv: which of the user's tasks ended
};
struct PeriodEnd {};  // from the Auctioneer's clock, every auction period P
using AuctioneerMessage =
    std::variant<OpenAccount, PlaceBid, SubmitTask, ProgressQuery, TaskFinished, PeriodEnd>;

// ---- to a Broker ----
/// The answer to QueryResources; later, one more for each resource that registers after it.
struct ResourceList {
  std::vector<ResourceInfo> local, global;
};
struct TaskDone {
  std::string resource;
  long task;
  double end_s;  // when the task ended on the resource
};
struct Progress {  // 4.1.4: <S_r, B_r, L_total>, plus the account's state
  std::string resource;
  double share_mips;
  double bid;
  double remaining_mi;
  int queued;
  int running;
  double balance;              // G$ left in the local balance
  double charged;              // G$ charged so far on this resource
  long running_task = -1;      // the user's task running here (-1: none)
  double running_charged = 0;  // G$ charged so far for the running task's work
};
struct Settlement {  // the user's tasks there are done: charges final, balance refunded
  std::string resource;
  double charged;
  double refund;
};
struct MonitorTick {};  // from the broker's clock, every bidding interval P_i
using BrokerMessage = std::variant<ResourceList, TaskDone, Progress, Settlement, MonitorTick>;

inline std::string gis_mailbox(const std::string& vo) { return "GIS-" + vo; }

}  // namespace botsim::grid
