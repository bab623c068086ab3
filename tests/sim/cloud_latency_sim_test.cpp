// Renters with a latency between them and the provider (docs/cloud.md, "Billing"): the
// provider bills an instance up to when it receives the stop, so a renter sends the stop of an
// ATU's end ahead of it by the longest delay it has seen to and from the provider. BaTS ends
// every run within its summary.json budget (run_end.hpp, checked where the run ends: a broken
// one would make t::run throw).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "cloud/records.hpp"
#include "support/files.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

namespace {

// The platform `file` (a source file) with link `link`'s zero latency set to `latency`.
std::string with_latency(const std::string& file, const std::string& link,
                         const std::string& latency) {
  std::string text = t::read_text(t::source_file(file));
  const std::string from = R"(<link id=")" + link + R"(" )";
  const auto at = text.find(from);
  const auto zero = text.find(R"(latency="0")", at);
  EXPECT_NE(at, std::string::npos) << link;
  if (at != std::string::npos && zero != std::string::npos)
    text.replace(zero, 11, R"(latency=")" + latency + R"(")");
  return text;
}

}  // namespace

// The two-cluster example (examples/05) with 50 ms on the client's link, under SimGrid's
// default network model, which multiplies a latency by 13.01: a message between the master
// and the provider takes 0.6505 s (a start request sent at 0, found queued by the provider,
// arrives at once). Machine U0-i0001 (cluster1, $3 per hour) is requested at 0, billed from 0,
// and released at the end of its 13th ATU. Its stop was sent at 46800 s and reached the
// provider at 46800.6505 s: 14 ATUs billed, and the user spent $585 of a $579 budget. Now the
// master has measured 0.6505 s on its first InstanceReady, sends the stop at 46799.3495 s, and
// the provider receives it at 46800 s: 13 ATUs, $39.
TEST(BatsLatency, TheTwoClusterExampleWithAClientLatencyKeepsItsBudget) {
  const std::string dir = t::temp_dir();
  const std::string platform = t::write_file(
      dir, "p.xml",
      with_latency("examples/05-bats-two-clusters.platform.xml", "client-link", "50ms"));
  const Results& r = t::run(platform, t::source_file("examples/05-bats-two-clusters.xml"), 1,
                            /*exact_network=*/false);
  ASSERT_EQ(r.users().size(), 1u);
  const UserRecord& u = r.users()[0];
  ASSERT_TRUE(u.budget);
  EXPECT_DOUBLE_EQ(*u.budget, 579);  // the sampling's $48 and Sched2's $531
  EXPECT_LE(u.spent, *u.budget);
  double billed = 0;
  bool seen = false;
  for (const auto& i : r.records<cloud::InstanceRecord>()) {
    billed += i.cost;
    if (i.instance != "U0-i0001") continue;
    seen = true;
    EXPECT_DOUBLE_EQ(i.start_s, 0);
    ASSERT_TRUE(i.stop_s);
    EXPECT_NEAR(*i.stop_s, 46800, 1e-6);  // 46799.3495 + 0.6505
    EXPECT_EQ(i.charged_units, 13);
    EXPECT_DOUBLE_EQ(i.cost, 39);
  }
  EXPECT_TRUE(seen);
  EXPECT_DOUBLE_EQ(billed, u.spent);  // the provider's bill is what the user spent
}

// Silva et al.'s coordinator on example 4's cloud ($0.10 per hour) with 50 ms on the client's
// link (0.6505 s a message), 200 tasks of N(1000 s, 500 s) and a budget of $5. It stops an
// instance at the end of its first ATU, billing start + 3600 s. The stop sent then reached the
// provider 0.6505 s into a second ATU: 46 instances were billed 54 ATUs, $5.40 of the $5.
// Now sent 0.6505 s early, it arrives at the ATU's end: one ATU per instance (Silva's
// instances live one ATU each), within the budget.
TEST(SilvaLatency, StopsAtTheAtuEndReachTheProviderWithinIt) {
  const std::string dir = t::temp_dir();
  const std::string platform = t::write_file(
      dir, "p.xml",
      with_latency("examples/04-silva-small-cloud.platform.xml", "client-link", "50ms"));
  const std::string deployment = t::write_file(
      dir, "d.xml", t::platform_xml(R"x(<actor host="provider" function="CloudProvider"/>
  <actor host="client" function="SilvaCoordinator">
    <prop id="name" value="U0"/><prop id="instance_type" value="small"/>
    <prop id="tasks" value="200"/><prop id="task_time" value="normal(1000,500)"/>
    <prop id="creation_ratio" value="0.5"/><prop id="increase_ratio" value="0.5"/>
    <prop id="budget_factor" value="1"/><prop id="check_interval" value="5min"/>
    <prop id="budget" value="5"/>
  </actor>)x"));
  const Results& r = t::run(platform, deployment, 1, /*exact_network=*/false);
  ASSERT_EQ(r.users().size(), 1u);
  const UserRecord& u = r.users()[0];
  ASSERT_TRUE(u.budget);
  EXPECT_LE(u.spent, *u.budget + 1e-9);
  EXPECT_EQ(u.charged_units, u.instances);
  long at_atu_end = 0;  // stopped by the coordinator's timer: exactly one ATU after the start
  for (const auto& i : r.records<cloud::InstanceRecord>()) {
    EXPECT_EQ(i.charged_units, 1) << i.instance;
    if (i.stop_s && std::abs(*i.stop_s - i.start_s - 3600) < 1e-6) ++at_atu_end;
  }
  EXPECT_GT(at_atu_end, 0);
}
