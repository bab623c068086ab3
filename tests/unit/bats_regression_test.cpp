// BaTS (Oprescu, Kielmann & Leahu 2011), section 2.2: linear regression between clusters.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "bats/regression.hpp"

using namespace botsim::bats;

namespace {
// Seven replicated tasks: base times 10..22; cluster 1 runs t1 = 1 + 2 t0, cluster 2 t2 = 2 + t0/2.
std::vector<std::vector<double>> replicated() {
  std::vector<std::vector<double>> r;
  for (double t = 10; t <= 22; t += 2) r.push_back({t, 1 + 2 * t, 2 + 0.5 * t});
  return r;
}
}  // namespace

TEST(BatsRegression, LeastSquaresByHand) {
  // x = 1,2,3; y = 2,3,5: mean x 2, mean y 10/3; Sxx = 2, Sxy = 4/3 + 0 + 5/3 = 3;
  // beta1 = 3/2, beta0 = 10/3 - 3/2 * 2 = 1/3.
  LinearDependency d = fit_linear_dependency({1, 2, 3}, {2, 3, 5});
  EXPECT_NEAR(d.beta1, 1.5, 1e-12);
  EXPECT_NEAR(d.beta0, 1.0 / 3, 1e-12);
  EXPECT_NEAR(d.apply(4), 1.0 / 3 + 6, 1e-12);
  EXPECT_NEAR(d.invert(d.apply(4)), 4, 1e-12);
}

TEST(BatsRegression, TransferThroughTheBase) {
  // beta(k=2, base) = (2, 0.5), beta(j=1, base) = (1, 2). 2.2:
  // beta0(2,1) = 2 - 0.5 * 1 / 2 = 1.75; beta1(2,1) = 0.5 / 2 = 0.25.
  LinearDependency k2 = compose({2, 0.5}, {1, 2});
  EXPECT_DOUBLE_EQ(k2.beta0, 1.75);
  EXPECT_DOUBLE_EQ(k2.beta1, 0.25);
  // A task of 10 on the base takes 21 on cluster 1 and 7 on cluster 2: 1.75 + 0.25 * 21 = 7.
  EXPECT_DOUBLE_EQ(k2.apply(21), 7);

  Regression r(replicated(), 0);
  EXPECT_EQ(r.base(), 0);
  EXPECT_NEAR(r.against_base(1).beta0, 1, 1e-9);
  EXPECT_NEAR(r.against_base(1).beta1, 2, 1e-9);
  EXPECT_NEAR(r.against_base(2).beta0, 2, 1e-9);
  EXPECT_NEAR(r.against_base(2).beta1, 0.5, 1e-9);
  EXPECT_NEAR(r.between(2, 1).beta0, 1.75, 1e-9);
  EXPECT_NEAR(r.between(2, 1).beta1, 0.25, 1e-9);
  EXPECT_NEAR(r.transfer_time(21, 1, 2), 7, 1e-9);
  EXPECT_NEAR(r.transfer_time(7, 2, 0), 10, 1e-9);  // t_base = (7 - 2) / 0.5 (2.2)
  EXPECT_NEAR(r.transfer_time(7, 2, 1), 21, 1e-9);
  EXPECT_DOUBLE_EQ(r.transfer_time(5, 1, 1), 5);

  // The same fit with cluster 1 as the base: cluster 2 against 1 is (1.75, 0.25) directly.
  Regression r1(replicated(), 1);
  EXPECT_NEAR(r1.against_base(2).beta0, 1.75, 1e-9);
  EXPECT_NEAR(r1.against_base(2).beta1, 0.25, 1e-9);
}

TEST(BatsRegression, MomentsAndTheirTransfer) {
  // 2,4,4,4,5,5,7,9: mean 5, squared deviations sum 32, sample sigma sqrt(32 / 7).
  Moments m = moments({2, 4, 4, 4, 5, 5, 7, 9});
  EXPECT_DOUBLE_EQ(m.mu, 5);
  EXPECT_NEAR(m.sigma, std::sqrt(32.0 / 7), 1e-12);
  // 4.1's bag N(15, 5) on a cluster twice as fast plus 1 minute: mu 8.5, sigma sqrt(5) / 2.
  Moments t = transfer({15, std::sqrt(5.0)}, {1, 0.5});
  EXPECT_DOUBLE_EQ(t.mu, 8.5);
  EXPECT_DOUBLE_EQ(t.sigma, std::sqrt(5.0) / 2);
}

TEST(BatsRegression, CompleteSampleSets) {
  Regression r(replicated(), 0);
  // A sample task of 41 on cluster 1 is (41 - 1) / 2 = 20 on the base and 2 + 10 = 12 on 2.
  auto sets = complete_sample_sets(replicated(), {{1, 41}}, r);
  ASSERT_EQ(sets.size(), 3u);
  for (const auto& s : sets) ASSERT_EQ(s.size(), 8u);
  EXPECT_DOUBLE_EQ(sets[0][0], 10);  // the replicated tasks' own times
  EXPECT_DOUBLE_EQ(sets[1][0], 21);
  EXPECT_NEAR(sets[0][7], 20, 1e-9);
  EXPECT_DOUBLE_EQ(sets[1][7], 41);
  EXPECT_NEAR(sets[2][7], 12, 1e-9);
  EXPECT_THROW(complete_sample_sets(replicated(), {{3, 41}}, r), std::invalid_argument);
}

TEST(BatsRegression, NoUsableDependencyIsRefused) {
  EXPECT_THROW(fit_linear_dependency({1, 2, 3}, {3, 2, 1}), std::invalid_argument);  // beta1 < 0
  EXPECT_THROW(fit_linear_dependency({2, 2, 2}, {1, 2, 3}), std::invalid_argument);  // no slope
  EXPECT_THROW(fit_linear_dependency({1}, {1}), std::invalid_argument);
  EXPECT_THROW(fit_linear_dependency({1, 2}, {1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(Regression(replicated(), 3), std::invalid_argument);
  EXPECT_THROW(Regression({}, 0), std::invalid_argument);
  EXPECT_THROW(Regression({{1, 2}, {3}}, 0), std::invalid_argument);
  try {
    fit_linear_dependency({1, 2, 3}, {3, 2, 1});
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("standalone"), std::string::npos) << e.what();
  }
}
