// A Silva 2008 coordinator survives an instance failure (docs/silva2008.md, "On failure"):
// numbers worked out by hand. Host vm-0 fails at 450 s and is repaired at 1000 s (a SimGrid
// state profile); the provider rents hosts in name order, so the first instance runs there.
#include <gtest/gtest.h>

#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

namespace {

// Type "vm": hosts vm-0 and vm-1, 1 Gf, 1 core, 0.5 per 1 h ATU, no boot.
std::string platform(const std::string& dir) {
  t::write_file(dir, "vm0.txt", "450 0\n1000 1\n");
  return t::write_file(dir, "cloud.xml",
                       t::platform_xml(R"(
  <zone id="w" routing="Full">)" + t::cloud_control_zone() +
                                       R"(
    <zone id="vm" routing="Full">
      <prop id="instance_type" value="vm"/><prop id="price" value="0.5"/>
      <host id="vm-0" speed="1Gf" state_file="vm0.txt"/><host id="vm-1" speed="1Gf"/>
      <router id="vm-r"/><link id="v0" bandwidth="10Gbps" latency="0"/>
      <link id="v1" bandwidth="10Gbps" latency="0"/>
      <route src="vm-0" dst="vm-r"><link_ctn id="v0"/></route>
      <route src="vm-1" dst="vm-r"><link_ctn id="v1"/></route>
      <route src="vm-0" dst="vm-1"><link_ctn id="v0"/><link_ctn id="v1"/></route>
    </zone>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="vm" gw_src="gw" gw_dst="vm-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
}

}  // namespace

// Four tasks of 300 s in file order. After task 0 (0-300 s) one host can do the rest within
// its hour: the heuristic asks for no other. Task 1 runs on U0-i0001 (vm-0) from 300 s and is
// lost when vm-0 fails at 450 s; the instance is charged the ATU it started (0.5). The
// coordinator has no instance left: it rents U0-i0002 at once (vm-1; vm-0 is under repair),
// which runs task 1 again (450-750), then tasks 2 and 3 (750-1050, 1050-1350), and is stopped
// when the job is done: one ATU, 0.5. Lost work: task 1's 150 s on a 0.5-per-hour instance.
TEST(SilvaFailure, LostTaskRerunsOnANewInstance) {
  std::string dir = t::temp_dir();
  std::string deployment = t::write_file(dir, "deployment.xml", t::platform_xml(R"(
    <actor host="provider" function="CloudProvider"/>
    <actor host="client" function="SilvaCoordinator">
      <prop id="name" value="U0"/><prop id="instance_type" value="vm"/>
      <prop id="tasks" value="4"/><prop id="task_time" value="300"/>
      <prop id="task_order" value="given"/><prop id="check_interval" value="100h"/>
    </actor>)"));
  const Results& r = t::run(platform(dir), deployment);
  ASSERT_TRUE(r.models_faults());
  ASSERT_EQ(r.users().size(), 1u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 4);
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s, 1350);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 2);
  EXPECT_DOUBLE_EQ(u.spent, 1.0);
  EXPECT_EQ(u.tasks_rerun, 1);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_DOUBLE_EQ(*u.spent_on_lost_work, 150 * 0.5 / 3600);

  ASSERT_EQ(r.tasks().size(), 5u);
  const TaskRecord& lost = r.tasks()[1];
  EXPECT_EQ(lost.task, 1);
  EXPECT_EQ(lost.host, "U0-i0001");
  EXPECT_DOUBLE_EQ(*lost.start_s, 300);
  EXPECT_FALSE(lost.end_s);
  const TaskRecord& rerun = r.tasks()[2];
  EXPECT_EQ(rerun.task, 1);
  EXPECT_EQ(rerun.host, "U0-i0002");
  EXPECT_DOUBLE_EQ(*rerun.start_s, 450);
  EXPECT_DOUBLE_EQ(*rerun.end_s, 750);
  EXPECT_DOUBLE_EQ(*r.tasks()[4].end_s, 1350);

  const auto& lost_rows = r.records<LostRecord>();
  ASSERT_EQ(lost_rows.size(), 1u);
  EXPECT_EQ(lost_rows[0].csv_row(),
            "U0,1,U0-i0001,300,450,instance U0-i0001 failed," + csv_number(150 * 0.5 / 3600));

  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 2u);
  EXPECT_EQ(inst[0].csv_row(), "U0,U0-i0001,vm,0,450,1,0.5");
  EXPECT_EQ(inst[1].csv_row(), "U0,U0-i0002,vm,450,1350,1,0.5");
}
