// A Silva 2008 coordinator with a budget or a deadline (docs/silva2008.md, "Budget and
// deadline"): the user stops with its tasks undone and says why, the other user of the run
// finishes as if alone. Numbers worked out by hand.
#include <gtest/gtest.h>

#include <simgrid/s4u/Engine.hpp>

#include "cli/run_table.hpp"
#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

namespace {

// Type "vm": hosts vm-0, vm-1 and vm-2, 1 Gf, 1 core, 0.5 per 1 h ATU, no boot.
std::string platform(const std::string& dir) {
  return t::write_file(dir, "cloud.xml", t::three_vm_cloud_xml("0.5"));
}

// U0 with `limit` (a prop), `tasks` tasks of 1000 s; U1 with 2 tasks of 1000 s and no limit.
std::string deployment(const std::string& dir, int tasks, const std::string& limit) {
  auto user = [](const std::string& name, int n, const std::string& extra) {
    return R"(<actor host="client" function="SilvaCoordinator">
      <prop id="name" value=")" +
           name + R"("/><prop id="instance_type" value="vm"/>
      <prop id="tasks" value=")" +
           std::to_string(n) + R"("/><prop id="task_time" value="1000"/>
      <prop id="task_order" value="given"/><prop id="check_interval" value="100h"/>)" +
           extra + "</actor>\n";
  };
  return t::write_file(dir, "deployment.xml",
                       t::platform_xml(R"(<actor host="provider" function="CloudProvider"/>)" +
                                       user("U0", tasks, limit) + user("U1", 2, "")));
}

// U1 alone would do: one instance, tasks 0-1000 and 1000-2000 (after the first, its host can
// do the last within its hour: no other instance), stopped at 2000: one ATU, 0.5.
void expect_u1_finishes(const Results& r) {
  const UserRecord& u1 = r.users().at(1);
  EXPECT_EQ(u1.name, "U1");
  EXPECT_EQ(u1.tasks_done, 2);
  ASSERT_TRUE(u1.finish_s);
  EXPECT_DOUBLE_EQ(*u1.finish_s, 2000);
  EXPECT_DOUBLE_EQ(u1.spent, 0.5);
  EXPECT_EQ(u1.status(), "done");
  EXPECT_EQ(u1.stop_reason, "");
}

}  // namespace

// Budget 0.5: one ATU. U0's instance runs tasks 0, 1, 2 (0-3000); the heuristic would rent
// more after task 0 (3 tasks left, 2 fit in the hour), but a second instance is over budget.
// At 3000 task 3 does not fit in the hour (3000 + 1000 > 3600): the instance is stopped, one
// ATU charged (0.5), and no money is left for another: U0 stops, out of budget, 3 of 4 done.
TEST(SilvaLimits, UserOutOfBudgetStopsAndTheOtherFinishes) {
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(platform(dir), deployment(dir, 4, R"(<prop id="budget" value="0.5"/>)"));
  ASSERT_EQ(r.users().size(), 2u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 3);
  EXPECT_FALSE(u.finish_s);
  ASSERT_TRUE(u.budget);
  EXPECT_DOUBLE_EQ(*u.budget, 0.5);
  EXPECT_DOUBLE_EQ(u.spent, 0.5);
  EXPECT_EQ(u.instances, 1);
  EXPECT_EQ(u.charged_units, 1);
  EXPECT_EQ(u.status(), "out_of_budget");
  EXPECT_EQ(u.stop_reason, "the budget left (0) cannot pay for an instance (0.5 per ATU)");
  int u0_rows = 0;
  for (const auto& task : r.tasks())
    if (task.user == "U0") {
      ++u0_rows;
      EXPECT_TRUE(task.end_s);
    }
  EXPECT_EQ(u0_rows, 3);  // task 3 never started
  expect_u1_finishes(r);
  EXPECT_NE(run_table(r).find("U0: 1 of 4 tasks not done (the budget left (0) cannot pay for an "
                              "instance (0.5 per ATU))"),
            std::string::npos)
      << run_table(r);
}

