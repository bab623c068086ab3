// 4.1.3: "If a resource fails, then tasks are migrated to different resources." R2 turns off
// at 300 s (a SimGrid state profile); its Auctioneer dies with it. The broker notices at its
// next progress query (no answer within a bidding interval) and moves R2's unfinished tasks.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "grid/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;

namespace {
const Results& run_with_failure(const std::string& policy, const std::string& extra = "") {
  std::string tmp = test::temp_dir();
  // SimGrid looks a profile up relative to the platform file's directory.
  test::write_file(tmp, "r2-fails.txt", "300 0\n");
  const std::string profile = "r2-fails.txt";
  std::string hosts;
  for (const char* r : {"R1", "R2"})
    hosts +=
        std::string(R"(<host id=")") + r + R"(" speed="1000Mf")" +
        (std::string(r) == "R2" ? R"( state_file=")" + profile + R"(")" : std::string()) +
        R"(><prop id="vo" value="A"/><prop id="min_bid" value="1"/><prop id="max_bid" value="100"/></host>)";
  std::string platform = test::write_file(tmp, "platform.xml",
                                          test::platform_xml(R"(<zone id="z" routing="Floyd">)" +
                                                             hosts + R"(<host id="gis" speed="1Gf"/>
      <host id="users" speed="1Gf"/><router id="hub"/><link id="l" bandwidth="1GBps" latency="1ms"/>
      <route src="R1" dst="hub"><link_ctn id="l"/></route><route src="R2" dst="hub"><link_ctn id="l"/></route>
      <route src="gis" dst="hub"><link_ctn id="l"/></route><route src="users" dst="hub"><link_ctn id="l"/></route>
      </zone>)"));
  std::string bid = policy == "no-opt" ? R"(<prop id="bid" value="10"/>)" : "";
  std::string deployment = test::write_file(tmp, "deployment.xml", test::platform_xml(R"(
    <actor host="gis" function="GridInformationService"><prop id="vo" value="A"/></actor>
    <actor host="R1" function="Auctioneer"/><actor host="R2" function="Auctioneer"/>
    <actor host="users" function="Broker"><prop id="name" value="U"/><prop id="vo" value="A"/>
      <prop id="policy" value=")" + policy + R"("/>)" + bid + R"(<prop id="start" value="1s"/>
      <prop id="deadline" value="2h"/><prop id="bid_interval" value="5min"/><prop id="fund" value="100"/>
      <prop id="tasks" value="6"/><prop id="task_length" value="200000"/>)" + extra + "</actor>"));
  return test::run(platform, deployment);
}

void expect_migrated(const Results& r) {
  ASSERT_EQ(r.users().size(), 1u);
  EXPECT_EQ(r.users()[0].tasks_done, 6);
  ASSERT_TRUE(r.users()[0].finish_s.has_value());
  std::map<long, int> finished;
  int lost_on_r2 = 0;
  for (const auto& t : r.tasks()) {
    if (t.end_s) ++finished[t.task];
    if (t.host == "R2" && !t.end_s) ++lost_on_r2;
    if (t.host == "R2" && t.end_s) {
      EXPECT_LE(*t.end_s, 300.0);
    }
  }
  EXPECT_GE(lost_on_r2, 1);        // R2 had unfinished tasks when it failed...
  EXPECT_EQ(finished.size(), 6u);  // ...and every task still ended exactly once
  for (const auto& [task, n] : finished) EXPECT_EQ(n, 1) << "task " << task;
  EXPECT_GT(*r.users()[0].finish_s, 600.0);  // noticed at the 601 s query at the earliest
}
}  // namespace

TEST(FailureSim, GlobalBrokerMigratesTasks) { expect_migrated(run_with_failure("global")); }
TEST(FailureSim, NoOptBrokerMigratesTasks) { expect_migrated(run_with_failure("no-opt")); }

// With its only resource gone, a user can never finish: it gives up (the run ends, its tasks
// unfinished) rather than monitoring for ever.
TEST(FailureSim, UserGivesUpWhenEveryResourceFailed) {
  std::string tmp = test::temp_dir();
  test::write_file(tmp, "r-fails.txt", "300 0\n");
  std::string platform = test::write_file(tmp, "platform.xml", test::platform_xml(R"(
    <zone id="z" routing="Full">
      <host id="R" speed="1000Mf" state_file="r-fails.txt"><prop id="vo" value="A"/>
        <prop id="min_bid" value="1"/><prop id="max_bid" value="100"/></host>
      <host id="gis" speed="1Gf"/><host id="users" speed="1Gf"/>
      <link id="l" bandwidth="1GBps" latency="1ms"/>
      <route src="R" dst="gis"><link_ctn id="l"/></route>
      <route src="R" dst="users"><link_ctn id="l"/></route>
      <route src="gis" dst="users"><link_ctn id="l"/></route>
    </zone>)"));
  std::string deployment = test::write_file(tmp, "deployment.xml", test::platform_xml(R"(
    <actor host="gis" function="GridInformationService"><prop id="vo" value="A"/></actor>
    <actor host="R" function="Auctioneer"/>
    <actor host="users" function="Broker"><prop id="name" value="U"/><prop id="vo" value="A"/>
      <prop id="policy" value="global"/><prop id="start" value="1s"/><prop id="deadline" value="2h"/>
      <prop id="bid_interval" value="5min"/><prop id="fund" value="100"/>
      <prop id="tasks" value="3"/><prop id="task_length" value="200000"/></actor>)"));
  const auto& r = test::run(platform, deployment);
  ASSERT_EQ(r.users().size(), 1u);
  EXPECT_EQ(r.users()[0].tasks_done, 1);  // 200 s of work done before R fails at 300 s
  EXPECT_FALSE(r.users()[0].finish_s.has_value());
}

// The fault fields of the same scenario (docs/reliability.md): every migrated task counts once
// in tasks_rerun, and every attempt left unfinished on R2 has its lost.csv row once the results
// are written, with the reason the broker gave it up, R2's failure.
TEST(FailureSim, ReRunsAndLostAttemptsAreReported) {
  const Results& r = run_with_failure("global");
  ASSERT_TRUE(r.models_faults());
  const UserRecord& u = r.users().at(0);
  long lost_on_r2 = 0;
  for (const auto& t : r.tasks()) lost_on_r2 += t.host == "R2" && !t.end_s ? 1 : 0;
  EXPECT_GE(lost_on_r2, 1);
  EXPECT_EQ(u.tasks_rerun, lost_on_r2);  // each lost attempt was followed by one on R1
  ASSERT_TRUE(u.spent_on_lost_work);
  std::string dir = test::temp_dir();
  const_cast<Results&>(r).write(dir, RunInfo{"test", "p", "d", 1, 1000, {}});
  std::string lost = test::read_text(dir + "/lost.csv");
  EXPECT_EQ(std::count(lost.begin(), lost.end(), '\n'), 1 + lost_on_r2) << lost;
  EXPECT_NE(lost.find(",R2,"), std::string::npos);
  EXPECT_EQ(lost.find("given up for a later attempt"), std::string::npos) << lost;
  EXPECT_NE(lost.find("resource R2 failed"), std::string::npos) << lost;
}

// An Auctioneer that fails charges only the work done, as it last reported it. R1 and R2 in VO
// A (1000 MIPS, zero latency); U (No-Opt, bid 10 cents/min = 1/600 G$/s, start 30 s, bid
// interval 5 min) deals its two tasks of 500,000 MI one to each; both run alone from 60 s. R2
// fails at 400 s. Its charges at the period ends 120, 180, 240 and 300 (0.1 G$ each for a full
// minute) are in its answer to U's progress query of 330 s: 0.4 G$, all for the running task.
// The 0.1 G$ it charged at 360 was never reported and the work after it never charged. U's
// query of 630 s is not answered: at 930 s U gives R2 up, pays its last reported 0.4 G$ and
// reports the attempt lost for 0.4 G$. R1 ran its task 60-560 (500 s: 5/6 G$) and reruns the
// moved one, alone again: 5/6 G$. In all 0.4 + 5/3 G$.
namespace {
const Results& run_two_tasks_r2_fails(const std::string& extra = "") {
  std::string tmp = test::temp_dir();
  test::write_file(tmp, "r2.txt", "400 0\n");
  std::string hosts, routes;
  for (const char* h : {"R1", "R2", "gis", "users"}) {
    std::string name = h;
    hosts += "<host id=\"" + name + "\" speed=\"1000Mf\"" +
             (name == "R2" ? " state_file=\"r2.txt\"" : "") + ">" +
             (name[0] == 'R' ? "<prop id=\"vo\" value=\"A\"/><prop id=\"min_bid\" value=\"1\"/>"
                               "<prop id=\"max_bid\" value=\"100\"/>"
                             : "") +
             "</host><link id=\"l-" + name + "\" bandwidth=\"1GBps\" latency=\"0\"/>";
    routes += "<route src=\"" + name + "\" dst=\"hub\"><link_ctn id=\"l-" + name + "\"/></route>";
  }
  std::string platform =
      test::write_file(tmp, "platform.xml",
                       test::platform_xml(R"(<zone id="z" routing="Floyd">)" + hosts +
                                          R"(<router id="hub"/>)" + routes + "</zone>"));
  std::string deployment = test::write_file(tmp, "deployment.xml", test::platform_xml(R"(
    <actor host="gis" function="GridInformationService"><prop id="vo" value="A"/></actor>
    <actor host="R1" function="Auctioneer"/><actor host="R2" function="Auctioneer"/>
    <actor host="users" function="Broker"><prop id="name" value="U"/><prop id="vo" value="A"/>
      <prop id="policy" value="no-opt"/><prop id="bid" value="10"/><prop id="start" value="30"/>
      <prop id="deadline" value="2h"/><prop id="bid_interval" value="5min"/>
      <prop id="fund" value="100"/><prop id="tasks" value="2"/>
      <prop id="task_length" value="500000"/>)" + extra + "</actor>"));
  return test::run(platform, deployment);
}
}  // namespace

TEST(FailureSim, FailedAuctioneerChargesOnlyTheWorkItReported) {
  const Results& r = run_two_tasks_r2_fails();
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.policy, "no-opt");
  EXPECT_EQ(u.tasks_done, 2);
  EXPECT_EQ(u.status(), "done");
  EXPECT_EQ(u.tasks_rerun, 1);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_NEAR(*u.spent_on_lost_work, 0.4, 1e-9);
  EXPECT_NEAR(u.spent, 0.4 + 1000.0 / 600, 1e-9);
  const auto& lost = r.records<LostRecord>();
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_EQ(lost[0].host, "R2");
  EXPECT_DOUBLE_EQ(*lost[0].start_s, 60);
  EXPECT_DOUBLE_EQ(lost[0].lost_s, 930);
  EXPECT_EQ(lost[0].reason, "resource R2 failed");
  ASSERT_TRUE(lost[0].cost);
  EXPECT_NEAR(*lost[0].cost, 0.4, 1e-9);
  // What R2 charged, reported or not.
  EXPECT_NEAR(grid::ResourceRecord::from_json(r.resources().at(1)).earned, 0.5, 1e-9);
}

// As printed (rules="paper": 4.1.3 gives migration to the Global policy alone), the same No-Opt
// user does not move R2's task: at 930 s it gives R2 up and pays its last reported 0.4 G$, the
// attempt lost for 0.4 G$ as above, and nothing reruns it. R1's task ran 60-560 (5/6 G$) and is
// settled at 600: with one task done and one lost the user ends at 930, unfinished
// (resources_failed), 0.4 + 5/6 G$ spent. Only the move changes: the charges, the lost attempt
// and R1's run are those above.
TEST(FailureSim, AsPrintedANoOptUserDoesNotMoveTheTasksOfAFailedResource) {
  const Results& r = run_two_tasks_r2_fails(R"(<prop id="rules" value="paper"/>)");
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.policy, "no-opt,paper");
  EXPECT_EQ(u.tasks_done, 1);
  EXPECT_FALSE(u.finish_s);
  EXPECT_EQ(u.status(), "resources_failed");
  EXPECT_EQ(u.tasks_rerun, 0);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_NEAR(*u.spent_on_lost_work, 0.4, 1e-9);
  EXPECT_NEAR(u.spent, 0.4 + 500.0 / 600, 1e-9);
  const auto& lost = r.records<LostRecord>();
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_EQ(lost[0].host, "R2");
  EXPECT_DOUBLE_EQ(*lost[0].start_s, 60);
  EXPECT_DOUBLE_EQ(lost[0].lost_s, 930);
  ASSERT_EQ(r.tasks().size(), 2u);  // one attempt per task
  for (const auto& t : r.tasks())
    if (t.host == "R1") {
      EXPECT_DOUBLE_EQ(*t.start_s, 60);
      EXPECT_DOUBLE_EQ(*t.end_s, 560);
    }
}

// The rule's own prop overrides `rules`; a Global user moves the tasks either way (4.1.3).
TEST(FailureSim, AsPrintedAGlobalUserStillMigrates) {
  expect_migrated(run_with_failure("global", R"(<prop id="rules" value="paper"/>)"));
}

// rules="paper" with migrate_failed="on": the No-Opt user moves R2's tasks as botsim does.
TEST(FailureSim, AsPrintedWithMigrationOnANoOptUserMigrates) {
  expect_migrated(run_with_failure(
      "no-opt", R"(<prop id="rules" value="paper"/><prop id="migrate_failed" value="on"/>)"));
}
