// Two Silva users share one provider whose only type allows 2 instances at once: requests are
// refused, retried, and both jobs still finish; each user's bill is its own.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

TEST(CloudSharedProvider, MaxCountIsSharedAndBillsStaySeparate) {
  std::string dir = t::temp_dir();
  std::string platform = t::write_file(dir, "p.xml", t::platform_xml(R"(
  <zone id="w" routing="Full">
    <zone id="control" routing="Full">
      <host id="provider" speed="1Gf"/>
      <host id="alice" speed="1Gf"/>
      <host id="bob" speed="1Gf"/>
      <router id="gw"/>
      <link id="l1" bandwidth="10Gbps" latency="0"/>
      <link id="l2" bandwidth="10Gbps" latency="0"/>
      <link id="l3" bandwidth="10Gbps" latency="0"/>
      <route src="provider" dst="gw"><link_ctn id="l1"/></route>
      <route src="alice" dst="gw"><link_ctn id="l2"/></route>
      <route src="bob" dst="gw"><link_ctn id="l3"/></route>
      <route src="provider" dst="alice"><link_ctn id="l1"/><link_ctn id="l2"/></route>
      <route src="provider" dst="bob"><link_ctn id="l1"/><link_ctn id="l3"/></route>
      <route src="alice" dst="bob"><link_ctn id="l2"/><link_ctn id="l3"/></route>
    </zone>
    <cluster id="tiny" prefix="tiny-" radical="0-5" suffix="" speed="1Gf" core="1" bw="10Gbps" lat="0" router_id="tiny-r">
      <prop id="instance_type" value="tiny"/>
      <prop id="price" value="0.25"/>
      <prop id="max_count" value="2"/>
    </cluster>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="tiny" gw_src="gw" gw_dst="tiny-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
  std::string user = R"(
  <actor host="HOST" function="SilvaCoordinator">
    <prop id="user" value="HOST"/>
    <prop id="instance_type" value="tiny"/>
    <prop id="tasks" value="40"/>
    <prop id="task_time" value="300"/>
    <prop id="creation_ratio" value="1"/>
  </actor>)";
  auto for_host = [&](const std::string& h) {
    std::string s = user;
    for (size_t p; (p = s.find("HOST")) != std::string::npos;) s.replace(p, 4, h);
    return s;
  };
  std::string deployment =
      t::write_file(dir, "d.xml",
                    t::platform_xml("  <actor host=\"provider\" function=\"CloudProvider\"/>" +
                                    for_host("alice") + for_host("bob")));
  const auto& r = t::run(platform, deployment);

  ASSERT_EQ(r.users().size(), 2u);
  std::map<std::string, std::pair<long, double>> billed;  // user -> (units, cost)
  std::vector<std::pair<double, int>> events;             // (time, +1 start / -1 stop)
  for (const auto& i : r.records<botsim::cloud::InstanceRecord>()) {
    ASSERT_TRUE(i.stop_s.has_value()) << i.instance;
    billed[i.user].first += i.charged_units;
    billed[i.user].second += i.cost;
    events.push_back({i.start_s, +1});
    events.push_back({*i.stop_s, -1});
  }
  for (const auto& u : r.users()) {
    EXPECT_EQ(u.tasks_done, 40) << u.name;  // both finish despite refusals
    EXPECT_EQ(*u.charged_units, billed[u.name].first) << u.name;
    EXPECT_DOUBLE_EQ(u.spent, billed[u.name].second) << u.name;
    // 40 tasks of 300 s need at least 4 one-hour instances (12 tasks per hour at most).
    EXPECT_GE(*u.instances, 4) << u.name;
  }
  // Stops before starts at the same instant: a slot freed at t can be rented at t.
  std::sort(events.begin(), events.end());
  int running = 0, most = 0;
  for (const auto& [time, delta] : events) most = std::max(most, running += delta);
  EXPECT_EQ(most, 2);  // max_count holds across users, and both users did get instances
  for (const auto& task : r.tasks()) {
    if (task.end_s) {
      EXPECT_LE(*task.end_s - *task.start_s, 300 + 1e-6);
    }
  }
  // 80 tasks x 300 s on at most 2 instances at once: the later user cannot finish before
  // 12,000 s, so the users really did wait for each other's slots.
  double last = std::max(*r.users()[0].finish_s, *r.users()[1].finish_s);
  EXPECT_GE(last, 12000);
}
