// BaTS survives a machine failure (docs/bats2011.md, "On failure"): numbers worked out by
// hand. Type c1: hosts c1-0 and c1-1, 1 Gf, $1 per 100 s ATU, at most one machine at a time;
// c1-0 fails at 160 s and is repaired at 400 s (a SimGrid state profile). The provider rents
// hosts in name order, so the first machine runs on c1-0.
#include <gtest/gtest.h>

#include <algorithm>
#include <simgrid/s4u/Engine.hpp>

#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

namespace {

// `max_count` machines at a time; c1-1 fails at 160 s too (never repaired) if `both_fail`.
std::string platform(const std::string& dir, const std::string& max_count = "1",
                     bool both_fail = false) {
  t::write_file(dir, "c1-0.txt", "160 0\n400 1\n");
  t::write_file(dir, "c1-1.txt", both_fail ? "160 0\n" : "");
  return t::write_file(dir, "cloud.xml",
                       t::platform_xml(R"(
  <zone id="w" routing="Full">)" + t::cloud_control_zone() +
                                       R"(
    <zone id="c1" routing="Full">
      <prop id="instance_type" value="c1"/><prop id="price" value="1"/>
      <prop id="atu" value="100s"/><prop id="max_count" value=")" +
                                       max_count + R"("/>
      <host id="c1-0" speed="1Gf" state_file="c1-0.txt"/>
      <host id="c1-1" speed="1Gf" state_file="c1-1.txt"/>
      <router id="c1-r"/><link id="c1-l0" bandwidth="10Gbps" latency="0"/>
      <link id="c1-l1" bandwidth="10Gbps" latency="0"/>
      <route src="c1-0" dst="c1-r"><link_ctn id="c1-l0"/></route>
      <route src="c1-1" dst="c1-r"><link_ctn id="c1-l1"/></route>
      <route src="c1-0" dst="c1-1"><link_ctn id="c1-l0"/><link_ctn id="c1-l1"/></route>
    </zone>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="c1" gw_src="gw" gw_dst="c1-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
}

// Standalone mode (implicit sampling) on c1, tasks of 25 s in file order; `workers` initial
// machines, a sample of one task per machine.
std::string deployment(const std::string& dir, int workers, int tasks, int budget) {
  auto prop = [](const std::string& k, const std::string& v) {
    return "<prop id=\"" + k + "\" value=\"" + v + "\"/>";
  };
  return t::write_file(
      dir, "deployment.xml",
      t::platform_xml("<actor host=\"provider\" function=\"CloudProvider\"/>\n"
                      "<actor host=\"client\" function=\"BatsMaster\">" +
                      prop("name", "U0") + prop("clusters", "c1") +
                      prop("initial_workers", std::to_string(workers)) +
                      prop("tasks", std::to_string(tasks)) + prop("task_time", "25") +
                      prop("task_order", "given") + prop("sampling", "implicit") +
                      prop("sample_size", std::to_string(workers)) +
                      prop("budget", std::to_string(budget)) + "</actor>"));
}

}  // namespace

// Standalone mode, 10 tasks of 25 s in file order, budget $4, ns = 1. Machine A (U0-i0001,
// c1-0) is rented at 0 ($1) and runs task 0 (0-25): the sample is complete; the knapsack
// keeps A alone for the 9 others (25-250), and A enters its second ATU at 100 ($1). At 160
// c1-0 fails: task 6 (from 150) is lost after 10 s ($0.1 of a $1-per-100-s machine); the
// provider charges A the 2 ATUs it started ($2). BaTS has no machine left and 4 tasks: it
// plans at once, one machine for 100 s ($1 of the $2 left): B (U0-i0002, c1-1, c1-0 being
// under repair) runs tasks 6-9 from 160 to 260 and is released as its first ATU ends: 1 ATU.
// $3 in all, 3 ATUs, 2 machines; the bag is done at 260.
TEST(BatsFailure, LostTaskRerunsOnANewMachine) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(platform(dir), deployment(dir, 1, 10, 4));
  ASSERT_TRUE(r.models_faults());
  ASSERT_EQ(r.users().size(), 1u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 10);
  ASSERT_TRUE(u.finish_s);
  EXPECT_NEAR(*u.finish_s, 260, 1e-6);
  EXPECT_DOUBLE_EQ(u.spent, 3);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 3);
  EXPECT_EQ(u.tasks_rerun, 1);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_NEAR(*u.spent_on_lost_work, 0.1, 1e-9);

  const auto& lost = r.records<LostRecord>();
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_EQ(lost[0].task, 6);
  EXPECT_EQ(lost[0].host, "U0-i0001");
  EXPECT_NEAR(*lost[0].start_s, 150, 1e-6);
  EXPECT_DOUBLE_EQ(lost[0].lost_s, 160);
  EXPECT_EQ(lost[0].reason, "instance U0-i0001 failed");
  ASSERT_EQ(r.tasks().size(), 11u);
  EXPECT_EQ(r.tasks()[7].task, 6);
  EXPECT_EQ(r.tasks()[7].host, "U0-i0002");
  EXPECT_NEAR(*r.tasks()[7].start_s, 160, 1e-6);
  EXPECT_NEAR(*r.tasks()[7].end_s, 185, 1e-6);

  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 2u);
  EXPECT_EQ(inst[0].csv_row(), "U0,U0-i0001,c1,0,160,2,2");
  EXPECT_EQ(inst[1].instance, "U0-i0002");
  EXPECT_DOUBLE_EQ(inst[1].start_s, 160);
  EXPECT_NEAR(*inst[1].stop_s, 260, 1e-6);
  EXPECT_EQ(inst[1].charged_units, 1);
}

