// The agents under a billing rule (docs/gutierrez2012.md, "Billing rules"; not in the paper,
// which bills per started hour): whole simulations, numbers worked out by hand. Zero latency
// everywhere: agents a-0 (CloudDirectory), a-1 (BrokerAgent), a-3 (ServiceProviderAgent) and
// a-5 (ConsumerAgent, k = 1, submits at 1 s, so every resource is allocated at 1 s); resources
// fast-0 (2 MI/s, $3.60 an hour: $0.001 a second) and slow-0 (1 MI/s, $1.80 an hour), both
// enlisted in a-3, both billed by `billing` (their zones' props). fast-0 may fail at a test's
// time (a SimGrid state profile) and is never repaired.
#include <gtest/gtest.h>

#include <string>

#include "agents/records.hpp"
#include "cloud/records.hpp"
#include "support/agents_sim_support.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
using botsim::agents::renewals_of;
namespace t = botsim::test;

namespace {

const char* const kBillingPerSecond =
    R"(<prop id="billing" value="per_second"/><prop id="billing_minimum" value="60s"/>)";

// fast and slow billed by `billing` ("": the default); fast-0 fails at `fail_at` ("": never).
std::string billing_platform(const std::string& dir, const std::string& billing,
                             const std::string& fail_at = "") {
  std::string fails;
  if (!fail_at.empty()) {
    t::write_file(dir, "fast.txt", fail_at + " 0\n");
    fails = " state_file=\"fast.txt\"";
  }
  return t::agents_platform(dir,
                            t::agents_resource_zone("fast", "fast", "2Mf", "3.6", billing, fails) +
                                t::agents_resource_zone("slow", "slow", "1Mf", "1.8", billing),
                            {"fast", "slow"});
}

// One task of 122 MI on fast alone (61 s: 1..62 s), FixedAM (10 hours).
const char* const kBillingOneMinuteOnFixed = R"(
      <prop id="sizes" value="122"/><prop id="resources" value="fast"/>
      <prop id="allocation" value="fixed"/>)";

// The invoice's amounts add up to spent.
double billing_invoiced(const Results& r) {
  double sum = 0;
  for (const auto& row : r.records<cloud::InvoiceRecord>()) sum += row.amount;
  return sum;
}

}  // namespace

// Per second after 60 s: fast is released when the BoT ends at 62 s, 1 s after its minimum:
// 61 s at $0.001, $0.061, one hour begun. FixedAM's 10 hours are held, not paid in advance.
TEST(AgentsBillingSim, PerSecondAReleaseOneSecondAfterTheMinimum) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(billing_platform(dir, kBillingPerSecond),
                            t::agents_deployment(dir, kBillingOneMinuteOnFixed));
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.status(), "done");
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s, 62);
  EXPECT_NEAR(u.spent, 0.061, 1e-12);
  EXPECT_EQ(u.charged_units, 1);
  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 1u);
  EXPECT_EQ(inst[0].csv_row(), "CA0,fast-0,fast,1,62,1,0.061");
  const auto& invoice = r.records<cloud::InvoiceRecord>();
  ASSERT_EQ(invoice.size(), 1u);
  EXPECT_DOUBLE_EQ(invoice[0].to_s, 62);
  EXPECT_NEAR(invoice[0].units, 61.0 / 3600, 1e-15);
  EXPECT_DOUBLE_EQ(billing_invoiced(r), u.spent);
}

// The same run under the default rule (no billing prop): FixedAM pays its 10 hours in advance,
// $36, as before billing rules (AgentsScenario.FixedPaysItsHoursInAdvance).
TEST(AgentsBillingSim, ByDefaultFixedStillPaysItsHours) {
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(billing_platform(dir, ""), t::agents_deployment(dir, kBillingOneMinuteOnFixed));
  const UserRecord& u = r.users()[0];
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s, 62);
  EXPECT_DOUBLE_EQ(u.spent, 36);
  EXPECT_EQ(u.charged_units, 10);
  ASSERT_EQ(r.records<cloud::InstanceRecord>().size(), 1u);
  EXPECT_EQ(r.records<cloud::InstanceRecord>()[0].csv_row(), "CA0,fast-0,fast,1,62,10,36");
  EXPECT_DOUBLE_EQ(billing_invoiced(r), 36);
}

// Per second, I-ElasticAM: one task of 7200 MI on fast, 1..3601 s. At its check (3541) fast
// is busy and renewed until 7201 (Fig. 3: the allocation is the paper's); it is released when
// the BoT ends at 3601, exactly at its first slot's end: 3600 s, $3.60, one hour begun (not a
// second of the renewed one).
TEST(AgentsBillingSim, PerSecondAReleaseAtASlotBoundary) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(billing_platform(dir, kBillingPerSecond), t::agents_deployment(dir, R"(
      <prop id="sizes" value="7200"/><prop id="resources" value="fast"/>
      <prop id="allocation" value="i-elastic"/>)"));
  const UserRecord& u = r.users()[0];
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s, 3601);
  EXPECT_EQ(renewals_of(u), 1);
  EXPECT_NEAR(u.spent, 3.6, 1e-12);
  EXPECT_EQ(u.charged_units, 1);
  const auto& invoice = r.records<cloud::InvoiceRecord>();
  ASSERT_EQ(invoice.size(), 1u);
  EXPECT_DOUBLE_EQ(invoice[0].from_s, 1);
  EXPECT_DOUBLE_EQ(invoice[0].to_s, 3601);
  EXPECT_NEAR(invoice[0].units, 1, 1e-12);
  EXPECT_DOUBLE_EQ(billing_invoiced(r), u.spent);
}

// Per second, fast-0's host fails at 2501 (AgentsFailure.TaskOfAFailedResourceRerunsOnAnother's
// run: tasks 9000, 1000, 1000 MI, (LtoS, MaxET), I-ElasticAM, no replacement). fast is billed
// 1..2501, 2500 s: $2.50, one hour begun. slow runs the two small tasks, then the lost one
// 2501..11501, is renewed at 3541, 7141 and 10741 and released at 11501: 11500 s at $0.0005,
// $5.75, four hours begun. $8.25 in all (per started hour it was $3.60 + 4 x $1.80 = $10.80).
TEST(AgentsBillingSim, PerSecondAResourceLostToAHostFailure) {
  std::string dir = t::temp_dir();
  const Results& r =
      t::run(billing_platform(dir, kBillingPerSecond, "2501"), t::agents_deployment(dir, R"(
      <prop id="sizes" value="9000,1000,1000"/><prop id="heuristic" value="LtoS,MaxET"/>
      <prop id="allocation" value="i-elastic"/><prop id="replace_failed" value="false"/>)"));
  ASSERT_TRUE(r.models_faults());
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 3);
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s, 11501);
  EXPECT_EQ(renewals_of(u), 3);
  EXPECT_NEAR(u.spent, 8.25, 1e-12);
  EXPECT_EQ(u.charged_units, 5);
  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 2u);
  EXPECT_EQ(inst[0].csv_row(), "CA0,fast-0,fast,1,2501,1,2.5");
  EXPECT_EQ(inst[1].csv_row(), "CA0,slow-0,slow,1,11501,4,5.75");
  EXPECT_NEAR(billing_invoiced(r), u.spent, 1e-12);
}
