// BaTS with its budget spent or its deadline passed (docs/bats2011.md, "Budget and deadline"):
// the user stops with its bag undone and says why; the other user of the run finishes as if
// alone. Numbers worked out by hand. Types c1 (hosts c1-0, c1-1, at most one machine at a
// time) and c2 (host c2-0): 1 Gf, $1 per 100 s ATU. The provider rents hosts in name order.
#include <gtest/gtest.h>

#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

namespace {

std::string cluster(const std::string& type, const std::vector<std::string>& hosts,
                    const std::string& extra) {
  std::string z = R"(
    <zone id=")" + type +
                  R"(" routing="Full">
      <prop id="instance_type" value=")" +
                  type + R"("/><prop id="price" value="1"/><prop id="atu" value="100s"/>)" + extra;
  for (const auto& h : hosts)
    z += "<host id=\"" + h + "\" speed=\"1Gf\"" + (h == "c1-0" ? " state_file=\"c1-0.txt\"" : "") +
         "/>";
  z += "<router id=\"" + type + "-r\"/><link id=\"" + type +
       "-l\" bandwidth=\"10Gbps\" latency=\"0\" sharing_policy=\"FATPIPE\"/>";
  for (size_t i = 0; i < hosts.size(); ++i) {
    z += "<route src=\"" + hosts[i] + "\" dst=\"" + type + "-r\"><link_ctn id=\"" + type +
         "-l\"/></route>";
    for (size_t j = i + 1; j < hosts.size(); ++j)
      z += "<route src=\"" + hosts[i] + "\" dst=\"" + hosts[j] + "\"><link_ctn id=\"" + type +
           "-l\"/></route>";
  }
  return z + "</zone>";
}

// c1-0 fails for good at `fail_at` (if not empty).
std::string platform(const std::string& dir, const std::string& fail_at) {
  t::write_file(dir, "c1-0.txt", fail_at.empty() ? "" : fail_at + " 0\n");
  return t::write_file(
      dir, "cloud.xml",
      t::platform_xml(R"(<zone id="w" routing="Full">)" + t::cloud_control_zone() +
                      cluster("c1", {"c1-0", "c1-1"}, R"(<prop id="max_count" value="1"/>)") +
                      cluster("c2", {"c2-0"}, "") + R"(
    <link id="bb" bandwidth="10Gbps" latency="0" sharing_policy="FATPIPE"/>
    <zoneRoute src="control" dst="c1" gw_src="gw" gw_dst="c1-r"><link_ctn id="bb"/></zoneRoute>
    <zoneRoute src="control" dst="c2" gw_src="gw" gw_dst="c2-r"><link_ctn id="bb"/></zoneRoute>
    <zoneRoute src="c1" dst="c2" gw_src="c1-r" gw_dst="c2-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
}

// Standalone mode (implicit sampling, one initial machine, a sample of one task), tasks of
// 25 s in file order: U0 on c1 (`tasks`, `budget`, `extra` props), U1 on c2 (4 tasks, $2).
std::string deployment(const std::string& dir, int tasks, int budget, const std::string& extra) {
  auto prop = [](const std::string& k, const std::string& v) {
    return "<prop id=\"" + k + "\" value=\"" + v + "\"/>";
  };
  auto user = [&](const std::string& name, const std::string& type, int n, int b,
                  const std::string& more) {
    return "<actor host=\"client\" function=\"BatsMaster\">" + prop("name", name) +
           prop("clusters", type) + prop("initial_workers", "1") +
           prop("tasks", std::to_string(n)) + prop("task_time", "25") +
           prop("task_order", "given") + prop("sampling", "implicit") + prop("sample_size", "1") +
           prop("budget", std::to_string(b)) + more + "</actor>\n";
  };
  return t::write_file(
      dir, "deployment.xml",
      t::platform_xml("<actor host=\"provider\" function=\"CloudProvider\"/>\n" +
                      user("U0", "c1", tasks, budget, extra) + user("U1", "c2", 4, 2, "")));
}

// U1 alone: its machine runs task 0 (the sample, 0-25) and the 3 others (25-100); released
// at the end of its first ATU with the bag done: $1.
void expect_u1_finishes(const Results& r) {
  const UserRecord& u1 = r.users().at(1);
  EXPECT_EQ(u1.name, "U1");
  EXPECT_EQ(u1.tasks_done, 4);
  ASSERT_TRUE(u1.finish_s);
  EXPECT_NEAR(*u1.finish_s, 100, 1e-6);
  EXPECT_DOUBLE_EQ(u1.spent, 1);
  EXPECT_EQ(u1.status(), "done");
}

}  // namespace

// U0: 10 tasks, $4, deadline 120 s. Its machine (c1-0) runs task 0 (0-25), the sample; the
// knapsack keeps it alone for the 9 others (25-250). At 120 the deadline passes: tasks 0-3
// are done (by 100), task 4 (from 100) is lost, the machine is stopped: 2 ATUs started, $2.
TEST(BatsLimits, UserPastItsDeadlineStopsAndTheOtherFinishes) {
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(platform(dir, ""), deployment(dir, 10, 4, R"(<prop id="deadline" value="120"/>)"));
  ASSERT_EQ(r.users().size(), 2u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 4);
  EXPECT_FALSE(u.finish_s);
  ASSERT_TRUE(u.deadline_s);
  EXPECT_DOUBLE_EQ(*u.deadline_s, 120);
  EXPECT_DOUBLE_EQ(u.spent, 2);
  EXPECT_EQ(u.charged_units, 2);
  EXPECT_EQ(u.instances, 1);
  EXPECT_EQ(u.status(), "deadline_passed");
  EXPECT_EQ(u.stop_reason, "deadline of 120 s passed");
  std::vector<TaskRecord> rows;
  for (const auto& task : r.tasks())
    if (task.user == "U0") rows.push_back(task);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[4].task, 4);
  EXPECT_NEAR(*rows[4].start_s, 100, 1e-6);
  EXPECT_FALSE(rows[4].end_s);
  expect_u1_finishes(r);
}

