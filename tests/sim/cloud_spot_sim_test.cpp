// Spot instances (docs/cloud.md, "Spot instances"): a StaticProvisioning user renting spot
// instances of a type whose price trace is 0.10 from 0 s, 0.30 from 1800 s and 0.05 from
// 5400 s (an ATU of 1 h, on demand 0.5), with the provider's notice, reclaim and bills. Every
// number worked out by hand.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "cloud/provider.hpp"
#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
using namespace botsim::cloud;
namespace t = botsim::test;

namespace {

// Type "vm": hosts vm-0 and vm-1, 1 Gf, 1 core; `props` adds to its spot props.
std::string spot_platform(const std::string& dir, const std::string& props) {
  t::write_file(dir, "prices.csv", "time_s,price\n0,0.10\n1800,0.30\n5400,0.05\n");
  return t::write_file(dir, "cloud.xml",
                       t::platform_xml(R"(
  <zone id="w" routing="Full">)" + t::cloud_control_zone() +
                                       R"(
    <cluster id="vm" prefix="vm-" radical="0-1" suffix="" speed="1Gf" core="1" bw="10Gbps" lat="0" router_id="vm-r">
      <prop id="instance_type" value="vm"/><prop id="price" value="0.5"/>
      <prop id="spot_prices" value="prices.csv"/>)" +
                                       props + R"(
    </cluster>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="vm" gw_src="gw" gw_dst="vm-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
}

// One StaticProvisioning user U0 with one spot instance of "vm" and the bag `times`.
std::string spot_deployment(const std::string& dir, const std::vector<int>& times,
                            const std::string& extra = "") {
  std::string workload = "# seconds on one core of vm\n";
  for (int s : times) workload += std::to_string(s) + "\n";
  t::write_file(dir, "bag.txt", workload);
  return t::write_file(dir, "deployment.xml",
                       t::platform_xml(R"(<actor host="provider" function="CloudProvider"/>
    <actor host="client" function="StaticProvisioning">
      <prop id="name" value="U0"/><prop id="instance_type" value="vm"/>
      <prop id="instances" value="1"/><prop id="workload" value="bag.txt"/>
      <prop id="market" value="spot"/>)" +
                                       extra + "</actor>"));
}

void expect_row(const InvoiceRecord& r, double from, double to, double units, double price,
                double amount) {
  EXPECT_EQ(r.market, "spot");
  EXPECT_DOUBLE_EQ(r.from_s, from);
  EXPECT_DOUBLE_EQ(r.to_s, to);
  EXPECT_DOUBLE_EQ(r.units, units);
  EXPECT_DOUBLE_EQ(r.unit_price, price);
  EXPECT_NEAR(r.amount, amount, 1e-12);
}

}  // namespace

// One task of 4000 s, no maximum price: the instance runs from 0 to 4000 s. Its first hour is
// charged 0.10 (the price at 0 s; the rise at 1800 s inside it does not count), its second 0.30
// (the price at 3600 s): 0.40 in two rows.
TEST(CloudSpot, EachStartedHourAtThePriceAtItsStart) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(spot_platform(dir, ""), spot_deployment(dir, {4000}));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.policy, "static:1xvm:spot");
  EXPECT_EQ(u.tasks_done, 1);
  EXPECT_DOUBLE_EQ(*u.finish_s, 4000);
  EXPECT_EQ(u.charged_units, 2);
  EXPECT_NEAR(u.spent, 0.40, 1e-12);
  const auto& rows = r.records<InvoiceRecord>();
  ASSERT_EQ(rows.size(), 2u);
  expect_row(rows[0], 0, 3600, 1, 0.10, 0.10);
  expect_row(rows[1], 3600, 7200, 1, 0.30, 0.30);
  const auto& spot = r.records<SpotInstanceRecord>();
  ASSERT_EQ(spot.size(), 1u);
  EXPECT_FALSE(spot[0].interrupted);
  EXPECT_FALSE(spot[0].notice_s);
  EXPECT_FALSE(spot[0].max_price);
  EXPECT_DOUBLE_EQ(spot[0].stop_s.value_or(-1), 4000);
  EXPECT_NEAR(spot[0].cost, 0.40, 1e-12);
}