// Both machines (c1-0, c1-1) fail at 160 s with tasks 12 and 13 running: 2 ATUs charged each.
// BaTS asks for new machines while both hosts are down: the provider refuses them, and the ATU
// BaTS paid for each at its request is refunded (else its ledger would exceed what the
// provider billed, and soon the budget). c1-0 is back at 400 s; the next request after that,
// at the 600 s plan, gets it, and it runs the 4 tasks left (600-700): 1 ATU. $5 in all, the
// instances' own bill.
TEST(BatsFailure, RefusedMachinesAreRefunded) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(platform(dir, "2", true), deployment(dir, 2, 16, 6));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.tasks_done, 16);
  EXPECT_DOUBLE_EQ(u.spent, 5);
  EXPECT_EQ(u.instances, 3);
  EXPECT_EQ(u.charged_units, 5);
  EXPECT_EQ(u.tasks_rerun, 2);
  EXPECT_NEAR(*u.spent_on_lost_work, 0.2, 1e-9);
  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 3u);
  EXPECT_EQ(inst[0].csv_row(), "U0,U0-i0001,c1,0,160,2,2");
  EXPECT_EQ(inst[1].csv_row(), "U0,U0-i0002,c1,0,160,2,2");
  EXPECT_EQ(inst[2].csv_row(), "U0,U0-i0007,c1,600,700,1,1");
}