// U0: 12 tasks (300 s of work), $3: just enough without faults. The plan after the sample
// (25 s) pays the machine A (c1-0) one ATU: at 100 it is released (tasks 0-3 done; its paid
// time ends then, so it takes no task at that instant) and BaTS, with no machine, plans again:
// machine B, also on c1-0, from 100. c1-0 fails for good at 160: B has done tasks 4 and 5,
// task 6 (from 150) is lost, its ATU costs $1. BaTS plans again with $1 left: machine C on
// c1-1 runs tasks 6-9 (160-260) and is released at the end of its ATU (its paid time ends at
// 260: no task 10 for it). With no money for another machine and 2 tasks left, BaTS stops, out
// of budget: $3, 3 ATUs.
TEST(BatsLimits, UserOutOfBudgetStopsAndTheOtherFinishes) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(platform(dir, "160"), deployment(dir, 12, 3, ""));
  ASSERT_EQ(r.users().size(), 2u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 10);
  EXPECT_FALSE(u.finish_s);
  EXPECT_DOUBLE_EQ(u.spent, 3);
  EXPECT_EQ(u.charged_units, 3);
  EXPECT_EQ(u.instances, 3);
  EXPECT_EQ(u.status(), "out_of_budget");
  EXPECT_EQ(u.stop_reason, "the budget left cannot pay for a machine to run the remaining tasks");
  std::vector<std::string> inst;
  for (const auto& i : r.records<cloud::InstanceRecord>())
    if (i.user == "U0") inst.push_back(i.csv_row());
  EXPECT_EQ(inst,
            (std::vector<std::string>{"U0,U0-i0001,c1,0,100,1,1", "U0,U0-i0002,c1,100,160,1,1",
                                      "U0,U0-i0003,c1,160,260,1,1"}));
  long undone = 0;
  for (const auto& task : r.tasks())
    if (task.user == "U0" && !task.end_s) ++undone;
  EXPECT_EQ(undone, 1);  // task 6, lost with c1-0
  expect_u1_finishes(r);
}
