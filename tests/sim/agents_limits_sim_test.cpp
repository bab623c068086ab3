// A consumer agent with a budget or a deadline (docs/gutierrez2012.md, "Budget and deadline"):
// its BoT stops undone and says why; the other consumer of the run finishes as if alone.
// Numbers worked out by hand. Zero latency everywhere: agents a-0 (CloudDirectory), a-1
// (BrokerAgent), a-3 (ServiceProviderAgent), a-5 (CA0) and a-4 (CA1), both submitting at 1 s;
// resources fast-0 (2 MI/s, $1/h), slow-0 (1 MI/s, $0.5/h) and other-0 (1 MI/s, $0.5/h), all
// enlisted in a-3.
#include <gtest/gtest.h>

#include "agents/records.hpp"
#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
using botsim::agents::renewals_of;
namespace t = botsim::test;

namespace {

// A zone of one resource host, "<id>-0", behind router "<id>-r".
std::string resource(const std::string& id, const std::string& speed, const std::string& price) {
  return "<zone id=\"" + id + "\" routing=\"Full\"><prop id=\"spa\" value=\"a-3\"/>" +
         "<prop id=\"resource_type\" value=\"" + id + "\"/><prop id=\"price\" value=\"" + price +
         "\"/><host id=\"" + id + "-0\" speed=\"" + speed + "\"/><router id=\"" + id +
         "-r\"/><link id=\"" + id + "-l\" bandwidth=\"10Gbps\" latency=\"0\"/><route src=\"" + id +
         "-0\" dst=\"" + id + "-r\"><link_ctn id=\"" + id + "-l\"/></route></zone>\n";
}

std::string route(const std::string& id) {
  return "<zoneRoute src=\"agents\" dst=\"" + id + "\" gw_src=\"agents-r\" gw_dst=\"" + id +
         "-r\"><link_ctn id=\"bb\"/></zoneRoute>\n";
}

std::string platform(const std::string& dir) {
  return t::write_file(
      dir, "platform.xml",
      t::platform_xml("<zone id=\"w\" routing=\"Full\">\n"
                      "<cluster id=\"agents\" prefix=\"a-\" radical=\"0-5\" suffix=\"\" "
                      "speed=\"1Gf\" bw=\"10Gbps\" lat=\"0\" router_id=\"agents-r\"/>\n" +
                      resource("fast", "2Mf", "1.0") + resource("slow", "1Mf", "0.5") +
                      resource("other", "1Mf", "0.5") +
                      "<link id=\"bb\" bandwidth=\"10Gbps\" latency=\"0\" "
                      "sharing_policy=\"FATPIPE\"/>\n" +
                      route("fast") + route("slow") + route("other") + "</zone>"));
}

// CA0: tasks 9000, 1000, 1000 MI on fast and slow, (LtoS, MaxET), I-ElasticAM, with `limit`.
// CA1: one task of 1000 MI on other.
std::string deployment(const std::string& dir, const std::string& limit) {
  return t::write_file(dir, "deployment.xml",
                       t::platform_xml(R"(
    <actor host="a-0" function="CloudDirectory"/>
    <actor host="a-1" function="BrokerAgent"/>
    <actor host="a-3" function="ServiceProviderAgent"/>
    <actor host="a-5" function="ConsumerAgent">
      <prop id="name" value="CA0"/><prop id="contractors" value="1"/>
      <prop id="resources" value="fast,slow"/>
      <prop id="sizes" value="9000,1000,1000"/><prop id="heuristic" value="LtoS,MaxET"/>
      <prop id="allocation" value="i-elastic"/>)" +
                                       limit +
                                       R"(
    </actor>
    <actor host="a-4" function="ConsumerAgent">
      <prop id="name" value="CA1"/><prop id="contractors" value="1"/>
      <prop id="resources" value="other"/><prop id="sizes" value="1000"/>
    </actor>)"));
}

// CA1 alone: other-0 runs its task 1-1001, one hour from 1 s: $0.5.
const UserRecord& user(const Results& r, const std::string& name) {
  for (const auto& u : r.users())
    if (u.name == name) return u;
  throw std::runtime_error("no user " + name);
}

void expect_ca1_finishes(const Results& r) {
  const UserRecord& u1 = user(r, "CA1");
  EXPECT_EQ(u1.name, "CA1");
  EXPECT_EQ(u1.tasks_done, 1);
  ASSERT_TRUE(u1.finish_s);
  EXPECT_DOUBLE_EQ(*u1.finish_s, 1001);
  EXPECT_DOUBLE_EQ(u1.spent, 0.5);
  EXPECT_EQ(u1.status(), "done");
}

// CA0 stopped at `stop_s`: its big task undone on fast-0, fast and slow released then, each
// charged its paid hour.
void expect_ca0_stopped(const Results& r, const std::string& stop_s) {
  std::vector<const TaskRecord*> big;
  for (const auto& row : r.tasks())
    if (row.user == "CA0" && row.task == 0) big.push_back(&row);
  ASSERT_EQ(big.size(), 1u);
  EXPECT_EQ(big[0]->host, "fast-0");
  EXPECT_FALSE(big[0]->end_s);
  std::vector<std::string> rows;
  for (const auto& i : r.records<cloud::InstanceRecord>())
    if (i.user == "CA0") rows.push_back(i.csv_row());
  std::sort(rows.begin(), rows.end());
  EXPECT_EQ(rows, (std::vector<std::string>{"CA0,fast-0,fast,1," + stop_s + ",1,1",
                                            "CA0,slow-0,slow,1," + stop_s + ",1,0.5"}));
}

}  // namespace