// Deadline 2500 s, 3 tasks: one instance runs tasks 0 (0-1000) and 1 (1000-2000) and has
// task 2 from 2000 (after task 0, the host can do both others within its hour: no other
// instance). At 2500 the deadline passes: the instance is stopped, task 2 lost, one ATU (0.5).
TEST(SilvaLimits, UserPastItsDeadlineStopsAndTheOtherFinishes) {
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(platform(dir), deployment(dir, 3, R"(<prop id="deadline" value="2500s"/>)"));
  ASSERT_EQ(r.users().size(), 2u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 2);
  EXPECT_FALSE(u.finish_s);
  ASSERT_TRUE(u.deadline_s);
  EXPECT_DOUBLE_EQ(*u.deadline_s, 2500);
  EXPECT_EQ(u.met_deadline(), false);
  EXPECT_DOUBLE_EQ(u.spent, 0.5);
  EXPECT_EQ(u.instances, 1);
  EXPECT_EQ(u.charged_units, 1);
  EXPECT_EQ(u.status(), "deadline_passed");
  EXPECT_EQ(u.stop_reason, "deadline of 2500 s passed");
  std::vector<TaskRecord> rows;
  for (const auto& task : r.tasks())
    if (task.user == "U0") rows.push_back(task);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2].task, 2);
  EXPECT_DOUBLE_EQ(*rows[2].start_s, 2000);
  EXPECT_FALSE(rows[2].end_s);
  std::vector<std::string> inst;
  for (const auto& i : r.records<cloud::InstanceRecord>())
    if (i.user == "U0") inst.push_back(i.csv_row());
  EXPECT_EQ(inst, std::vector<std::string>{"U0,U0-i0001,vm,0,2500,1,0.5"});
  expect_u1_finishes(r);
}

// An instance that boots for 9e8 s (its ATU 1e9 s, $0.5): the check every minute has no
// running task to look at until then, so its ticks are skipped (the run costs a few dozen time
// advances, not 1.5e7). Task 0 runs 9e8 to 9e8 + 1000; the instance is stopped then: one ATU.
TEST(SilvaLimits, ALongBootCostsNoChecks) {
  t::end_within(60);
  std::string dir = t::temp_dir();
  std::string platform = t::write_file(dir, "cloud.xml", t::platform_xml(R"(
  <zone id="w" routing="Full">)" + t::cloud_control_zone() + R"(
    <zone id="vm" routing="Full">
      <prop id="instance_type" value="vm"/><prop id="price" value="0.5"/>
      <prop id="atu" value="1e9"/><prop id="boot_time" value="9e8"/>
      <host id="vm-0" speed="1Gf"/><router id="vm-r"/>
      <link id="v" bandwidth="10Gbps" latency="0"/>
      <route src="vm-0" dst="vm-r"><link_ctn id="v"/></route>
    </zone>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="vm" gw_src="gw" gw_dst="vm-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
  std::string deployment = t::write_file(dir, "deployment.xml", t::platform_xml(R"(
    <actor host="provider" function="CloudProvider"/>
    <actor host="client" function="SilvaCoordinator">
      <prop id="name" value="U0"/><prop id="instance_type" value="vm"/>
      <prop id="tasks" value="1"/><prop id="task_time" value="1000"/>
      <prop id="check_interval" value="60"/>
    </actor>)"));
  long advances = 0;
  simgrid::s4u::Engine::on_time_advance_cb([&advances](double) { ++advances; });
  const Results& r = t::run(platform, deployment);
  ASSERT_EQ(r.users().size(), 1u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 1);
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s, 9e8 + 1000);
  EXPECT_EQ(u.charged_units, 1);
  EXPECT_DOUBLE_EQ(u.spent, 0.5);
  EXPECT_LT(advances, 100);  // 16 checks while the task runs, and the events around them
}
