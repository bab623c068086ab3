// The FailureInjector's model (core/failures.hpp): exponential up times and repairs.
#include <gtest/gtest.h>

#include <cmath>

#include "core/failures.hpp"

using namespace botsim;

TEST(FailureModel, ExponentialByInverseCdf) {
  EXPECT_DOUBLE_EQ(exponential_from_uniform(600, 0), 0);
  // P(X <= mean) = 1 - 1/e: the uniform 1 - 1/e maps to the mean.
  EXPECT_NEAR(exponential_from_uniform(600, 1 - std::exp(-1.0)), 600, 1e-9);
  EXPECT_NEAR(exponential_from_uniform(600, 0.5), 600 * std::log(2.0), 1e-9);
}

TEST(FailureModel, UniformTakesTheTop53Bits) {
  Rng rng = make_rng(1, "u");
  Rng copy = rng;
  double u = uniform01(rng);
  EXPECT_DOUBLE_EQ(u, static_cast<double>(copy() >> 11) / 9007199254740992.0);
  EXPECT_GE(u, 0);
  EXPECT_LT(u, 1);
}

TEST(FailureModel, FixedRepairFollowsTheFailure) {
  FailureModel m{3600, 300, RepairLaw::Fixed};
  Rng rng = make_rng(7, "failures:R0");
  Rng copy = rng;
  Outage o = next_outage(m, 100, rng);
  EXPECT_DOUBLE_EQ(o.fail_s, 100 + exponential_from_uniform(3600, uniform01(copy)));
  EXPECT_DOUBLE_EQ(o.repair_s, o.fail_s + 300);
  EXPECT_GE(o.fail_s, 100);
}

TEST(FailureModel, ExponentialRepairDrawsASecondNumber) {
  FailureModel m{3600, 300, RepairLaw::Exponential};
  Rng rng = make_rng(7, "failures:R0");
  Rng copy = rng;
  Outage o = next_outage(m, 0, rng);
  double up = exponential_from_uniform(3600, uniform01(copy));
  EXPECT_DOUBLE_EQ(o.fail_s, up);
  EXPECT_DOUBLE_EQ(o.repair_s, up + exponential_from_uniform(300, uniform01(copy)));
}

TEST(FailureModel, MeansMatchOverManyOutages) {
  // 200,000 outages: the sample means are within 1 % of mtbf and of the mean repair time
  // (the standard error is 0.22 % of the mean).
  FailureModel m{1000, 50, RepairLaw::Exponential};
  Rng rng = make_rng(3, "means");
  const int n = 200000;
  double up = 0, down = 0, t = 0;
  for (int i = 0; i < n; ++i) {
    Outage o = next_outage(m, t, rng);
    up += o.fail_s - t;
    down += o.repair_s - o.fail_s;
    t = o.repair_s;
  }
  EXPECT_NEAR(up / n, 1000, 10);
  EXPECT_NEAR(down / n, 50, 0.5);
}
