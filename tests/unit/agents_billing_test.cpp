// The agents' billing rules (docs/gutierrez2012.md, "Billing rules"; not in the paper, which
// bills per started hour): what a resource is charged when given up or lost, what the budget
// check counts, and the ledger's instances.csv and invoice.csv rows. Numbers worked out by hand:
// $3.60 an hour is $0.001 a second.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "agents/broker_ledger.hpp"
#include "agents/broker_rules.hpp"
#include "cloud/records.hpp"
#include "unit/agents_fake_broker_port.hpp"

using namespace botsim;
using namespace botsim::agents;
using botsim::agents::fakes::FakeBrokerPort;

namespace {

cloud::BillingTerms per_second(double minimum_s) {
  return {3600, minimum_s, cloud::BillingRule::PerSecond};
}

HeldResource held(double start, double alloc_end, const cloud::BillingTerms& billing = {}) {
  return HeldResource{"ra", "spa", "type", 3.6, start, alloc_end, false, 0, billing};
}

AllocationConfig fixed_am() {
  AllocationConfig c;
  c.mechanism = AllocationMechanism::FixedAM;
  return c;
}

}  // namespace

// Per started slot (the default): I-ElasticAM pays the hours started, 100-3701 s is 2 hours
// ($7.20) and 100-3700 s exactly one ($3.60); FixedAM pays its 10 hours whenever given up
// ($36), but a failed host only the hours started until the failure (0-4000 s: 2).
TEST(AgentsBilling, PerStartedSlotIsThePapersRule) {
  const AllocationConfig elastic;
  cloud::Charge c = resource_charge(elastic, held(100, 7300), 3701, false);
  EXPECT_EQ(c.units_begun, 2);
  EXPECT_DOUBLE_EQ(c.amount, 7.2);
  EXPECT_DOUBLE_EQ(c.from_s, 100);
  EXPECT_DOUBLE_EQ(c.to_s, 7300);
  c = resource_charge(elastic, held(100, 3700), 3700, false);
  EXPECT_EQ(c.units_begun, 1);
  EXPECT_DOUBLE_EQ(c.amount, 3.6);
  c = resource_charge(fixed_am(), held(0, 36000), 5000, false);
  EXPECT_EQ(c.units_begun, 10);
  EXPECT_DOUBLE_EQ(c.amount, 36);
  c = resource_charge(fixed_am(), held(0, 36000), 4000, true);
  EXPECT_EQ(c.units_begun, 2);
  EXPECT_DOUBLE_EQ(c.amount, 7.2);
}

// Per second after a 60 s minimum: released 1 s after the minimum (61 s) $0.061, 1/60 of an
// hour plus a second, one hour begun; before the minimum (10 s) the minimum, $0.06; exactly at
// the slot's end (3600 s) $3.60, one hour begun, not two; 2.5 h $9.00, three hours begun.
TEST(AgentsBilling, PerSecondChargesTheSecondsHeld) {
  const AllocationConfig elastic;
  cloud::Charge c = resource_charge(elastic, held(1, 3601, per_second(60)), 62, false);
  EXPECT_NEAR(c.amount, 0.061, 1e-12);
  EXPECT_NEAR(c.units, 61.0 / 3600, 1e-15);
  EXPECT_EQ(c.units_begun, 1);
  EXPECT_DOUBLE_EQ(c.from_s, 1);
  EXPECT_DOUBLE_EQ(c.to_s, 62);
  EXPECT_NEAR(resource_charge(elastic, held(1, 3601, per_second(60)), 11, false).amount, 0.06,
              1e-12);
  c = resource_charge(elastic, held(1, 7201, per_second(60)), 3601, false);
  EXPECT_NEAR(c.amount, 3.6, 1e-12);
  EXPECT_EQ(c.units_begun, 1);
  c = resource_charge(elastic, held(0, 10800, per_second(60)), 9000, false);
  EXPECT_NEAR(c.amount, 9, 1e-12);
  EXPECT_EQ(c.units_begun, 3);
}

// Per second, FixedAM's 10 hours are held, not paid in advance: given up after 5000 s it pays
// 5000 s ($5), lost to a host failure after 4000 s $4.
TEST(AgentsBilling, PerSecondFixedPaysOnlyTheSecondsHeld) {
  EXPECT_NEAR(resource_charge(fixed_am(), held(0, 36000, per_second(60)), 5000, false).amount, 5,
              1e-12);
  EXPECT_NEAR(resource_charge(fixed_am(), held(0, 36000, per_second(60)), 4000, true).amount, 4,
              1e-12);
}

// The budget check per second counts what a held resource costs at most: kept to its
// allocation end. I-ElasticAM's first hour from 0: $3.60 (as per started slot); renewing it
// for a slot $3.60 more; FixedAM's 10 hours $36; a 2 h minimum on a 1 h allocation $7.20.
TEST(AgentsBilling, PerSecondCommitsTheSlotsReserved) {
  const AllocationConfig elastic;
  const std::vector<HeldResource> one{held(0, 3600, per_second(60))};
  EXPECT_NEAR(committed_money(elastic, 0, one, std::nullopt, 0, 0), 3.6, 1e-12);
  EXPECT_NEAR(committed_money(elastic, 0, one, 0, 1, 0), 7.2, 1e-12);
  EXPECT_NEAR(committed_money(fixed_am(), 1, {held(0, 36000, per_second(60))}, std::nullopt, 0, 0),
              37, 1e-12);
  EXPECT_NEAR(committed_money(elastic, 0, {held(0, 3600, per_second(7200))}, std::nullopt, 0, 0),
              7.2, 1e-12);
}

// The ledger per second: a resource allocated at 2 s and let go idle at its check at 3542 s
// (I-ElasticAM) is billed 3540 s, $3.54: its instances.csv row has 1 hour begun, its invoice
// row 3540/3600 of an hour from 2 to 3542 s, and both add up to spent.
TEST(AgentsBilling, LedgerBillsTheSecondsInItsRows) {
  FakeBrokerPort port;
  auto bot = std::make_shared<BotRequest>();
  bot->user = "CA0";
  ResourceLedger l(*bot, port);
  const Allocated a{"CA0", 0, "ra-0", "spa-0", "fast", 4, 3.6, 2, 3602, per_second(60)};
  port.clock = 2;
  l.hold(a);
  port.clock = 3542;
  AllocationStatus idle;
  EXPECT_TRUE(l.check(0, idle, [](long) { return true; }));
  EXPECT_NEAR(l.spent(), 3.54, 1e-12);
  EXPECT_EQ(l.charged_units(), 1);
  const auto& rows = port.run().results().records<cloud::InstanceRecord>();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].charged_units, 1);
  EXPECT_NEAR(rows[0].cost, 3.54, 1e-12);
  const auto& invoice = port.run().results().records<cloud::InvoiceRecord>();
  ASSERT_EQ(invoice.size(), 1u);
  EXPECT_DOUBLE_EQ(invoice[0].from_s, 2);
  EXPECT_DOUBLE_EQ(invoice[0].to_s, 3542);
  EXPECT_NEAR(invoice[0].units, 3540.0 / 3600, 1e-15);
  EXPECT_DOUBLE_EQ(invoice[0].unit_price, 3.6);
  EXPECT_DOUBLE_EQ(invoice[0].amount, l.spent());
}
