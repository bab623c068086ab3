// Whole simulations of one Auctioneer, checked against hand computations from eq. 1-3.
// Each TEST runs one simulation (ctest runs each in its own process).
#include <gtest/gtest.h>

#include <map>
#include <simgrid/s4u.hpp>

#include "core/error.hpp"
#include "core/units.hpp"
#include "grid/protocol.hpp"
#include "grid/records.hpp"
#include "grid/task_waiters.hpp"
#include "platform/messaging.hpp"
#include "platform/scenario.hpp"
#include "support/recorded_shares.hpp"
#include "support/sim_support.hpp"

namespace sg4 = simgrid::s4u;
using namespace botsim;
using namespace botsim::grid;

namespace {

// One resource R (speed given) with its VO A, a GIS for A, and a host for the users.
std::string one_resource_platform(const std::string& tmp, int cores, double min_bid = 1,
                                  double max_bid = 100) {
  return test::write_file(tmp, "platform.xml",
                          test::platform_xml(R"(
  <zone id="z" routing="Full">
    <host id="R" speed="1000Mf" core=")" + std::to_string(cores) +
                                             R"(">
      <prop id="vo" value="A"/><prop id="min_bid" value=")" +
                                             format_number(min_bid) + R"("/>
      <prop id="max_bid" value=")" + format_number(max_bid) +
                                             R"("/><prop id="surcharge" value="0.2"/>
    </host>
    <host id="gis" speed="1Gf"/>
    <host id="users" speed="1Gf"/>
    <link id="l1" bandwidth="1GBps" latency="1ms"/>
    <route src="R" dst="gis"><link_ctn id="l1"/></route>
    <route src="R" dst="users"><link_ctn id="l1"/></route>
    <route src="gis" dst="users"><link_ctn id="l1"/></route>
  </zone>)"));
}

std::string no_opt_user(const std::string& name, double bid, double length_mi,
                        const std::string& bid_interval = "10min") {
  return R"(<actor host="users" function="Broker"><prop id="name" value=")" + name +
         R"("/><prop id="bid_interval" value=")" + bid_interval +
         R"("/><prop id="vo" value="A"/><prop id="policy" value="no-opt"/><prop id="bid" value=")" +
         format_number(bid) + R"("/><prop id="start" value="1s"/><prop id="deadline" value="10h"/>
    <prop id="fund" value="100"/><prop id="tasks" value="1"/><prop id="task_length" value=")" +
         format_number(length_mi) + R"("/></actor>)";
}

std::string deployment(const std::string& tmp, const std::string& actors) {
  return test::write_file(tmp, "deployment.xml", test::platform_xml(R"(
  <actor host="gis" function="GridInformationService"><prop id="vo" value="A"/></actor>
  <actor host="R" function="Auctioneer"><prop id="period" value="60s"/></actor>
  )" + actors));
}

const UserRecord& user(const Results& r, const std::string& name) {
  for (const auto& u : r.users())
    if (u.name == name) return u;
  throw std::runtime_error("no user " + name);
}

const TaskRecord& only_task(const Results& r, const std::string& name) {
  const TaskRecord* found = nullptr;
  for (const auto& t : r.tasks())
    if (t.user == name) {
      EXPECT_EQ(found, nullptr) << name << " has more than one task row";
      found = &t;
    }
  if (!found) throw std::runtime_error("no task of " + name);
  return *found;
}

std::map<std::pair<double, std::string>, BidRecord> bids_by_time(const Results& r) {
  std::map<std::pair<double, std::string>, BidRecord> out;
  for (const auto& b : r.records<botsim::grid::BidRecord>()) out[{b.time_s, b.user}] = b;
  return out;
}

// The task attempts of a run, each of which ended.
std::vector<test::RanTask> ran_tasks(const Results& r) {
  std::vector<test::RanTask> tasks;
  for (const auto& t : r.tasks()) tasks.push_back({t.user, t.host, *t.start_s, *t.end_s});
  return tasks;
}

// bids.csv's `share` or `received` (`field`), row by row.
std::vector<test::RecordedShare> recorded(const Results& r, double BidRecord::*field) {
  std::vector<test::RecordedShare> out;
  for (const auto& b : r.records<BidRecord>())
    out.push_back({b.time_s, b.resource, b.user, b.*field});
  return out;
}

// A row of bids.csv worked out by hand.
struct ExpectedBid {
  double time_s;
  std::string user;
  double share, cost, received;
};

// bids.csv has exactly the rows `expected`, in that order.
void expect_bids(const Results& r, const std::vector<ExpectedBid>& expected) {
  const auto& rows = r.records<BidRecord>();
  ASSERT_EQ(rows.size(), expected.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    const std::string where = rows[i].user + " at " + format_number(rows[i].time_s);
    EXPECT_EQ(rows[i].time_s, expected[i].time_s) << i;
    EXPECT_EQ(rows[i].user, expected[i].user) << i;
    EXPECT_DOUBLE_EQ(rows[i].share, expected[i].share) << where;
    EXPECT_NEAR(rows[i].cost, expected[i].cost, 1e-9) << where;
    EXPECT_NEAR(rows[i].received, expected[i].received, 1e-9) << where;
  }
}

}  // namespace