// The same under per-second billing: 1800 s at 0.10 and 2200 s at 0.30 an hour,
// (180 + 660) / 3600.
TEST(CloudSpot, PerSecondChargesTheIntegralOfThePrice) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(spot_platform(dir, R"(<prop id="billing" value="per_second"/>)"),
                            spot_deployment(dir, {4000}));
  const UserRecord& u = r.users().at(0);
  EXPECT_NEAR(u.spent, 840.0 / 3600, 1e-12);
  const auto& rows = r.records<InvoiceRecord>();
  ASSERT_EQ(rows.size(), 2u);
  expect_row(rows[0], 0, 1800, 0.5, 0.10, 0.05);
  expect_row(rows[1], 1800, 4000, 2200.0 / 3600, 0.30, 660.0 / 3600);
}

// A maximum of 0.2: the price passes it at 1800 s, the notice; the reclaim 120 s later at
// 1920 s loses the 4000 s task (its attempt from 0 s priced at the spot price it ran at,
// (1800 x 0.10 + 120 x 0.30) / 3600 = 0.06). The hour the reclaim cut short is free: nothing
// is charged. The static choice, with no instance left, stops.
TEST(CloudSpot, APriceAboveTheMaximumInterruptsAfterTheNotice) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(spot_platform(dir, ""),
                            spot_deployment(dir, {4000}, R"(<prop id="max_price" value="0.2"/>)"));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.tasks_done, 0);
  EXPECT_EQ(u.status(), "resources_failed");
  EXPECT_EQ(u.charged_units, 0);
  EXPECT_DOUBLE_EQ(u.spent, 0);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_NEAR(*u.spent_on_lost_work, 0.06, 1e-12);
  const auto& spot = r.records<SpotInstanceRecord>();
  ASSERT_EQ(spot.size(), 1u);
  EXPECT_DOUBLE_EQ(spot[0].max_price.value_or(-1), 0.2);
  EXPECT_DOUBLE_EQ(spot[0].notice_s.value_or(-1), 1800);
  EXPECT_DOUBLE_EQ(spot[0].reclaim_s.value_or(-1), 1920);
  EXPECT_DOUBLE_EQ(spot[0].stop_s.value_or(-1), 1920);
  EXPECT_TRUE(spot[0].interrupted);
  const auto& lost = r.records<LostRecord>();
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_EQ(lost[0].task, 0);
  EXPECT_DOUBLE_EQ(lost[0].lost_s, 1920);
  EXPECT_NEAR(lost[0].cost.value_or(-1), 0.06, 1e-12);
  EXPECT_NE(lost[0].reason.find("interrupted"), std::string::npos) << lost[0].reason;
  const auto& rows = r.records<InvoiceRecord>();
  ASSERT_EQ(rows.size(), 1u);
  expect_row(rows[0], 0, 1920, 0, 0.10, 0);
  ASSERT_EQ(r.records<InstanceRecord>().size(), 1u);
  EXPECT_DOUBLE_EQ(r.records<InstanceRecord>()[0].stop_s.value_or(-1), 1920);
}

// Per second, the seconds used until the reclaim are charged: (180 + 36) / 3600 = 0.06.
TEST(CloudSpot, PerSecondChargesTheSecondsUsedUntilTheReclaim) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(spot_platform(dir, R"(<prop id="billing" value="per_second"/>)"),
                            spot_deployment(dir, {4000}, R"(<prop id="max_price" value="0.2"/>)"));
  const UserRecord& u = r.users().at(0);
  EXPECT_NEAR(u.spent, 0.06, 1e-12);
  const auto& rows = r.records<InvoiceRecord>();
  ASSERT_EQ(rows.size(), 2u);
  expect_row(rows[0], 0, 1800, 0.5, 0.10, 0.05);
  expect_row(rows[1], 1800, 1920, 120.0 / 3600, 0.30, 0.01);
}

