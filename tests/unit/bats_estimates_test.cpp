// BaTS (Oprescu, Kielmann & Leahu 2011), sections 2.1 and 2.3: tau_je, Ti, Te, Be.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "bats/estimates.hpp"
#include "bats/schedules.hpp"

using namespace botsim::bats;

TEST(BatsTauE, MeanOfTheSampleTailAboveTheElapsedTime) {
  SampleSet s({50, 10, 40, 20, 30});            // sorted: 10 20 30 40 50
  EXPECT_DOUBLE_EQ(s.tail_estimate(0), 30);     // all five: 150 / 5
  EXPECT_DOUBLE_EQ(s.tail_estimate(9.99), 30);  // still all five
  EXPECT_DOUBLE_EQ(s.tail_estimate(10), 35);    // tau_k > tau_j strictly: 20..50 = 140 / 4
  EXPECT_DOUBLE_EQ(s.tail_estimate(25), 40);    // 30 + 40 + 50 = 120 / 3
  EXPECT_DOUBLE_EQ(s.tail_estimate(30), 45);    // 40 + 50 = 90 / 2
  EXPECT_DOUBLE_EQ(s.tail_estimate(49), 50);
  // Longer than every sample task: its elapsed time (botsim's reading).
  EXPECT_DOUBLE_EQ(s.tail_estimate(50), 50);
  EXPECT_DOUBLE_EQ(s.tail_estimate(60), 60);
}

TEST(BatsTauE, BadSamplesAreRefused) {
  EXPECT_THROW(SampleSet(std::vector<double>{}), std::invalid_argument);
  EXPECT_THROW(SampleSet({1, -2}), std::invalid_argument);
  EXPECT_THROW(SampleSet({1, NAN}), std::invalid_argument);
  EXPECT_THROW(SampleSet().tail_estimate(1), std::invalid_argument);
}

TEST(BatsTi, ModifiedCumulativeMovingAverage) {
  // 4 tasks done in 100 s, two running estimated at 40 and 45: (100 + 85) / 6.
  EXPECT_DOUBLE_EQ(modified_cma(100, 4, {40, 45}), 185.0 / 6);
  EXPECT_DOUBLE_EQ(modified_cma(100, 4, {}), 25);
  EXPECT_DOUBLE_EQ(modified_cma(0, 0, {12}), 12);
  // The same, with the running tasks' elapsed times 25 and 30 estimated from the sample.
  SampleSet s({10, 20, 30, 40, 50});
  EXPECT_DOUBLE_EQ(cluster_ti(s, 100, 4, {25, 30}), 185.0 / 6);
  EXPECT_THROW(modified_cma(0, 0, {}), std::invalid_argument);
  EXPECT_THROW(modified_cma(-1, 2, {}), std::invalid_argument);
}

TEST(BatsTeBe, ByHand) {
  // 2 machines of Ti = 600 s and 3 of 300 s: 2/600 + 3/300 = 1/75 task/s; Te = 1000 * 75.
  EXPECT_DOUBLE_EQ(makespan_estimate(1000, {2, 3}, {600, 300}), 75000);
  // Be = ceil(75000 / 3600) * (2 * 3 + 3 * 9) = 21 * 33 = 693.
  std::vector<Cluster> c{{"a", 3, 10}, {"b", 9, 10}};
  EXPECT_DOUBLE_EQ(budget_estimate(1000, {2, 3}, {600, 300}, c, 3600), 693);
  EXPECT_TRUE(std::isinf(makespan_estimate(10, {0, 0}, {600, 300})));
  EXPECT_DOUBLE_EQ(budget_estimate(0, {0, 0}, {600, 300}, c, 3600), 0);
  EXPECT_THROW(budget_estimate(10, {0, 0}, {600, 300}, c, 3600), std::invalid_argument);
}

TEST(BatsTeBe, Table1FastestMakespansWithTheTrueMeans) {
  // 4.1: N = 1000 tasks of mean 15 min (900 s) on cluster1 ($3), 32 machines per cluster,
  // ATU 60 min. With the bag's true means, Be on all 64 machines is Table 1's F.M. column:
  struct Case {
    double price2, ti2, fastest;
  } cases[] = {
      {3, 900, 768},    // S1-1: 64/900 task/s, Te = 3.91 ATU -> 4 * 192
      {3, 225, 384},    // S1-4: 160/900, 1.56 ATU -> 2 * 192
      {12, 900, 1920},  // S4-1: 4 * (96 + 384)
      {9, 225, 768},    // S3-4: 2 * (96 + 288)
      {12, 300, 960},   // S4-3: 128/900, 1.95 ATU -> 2 * 480
  };
  for (const Case& k : cases) {
    std::vector<Cluster> c{{"cluster1", 3, 32}, {"cluster2", k.price2, 32}};
    EXPECT_DOUBLE_EQ(budget_estimate(1000, {32, 32}, {900, k.ti2}, c, 3600), k.fastest);
    EXPECT_DOUBLE_EQ(budget_fastest(c, {900, k.ti2}, 1000, 3600), k.fastest);
  }
}

TEST(BatsCeilCount, AbsorbsNoiseOnly) {
  EXPECT_EQ(ceil_count(2.0), 2);
  EXPECT_EQ(ceil_count(2.0000000000001), 2);
  EXPECT_EQ(ceil_count(2.001), 3);
  EXPECT_EQ(ceil_count(0.1 * 3 / 0.3), 1);
  EXPECT_EQ(ceil_count(0.0), 0);
}
