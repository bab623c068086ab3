// Statistics over replications (core/stats.hpp): mean, sample sd and the 95 % confidence
// interval of the mean, on samples worked out by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "core/stats.hpp"

using namespace botsim;

// {1, 2, 3, 4, 5}: mean 15 / 5 = 3; squared deviations 4 + 1 + 0 + 1 + 4 = 10, sd sqrt(10 / 4).
// {4}: one value, sd 0. {}: no values, both NaN.
TEST(Stats, MeanAndSampleSdOnKnownSamples) {
  const Stats s = stats({1, 2, 3, 4, 5});
  EXPECT_EQ(s.n, 5u);
  EXPECT_DOUBLE_EQ(s.mean, 3);
  EXPECT_DOUBLE_EQ(s.sd, std::sqrt(2.5));
  const Stats one = stats({4});
  EXPECT_EQ(one.n, 1u);
  EXPECT_DOUBLE_EQ(one.mean, 4);
  EXPECT_DOUBLE_EQ(one.sd, 0);
  const Stats none = stats({});
  EXPECT_EQ(none.n, 0u);
  EXPECT_TRUE(std::isnan(none.mean));
  EXPECT_TRUE(std::isnan(none.sd));
}

// Student's t quantiles from the tables: t(0.975, 4) = 2.776445, t(0.975, 1) = 12.706205.
// {1, 2, 3, 4, 5}: mean 3, sd sqrt(2.5), half width 2.776445 * sqrt(2.5) / sqrt(5) = 1.963243.
// {10, 12}: mean 11, sd sqrt(2), half width 12.706205 * sqrt(2) / sqrt(2) = 12.706205.
TEST(Stats, ConfidenceIntervalOnKnownSamples) {
  EXPECT_NEAR(ci95_half_width(stats({1, 2, 3, 4, 5})), 1.963243, 1e-6);
  EXPECT_NEAR(ci95_half_width(stats({10, 12})), 12.706205, 1e-6);
  EXPECT_TRUE(std::isnan(ci95_half_width(stats({4}))));
  EXPECT_TRUE(std::isnan(ci95_half_width(stats({}))));
}
