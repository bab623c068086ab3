// Auction users at their money and time limits (docs/sulistio2005.md): a broker whose money
// runs out gives up, out of budget; a broker keeps bidding past its deadline and finishes late
// (done_late). The other user of the run finishes as if alone. Numbers worked out by hand.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "cli/run_table.hpp"
#include "support/sim_support.hpp"

using namespace botsim;

namespace {

// R1 in VO A, R2 in VO B: 1 PE of 1000 MIPS, bids in [1, 100] cents/min; a GIS per VO (no
// peers: each user sees its own VO's resource). Zero-latency 1 GBps links.
std::string platform(const std::string& tmp) {
  std::string hosts, routes;
  for (const auto& [name, vo] : std::map<std::string, std::string>{{"R1", "A"}, {"R2", "B"}})
    hosts += R"(<host id=")" + name + R"(" speed="1000Mf"><prop id="vo" value=")" + vo +
             R"("/><prop id="min_bid" value="1"/><prop id="max_bid" value="100"/></host>)";
  for (const char* h : {"R1", "R2", "gis-A", "gis-B", "users"}) {
    if (h[0] != 'R') hosts += std::string(R"(<host id=")") + h + R"(" speed="1Gf"/>)";
    hosts += std::string(R"(<link id="l-)") + h + R"(" bandwidth="1GBps" latency="0"/>)";
    routes += std::string(R"(<route src=")") + h + R"(" dst="hub"><link_ctn id="l-)" + h +
              R"("/></route>)";
  }
  return test::write_file(tmp, "platform.xml",
                          test::platform_xml(R"(<zone id="z" routing="Floyd">)" + hosts +
                                             R"(<router id="hub"/>)" + routes + "</zone>"));
}

// U0 in VO A (No-Opt, bid 10 cents/min, no allowance, starting at 30 s) with ten tasks of
// `length` MI, `fund` G$ and `deadline`; U1 in VO B: two tasks of 50,000 MI, fund 100.
std::string deployment(const std::string& tmp, const std::string& length, const std::string& fund,
                       const std::string& deadline) {
  auto user = [](const std::string& name, const std::string& vo, const std::string& tasks,
                 const std::string& len, const std::string& f, const std::string& d) {
    return R"(<actor host="users" function="Broker"><prop id="name" value=")" + name +
           R"("/><prop id="vo" value=")" + vo +
           R"("/><prop id="policy" value="no-opt"/><prop id="bid" value="10"/>
      <prop id="start" value="30"/><prop id="deadline" value=")" +
           d + R"("/><prop id="fund" value=")" + f + R"("/><prop id="tasks" value=")" + tasks +
           R"("/><prop id="task_length" value=")" + len + R"("/></actor>)";
  };
  std::string actors;
  for (const char* vo : {"A", "B"})
    actors += std::string(R"(<actor host="gis-)") + vo +
              R"(" function="GridInformationService"><prop id="vo" value=")" + vo +
              R"("/><prop id="peers" value=""/></actor>)";
  actors += R"(<actor host="R1" function="Auctioneer"/><actor host="R2" function="Auctioneer"/>)";
  actors +=
      user("U0", "A", "10", length, fund, deadline) + user("U1", "B", "2", "50000", "100", "1h");
  return test::write_file(tmp, "deployment.xml", test::platform_xml(actors));
}

const UserRecord& user(const Results& r, const std::string& name) {
  for (const auto& u : r.users())
    if (u.name == name) return u;
  throw std::runtime_error("no user " + name);
}

// U1 alone on R2: its bid applies from the auction period at 60 s; its tasks run 60-110 and
// 110-160 at 1000 MIPS; 100 s at 10 cents/min is 1/6 G$, settled at 180.
void expect_u1_finishes(const Results& r) {
  const UserRecord& u1 = user(r, "U1");
  EXPECT_EQ(u1.tasks_done, 2);
  ASSERT_TRUE(u1.finish_s);
  EXPECT_DOUBLE_EQ(*u1.finish_s, 160);
  EXPECT_NEAR(u1.spent, 100.0 / 600, 1e-9);
  EXPECT_EQ(u1.status(), "done");
}

}  // namespace

