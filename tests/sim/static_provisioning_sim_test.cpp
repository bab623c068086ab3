// StaticProvisioning, the static choice of a cloud user (cloud/static_provisioning.hpp): N
// instances of one type rented up front, the bag list-scheduled, each instance stopped once no
// task is left for it. Makespans and charged ATUs worked out by hand.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

namespace {

// Type "vm": hosts vm-0, vm-1 and vm-2, 1 Gf, 1 core, 0.5 per 1 h ATU, no boot.
std::string static_platform(const std::string& dir) {
  return t::write_file(dir, "cloud.xml", t::three_vm_cloud_xml("0.5"));
}

// One StaticProvisioning user U0 with `instances` instances of "vm" and the bag `times`.
std::string static_deployment(const std::string& dir, int instances, const std::vector<int>& times,
                              const std::string& extra = "") {
  std::string workload = "# seconds on one core of vm\n";
  for (int s : times) workload += std::to_string(s) + "\n";
  t::write_file(dir, "bag.txt", workload);
  return t::write_file(dir, "deployment.xml",
                       t::platform_xml(R"(<actor host="provider" function="CloudProvider"/>
    <actor host="client" function="StaticProvisioning">
      <prop id="name" value="U0"/><prop id="instance_type" value="vm"/>
      <prop id="instances" value=")" + std::to_string(instances) +
                                       R"("/><prop id="workload" value="bag.txt"/>)" + extra +
                                       "</actor>"));
}

}  // namespace

// Two instances, tasks of 100, 200, 300, 400 and 500 s in file order. Both are ready at 0:
// i0001 takes task 0 (0-100), i0002 task 1 (0-200); at 100 i0001 takes task 2 (100-400); at
// 200 i0002 task 3 (200-600); at 400 i0001 task 4 (400-900). No task is left at 400: i0002 is
// stopped when idle at 600, i0001 at 900. Makespan 900 s; one ATU each: 2 ATUs, 1.0.
TEST(StaticProvisioning, ListSchedulesTheBagAndStopsEachInstanceWhenIdle) {
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(static_platform(dir), static_deployment(dir, 2, {100, 200, 300, 400, 500}));
  ASSERT_EQ(r.users().size(), 1u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.model, "static");
  EXPECT_EQ(u.policy, "static:2xvm");
  EXPECT_EQ(u.tasks_done, 5);
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s, 900);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 2);
  EXPECT_DOUBLE_EQ(u.spent, 1.0);
  EXPECT_EQ(u.status(), "done");
  const std::vector<std::string> host{"U0-i0001", "U0-i0002", "U0-i0001", "U0-i0002", "U0-i0001"};
  const std::vector<double> start{0, 0, 100, 200, 400}, end{100, 200, 400, 600, 900};
  ASSERT_EQ(r.tasks().size(), 5u);
  for (size_t k = 0; k < 5; ++k) {
    EXPECT_EQ(r.tasks()[k].host, host[k]) << k;
    EXPECT_DOUBLE_EQ(r.tasks()[k].start_s.value_or(-1), start[k]) << k;
    EXPECT_DOUBLE_EQ(r.tasks()[k].end_s.value_or(-1), end[k]) << k;
  }
  std::map<std::string, double> stop;
  for (const auto& i : r.records<cloud::InstanceRecord>()) stop[i.instance] = i.stop_s.value_or(-1);
  EXPECT_EQ(stop, (std::map<std::string, double>{{"U0-i0001", 900}, {"U0-i0002", 600}}));
}

// Two instances, tasks of 3000, 1000, 2000 and 1500 s: i0001 runs task 0 (0-3000), i0002 task 1
// (0-1000) then task 2 (1000-3000); both are free at 3000 and the first free one takes task 3
// (3000-4500), past its first hour: it is charged 2 ATUs, the other (stopped at 3000) one:
// 3 ATUs, 1.5, and a makespan of 4500 s.
TEST(StaticProvisioning, ChargesEveryStartedHourOfEachInstance) {
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(static_platform(dir), static_deployment(dir, 2, {3000, 1000, 2000, 1500}));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.tasks_done, 4);
  EXPECT_DOUBLE_EQ(*u.finish_s, 4500);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 3);
  EXPECT_DOUBLE_EQ(u.spent, 1.5);
  std::multiset<long> units;
  for (const auto& i : r.records<cloud::InstanceRecord>()) units.insert(i.charged_units);
  EXPECT_EQ(units, (std::multiset<long>{1, 2}));
}

// More instances than tasks: the idle one is stopped as soon as it is ready, and still pays
// its started hour (3 ATUs for 2 tasks).
TEST(StaticProvisioning, AnInstanceWithNothingToRunStopsAtOnceAndPaysItsHour) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(static_platform(dir), static_deployment(dir, 3, {1000, 2000}));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.tasks_done, 2);
  EXPECT_DOUBLE_EQ(*u.finish_s, 2000);
  EXPECT_EQ(u.instances, 3);
  EXPECT_EQ(u.charged_units, 3);
  EXPECT_DOUBLE_EQ(u.spent, 1.5);
}