// 3.2's example: bids 10 and 6 on one PE give 62.5 % and 37.5 %. Both tasks (375,000 MI on a
// 1000 MIPS PE) start at 60 s, when the bids placed during the first period apply.
// U0 at 625 MIPS ends at 60 + 375000/625 = 660 s. U1 did 375 * 600 = 225,000 MI by then and
// ends alone at 660 + 150000/1000 = 810 s.
// Eq. 3 per 60 s period, G$: U0 10 full periods * 0.10 = 1.00. U1 10 * 0.06, then [660,720)
// and [720,780) used more than its share (capped at 1): 2 * 0.06, then [780,840) ran 30 s
// alone at S = 1000: 0.5 * 0.06 = 0.03. Total 0.75.
TEST(AuctionSim, PaperExampleSharesFinishTimesAndCosts) {
  std::string tmp = test::temp_dir();
  const auto& r =
      test::run(one_resource_platform(tmp, 1),
                deployment(tmp, no_opt_user("U0", 10, 375000) + no_opt_user("U1", 6, 375000)));
  EXPECT_NEAR(*only_task(r, "U0").start_s, 60.0, 1e-9);
  EXPECT_NEAR(*only_task(r, "U1").start_s, 60.0, 1e-9);
  EXPECT_NEAR(*only_task(r, "U0").end_s, 660.0, 1e-6);
  EXPECT_NEAR(*only_task(r, "U1").end_s, 810.0, 1e-6);
  auto bids = bids_by_time(r);
  EXPECT_DOUBLE_EQ(bids.at({60.0, "U0"}).share, 0.625);
  EXPECT_DOUBLE_EQ(bids.at({60.0, "U1"}).share, 0.375);
  EXPECT_DOUBLE_EQ(bids.at({60.0, "U0"}).bid, 10);
  EXPECT_NEAR(bids.at({60.0, "U0"}).cost, 0.10, 1e-9);
  EXPECT_NEAR(bids.at({60.0, "U1"}).cost, 0.06, 1e-9);
  EXPECT_NEAR(bids.at({780.0, "U1"}).cost, 0.03, 1e-6);
  // U0's task ended at the auction instant 660 s: U1 runs alone from then on, and is recorded so.
  EXPECT_EQ(bids.count({660.0, "U0"}), 0u);
  EXPECT_DOUBLE_EQ(bids.at({660.0, "U1"}).share, 1.0);
  EXPECT_NEAR(user(r, "U0").spent, 1.00, 1e-6);
  EXPECT_NEAR(user(r, "U1").spent, 0.75, 1e-6);
  ASSERT_EQ(r.resources().size(), 1u);
  EXPECT_NEAR(ResourceRecord::from_json(r.resources()[0]).earned, 1.75, 1e-6);
  EXPECT_EQ(user(r, "U0").tasks_done, 1);
  EXPECT_NEAR(*user(r, "U1").finish_s, 810.0, 1e-6);
}

