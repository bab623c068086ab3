// A Silva 2008 coordinator survives an instance failure (docs/silva2008.md, "On failure"):
// numbers worked out by hand. Host vm-0 fails at 450 s and is repaired at 1000 s (a SimGrid
// state profile); the provider rents hosts in name order, so the first instance runs there.
// When every host of its type has failed for good, the user stops (docs/reliability.md,
// "Limits"); when one comes back, it waits for it.
#include <gtest/gtest.h>

#include <simgrid/s4u/Engine.hpp>

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

namespace {

// Type "vm" (hosts vm-0, vm-1) with the state profiles `vm0` and `vm1`, type "ok" (host ok-0,
// no profile); both 1 Gf, 1 core, 0.5 per 1 h ATU, no boot.
std::string two_type_platform(const std::string& dir, const std::string& vm0,
                              const std::string& vm1) {
  t::write_file(dir, "vm0.txt", vm0);
  t::write_file(dir, "vm1.txt", vm1);
  return t::write_file(dir, "cloud.xml",
                       t::platform_xml(R"(
  <zone id="w" routing="Full">)" + t::cloud_control_zone() +
                                       R"(
    <zone id="vm" routing="Full">
      <prop id="instance_type" value="vm"/><prop id="price" value="0.5"/>
      <host id="vm-0" speed="1Gf" state_file="vm0.txt"/>
      <host id="vm-1" speed="1Gf" state_file="vm1.txt"/>
      <router id="vm-r"/><link id="v0" bandwidth="10Gbps" latency="0"/>
      <link id="v1" bandwidth="10Gbps" latency="0"/>
      <route src="vm-0" dst="vm-r"><link_ctn id="v0"/></route>
      <route src="vm-1" dst="vm-r"><link_ctn id="v1"/></route>
      <route src="vm-0" dst="vm-1"><link_ctn id="v0"/><link_ctn id="v1"/></route>
    </zone>
    <zone id="ok" routing="Full">
      <prop id="instance_type" value="ok"/><prop id="price" value="0.5"/>
      <host id="ok-0" speed="1Gf"/>
      <router id="ok-r"/><link id="o0" bandwidth="10Gbps" latency="0"/>
      <route src="ok-0" dst="ok-r"><link_ctn id="o0"/></route>
    </zone>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <link id="bb2" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="vm" gw_src="gw" gw_dst="vm-r"><link_ctn id="bb"/></zoneRoute>
    <zoneRoute src="control" dst="ok" gw_src="gw" gw_dst="ok-r"><link_ctn id="bb2"/></zoneRoute>
    <zoneRoute src="vm" dst="ok" gw_src="vm-r" gw_dst="ok-r">
      <link_ctn id="bb"/><link_ctn id="bb2"/></zoneRoute>
  </zone>)"));
}

// U0 on type "vm" with 4 tasks of 300 s, U1 on type "ok" with 2 (both in file order); the
// check every `check`.
std::string two_users(const std::string& dir, const std::string& check) {
  auto user = [&](const std::string& name, const std::string& type, int tasks) {
    return R"(<actor host="client" function="SilvaCoordinator">
      <prop id="name" value=")" +
           name + R"("/><prop id="instance_type" value=")" + type + R"("/>
      <prop id="tasks" value=")" +
           std::to_string(tasks) + R"("/><prop id="task_time" value="300"/>
      <prop id="task_order" value="given"/><prop id="check_interval" value=")" +
           check + R"("/></actor>
)";
  };
  return t::write_file(dir, "deployment.xml",
                       t::platform_xml(R"(<actor host="provider" function="CloudProvider"/>
)" + user("U0", "vm", 4) + user("U1", "ok", 2)));
}

// U1 alone: one instance on ok-0, tasks 0-300 and 300-600 (after the first, the instance can
// do the other within its hour: the heuristic asks for no other), stopped at 600: one ATU.
void expect_u1_as_if_alone(const Results& r) {
  const UserRecord& u1 = r.users().at(1);
  EXPECT_EQ(u1.name, "U1");
  EXPECT_EQ(u1.status(), "done");
  EXPECT_EQ(u1.tasks_done, 2);
  ASSERT_TRUE(u1.finish_s);
  EXPECT_DOUBLE_EQ(*u1.finish_s, 600);
  EXPECT_EQ(u1.instances, 1);
  EXPECT_DOUBLE_EQ(u1.spent, 0.5);
}

}  // namespace