// U0: fund 0.095 G$, tasks of 90 s. Its first deposit would be 2.2 G$ (bid 10 for two bidding
// intervals and auction periods, 2 x (600 + 60) s at 1/6000 G$/s per cent/min): short of
// money, it deposits its 0.095 G$ and bids what that pays, min_bid 1 cent/min (0.01 G$ per full
// period). From 60 s the tasks run alone, 90 s each: tasks 0-5 end at 150, 240, ..., 600. The
// period ending at 660 takes the last 0.005 G$ (an Auctioneer never charges more than the
// balance): task 6 is suspended. At the broker's progress check of 630 the balance was still
// 0.005; at 1230 it is 0 with no money in hand and no allowance: U0 gives up, out of budget,
// 6 of 10 tasks done, 0.095 G$ spent.
TEST(GridLimits, UserOutOfBudgetGivesUpAndTheOtherFinishes) {
  std::string tmp = test::temp_dir();
  const Results& r = test::run(platform(tmp), deployment(tmp, "90000", "0.095", "1h"));
  const UserRecord& u = user(r, "U0");
  EXPECT_EQ(u.tasks_done, 6);
  EXPECT_FALSE(u.finish_s);
  EXPECT_NEAR(u.spent, 0.095, 1e-12);
  EXPECT_EQ(u.status(), "out_of_budget");
  EXPECT_EQ(u.stop_reason, "out of money");
  std::vector<double> ends;
  for (const auto& t : r.tasks())
    if (t.user == "U0" && t.end_s) ends.push_back(*t.end_s);
  EXPECT_EQ(ends, (std::vector<double>{150, 240, 330, 420, 510, 600}));
  expect_u1_finishes(r);
}

// U0: fund 0.1 G$, so ten full periods at min_bid (0.01 G$ each, from 60 s to 660 s). Ten
// subtractions of 0.01 from 0.1 leave about 1.4e-17 G$ in floating point, not 0: that dust is
// no money (kMoneyDust), so the task running at 660 is suspended there, as with 0.095 above,
// and does not get the period 660-720 for nothing (which would finish task 6 at 690).
TEST(GridLimits, DustLeftInABalanceBuysNoPeriod) {
  std::string tmp = test::temp_dir();
  const Results& r = test::run(platform(tmp), deployment(tmp, "90000", "0.1", "1h"));
  const UserRecord& u = user(r, "U0");
  EXPECT_EQ(u.tasks_done, 6);
  EXPECT_NEAR(u.spent, 0.1, 1e-12);
  EXPECT_EQ(u.status(), "out_of_budget");
  std::vector<double> ends;
  for (const auto& t : r.tasks())
    if (t.user == "U0" && t.end_s) ends.push_back(*t.end_s);
  EXPECT_EQ(ends, (std::vector<double>{150, 240, 330, 420, 510, 600}));
  expect_u1_finishes(r);
}

// U0: fund 100, deadline 5 min, tasks of 100 s. The broker keeps bidding past its deadline
// (No-Opt never changes its bid): the tasks run 60-160, ..., 960-1060; it finishes at 1060,
// late. 1000 s at 10 cents/min is 5/3 G$.
TEST(GridLimits, UserPastItsDeadlineFinishesLateAndTheOtherFinishes) {
  std::string tmp = test::temp_dir();
  const Results& r = test::run(platform(tmp), deployment(tmp, "100000", "100", "5min"));
  const UserRecord& u = user(r, "U0");
  EXPECT_EQ(u.tasks_done, 10);
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s, 1060);
  EXPECT_EQ(u.met_deadline(), false);
  EXPECT_NEAR(u.spent, 1000.0 / 600, 1e-9);
  EXPECT_EQ(u.status(), "done_late");
  EXPECT_EQ(u.stop_reason, "");
  EXPECT_NE(run_table(r).find("done_late\n"), std::string::npos) << run_table(r);
  expect_u1_finishes(r);
}