// A task that ends exactly at an auction instant is over before that auction (eq. 1 shares
// among the users with a task running, docs/sulistio2005.md). U0 bids 10 for 30,000 MI, U1 30
// for 45,000 MI, on one PE of 1000 MIPS; both start at 60 s. U1 at 750 MIPS ends at
// 60 + 45000/750 = 120 s, an auction instant; U0 did 60 * 250 = 15,000 MI by then and the other
// 15,000 MI alone take 15 s: it ends at 135 s. The auction at 120 s sees U0 alone: share 1, and
// eq. 3 charges U0 for a quarter of that period, 15000 / (1000 * 60) * 0.10 = 0.025 G$ (with
// U1's ended task still counted, S = 250 and U0 paid the whole 0.10). U0: 0.10 + 0.025.
TEST(AuctionSim, ATaskEndingAtAnAuctionInstantIsOverBeforeThatAuction) {
  std::string tmp = test::temp_dir();
  const auto& r =
      test::run(one_resource_platform(tmp, 1),
                deployment(tmp, no_opt_user("U0", 10, 30000) + no_opt_user("U1", 30, 45000)));
  // Every row of bids.csv: U1 has none at 120 s (nothing of it ran, nothing was charged).
  // U0's row at 120 s: S = 1, and it received a quarter of the period's capacity (its task
  // ended at 135 s).
  expect_bids(
      r,
      {{60, "U0", 0.25, 0.10, 0.25}, {60, "U1", 0.75, 0.30, 0.75}, {120, "U0", 1.0, 0.025, 0.25}});
  EXPECT_NEAR(user(r, "U0").spent, 0.125, 1e-9);
  EXPECT_NEAR(user(r, "U1").spent, 0.30, 1e-9);
  // The recorded shares give each task its work: U1 60 s at 750 MIPS, to 120 s; U0 60 s at
  // 250 MIPS and 15 s at 1000, to 135 s.
  EXPECT_NEAR(*only_task(r, "U1").end_s, 120.0, 1e-9);
  EXPECT_NEAR(*only_task(r, "U0").end_s, 135.0, 1e-6);
  const auto tasks = ran_tasks(r);
  const auto work = test::recorded_work(tasks, recorded(r, &BidRecord::share), {{"R", 1000.0}}, 60);
  for (size_t i = 0; i < tasks.size(); ++i)
    EXPECT_NEAR(work[i], r.tasks()[i].length_mi, 1e-6) << tasks[i].user;
}

// Example 2 exactly as shipped (`botsim run examples/01-one-resource.platform.xml
// examples/02-proportional-share.xml`, its default network): bids.csv recorded
// `300,R0,U0,10,0.25,0.1` while U0 ran alone from 300 s, where U1's last task ended (U0's first
// ends at 330 s). Every row, worked out by hand: U0 bids 10 and U1 30 on one PE of 1000 MIPS
// from 60 s: 0.25 and 0.75 until 300 s (U1's 90,000 MI at 750 MIPS: 60-180, 180-300), then U0
// alone; eq. 3 charges B.P a period (U0 10 cents, U1 30 cents; from 300 s U0's q = 60,000 MI
// = S.P). The shares integrated over each task's run give its 90,000 MI.
TEST(AuctionSim, ExampleTwoRecordsTheSharesItsTasksRanAt) {
  const auto& r = test::run(test::source_file("examples/01-one-resource.platform.xml"),
                            test::source_file("examples/02-proportional-share.xml"), 1,
                            /*exact_network=*/false);
  // No task ends mid-period but U0's first, followed at once by its second: `received` is S.
  std::vector<ExpectedBid> expected;
  for (double t : {60, 120, 180, 240}) {
    expected.push_back({t, "U0", 0.25, 0.10, 0.25});
    expected.push_back({t, "U1", 0.75, 0.30, 0.75});
  }
  expected.push_back({300, "U0", 1.0, 0.10, 1.0});
  expected.push_back({360, "U0", 1.0, 0.10, 1.0});
  expect_bids(r, expected);
  for (const auto& b : r.records<BidRecord>()) EXPECT_EQ(b.resource, "R0");
  const auto tasks = ran_tasks(r);
  ASSERT_EQ(tasks.size(), 4u);
  const auto work =
      test::recorded_work(tasks, recorded(r, &BidRecord::share), {{"R0", 1000.0}}, 60);
  for (size_t i = 0; i < tasks.size(); ++i)
    EXPECT_NEAR(work[i], 90000, 1e-6) << tasks[i].user << " from " << tasks[i].start_s;
}