namespace {

// Type c1 as above (at most one machine at a time), c1-0 and c1-1 with the state profiles
// `c10` and `c11`; type c2: host c2-0, 1 Gf, $1 per 100 s ATU, no profile.
std::string two_cluster_platform(const std::string& dir, const std::string& c10,
                                 const std::string& c11) {
  t::write_file(dir, "c1-0.txt", c10);
  t::write_file(dir, "c1-1.txt", c11);
  return t::write_file(dir, "cloud.xml",
                       t::platform_xml(R"(
  <zone id="w" routing="Full">)" + t::cloud_control_zone() +
                                       R"(
    <zone id="c1" routing="Full">
      <prop id="instance_type" value="c1"/><prop id="price" value="1"/>
      <prop id="atu" value="100s"/><prop id="max_count" value="1"/>
      <host id="c1-0" speed="1Gf" state_file="c1-0.txt"/>
      <host id="c1-1" speed="1Gf" state_file="c1-1.txt"/>
      <router id="c1-r"/><link id="c1-l0" bandwidth="10Gbps" latency="0"/>
      <link id="c1-l1" bandwidth="10Gbps" latency="0"/>
      <route src="c1-0" dst="c1-r"><link_ctn id="c1-l0"/></route>
      <route src="c1-1" dst="c1-r"><link_ctn id="c1-l1"/></route>
      <route src="c1-0" dst="c1-1"><link_ctn id="c1-l0"/><link_ctn id="c1-l1"/></route>
    </zone>
    <zone id="c2" routing="Full">
      <prop id="instance_type" value="c2"/><prop id="price" value="1"/>
      <prop id="atu" value="100s"/>
      <host id="c2-0" speed="1Gf"/>
      <router id="c2-r"/><link id="c2-l0" bandwidth="10Gbps" latency="0"/>
      <route src="c2-0" dst="c2-r"><link_ctn id="c2-l0"/></route>
    </zone>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <link id="bb2" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="c1" gw_src="gw" gw_dst="c1-r"><link_ctn id="bb"/></zoneRoute>
    <zoneRoute src="control" dst="c2" gw_src="gw" gw_dst="c2-r"><link_ctn id="bb2"/></zoneRoute>
    <zoneRoute src="c1" dst="c2" gw_src="c1-r" gw_dst="c2-r">
      <link_ctn id="bb"/><link_ctn id="bb2"/></zoneRoute>
  </zone>)"));
}

// Standalone users (implicit sampling, one initial machine, a sample of one task, tasks of
// 25 s in file order): U0 on c1 with 10 tasks and `budget`, U1 on c2 with 3 tasks and $2.
std::string two_users(const std::string& dir, int budget) {
  auto user = [](const std::string& name, const std::string& cluster, int tasks, int budget) {
    auto prop = [](const std::string& k, const std::string& v) {
      return "<prop id=\"" + k + "\" value=\"" + v + "\"/>";
    };
    return "<actor host=\"client\" function=\"BatsMaster\">" + prop("name", name) +
           prop("clusters", cluster) + prop("initial_workers", "1") +
           prop("tasks", std::to_string(tasks)) + prop("task_time", "25") +
           prop("task_order", "given") + prop("sampling", "implicit") + prop("sample_size", "1") +
           prop("budget", std::to_string(budget)) + "</actor>\n";
  };
  return t::write_file(dir, "deployment.xml",
                       t::platform_xml("<actor host=\"provider\" function=\"CloudProvider\"/>\n" +
                                       user("U0", "c1", 10, budget) + user("U1", "c2", 3, 2)));
}

// U1 alone on c2: task 0 is its sample (0-25), the plan keeps its one machine for the 2 others
// (25-75); done at 75, one ATU ($1).
void expect_u1_as_if_alone(const Results& r) {
  const UserRecord& u1 = r.users().at(1);
  EXPECT_EQ(u1.name, "U1");
  EXPECT_EQ(u1.status(), "done");
  EXPECT_EQ(u1.tasks_done, 3);
  ASSERT_TRUE(u1.finish_s);
  EXPECT_NEAR(*u1.finish_s, 75, 1e-6);
  EXPECT_DOUBLE_EQ(u1.spent, 1);
  EXPECT_EQ(u1.charged_units, 1);
}

}  // namespace

// As in LostTaskRerunsOnANewMachine until 160 s: machine A (U0-i0001, c1-0) runs tasks 0-5
// (0-150) and loses task 6 when c1-0 fails at 160, after 2 ATUs ($2). B (U0-i0002, c1-1, $1)
// runs task 6 again (160-185), then task 7 from 185, lost at 200 when c1-1 fails for good
// (15 s: $0.15). BaTS plans at once with its last $1 and asks for a machine: both hosts of c1
// are off for good, the provider refuses for good, the ATU is refunded, and U0 stops at 200:
// resources_failed, 7 of 10 tasks done, $3 (3 ATUs) spent. U1 on c2, as if alone: task 0 is
// its sample (0-25), the plan keeps its one machine for the 2 others (25-75); done at 75, one
// ATU ($1). The run ends at 200 (it would wait for ever otherwise).
TEST(BatsFailure, EveryHostFailedForGoodStopsTheUserAndTheRunEnds) {
  t::end_within(60);  // a run that waits for ever fails here
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(two_cluster_platform(dir, "160 0\n", "0 1\n200 0\n"), two_users(dir, 4));
  EXPECT_NEAR(simgrid::s4u::Engine::get_clock(), 200, 1e-6);
  ASSERT_EQ(r.users().size(), 2u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.status(), "resources_failed");
  EXPECT_EQ(u.stop_reason, "every host of instance type 'c1' failed for good (the last at 200 s)");
  EXPECT_EQ(u.extra.at("incomplete_reason"), u.stop_reason);
  EXPECT_EQ(u.tasks_done, 7);
  EXPECT_FALSE(u.finish_s);
  EXPECT_DOUBLE_EQ(u.spent, 3);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 3);
  EXPECT_EQ(u.tasks_rerun, 1);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_NEAR(*u.spent_on_lost_work, 0.1 + 0.15, 1e-9);

  const auto& lost = r.records<LostRecord>();
  ASSERT_EQ(lost.size(), 2u);
  EXPECT_EQ(lost[0].task, 6);
  EXPECT_EQ(lost[0].reason, "instance U0-i0001 failed");
  EXPECT_EQ(lost[1].task, 7);
  EXPECT_EQ(lost[1].host, "U0-i0002");
  EXPECT_NEAR(*lost[1].start_s, 185, 1e-6);
  EXPECT_DOUBLE_EQ(lost[1].lost_s, 200);
  EXPECT_EQ(lost[1].reason, "instance U0-i0002 failed");

  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 3u);
  EXPECT_EQ(inst[0].csv_row(), "U0,U0-i0001,c1,0,160,2,2");
  EXPECT_EQ(inst[2].csv_row(), "U0,U0-i0002,c1,160,200,1,1");

  EXPECT_EQ(inst[1].instance, "U1-i0001");
  EXPECT_EQ(inst[1].charged_units, 1);
  expect_u1_as_if_alone(r);
}

