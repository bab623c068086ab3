// Billing (docs/cloud.md): per started ATU, and the rules a type may set; pure.
#include <gtest/gtest.h>

#include <stdexcept>

#include "cloud/billing.hpp"

using namespace botsim::cloud;

TEST(CloudBilling, FirstUnitIsChargedAtTheStartRequest) {
  EXPECT_EQ(charged_units(0, 0, 3600), 1);
  EXPECT_EQ(charged_units(100, 100.5, 3600), 1);
}

TEST(CloudBilling, EachStartedUnitIsCharged) {
  EXPECT_EQ(charged_units(0, 3599, 3600), 1);
  EXPECT_EQ(charged_units(0, 3601, 3600), 2);
  EXPECT_EQ(charged_units(50, 7250, 3600), 2);
  EXPECT_EQ(charged_units(50, 7251, 3600), 3);
  EXPECT_EQ(charged_units(0, 10 * 60 + 1, 600), 2);
}

TEST(CloudBilling, StopExactlyAtTheBoundaryIsNotANewUnit) {
  EXPECT_EQ(charged_units(0, 3600, 3600), 1);
  EXPECT_EQ(charged_units(300, 3900, 3600), 1);
  EXPECT_EQ(charged_units(0, 7200, 3600), 2);
  // Floating-point noise below the tolerance still counts as the boundary...
  EXPECT_EQ(charged_units(0.1, 0.1 + 3600 + 1e-9, 3600), 1);
  // ...a millisecond later does not.
  EXPECT_EQ(charged_units(0, 3600.001, 3600), 2);
}

TEST(CloudBilling, PaidUntilIsTheEndOfTheCurrentUnit) {
  EXPECT_DOUBLE_EQ(paid_until(100, 100, 3600), 3700);
  EXPECT_DOUBLE_EQ(paid_until(100, 3700, 3600), 3700);
  EXPECT_DOUBLE_EQ(paid_until(100, 3701, 3600), 7300);
}

TEST(CloudBilling, RejectsNonPositiveAtu) {
  EXPECT_THROW(charged_units(0, 10, 0), std::invalid_argument);
  EXPECT_THROW(charged_units(0, 10, -3600), std::invalid_argument);
}

// Billing rules as data (docs/cloud.md, "Billing rules"). Prices in dollars per hour-long unit.
namespace {
BillingTerms terms(double unit_s, double minimum_s, BillingRule rule) {
  return BillingTerms{unit_s, minimum_s, rule};
}
}  // namespace

TEST(CloudBillingRules, TheDefaultIsTodaysRule) {
  // Hourly, whole started units, no minimum: 3601 s is 2 units at $0.10, paid until 7300.
  Charge c = charge(100, 3701, BillingTerms{}, 0.1);
  EXPECT_DOUBLE_EQ(c.from_s, 100);
  EXPECT_DOUBLE_EQ(c.to_s, 7300);
  EXPECT_DOUBLE_EQ(c.units, 2);
  EXPECT_EQ(c.units_begun, 2);
  EXPECT_EQ(c.amount, 2 * 0.1);  // the same bits as units x price
}

TEST(CloudBillingRules, PerSecondChargesTheMinimumThenEachStartedSecond) {
  const auto t = terms(3600, 60, BillingRule::PerSecond);
  // Stopped after 10 s: the 60 s minimum, 60/3600 of $0.36 = $0.006.
  Charge c = charge(0, 10, t, 0.36);
  EXPECT_DOUBLE_EQ(c.to_s, 60);
  EXPECT_DOUBLE_EQ(c.units, 60.0 / 3600);
  EXPECT_DOUBLE_EQ(c.amount, 0.006);
  EXPECT_EQ(c.units_begun, 1);
  // 1 s after the minimum: 61 s, $0.0061.
  c = charge(0, 61, t, 0.36);
  EXPECT_DOUBLE_EQ(c.to_s, 61);
  EXPECT_DOUBLE_EQ(c.amount, 0.0061);
  // 61.2 s: the started 62nd second is charged whole, $0.0062.
  c = charge(1000, 1061.2, t, 0.36);
  EXPECT_DOUBLE_EQ(c.from_s, 1000);
  EXPECT_DOUBLE_EQ(c.to_s, 1062);
  EXPECT_DOUBLE_EQ(c.amount, 0.0062);
  // Noise below the boundary tolerance is not a new second.
  EXPECT_DOUBLE_EQ(charge(0.1, 0.1 + 61 + 1e-9, t, 0.36).to_s, 0.1 + 61);
}

TEST(CloudBillingRules, PerSecondAtAUnitBoundaryIsWholeUnits) {
  const auto t = terms(3600, 60, BillingRule::PerSecond);
  Charge c = charge(0, 7200, t, 0.36);
  EXPECT_DOUBLE_EQ(c.units, 2);
  EXPECT_DOUBLE_EQ(c.amount, 0.72);
  EXPECT_EQ(c.units_begun, 2);
  // One second later: 7201 s is 2.000277... units, the third begun.
  c = charge(0, 7201, t, 0.36);
  EXPECT_DOUBLE_EQ(c.units, 7201.0 / 3600);
  EXPECT_DOUBLE_EQ(c.amount, 0.7201);
  EXPECT_EQ(c.units_begun, 3);
}

TEST(CloudBillingRules, PerSecondWithoutMinimumChargesTheFirstSecond) {
  const auto t = terms(3600, 0, BillingRule::PerSecond);
  EXPECT_DOUBLE_EQ(charge(5, 5, t, 3.6).amount, 0.001);
  EXPECT_DOUBLE_EQ(charge(5, 5.5, t, 3.6).amount, 0.001);
}

TEST(CloudBillingRules, PerStartedUnitWithAMinimumChargesTheUnitsTheMinimumStarts) {
  // A 90 min minimum on hourly units: a stop after 10 min pays 2 hours, after 2 h 1 s 3 hours.
  const auto t = terms(3600, 5400, BillingRule::PerStartedUnit);
  Charge c = charge(0, 600, t, 0.5);
  EXPECT_DOUBLE_EQ(c.to_s, 7200);
  EXPECT_EQ(c.units_begun, 2);
  EXPECT_DOUBLE_EQ(c.amount, 1.0);
  EXPECT_DOUBLE_EQ(charge(0, 7201, t, 0.5).amount, 1.5);
  // A minimum of exactly one unit changes nothing.
  EXPECT_DOUBLE_EQ(charge(0, 10, terms(3600, 3600, BillingRule::PerStartedUnit), 0.5).amount, 0.5);
}

TEST(CloudBillingRules, RulesAreNamedAndBadTermsRefused) {
  EXPECT_EQ(billing_rule_of("per_second"), BillingRule::PerSecond);
  EXPECT_EQ(billing_rule_of("per_started_unit"), BillingRule::PerStartedUnit);
  EXPECT_STREQ(billing_rule_name(BillingRule::PerSecond), "per_second");
  EXPECT_STREQ(billing_rule_name(BillingRule::PerStartedUnit), "per_started_unit");
  EXPECT_THROW(billing_rule_of("hourly"), std::invalid_argument);
  EXPECT_THROW(charge(0, 10, terms(3600, -1, BillingRule::PerSecond), 1), std::invalid_argument);
  EXPECT_THROW(charge(0, 10, terms(0, 0, BillingRule::PerSecond), 1), std::invalid_argument);
}