// A task that ends mid-period: SimGrid gives the CPU it leaves to the tasks still running, so
// the others receive more than the S of eq. 1 that the auction granted (and charges with);
// `received` records it. U0 bids 10 for 60,000 MI, U1 30 for 22,500 MI, one PE of 1000 MIPS,
// both from 60 s. U1 at 750 MIPS ends at 90 s; U0 did 30 * 250 = 7,500 MI by then and 30,000
// alone to 120 s: it received 37,500 / 60,000 = 0.625 of the period, U1 22,500 / 60,000 =
// 0.375. Eq. 3: U0 min(37500 / (250 * 60), 1) * 0.10 = 0.10, U1 22500 / (750 * 60) * 0.30 =
// 0.15. From 120 s U0 runs alone (S = 1) and ends at 120 + 22500/1000 = 142.5 s: received
// 0.375, cost 0.375 * 0.10 = 0.0375.
TEST(AuctionSim, ReceivedIsWhatTheTasksRanAtWhenATaskEndsMidPeriod) {
  std::string tmp = test::temp_dir();
  const auto& r =
      test::run(one_resource_platform(tmp, 1),
                deployment(tmp, no_opt_user("U0", 10, 60000) + no_opt_user("U1", 30, 22500)));
  expect_bids(r, {{60, "U0", 0.25, 0.10, 0.625},
                  {60, "U1", 0.75, 0.15, 0.375},
                  {120, "U0", 1.0, 0.0375, 0.375}});
  EXPECT_NEAR(*only_task(r, "U1").end_s, 90.0, 1e-9);
  EXPECT_NEAR(*only_task(r, "U0").end_s, 142.5, 1e-6);
  EXPECT_NEAR(user(r, "U0").spent, 0.1375, 1e-9);
  EXPECT_NEAR(user(r, "U1").spent, 0.15, 1e-9);
  // `received` gives each user its work; S, held for the period, gives U0 only 37,500 MI.
  const auto work = test::received_work(recorded(r, &BidRecord::received), {{"R", 1000.0}}, 60);
  EXPECT_NEAR(work.at({"R", "U0"}), 60000, 1e-6);
  EXPECT_NEAR(work.at({"R", "U1"}), 22500, 1e-6);
  const auto tasks = ran_tasks(r);
  const auto by_share =
      test::recorded_work(tasks, recorded(r, &BidRecord::share), {{"R", 1000.0}}, 60);
  for (size_t i = 0; i < tasks.size(); ++i)
    EXPECT_NEAR(by_share[i], tasks[i].user == "U0" ? 37500 : 22500, 1e-6) << tasks[i].user;
}

// The same with a 1 s bidding interval, far shorter than the 60 s auction period: the brokers
// wait for their settlements (two auction periods), so the charges are the same to the cent.
TEST(AuctionSim, ShortBiddingIntervalStillWaitsForSettlement) {
  std::string tmp = test::temp_dir();
  const auto& r = test::run(
      one_resource_platform(tmp, 1),
      deployment(tmp, no_opt_user("U0", 10, 375000, "1s") + no_opt_user("U1", 6, 375000, "1s")));
  EXPECT_NEAR(user(r, "U0").spent, 1.00, 1e-6);
  EXPECT_NEAR(user(r, "U1").spent, 0.75, 1e-6);
  EXPECT_NEAR(*user(r, "U1").finish_s, 810.0, 1e-6);
}

// Eq. 1 on 2 PEs of 1000 MIPS with bids 12, 6, 2: 12/20 of 2000 exceeds one PE, so U0 gets
// 1000 and U1, U2 share the other 1000 as 6:2 -> 750 and 250. Tasks of 60,000, 45,000 and
// 15,000 MI all end after exactly 60 s, at 120 s, iff SimGrid's sharing is the same.
TEST(AuctionSim, MultiPeSharesMatchWaterFilling) {
  std::string tmp = test::temp_dir();
  const auto& r =
      test::run(one_resource_platform(tmp, 2),
                deployment(tmp, no_opt_user("U0", 12, 60000) + no_opt_user("U1", 6, 45000) +
                                    no_opt_user("U2", 2, 15000)));
  for (const char* u : {"U0", "U1", "U2"}) EXPECT_NEAR(*only_task(r, u).end_s, 120.0, 1e-6) << u;
  auto bids = bids_by_time(r);
  EXPECT_DOUBLE_EQ(bids.at({60.0, "U0"}).share, 0.5);
  EXPECT_DOUBLE_EQ(bids.at({60.0, "U1"}).share, 0.375);
  EXPECT_DOUBLE_EQ(bids.at({60.0, "U2"}).share, 0.125);
}