// In the sampling: machine A (U0-i0001, c1-0) runs the sample task 0 from 0 and loses it at
// 10 s, when c1-0 fails for good. The sampling needs a machine of c1: BaTS asks at once and
// gets B (U0-i0002, c1-1), which runs task 0 again from 10 and loses it at 20, when c1-1 fails
// for good too. Asked again, the provider refuses for good: U0 stops at 20 with no task done,
// one ATU paid for each machine ($2). U1 as if alone.
TEST(BatsFailure, EveryHostFailedForGoodInTheSamplingStopsTheUser) {
  t::end_within(60);  // a run that waits for ever fails here
  std::string dir = t::temp_dir();
  const Results& r = t::run(two_cluster_platform(dir, "10 0\n", "20 0\n"), two_users(dir, 10));
  EXPECT_NEAR(simgrid::s4u::Engine::get_clock(), 75, 1e-6);  // U1 ends last
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.status(), "resources_failed");
  EXPECT_EQ(u.stop_reason, "every host of instance type 'c1' failed for good (the last at 20 s)");
  EXPECT_EQ(u.tasks_done, 0);
  EXPECT_DOUBLE_EQ(u.spent, 2);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 2);
  EXPECT_EQ(u.tasks_rerun, 1);
  const auto& lost = r.records<LostRecord>();
  ASSERT_EQ(lost.size(), 2u);
  EXPECT_EQ(lost[0].csv_row(), "U0,0,U0-i0001,0,10,instance U0-i0001 failed,0.1");
  EXPECT_EQ(lost[1].csv_row(), "U0,0,U0-i0002,10,20,instance U0-i0002 failed,0.1");
  expect_u1_as_if_alone(r);
}

// The same, but c1-0 comes back at 250 s. At 20 s the provider refuses the machine (c1-0 is
// under repair: not for good) and the ATU paid for it is refunded; BaTS asks again at its next
// monitoring tick, 300 s (ticks every max(300 s, ATU / 12)), and gets C (U0-i0004, c1-0), which
// runs the sample task 0 (300-325). With $7 left and one machine at most, the plan keeps C for
// the 9 other tasks (225 s): tasks 1-9 from 325 to 550, 3 ATUs. Done at 550, $5 in all.
TEST(BatsFailure, InTheSamplingAHostThatComesBackIsWaitedFor) {
  t::end_within(60);  // a run that waits for ever fails here
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(two_cluster_platform(dir, "10 0\n250 1\n", "20 0\n"), two_users(dir, 10));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.status(), "done");
  EXPECT_EQ(u.tasks_done, 10);
  ASSERT_TRUE(u.finish_s);
  EXPECT_NEAR(*u.finish_s, 550, 1e-6);
  EXPECT_DOUBLE_EQ(u.spent, 5);
  EXPECT_EQ(u.instances, 3);
  EXPECT_EQ(u.charged_units, 5);
  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 4u);
  EXPECT_EQ(inst[3].instance, "U0-i0004");
  EXPECT_DOUBLE_EQ(inst[3].start_s, 300);
  EXPECT_NEAR(*inst[3].stop_s, 550, 1e-6);
  EXPECT_EQ(inst[3].charged_units, 3);
  expect_u1_as_if_alone(r);
}