// A notice of 300 s (spot_notice): the reclaim at 2100 s.
TEST(CloudSpot, TheNoticeLastsTheTypesSpotNotice) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(spot_platform(dir, R"(<prop id="spot_notice" value="5min"/>)"),
                            spot_deployment(dir, {4000}, R"(<prop id="max_price" value="0.2"/>)"));
  const auto& spot = r.records<SpotInstanceRecord>();
  ASSERT_EQ(spot.size(), 1u);
  EXPECT_DOUBLE_EQ(spot[0].notice_s.value_or(-1), 1800);
  EXPECT_DOUBLE_EQ(spot[0].stop_s.value_or(-1), 2100);
  EXPECT_DOUBLE_EQ(r.records<LostRecord>().at(0).lost_s, 2100);
}

// The owner stops the instance after the notice, before the reclaim: a normal stop. The task
// of 1850 s ends at 1850 s, the idle instance is stopped then: its hour is charged, 0.10.
TEST(CloudSpot, AStopBeforeTheReclaimIsANormalStop) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(spot_platform(dir, ""),
                            spot_deployment(dir, {1850}, R"(<prop id="max_price" value="0.2"/>)"));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.status(), "done");
  EXPECT_NEAR(u.spent, 0.10, 1e-12);
  EXPECT_TRUE(r.records<LostRecord>().empty());
  const auto& spot = r.records<SpotInstanceRecord>();
  ASSERT_EQ(spot.size(), 1u);
  EXPECT_DOUBLE_EQ(spot[0].notice_s.value_or(-1), 1800);
  EXPECT_DOUBLE_EQ(spot[0].reclaim_s.value_or(-1), 1920);
  EXPECT_DOUBLE_EQ(spot[0].stop_s.value_or(-1), 1850);
  EXPECT_FALSE(spot[0].interrupted);
}

// Capacity withdrawn from 1000 s to 2000 s (no maximum price): the notice at 1000 s, the
// reclaim at 1120 s. Tasks of 500 and 2000 s: the first ends at 500 s, the second, from 500 s,
// is lost at 1120 s, priced 620 x 0.10 / 3600.
TEST(CloudSpot, AWithdrawalOfCapacityInterrupts) {
  std::string dir = t::temp_dir();
  t::write_file(dir, "capacity.csv", "from_s,to_s\n1000,2000\n");
  const Results& r =
      t::run(spot_platform(dir, R"(<prop id="spot_availability" value="capacity.csv"/>)"),
             spot_deployment(dir, {500, 2000}));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.tasks_done, 1);
  EXPECT_DOUBLE_EQ(u.spent, 0);
  EXPECT_NEAR(u.spent_on_lost_work.value_or(-1), 62.0 / 3600, 1e-12);
  const auto& spot = r.records<SpotInstanceRecord>();
  ASSERT_EQ(spot.size(), 1u);
  EXPECT_DOUBLE_EQ(spot[0].notice_s.value_or(-1), 1000);
  EXPECT_DOUBLE_EQ(spot[0].stop_s.value_or(-1), 1120);
  EXPECT_TRUE(spot[0].interrupted);
  const auto& lost = r.records<LostRecord>();
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_EQ(lost[0].task, 1);
  EXPECT_DOUBLE_EQ(lost[0].start_s.value_or(-1), 500);
}

// A maximum of 0.05 while the price is 0.10: the start is refused, nothing is billed.
TEST(CloudSpot, AStartAboveTheMaximumIsRefused) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(spot_platform(dir, ""),
                            spot_deployment(dir, {100}, R"(<prop id="max_price" value="0.05"/>)"));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.status(), "resources_failed");
  EXPECT_NE(u.stop_reason.find("above the maximum 0.05"), std::string::npos) << u.stop_reason;
  EXPECT_DOUBLE_EQ(u.spent, 0);
  EXPECT_TRUE(r.records<InstanceRecord>().empty());
  EXPECT_TRUE(r.records<InvoiceRecord>().empty());
}