// Eq. 2: a No-Opt bid above max_bid is held at max_bid; so 500 vs 100 on [1, 100] shares
// 50/50 and two equal tasks of 30,000 MI end together at 60 + 60 = 120 s.
TEST(AuctionSim, BidsAreClampedToTheResourceRange) {
  std::string tmp = test::temp_dir();
  const auto& r =
      test::run(one_resource_platform(tmp, 1),
                deployment(tmp, no_opt_user("U0", 500, 30000) + no_opt_user("U1", 100, 30000)));
  auto bids = bids_by_time(r);
  EXPECT_DOUBLE_EQ(bids.at({60.0, "U0"}).bid, 100);
  EXPECT_DOUBLE_EQ(bids.at({60.0, "U0"}).share, 0.5);
  EXPECT_NEAR(*only_task(r, "U0").end_s, 120.0, 1e-6);
  EXPECT_NEAR(*only_task(r, "U1").end_s, 120.0, 1e-6);
}

// ---- a scripted user, to place bids at chosen times ----
namespace {
class ScriptedUser {
 public:
  struct Params {
    std::string name, vo, host;
    double length_mi = 0;
    std::vector<std::pair<double, double>> bids;  // (time, bid)
    double stop_at_s = -1;                        // calls stop_simulation then, if >= 0
    static Params read(const PropReader& props, const ActorSite& site) {
      Params p;
      p.host = site.host;
      p.name = props.text("name");
      p.vo = props.text("vo");
      p.length_mi = props.number("length", std::nullopt, 1);
      p.stop_at_s = props.number("stop_at", -1.0, -1);
      for (const auto& item : split_words(props.text("bids"))) {
        auto colon = item.find(':');
        p.bids.emplace_back(parse_number(item.substr(0, colon)),
                            parse_number(item.substr(colon + 1)));
      }
      return p;
    }
  };
  ScriptedUser(Params params, Run& run)
      : p_(std::move(params)), results_(run.results()), waiters_(TaskWaiters::of(run)) {
    waiters_.user_made(p_.host);
  }
  void operator()() {
    waiters_.serve_user(p_.host, [this] { serve(); });  // as a Broker does
  }
  void serve() {
    Inbox<BrokerMessage> inbox("Scripted-" + p_.name);
    auto* auctioneer = sg4::Mailbox::by_name("Auctioneer-R");
    send<AuctioneerMessage>(auctioneer, OpenAccount{p_.name, p_.vo, inbox.mailbox()});
    send<AuctioneerMessage>(auctioneer, SubmitTask{p_.name, 0, p_.length_mi});
    for (auto [t, bid] : p_.bids) {
      sg4::this_actor::sleep_until(t);
      send<AuctioneerMessage>(auctioneer, PlaceBid{p_.name, bid, 100.0});
    }
    UserRecord u;
    u.name = p_.name;
    u.model = "auction";
    u.policy = "scripted";
    size_t row = results_.add_user(u);
    if (p_.stop_at_s >= 0) {
      sg4::this_actor::sleep_until(p_.stop_at_s);
      stop_simulation("scripted stop");
    }
    bool done = false, settled = false;
    while (!done || !settled) {
      auto msg = inbox.receive();
      if (std::holds_alternative<TaskDone>(*msg)) done = true;
      if (auto* s = std::get_if<Settlement>(msg.get())) {
        results_.user(row).spent += s->charged;
        settled = true;
      }
    }
  }

 private:
  Params p_;
  Results& results_;
  const TaskWaiters& waiters_;
};

std::string scripted(const std::string& name, const std::string& vo, double length,
                     const std::string& bids, const std::string& more = "") {
  return R"(<actor host="users" function="ScriptedUser"><prop id="name" value=")" + name +
         R"("/><prop id="vo" value=")" + vo + R"("/><prop id="length" value=")" +
         format_number(length) + R"("/><prop id="bids" value=")" + bids + R"("/>)" + more +
         "</actor>";
}

