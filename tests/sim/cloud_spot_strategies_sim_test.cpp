// The three spot strategies (docs/cloud.md, "Spot strategies") on one bag and one tiny price
// trace, worked by hand: type "vm" (1 Gf, one core, no boot, 0.50 an hour on demand), spot
// prices 0.10 from 0 s, 0.30 from 1800 s, 0.05 from 5400 s, billed per started hour; a bag of
// four 1000 s tasks on one instance, a maximum spot price of 0.20, checks every 300 s. The
// price passes the maximum at 1800 s: the notice; the reclaim at 1920 s loses the task that
// started at 1000 s (its attempt priced at the spot prices it ran at,
// (800 x 0.10 + 120 x 0.30) / 3600), and the hour it cut short is free.
#include <gtest/gtest.h>

#include <string>

#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
using namespace botsim::cloud;
namespace t = botsim::test;

namespace {

const Results& run_strategy(const std::string& policy, const std::string& props) {
  const std::string dir = t::temp_dir();
  t::write_file(dir, "prices.csv", "time_s,price\n0,0.10\n1800,0.30\n5400,0.05\n");
  const std::string platform = t::write_file(dir, "cloud.xml", t::platform_xml(R"(
  <zone id="w" routing="Full">)" + t::cloud_control_zone() + R"(
    <cluster id="vm" prefix="vm-" radical="0-1" suffix="" speed="1Gf" core="1" bw="10Gbps" lat="0" router_id="vm-r">
      <prop id="instance_type" value="vm"/><prop id="price" value="0.5"/>
      <prop id="spot_prices" value="prices.csv"/>
    </cluster>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="vm" gw_src="gw" gw_dst="vm-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
  t::write_file(dir, "bag.txt", "1000\n1000\n1000\n1000\n");
  const std::string deployment = t::write_file(dir, "deployment.xml", t::platform_xml(R"(
    <actor host="provider" function="CloudProvider"/>
    <actor host="client" function="StaticProvisioning">
      <prop id="name" value="U0"/><prop id="instance_type" value="vm"/>
      <prop id="instances" value="1"/><prop id="workload" value="bag.txt"/>
      <prop id="policy" value=")" + policy + R"("/>)" + props + "</actor>"));
  return t::run(platform, deployment);
}

constexpr const char* kSpotProps = R"(<prop id="max_price" value="0.2"/>)";
constexpr double kLostAttempt = (800 * 0.10 + 120 * 0.30) / 3600;

}  // namespace

// On demand: the four tasks back to back, 0-4000 s, two started hours at 0.50.
TEST(SpotStrategiesSim, OnDemandOnly) {
  const UserRecord& u = run_strategy("on-demand", "").users().at(0);
  EXPECT_EQ(u.policy, "on-demand:1xvm");
  EXPECT_EQ(u.tasks_done, 4);
  EXPECT_DOUBLE_EQ(*u.finish_s, 4000);
  EXPECT_NEAR(u.spent, 1.00, 1e-12);
}

// Spot only: tasks 0 and 1 (the latter lost at 1920 s), then nothing until the check at
// 5400 s finds the price at 0.05 again: a new spot instance runs tasks 1, 2 and 3 from 5400 to
// 8400 s, one hour at 0.05. The first instance's cut hour is free.
TEST(SpotStrategiesSim, SpotOnlyWaitsForThePriceToFall) {
  const Results& r = run_strategy("spot", kSpotProps);
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.tasks_done, 4);
  EXPECT_DOUBLE_EQ(*u.finish_s, 8400);
  EXPECT_EQ(u.tasks_rerun, 1);
  EXPECT_NEAR(u.spent, 0.05, 1e-12);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_NEAR(*u.spent_on_lost_work, kLostAttempt, 1e-12);
  const auto& spot = r.records<SpotInstanceRecord>();
  ASSERT_EQ(spot.size(), 2u);
  EXPECT_TRUE(spot[0].interrupted);
  EXPECT_DOUBLE_EQ(spot[0].reclaim_s.value_or(-1), 1920);
  EXPECT_DOUBLE_EQ(spot[1].start_s, 5400);
  EXPECT_FALSE(spot[1].interrupted);
}

// Spot with fallback, aiming at 5000 s with 900 s of slack: at the check of 1200 s the slack is
// 5000 - 1200 - 3 tasks x 1000 s = 800 s, below 900: from then on it rents on demand. The
// notice at 1800 s rents the on-demand replacement at once: it runs task 2 from 1800 s, then
// the lost task 1 and task 3, ending at 4800 s, in time: one hour at 0.50.
TEST(SpotStrategiesSim, SpotWithFallbackMeetsTheTarget) {
  const Results& r = run_strategy("spot-fallback", std::string(kSpotProps) +
                                                       R"(<prop id="target" value="5000s"/>
      <prop id="slack" value="900s"/>)");
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.tasks_done, 4);
  EXPECT_DOUBLE_EQ(*u.finish_s, 4800);
  EXPECT_EQ(u.tasks_rerun, 1);
  EXPECT_NEAR(u.spent, 0.50, 1e-12);
  EXPECT_NEAR(*u.spent_on_lost_work, kLostAttempt, 1e-12);
  const auto& rows = r.records<InvoiceRecord>();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].market, "on_demand");
  EXPECT_DOUBLE_EQ(rows[1].from_s, 1800);
}
