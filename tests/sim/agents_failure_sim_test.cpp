// A broker agent survives a resource failure (docs/gutierrez2012.md, "On failure"): numbers
// worked out by hand. Zero latency everywhere: agents a-0 (CloudDirectory), a-1 (BrokerAgent),
// a-3 (ServiceProviderAgent) and a-5 (ConsumerAgent, submits at 1 s); resources fast-0 (2 MI/s,
// $1/h) and slow-0 (1 MI/s, $0.5/h), both enlisted in a-3. fast-0 fails at 2501 s (a SimGrid
// state profile) and is never repaired.
#include <gtest/gtest.h>

#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

namespace {

// A zone of one resource host, "<id>-0", behind router "<id>-r".
std::string resource(const std::string& id, const std::string& speed, const std::string& price,
                     const std::string& host_extra) {
  return "<zone id=\"" + id + "\" routing=\"Full\"><prop id=\"spa\" value=\"a-3\"/>" +
         "<prop id=\"resource_type\" value=\"" + id + "\"/><prop id=\"price\" value=\"" + price +
         "\"/><host id=\"" + id + "-0\" speed=\"" + speed + "\"" + host_extra + "/><router id=\"" +
         id + "-r\"/><link id=\"" + id + "-l\" bandwidth=\"10Gbps\" latency=\"0\"/><route src=\"" +
         id + "-0\" dst=\"" + id + "-r\"><link_ctn id=\"" + id + "-l\"/></route></zone>\n";
}

std::string platform(const std::string& dir) {
  t::write_file(dir, "fast.txt", "2501 0\n");
  return t::write_file(
      dir, "platform.xml",
      t::platform_xml(
          "<zone id=\"w\" routing=\"Full\">\n"
          "<cluster id=\"agents\" prefix=\"a-\" radical=\"0-5\" suffix=\"\" speed=\"1Gf\" "
          "bw=\"10Gbps\" lat=\"0\" router_id=\"agents-r\"/>\n" +
          resource("fast", "2Mf", "1.0", " state_file=\"fast.txt\"") +
          resource("slow", "1Mf", "0.5", "") +
          "<link id=\"bb\" bandwidth=\"10Gbps\" latency=\"0\"/>\n"
          "<zoneRoute src=\"agents\" dst=\"fast\" gw_src=\"agents-r\" gw_dst=\"fast-r\">"
          "<link_ctn id=\"bb\"/></zoneRoute>\n"
          "<zoneRoute src=\"agents\" dst=\"slow\" gw_src=\"agents-r\" gw_dst=\"slow-r\">"
          "<link_ctn id=\"bb\"/></zoneRoute>\n</zone>"));
}

}  // namespace

// Tasks 9000, 1000, 1000 MI, (LtoS, MaxET), I-ElasticAM (as in the worked example of
// allocation): fast runs the 9000 MI from 1 s, slow the two 1000 MI tasks (1-1001, 1001-2001).
// At 2501 fast-0 fails: its task is lost after 2500 s ($1/h: 2500/3600 spent on it) and fast is
// charged the one hour it started ($1). The task goes to slow, idle since 2001: 2501-11501
// (9000 s). Slow is renewed at its checks at 3541, 7141 and 10741 (busy) and released when the
// BoT ends at 11501: 4 started hours from 1 s, $2. $3 in all, 5 hours, 3 renewals.
TEST(AgentsFailure, TaskOfAFailedResourceRerunsOnAnother) {
  std::string dir = t::temp_dir();
  std::string deployment = t::write_file(dir, "deployment.xml", t::platform_xml(R"(
    <actor host="a-0" function="CloudDirectory"/>
    <actor host="a-1" function="BrokerAgent"/>
    <actor host="a-3" function="ServiceProviderAgent"/>
    <actor host="a-5" function="ConsumerAgent">
      <prop id="name" value="CA0"/><prop id="contractors" value="1"/>
      <prop id="sizes" value="9000,1000,1000"/><prop id="heuristic" value="LtoS,MaxET"/>
      <prop id="allocation" value="i-elastic"/>
    </actor>)"));
  const Results& r = t::run(platform(dir), deployment);
  ASSERT_TRUE(r.models_faults());
  ASSERT_EQ(r.users().size(), 1u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 3);
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s, 11501);
  EXPECT_DOUBLE_EQ(u.spent, 3);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 5);
  EXPECT_EQ(u.extra["renewals"], 3);
  EXPECT_EQ(u.extra["reason"], "resource fast-0 failed");
  EXPECT_EQ(u.tasks_rerun, 1);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_DOUBLE_EQ(*u.spent_on_lost_work, 2500.0 / 3600);

  const auto& lost = r.records<LostRecord>();
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_EQ(lost[0].task, 0);
  EXPECT_EQ(lost[0].host, "fast-0");
  EXPECT_DOUBLE_EQ(lost[0].lost_s, 2501);
  EXPECT_EQ(lost[0].reason, "resource fast-0 failed");
  int attempts = 0;
  for (const auto& task : r.tasks())
    if (task.task == 0) {
      ++attempts;
      if (task.host == "slow-0") {
        EXPECT_DOUBLE_EQ(*task.start_s, 2501);
        EXPECT_DOUBLE_EQ(*task.end_s, 11501);
      } else {
        EXPECT_FALSE(task.end_s);
      }
    }
  EXPECT_EQ(attempts, 2);

  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 2u);
  EXPECT_EQ(inst[0].csv_row(), "CA0,fast-0,fast,1,2501,1,1");
  EXPECT_EQ(inst[1].csv_row(), "CA0,slow-0,slow,1,11501,4,2");
}
