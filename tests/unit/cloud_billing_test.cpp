// Per-started-ATU billing (docs/cloud.md), pure.
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
