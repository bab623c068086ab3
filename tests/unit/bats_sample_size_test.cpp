// BaTS (Oprescu, Kielmann & Leahu 2011), section 2.1: the sample size ns and its z-value.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include "bats/sample_size.hpp"

using namespace botsim::bats;

namespace {
// The message of the std::invalid_argument `f` throws ("" if it throws none).
template <typename F>
std::string refusal(F f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST(BatsSampleSize, ZValuesAreThePapersRoundedOnes) {
  // 2.1 prints z0.90 = 1.65, z0.95 = 1.96, z0.99 = 2.58 (rounded to 2 decimals).
  EXPECT_NEAR(z_value(0.90), 1.65, 0.006);
  EXPECT_NEAR(z_value(0.95), 1.96, 0.0005);
  EXPECT_NEAR(z_value(0.99), 2.58, 0.005);
  // The exact two-sided quantiles Phi^-1(0.95), Phi^-1(0.975), Phi^-1(0.995).
  EXPECT_NEAR(z_value(0.90), 1.6448536, 1e-6);
  EXPECT_NEAR(z_value(0.95), 1.9599640, 1e-6);
  EXPECT_NEAR(z_value(0.99), 2.5758293, 1e-6);
}

TEST(BatsSampleSize, Fig2UpperBound) {
  // Fig. 2: alpha = 0.95, z = 1.96, delta = 0.25; bound ceil(z^2 / (2 delta^2))
  // = ceil(3.8415 / 0.125) = ceil(30.73) = 31.
  EXPECT_EQ(sample_size_bound(0.25, 0.95), 31);
  // delta = 0.10: ceil(3.8415 / 0.02) = ceil(192.07) = 193.
  EXPECT_EQ(sample_size_bound(0.10, 0.95), 193);
}

TEST(BatsSampleSize, Fig2CurveByHand) {
  // ns = ceil(N z^2 / (z^2 + 2 (N - 1) delta^2)), z^2 = 3.841459, 2 delta^2 = 0.125.
  EXPECT_EQ(sample_size_formula(1, 0.25, 0.95), 1);       // 3.84 / 3.84 = 1
  EXPECT_EQ(sample_size_formula(9, 0.25, 0.95), 8);       // 34.57 / 4.8415 = 7.14 (2N: 6.96 -> 7)
  EXPECT_EQ(sample_size_formula(10, 0.25, 0.95), 8);      // 38.41 / 4.966 = 7.73
  EXPECT_EQ(sample_size_formula(100, 0.25, 0.95), 24);    // 384.15 / 16.216 = 23.69
  EXPECT_EQ(sample_size_formula(1000, 0.25, 0.95), 30);   // 3841.5 / 128.716 = 29.84 (4.1's bag)
  EXPECT_EQ(sample_size_formula(10000, 0.25, 0.95), 31);  // 30.64
}

TEST(BatsSampleSize, Fig2CurveRisesToItsBoundAndNeverPassesIt) {
  long previous = 0;
  for (long n = 1; n <= 200000; n += (n < 2000 ? 1 : 97)) {
    long ns = sample_size_formula(n, 0.25, 0.95);
    EXPECT_GE(ns, previous) << n;
    EXPECT_LE(ns, 31) << n;
    EXPECT_LE(ns, n) << n;
    previous = ns;
  }
  EXPECT_EQ(previous, 31);
}

TEST(BatsSampleSize, FivePercentRuleAndNlr) {
  EXPECT_EQ(sample_size(1000, 0.25, 0.95), 30);  // 30 <= 0.05 * 1000 = 50
  EXPECT_EQ(sample_size(600, 0.25, 0.95), 30);   // 29.28 -> 30 <= 30
  // 599: ns = 30 > 29.95; the smallest bag that passes is 600.
  std::string m = refusal([] { sample_size(599, 0.25, 0.95); });
  EXPECT_NE(m.find("needs at least 600 tasks"), std::string::npos) << m;
  // delta 0.5, alpha 0.90: ceil(2.7055 / 0.5) = 6 < nlr = 7: raised to 7.
  EXPECT_EQ(sample_size_formula(1000000, 0.5, 0.90), 6);
  EXPECT_EQ(sample_size(1000000, 0.5, 0.90), 7);
}

TEST(BatsSampleSize, BadInputIsRefused) {
  EXPECT_NE(refusal([] { sample_size(0, 0.25, 0.95); }).find("empty"), std::string::npos);
  EXPECT_NE(refusal([] { sample_size_formula(-3, 0.25, 0.95); }).find("empty"), std::string::npos);
  for (double delta : {0.0, -0.1, 1.0, 1.5, std::nan("")})
    EXPECT_NE(refusal([=] { sample_size(1000, delta, 0.95); }).find("delta"), std::string::npos)
        << delta;
  for (double conf : {0.0, 1.0, -0.5, 1.2, std::nan("")}) {
    EXPECT_NE(refusal([=] { sample_size(1000, 0.25, conf); }).find("confidence"), std::string::npos)
        << conf;
    EXPECT_NE(refusal([=] { z_value(conf); }).find("confidence"), std::string::npos) << conf;
  }
}