// Every host of U0's type fails for good: vm-0 at 450 s, vm-1 at 900 s (profiles ending "off").
// As in LostTaskRerunsOnANewInstance, task 0 runs on U0-i0001 (vm-0) 0-300, task 1 there from
// 300 is lost at 450; U0-i0002 (vm-1) runs task 1 again 450-750, then task 2 from 750, lost at
// 900 when vm-1 fails. U0 asks for an instance at once; both hosts are off for good, so the
// provider refuses for good and U0 stops at 900: resources_failed, 2 of 4 tasks done, one ATU
// charged on each instance (0.5 + 0.5). The run ends there (it would wait for ever otherwise).
TEST(SilvaFailure, EveryHostFailedForGoodStopsTheUserAndTheRunEnds) {
  t::end_within(60);  // a run that waits for ever fails here
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(two_type_platform(dir, "450 0\n", "# off for good\n900 0\n"), two_users(dir, "100h"));
  EXPECT_DOUBLE_EQ(simgrid::s4u::Engine::get_clock(), 900);
  ASSERT_EQ(r.users().size(), 2u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.status(), "resources_failed");
  EXPECT_EQ(u.stop_reason, "every host of instance type 'vm' failed for good (the last at 900 s)");
  EXPECT_EQ(u.tasks_done, 2);
  EXPECT_FALSE(u.finish_s);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 2);
  EXPECT_DOUBLE_EQ(u.spent, 1.0);
  EXPECT_EQ(u.tasks_rerun, 1);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_DOUBLE_EQ(*u.spent_on_lost_work, 2 * 150 * 0.5 / 3600);

  const auto& lost = r.records<LostRecord>();
  ASSERT_EQ(lost.size(), 2u);
  EXPECT_EQ(lost[0].csv_row(),
            "U0,1,U0-i0001,300,450,instance U0-i0001 failed," + csv_number(150 * 0.5 / 3600));
  EXPECT_EQ(lost[1].csv_row(),
            "U0,2,U0-i0002,750,900,instance U0-i0002 failed," + csv_number(150 * 0.5 / 3600));
  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 3u);
  EXPECT_EQ(inst[0].csv_row(), "U0,U0-i0001,vm,0,450,1,0.5");
  EXPECT_EQ(inst[1].csv_row(), "U1,U1-i0001,ok,0,600,1,0.5");
  EXPECT_EQ(inst[2].csv_row(), "U0,U0-i0002,vm,450,900,1,0.5");
  expect_u1_as_if_alone(r);
}

// The same failures, but vm-0 comes back at 2000 s: at 900 s no host is off for good, so U0
// waits and asks again at each check (every 600 s: refused at 1200 and 1800). At 2400 s it
// rents vm-0 again (U0-i0006: i0003 to i0005 were refused), which runs tasks 2 and 3
// (2400-3000). The job is done at 3000, three ATUs charged in all.
TEST(SilvaFailure, AHostThatComesBackIsWaitedFor) {
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(two_type_platform(dir, "450 0\n2000 1\n", "900 0\n"), two_users(dir, "10min"));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.status(), "done");
  EXPECT_EQ(u.tasks_done, 4);
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s, 3000);
  EXPECT_EQ(u.charged_units, 3);
  EXPECT_DOUBLE_EQ(u.spent, 1.5);
  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 4u);
  EXPECT_EQ(inst[3].csv_row(), "U0,U0-i0006,vm,2400,3000,1,0.5");
  expect_u1_as_if_alone(r);
}
