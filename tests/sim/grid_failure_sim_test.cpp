// 4.1.3: "If a resource fails, then tasks are migrated to different resources." R2 turns off
// at 300 s (a SimGrid state profile); its Auctioneer dies with it. The broker notices at its
// next progress query (no answer within a bidding interval) and moves R2's unfinished tasks.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "support/sim_support.hpp"

using namespace botsim;

namespace {
const Results& run_with_failure(const std::string& policy) {
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
      <prop id="tasks" value="6"/><prop id="task_length" value="200000"/></actor>)"));
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
// are written. The auction model does not price lost attempts: spent_on_lost_work is null.
TEST(FailureSim, ReRunsAndLostAttemptsAreReported) {
  const Results& r = run_with_failure("global");
  ASSERT_TRUE(r.models_faults());
  const UserRecord& u = r.users().at(0);
  long lost_on_r2 = 0;
  for (const auto& t : r.tasks()) lost_on_r2 += t.host == "R2" && !t.end_s ? 1 : 0;
  EXPECT_GE(lost_on_r2, 1);
  EXPECT_EQ(u.tasks_rerun, lost_on_r2);  // each lost attempt was followed by one on R1
  EXPECT_FALSE(u.spent_on_lost_work);
  std::string dir = test::temp_dir();
  const_cast<Results&>(r).write(dir, RunInfo{"test", "p", "d", 1, 1000, {}});
  std::string lost = test::read_text(dir + "/lost.csv");
  EXPECT_EQ(std::count(lost.begin(), lost.end(), '\n'), 1 + lost_on_r2) << lost;
  EXPECT_NE(lost.find(",R2,"), std::string::npos);
  EXPECT_NE(lost.find("given up for a later attempt"), std::string::npos);
}
