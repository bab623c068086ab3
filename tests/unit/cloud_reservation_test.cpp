// Reserved capacity (docs/cloud.md, "Reserved capacity"): slots taken and given back, and the
// reservation's bill, worked by hand; pure.
#include <gtest/gtest.h>

#include <stdexcept>

#include "cloud/reservation.hpp"

using namespace botsim::cloud;

TEST(CloudReservation, InstancesTakeFreeSlotsFirst) {
  ReservedSlots slots(2);
  EXPECT_TRUE(slots.take());
  EXPECT_TRUE(slots.take());
  EXPECT_FALSE(slots.take());  // the third instance is on demand
  EXPECT_EQ(slots.in_use(), 2);
  slots.give_back();
  EXPECT_EQ(slots.free(), 1);
  EXPECT_TRUE(slots.take());  // a slot given back is taken again
  slots.give_back();
  slots.give_back();
  EXPECT_THROW(slots.give_back(), std::logic_error);
  EXPECT_THROW(ReservedSlots(-1), std::invalid_argument);
  EXPECT_FALSE(ReservedSlots().take());
}

TEST(CloudReservation, PaidWhetherUsedOrNotPerStartedUnit) {
  // 2 slots, 5.00 up front each and 0.06 per started hour, over a term of 2 h 10 min: 3 hours
  // each, 0.18; the bill is 2 x (5.00 + 0.18) = 10.36, whatever ran on the slots.
  const Reservation r{"m", 2, 5.0, 0.06};
  const auto rows =
      reservation_charges(r, BillingTerms{3600, 0, BillingRule::PerStartedUnit}, 0, 7800);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].slot, 1);
  EXPECT_TRUE(rows[0].upfront);
  EXPECT_DOUBLE_EQ(rows[0].amount, 5.0);
  EXPECT_DOUBLE_EQ(rows[0].units, 1);
  EXPECT_FALSE(rows[1].upfront);
  EXPECT_DOUBLE_EQ(rows[1].units, 3);
  EXPECT_DOUBLE_EQ(rows[1].to_s, 10800);
  EXPECT_NEAR(rows[1].amount, 0.18, 1e-12);
  EXPECT_EQ(rows[3].slot, 2);
  double total = 0;
  for (const auto& row : rows) total += row.amount;
  EXPECT_NEAR(total, 10.36, 1e-12);
}

TEST(CloudReservation, PerSecondWithAMinimumAndNoUpFront) {
  // No up front: one row per slot. 0.36 per hour billed by the second with a 60 s minimum: a
  // term of 30 s is charged 60 s, 0.006; one of 1000.5 s, 1001 s, 0.1001.
  const BillingTerms terms{3600, 60, BillingRule::PerSecond};
  const auto short_term = reservation_charges(Reservation{"m", 1, 0, 0.36}, terms, 100, 130);
  ASSERT_EQ(short_term.size(), 1u);
  EXPECT_NEAR(short_term[0].amount, 0.006, 1e-12);
  EXPECT_DOUBLE_EQ(short_term[0].to_s, 160);
  const auto long_term = reservation_charges(Reservation{"m", 1, 0, 0.36}, terms, 0, 1000.5);
  EXPECT_NEAR(long_term[0].amount, 0.1001, 1e-12);
  // All up front: one row per slot, whatever the term.
  const auto upfront = reservation_charges(Reservation{"m", 3, 2.5, 0}, terms, 0, 1e6);
  ASSERT_EQ(upfront.size(), 3u);
  EXPECT_DOUBLE_EQ(upfront[2].amount, 2.5);
}

TEST(CloudReservation, RefusesImpossibleTerms) {
  const BillingTerms hourly;
  EXPECT_THROW(reservation_charges(Reservation{"m", 1, -1, 0}, hourly, 0, 1),
               std::invalid_argument);
  EXPECT_THROW(reservation_charges(Reservation{"m", 1, 0, -0.1}, hourly, 0, 1),
               std::invalid_argument);
  EXPECT_THROW(reservation_charges(Reservation{"m", 1, 1, 0}, hourly, 10, 5),
               std::invalid_argument);
  EXPECT_TRUE(reservation_charges(Reservation{"m", 0, 1, 1}, hourly, 0, 1).empty());
}