// Turns a host off at a given time, from an actor (as the failure injector does).
class HostSwitch {
 public:
  struct Params {
    std::string host;
    double at_s = 0;
    static Params read(const PropReader& props, const ActorSite&) {
      return {props.text("host"), props.number("at", std::nullopt, 0)};
    }
  };
  HostSwitch(Params params, Run&) : p_(std::move(params)) {}
  void operator()() {
    sg4::Actor::self()->daemonize();
    sg4::this_actor::sleep_until(p_.at_s);
    sg4::Host::by_name(p_.host)->turn_off();
  }

 private:
  Params p_;
};
}  // namespace

// 3.2: a bid arriving during period n applies from n+1. A and B bid 10 at 1 s (both run from
// 60 s at 500 MIPS); A bids 30 at 90 s, which applies from 120 s: 750 vs 250 MIPS.
// A (90,000 MI): 30,000 by 120 s, the other 60,000 at 750 -> ends at 200 s.
// B (110,000 MI): 30,000 by 120, 20,000 more by 200, 60,000 alone at 1000 -> ends at 260 s.
// B is from another VO domain: 20 % surcharge. Costs (G$) per period:
//   A: 0.10 + 0.30 + 0.30 * (15,000 / 45,000) = 0.50
//   B: 1.2 * (0.10 + 0.10 + 0.10 + 0.10 * 20,000/60,000) = 0.40
TEST(AuctionSim, BidChangeAppliesFromNextPeriodAndSurcharge) {
  actor_registry().add<ScriptedUser>("ScriptedUser", "test user with scripted bids");
  std::string tmp = test::temp_dir();
  const auto& r = test::run(one_resource_platform(tmp, 1),
                            deployment(tmp, scripted("A", "A", 90000, "1:10,90:30") +
                                                scripted("B", "Other", 110000, "1:10")));
  EXPECT_NEAR(*only_task(r, "A").end_s, 200.0, 1e-6);
  EXPECT_NEAR(*only_task(r, "B").end_s, 260.0, 1e-6);
  auto bids = bids_by_time(r);
  EXPECT_DOUBLE_EQ(bids.at({60.0, "A"}).bid, 10);
  EXPECT_DOUBLE_EQ(bids.at({60.0, "A"}).share, 0.5);
  EXPECT_DOUBLE_EQ(bids.at({120.0, "A"}).bid, 30);
  EXPECT_DOUBLE_EQ(bids.at({120.0, "A"}).share, 0.75);
  EXPECT_DOUBLE_EQ(bids.at({120.0, "B"}).share, 0.25);
  EXPECT_NEAR(bids.at({60.0, "B"}).cost, 0.12, 1e-9);  // the surcharge
  EXPECT_NEAR(user(r, "A").spent, 0.50, 1e-6);
  EXPECT_NEAR(user(r, "B").spent, 0.40, 1e-6);
}

// The task waiters (one per resource, each in a wait_any) must be stopped before the last user
// is gone: SimGrid 3.32 aborts if one is killed inside its wait_any at the end. The last user
// here ends in the two ways that do not return. Its host is turned off by an actor while its
// 60,000 MI task runs (from 60 s at 1000 MIPS): the run ends, the task never done.
TEST(AuctionSim, LastUserDyingWithItsHostTurnedOffByAnActorEndsTheRun) {
  actor_registry().add<ScriptedUser>("ScriptedUser", "test user with scripted bids");
  actor_registry().add<HostSwitch>("HostSwitch", "turns a host off");
  std::string tmp = test::temp_dir();
  const auto& r = test::run(
      one_resource_platform(tmp, 1),
      deployment(tmp, scripted("A", "A", 60000, "1:10") +
                          R"(<actor host="gis" function="HostSwitch"><prop id="host" value="users"/>
                             <prop id="at" value="100"/></actor>)"));
  EXPECT_FALSE(only_task(r, "A").end_s.has_value());
}

// ... and it stops the simulation at 100 s, as bad input does: the run reports the problem.
TEST(AuctionSim, LastUserStoppingTheSimulationStopsTheWaitersFirst) {
  actor_registry().add<ScriptedUser>("ScriptedUser", "test user with scripted bids");
  std::string tmp = test::temp_dir();
  try {
    test::run(
        one_resource_platform(tmp, 1),
        deployment(tmp, scripted("A", "A", 60000, "1:10", R"(<prop id="stop_at" value="100"/>)")));
    FAIL() << "the run did not report the stop";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("scripted stop"), std::string::npos) << e.what();
  }
}