// Budget $2. Fast runs the 9000 MI task from 1 s (4500 s of work), slow the two 1000 MI tasks
// (1-1001, 1001-2001). At the checks of 3541 (60 s before the hours end at 3601) slow is idle:
// released; fast is busy and I-ElasticAM would renew it, but its hour ($1), slow's ($0.5) and
// one more hour of fast ($1) are $2.5 > $2: fast is released too, its task undone. No resource
// is left: the BoT ends out of budget, 2 of 3 tasks done, $1.5 spent over 2 hours.
TEST(AgentsLimits, ConsumerOutOfBudgetStopsAndTheOtherFinishes) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(platform(dir), deployment(dir, R"(<prop id="budget" value="2"/>)"));
  ASSERT_EQ(r.users().size(), 2u);
  const UserRecord& u = user(r, "CA0");
  EXPECT_EQ(u.name, "CA0");
  EXPECT_EQ(u.tasks_done, 2);
  EXPECT_FALSE(u.finish_s);
  ASSERT_TRUE(u.budget);
  EXPECT_DOUBLE_EQ(*u.budget, 2);
  EXPECT_DOUBLE_EQ(u.spent, 1.5);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 2);
  EXPECT_EQ(renewals_of(u), 0);
  EXPECT_EQ(u.status(), "out_of_budget");
  EXPECT_EQ(u.stop_reason, "the budget (2) cannot pay for renewing fast-0");
  expect_ca0_stopped(r, "3541");
  expect_ca1_finishes(r);
}

// Deadline 3000 s from the submission at 1 s: at 3001 fast still runs the 9000 MI task (until
// 4501), slow is idle since 2001. The BoT stops: both released, each charged its paid hour
// ($1 + $0.5), the big task undone.
TEST(AgentsLimits, ConsumerPastItsDeadlineStopsAndTheOtherFinishes) {
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(platform(dir), deployment(dir, R"(<prop id="deadline" value="3000"/>)"));
  ASSERT_EQ(r.users().size(), 2u);
  const UserRecord& u = user(r, "CA0");
  EXPECT_EQ(u.tasks_done, 2);
  EXPECT_FALSE(u.finish_s);
  ASSERT_TRUE(u.deadline_s);
  EXPECT_DOUBLE_EQ(*u.deadline_s, 3000);
  EXPECT_EQ(u.met_deadline(), false);
  EXPECT_DOUBLE_EQ(u.spent, 1.5);
  EXPECT_EQ(u.charged_units, 2);
  EXPECT_EQ(u.status(), "deadline_passed");
  EXPECT_EQ(u.stop_reason, "deadline of 3000 s passed");
  expect_ca0_stopped(r, "3001");
  expect_ca1_finishes(r);
}
