// Spot billing (docs/cloud.md, "Spot instances"), pure; the numbers worked out by hand from
// the trace below with a one-hour unit.
#include <gtest/gtest.h>

#include "cloud/billing.hpp"

using namespace botsim::cloud;

namespace {

// 0.10 from 0 s, 0.30 from 1800 s, 0.05 from 5400 s.
SpotPriceTrace prices() { return SpotPriceTrace({{0, 0.10}, {1800, 0.30}, {5400, 0.05}}); }

BillingTerms hourly(BillingRule rule, double minimum_s = 0) { return {3600, minimum_s, rule}; }

void expect_row(const PricedInterval& r, double from, double to, double units, double price) {
  EXPECT_DOUBLE_EQ(r.from_s, from);
  EXPECT_DOUBLE_EQ(r.to_s, to);
  EXPECT_DOUBLE_EQ(r.units, units);
  EXPECT_DOUBLE_EQ(r.unit_price, price);
  EXPECT_DOUBLE_EQ(r.amount, units * price);
}

}  // namespace

TEST(SpotBilling, EachStartedUnitAtThePriceInForceAtItsStart) {
  // 1000 s to 9000 s: units start at 1000 (0.10; the rise at 1800 s is inside it), 4600 (0.30)
  // and 8200 (0.05).
  const SpotCharge c =
      spot_charge(1000, 9000, hourly(BillingRule::PerStartedUnit), prices(), false);
  ASSERT_EQ(c.rows.size(), 3u);
  expect_row(c.rows[0], 1000, 4600, 1, 0.10);
  expect_row(c.rows[1], 4600, 8200, 1, 0.30);
  expect_row(c.rows[2], 8200, 11800, 1, 0.05);
  EXPECT_NEAR(c.amount, 0.45, 1e-12);
  EXPECT_EQ(c.units_begun, 3);
  EXPECT_DOUBLE_EQ(c.to_s, 11800);
}

TEST(SpotBilling, UnitsOfOnePriceShareARow) {
  // 2000 s to 9300 s: three units at 2000 (0.30), 5600 and 9200 s (0.05 both).
  const SpotCharge c =
      spot_charge(2000, 9300, hourly(BillingRule::PerStartedUnit), prices(), false);
  ASSERT_EQ(c.rows.size(), 2u);
  expect_row(c.rows[0], 2000, 5600, 1, 0.30);
  expect_row(c.rows[1], 5600, 12800, 2, 0.05);
  EXPECT_NEAR(c.amount, 0.40, 1e-12);
}

TEST(SpotBilling, TheUnitAReclaimCutsShortIsFree) {
  // Reclaimed at 9000 s: the third unit (from 8200 s) is cut short and not charged.
  const SpotCharge c = spot_charge(1000, 9000, hourly(BillingRule::PerStartedUnit), prices(), true);
  ASSERT_EQ(c.rows.size(), 2u);
  expect_row(c.rows[0], 1000, 4600, 1, 0.10);
  expect_row(c.rows[1], 4600, 8200, 1, 0.30);
  EXPECT_NEAR(c.amount, 0.40, 1e-12);
  EXPECT_EQ(c.units_begun, 2);
  // Reclaimed at a unit's end: nothing is cut short.
  EXPECT_NEAR(spot_charge(1000, 8200, hourly(BillingRule::PerStartedUnit), prices(), true).amount,
              0.40, 1e-12);
  // The same stop asked by the owner: charged normally.
  EXPECT_NEAR(spot_charge(1000, 9000, hourly(BillingRule::PerStartedUnit), prices(), false).amount,
              0.45, 1e-12);
}

TEST(SpotBilling, AReclaimInTheFirstUnitIsFreeButTheMinimumIsNot) {
  const SpotCharge free =
      spot_charge(1000, 3000, hourly(BillingRule::PerStartedUnit), prices(), true);
  ASSERT_EQ(free.rows.size(), 1u);
  expect_row(free.rows[0], 1000, 3000, 0, 0.10);
  EXPECT_EQ(free.amount, 0);
  EXPECT_EQ(free.units_begun, 0);
  // A two-hour minimum: two units, 0.10 at 1000 s and 0.30 at 4600 s.
  const SpotCharge min =
      spot_charge(1000, 3000, hourly(BillingRule::PerStartedUnit, 7200), prices(), true);
  ASSERT_EQ(min.rows.size(), 2u);
  EXPECT_NEAR(min.amount, 0.40, 1e-12);
}

TEST(SpotBilling, PerSecondChargesTheIntegralOfThePrice) {
  // 1000 s to 6000.4 s: 5001 started seconds, to 6001 s: 800 s at 0.10, 3600 s at 0.30, 601 s
  // at 0.05, per hour: (80 + 1080 + 30.05) / 3600.
  for (bool interrupted : {false, true}) {
    const SpotCharge c =
        spot_charge(1000, 6000.4, hourly(BillingRule::PerSecond), prices(), interrupted);
    ASSERT_EQ(c.rows.size(), 3u);
    expect_row(c.rows[0], 1000, 1800, 800.0 / 3600, 0.10);
    expect_row(c.rows[1], 1800, 5400, 1, 0.30);
    expect_row(c.rows[2], 5400, 6001, 601.0 / 3600, 0.05);
    EXPECT_NEAR(c.amount, 1190.05 / 3600, 1e-12);
    EXPECT_NEAR(c.amount, prices().integral(1000, 6001) / 3600, 1e-12);
    EXPECT_DOUBLE_EQ(c.units, 5001.0 / 3600);
    EXPECT_EQ(c.units_begun, 2);
    EXPECT_DOUBLE_EQ(c.to_s, 6001);
  }
}

TEST(SpotBilling, PerSecondMinimum) {
  // 10 s used, 60 s charged at 0.10 an hour.
  const SpotCharge c = spot_charge(0, 10, hourly(BillingRule::PerSecond, 60), prices(), false);
  ASSERT_EQ(c.rows.size(), 1u);
  expect_row(c.rows[0], 0, 60, 60.0 / 3600, 0.10);
  EXPECT_NEAR(c.amount, 6.0 / 3600, 1e-15);
}

TEST(SpotBilling, TheFirstUnitAtTheStartRequest) {
  // Charged as the provider records it at the start: the first unit at the price then.
  const SpotCharge c =
      spot_charge(2000, 2000, hourly(BillingRule::PerStartedUnit), prices(), false);
  ASSERT_EQ(c.rows.size(), 1u);
  expect_row(c.rows[0], 2000, 5600, 1, 0.30);
}
