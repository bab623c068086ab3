// Reserved capacity (docs/cloud.md, "Reserved capacity"), worked by hand: type "vm" (1 Gf, one
// core, 0.50 per started hour on demand); the user reserves slots of it for its run, 1.00 up
// front and 0.20 per started hour each, whether used or not.
#include <gtest/gtest.h>

#include <string>

#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
using namespace botsim::cloud;
namespace t = botsim::test;

namespace {

const Results& run_reserved(int instances, int reserved, const std::string& bag) {
  const std::string dir = t::temp_dir();
  const std::string platform = t::write_file(dir, "cloud.xml", t::platform_xml(R"(
  <zone id="w" routing="Full">)" + t::cloud_control_zone() + R"(
    <cluster id="vm" prefix="vm-" radical="0-2" suffix="" speed="1Gf" core="1" bw="10Gbps" lat="0" router_id="vm-r">
      <prop id="instance_type" value="vm"/><prop id="price" value="0.5"/>
    </cluster>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="vm" gw_src="gw" gw_dst="vm-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
  t::write_file(dir, "bag.txt", bag);
  const std::string deployment = t::write_file(
      dir, "deployment.xml",
      t::platform_xml(R"(<actor host="provider" function="CloudProvider"/>
    <actor host="client" function="StaticProvisioning">
      <prop id="name" value="U0"/><prop id="instance_type" value="vm"/>
      <prop id="instances" value=")" +
                      std::to_string(instances) + R"("/><prop id="workload" value="bag.txt"/>
      <prop id="reserved" value=")" +
                      std::to_string(reserved) + R"("/>
      <prop id="reserved_upfront" value="1.00"/><prop id="reserved_price" value="0.20"/>
    </actor>)"));
  return t::run(platform, deployment);
}

}  // namespace

// Two instances, one reserved slot, two tasks of 4000 s: U0-i0001 takes the slot and is
// charged nothing more; U0-i0002 pays two started hours on demand, 1.00. The reservation's
// term is the run, 0-4000 s: 1.00 up front and two hours at 0.20. Spent 1.00 + 1.00 + 0.40.
TEST(CloudReservationSim, InstancesUseTheReservedSlotFirst) {
  const Results& r = run_reserved(2, 1, "4000\n4000\n");
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.tasks_done, 2);
  EXPECT_NEAR(u.spent, 2.40, 1e-12);
  const auto& instances = r.records<InstanceRecord>();
  ASSERT_EQ(instances.size(), 2u);
  EXPECT_DOUBLE_EQ(instances[0].cost, 0);
  EXPECT_DOUBLE_EQ(instances[1].cost, 1.00);
  const auto& rows = r.records<InvoiceRecord>();
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].instance, "U0-i0001");
  EXPECT_EQ(rows[0].market, "reserved");
  EXPECT_DOUBLE_EQ(rows[0].amount, 0);
  EXPECT_EQ(rows[1].market, "on_demand");
  EXPECT_EQ(rows[2].instance, "U0-r01");
  EXPECT_EQ(rows[2].market, "reservation_upfront");
  EXPECT_DOUBLE_EQ(rows[2].amount, 1.00);
  EXPECT_EQ(rows[3].market, "reservation");
  EXPECT_DOUBLE_EQ(rows[3].from_s, 0);
  EXPECT_DOUBLE_EQ(rows[3].to_s, 7200);
  EXPECT_DOUBLE_EQ(rows[3].units, 2);
  EXPECT_NEAR(rows[3].amount, 0.40, 1e-12);
}

// Two reserved slots, one instance, one task of 4000 s: the second slot is paid though no
// instance used it: 2 x (1.00 + 0.40).
TEST(CloudReservationSim, AnUnusedSlotIsPaidToo) {
  const Results& r = run_reserved(1, 2, "4000\n");
  const UserRecord& u = r.users().at(0);
  EXPECT_NEAR(u.spent, 2.80, 1e-12);
  const auto& rows = r.records<InvoiceRecord>();
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[0].market, "reserved");
  EXPECT_EQ(rows[4].instance, "U0-r02");
}