namespace {

// Types c1 (host c1-0 at 1 Gf) and c2 (host c2-0 at 2 Gf), $1 per 100 s ATU each; c2-0, if
// rented, is off from 700 s to 2000 s (a state profile).
std::string lr_platform(const std::string& dir) {
  t::write_file(dir, "c2-0.txt", "700 0\n2000 1\n");
  return t::write_file(
      dir, "cloud.xml",
      t::platform_xml(R"(<zone id="w" routing="Full">)" + t::cloud_control_zone() + R"(
    <zone id="c1" routing="Full">
      <prop id="instance_type" value="c1"/><prop id="price" value="1"/><prop id="atu" value="100s"/>
      <host id="c1-0" speed="1Gf"/><router id="c1-r"/>
      <link id="c1-l" bandwidth="10Gbps" latency="0"/>
      <route src="c1-0" dst="c1-r"><link_ctn id="c1-l"/></route>
    </zone>
    <zone id="c2" routing="Full">
      <prop id="instance_type" value="c2"/><prop id="price" value="1"/><prop id="atu" value="100s"/>
      <host id="c2-0" speed="2Gf" state_file="c2-0.txt"/><router id="c2-r"/>
      <link id="c2-l" bandwidth="10Gbps" latency="0"/>
      <route src="c2-0" dst="c2-r"><link_ctn id="c2-l"/></route>
    </zone>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="c1" gw_src="gw" gw_dst="c1-r"><link_ctn id="bb"/></zoneRoute>
    <zoneRoute src="control" dst="c2" gw_src="gw" gw_dst="c2-r"><link_ctn id="bb"/></zoneRoute>
    <zoneRoute src="c1" dst="c2" gw_src="c1-r" gw_dst="c2-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
}

}  // namespace

// The LR sampling (7 replicated tasks on each type, then 23 more on a machine of the
// intermediary type, c2) is under way at 700 s when c2-0 goes off until 2000 s: the machine
// running the rest of the sample fails, and the provider refuses the machine BaTS asks for in
// its place (c2 has no other host). BaTS asks again at its monitoring ticks, not at once after each
// refusal (which was a loop of requests microseconds apart until 2000 s): a handful of requests in
// all, and the bag is done once the hosts are back.
TEST(BatsFailure, ARefusedSamplingMachineIsAskedForAgainAtTheNextTick) {
  t::end_within(60);  // the loop of requests never got to 2000 s
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(lr_platform(dir),
             t::write_file(dir, "deployment.xml",
                           t::platform_xml("<actor host=\"provider\" function=\"CloudProvider\"/>"
                                           "<actor host=\"client\" function=\"BatsMaster\">"
                                           "<prop id=\"name\" value=\"U0\"/>"
                                           "<prop id=\"clusters\" value=\"c1,c2\"/>"
                                           "<prop id=\"tasks\" value=\"60\"/>"
                                           "<prop id=\"task_time\" value=\"normal(60,15)\"/>"
                                           "<prop id=\"sample_size\" value=\"30\"/>"
                                           "<prop id=\"budget\" value=\"100\"/></actor>")));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.status(), "done");
  EXPECT_EQ(u.tasks_done, 60);
  ASSERT_TRUE(u.finish_s);
  EXPECT_GT(*u.finish_s, 2100);
  EXPECT_GE(u.tasks_rerun, 1);  // the sample task lost at 700 s
  // Refused at 700 (U0-i0004) and at the ticks of 900, 1200, 1500 and 1800 (U0-i0005 to
  // U0-i0008); the request at the tick of 2100 gets c2-0 back.
  const auto& machines = r.records<cloud::InstanceRecord>();
  auto after = std::find_if(machines.begin(), machines.end(),
                            [](const cloud::InstanceRecord& i) { return i.start_s > 700; });
  ASSERT_NE(after, machines.end());
  EXPECT_EQ(after->instance, "U0-i0009");
  EXPECT_DOUBLE_EQ(after->start_s, 2100);
}