// A start while capacity is withdrawn (from 0 s) is refused.
TEST(CloudSpot, AStartWhileCapacityIsWithdrawnIsRefused) {
  std::string dir = t::temp_dir();
  t::write_file(dir, "capacity.csv", "from_s,to_s\n0,100\n");
  const Results& r =
      t::run(spot_platform(dir, R"(<prop id="spot_availability" value="capacity.csv"/>)"),
             spot_deployment(dir, {100}));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.status(), "resources_failed");
  EXPECT_NE(u.stop_reason.find("withdrawn"), std::string::npos) << u.stop_reason;
  EXPECT_TRUE(r.records<InstanceRecord>().empty());
}

// Two types priced by one export, named by three spellings of its path, and one availability
// file named twice, rented by three users: the run reads each file once (it read both files
// again for the provider, for each user and for each check). Zone a prices vm at 0.10, zone b
// at 0.70; big is 0.20: a 100 s task costs its user one started hour at its type's price.
TEST(CloudSpot, ARunReadsEachTraceFileOnce) {
  std::string dir = t::temp_dir();
  t::write_file(dir, "export.csv",
                "Timestamp,InstanceType,ProductDescription,SpotPrice,AvailabilityZone\n"
                "2024-03-01T00:00:00Z,vm,Linux/UNIX,0.10,a\n"
                "2024-03-01T00:00:00Z,vm,Linux/UNIX,0.70,b\n"
                "2024-03-01T00:00:00Z,big,Linux/UNIX,0.20,a\n");
  t::write_file(dir, "capacity.csv", "from_s,to_s\n90000,90001\n");
  const std::string platform = t::write_file(dir, "cloud.xml", t::platform_xml(R"(
  <zone id="w" routing="Full">)" + t::cloud_control_zone() + R"(
    <cluster id="vm" prefix="vm-" radical="0-1" suffix="" speed="1Gf" core="1" bw="10Gbps" lat="0" router_id="vm-r">
      <prop id="instance_type" value="vm"/><prop id="price" value="0.5"/>
      <prop id="spot_prices" value="export.csv"/><prop id="spot_zone" value="a"/>
      <prop id="spot_availability" value="capacity.csv"/>
    </cluster>
    <cluster id="big" prefix="big-" radical="0-0" suffix="" speed="1Gf" core="1" bw="10Gbps" lat="0" router_id="big-r">
      <prop id="instance_type" value="big"/><prop id="price" value="1"/>
      <prop id="spot_prices" value="./export.csv"/>
      <prop id="spot_availability" value=")" + dir + R"(/capacity.csv"/>
    </cluster>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="vm" gw_src="gw" gw_dst="vm-r"><link_ctn id="bb"/></zoneRoute>
    <zoneRoute src="control" dst="big" gw_src="gw" gw_dst="big-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
  t::write_file(dir, "bag.txt", "100\n");
  std::string users;
  for (const auto& [name, type] :
       std::vector<std::pair<std::string, std::string>>{{"U0", "vm"}, {"U1", "vm"}, {"U2", "big"}})
    users += R"(<actor host="client" function="StaticProvisioning">
      <prop id="name" value=")" +
             name + R"("/><prop id="instance_type" value=")" + type + R"("/>
      <prop id="instances" value="1"/><prop id="workload" value="bag.txt"/>
      <prop id="market" value="spot"/></actor>)";
  const std::string deployment = t::write_file(
      dir, "deployment.xml",
      t::platform_xml(R"(<actor host="provider" function="CloudProvider"/>)" + users));
  const Results& r = t::run(platform, deployment);
  EXPECT_EQ(spot_trace_files_read(t::last_run()), 2u);
  ASSERT_EQ(r.users().size(), 3u);
  for (const UserRecord& u : r.users()) {
    EXPECT_EQ(u.tasks_done, 1) << u.name;
    EXPECT_NEAR(u.spent, u.name == "U2" ? 0.20 : 0.10, 1e-12) << u.name;
  }
}
