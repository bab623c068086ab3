// BaTS with a latency between its master and the provider (docs/cloud.md, "Billing"): the
// provider bills an instance up to when it receives the stop, so the master sends the stop of
// an ATU's end ahead of it by the longest delay it has seen to and from the provider. Every
// run ends with the user within its summary.json budget (run_end.hpp, checked where the run
// ends: a broken one would make t::run throw).
#include <gtest/gtest.h>

#include <string>

#include "cloud/records.hpp"
#include "support/files.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

namespace {

// The platform `text` with `link`'s zero latency set to `latency`.
std::string with_latency(std::string text, const std::string& link, const std::string& latency) {
  const std::string from = R"(<link id=")" + link + R"(" bandwidth="10Gbps" latency="0"/>)";
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos)
    text.replace(at, from.size(),
                 R"(<link id=")" + link + R"(" bandwidth="10Gbps" latency=")" + latency + R"("/>)");
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
      with_latency(t::read_text(t::source_file("examples/05-bats-two-clusters.platform.xml")),
                   "client-link", "50ms"));
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
