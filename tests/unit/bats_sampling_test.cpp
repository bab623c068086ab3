// BaTS (Oprescu, Kielmann & Leahu 2011), Fig. 3 and the standalone mode's implicit sampling.
#include <gtest/gtest.h>

#include <stdexcept>

#include "bats/sampling.hpp"

using namespace botsim::bats;

namespace {
using Kind = SampleAssignment::Kind;
const std::vector<Cluster> kTwo{{"c0", 3, 10}, {"c1", 5, 2}};

// ns = 9: the 7 replicated tasks (base times 10, 12, ..., 22; cluster 1 runs 1 + 2t) and two
// others, 16 s on cluster 0 and 41 s on cluster 1.
SamplingPhase finished_phase(std::vector<Cluster> clusters) {
  SamplingPhase p(clusters, 9, 7);
  for (int r = 0; r < kNlr; ++r) {
    EXPECT_EQ(p.next_task(0).replicated, r);
    EXPECT_EQ(p.next_task(1).replicated, r);
    p.replicated_done(r, 0, 10 + 2 * r);
    p.replicated_done(r, 1, 1 + 2 * (10 + 2 * r));
  }
  EXPECT_EQ(p.next_task(0).kind, Kind::Sample);
  EXPECT_EQ(p.next_task(1).kind, Kind::Sample);
  EXPECT_EQ(p.next_task(1).kind, Kind::Nothing);  // ns - nlr = 2 others already running
  p.sample_done(0, 16);
  EXPECT_FALSE(p.complete());
  p.sample_done(1, 41);
  return p;
}
}  // namespace

TEST(BatsSampling, Fig3ReplicatesThenSelfSchedules) {
  SamplingPhase p(kTwo, 9, 7);
  EXPECT_EQ(p.initial_configuration(), (std::vector<int>{7, 2}));  // iw = 7, at most Ai
  for (int r = 0; r < kNlr; ++r) {
    SampleAssignment a = p.next_task(0);
    EXPECT_EQ(a.kind, Kind::Replicated);
    EXPECT_EQ(a.replicated, r);
  }
  EXPECT_EQ(p.next_task(0).kind, Kind::Sample);  // cluster 0's replicated tasks all sent
  EXPECT_EQ(p.next_task(1).replicated, 0);       // cluster 1 still owes all seven
  EXPECT_FALSE(p.regression_ready());
  EXPECT_THROW(p.regression(), std::logic_error);
  // A lost replicated task is sent again.
  p.replicated_lost(0, 1);
  EXPECT_EQ(p.next_task(1).replicated, 0);
  EXPECT_THROW(p.replicated_done(3, 1, 10), std::invalid_argument);  // never sent to cluster 1
}

TEST(BatsSampling, CompleteSampleSetsTiAndSummary) {
  SamplingPhase p = finished_phase(kTwo);
  ASSERT_TRUE(p.complete());
  EXPECT_NEAR(p.regression().against_base(1).beta0, 1, 1e-9);
  EXPECT_NEAR(p.regression().against_base(1).beta1, 2, 1e-9);
  // Cluster 0: 10..22 (sum 112), 16, and 41 transferred: (41 - 1) / 2 = 20 -> 148 / 9.
  // Cluster 1: 21..45 (sum 231), 41, and 16 transferred: 1 + 32 = 33 -> 305 / 9.
  std::vector<double> ti = p.ti_s();
  EXPECT_NEAR(ti[0], 148.0 / 9, 1e-9);
  EXPECT_NEAR(ti[1], 305.0 / 9, 1e-9);
  // Ti * ci: 49.3 on cluster 0, 169.4 on cluster 1.
  EXPECT_EQ(p.intermediary_cluster(), 0);
  SamplingSummary s = p.summary();
  EXPECT_EQ(s.ns, 9);
  EXPECT_EQ(s.nlr, 7);
  ASSERT_EQ(s.sample_moments.size(), 2u);
  EXPECT_NEAR(s.sample_moments[0].mu, 148.0 / 9, 1e-9);
  // At $1 per ATU cluster 1 becomes the most profitable: 33.9 < 49.3.
  EXPECT_EQ(finished_phase({{"c0", 3, 10}, {"c1", 1, 2}}).intermediary_cluster(), 1);
}

TEST(BatsSampling, BadInputIsRefused) {
  EXPECT_THROW(SamplingPhase(kTwo, 6, 7), std::invalid_argument);  // ns < nlr
  EXPECT_THROW(SamplingPhase(kTwo, 9, 0), std::invalid_argument);
  EXPECT_THROW(SamplingPhase(kTwo, 9, 7, 2), std::invalid_argument);
  EXPECT_THROW(SamplingPhase({}, 9, 7), std::invalid_argument);
  SamplingPhase p(kTwo, 9, 7);
  EXPECT_THROW(p.next_task(2), std::invalid_argument);
  EXPECT_THROW(p.sample_done(0, 5), std::invalid_argument);  // none running
}

TEST(BatsImplicitSampling, EveryClusterNeedsItsOwnSample) {
  ImplicitSampling s(kTwo, 2, 4);
  EXPECT_EQ(s.initial_configuration(), (std::vector<int>{4, 2}));
  s.task_finished(0, 100);
  s.task_finished(0, 200);
  s.task_finished(1, 50);
  EXPECT_FALSE(s.complete());
  EXPECT_THROW(s.ti_s(), std::logic_error);
  s.task_finished(1, 70);
  ASSERT_TRUE(s.complete());
  EXPECT_EQ(s.ti_s(), (std::vector<double>{150, 60}));
  EXPECT_DOUBLE_EQ(s.sample_sets()[1].tail_estimate(55), 70);
  EXPECT_THROW(ImplicitSampling(kTwo, 0, 4), std::invalid_argument);
  EXPECT_THROW(s.task_finished(5, 1), std::invalid_argument);
}

// Which clusters the sampling still needs a machine of (BaTS asks again for those that lost
// theirs): a replicated task not finished there, or fewer than ns tasks (implicit).
TEST(BatsSampling, NeedsAClusterUntilItsReplicatedTasksAreDone) {
  SamplingPhase p(kTwo, 9, 7);
  EXPECT_TRUE(p.needs(0));
  EXPECT_TRUE(p.needs(1));
  for (int r = 0; r < kNlr; ++r) {
    p.next_task(0);
    p.replicated_done(r, 0, 10);
  }
  EXPECT_FALSE(p.needs(0));  // the others are self-scheduled on any machine
  EXPECT_TRUE(p.needs(1));
  for (int r = 0; r < kNlr - 1; ++r) {
    p.next_task(1);
    p.replicated_done(r, 1, 20 + r);
  }
  EXPECT_TRUE(p.needs(1));  // one replicated task left there
  EXPECT_FALSE(finished_phase(kTwo).needs(1));
  EXPECT_THROW(p.needs(2), std::invalid_argument);
}

TEST(BatsImplicitSampling, NeedsAClusterUntilItHasNsTasks) {
  ImplicitSampling s(kTwo, 2, 4);
  s.task_finished(0, 100);
  EXPECT_TRUE(s.needs(0));
  s.task_finished(0, 200);
  EXPECT_FALSE(s.needs(0));
  EXPECT_TRUE(s.needs(1));
  EXPECT_THROW(s.needs(-1), std::invalid_argument);
}

// 3.2 after the regression, ATU 100 s: the 7 replicated tasks done on both clusters, no other
// sample task yet (ns = 9). Cluster 0's Ti is the mean of its replicated times 10..22: 16 s.
TEST(BatsSampling, AfterTheRegressionOnlyTheIntermediaryMachineTakesAnyTask) {
  SamplingPhase p(kTwo, 9, 7);
  const MachineState late{0, 7, 112, 95, false, 0, false};  // 95 + 16 > 100: not in paid time
  const MachineState early{0, 7, 112, 10, false, 0, false};
  EXPECT_TRUE(p.takes_task(late, false, 100, false));  // before the regression: any machine
  for (int r = 0; r < kNlr; ++r) {
    p.next_task(0);
    p.next_task(1);
    p.replicated_done(r, 0, 10 + 2 * r);
    p.replicated_done(r, 1, 1 + 2 * (10 + 2 * r));
  }
  ASSERT_TRUE(p.regression_ready());
  EXPECT_DOUBLE_EQ(p.ti_s()[0], 16);
  EXPECT_TRUE(p.takes_task(late, true, 100, false));    // the intermediary machine
  EXPECT_FALSE(p.takes_task(late, false, 100, false));  // another: only within its paid time
  EXPECT_TRUE(p.takes_task(early, false, 100, false));
  EXPECT_FALSE(p.takes_task(early, false, 100, true));  // nothing left in the bag
  // At the end of an ATU: a replicated task running, or the intermediary machine of an
  // incomplete sample, goes on; nothing else.
  EXPECT_TRUE(p.goes_on(true, false));
  EXPECT_TRUE(p.goes_on(false, true));
  EXPECT_FALSE(p.goes_on(false, false));
  p.next_task(0);
  p.next_task(1);
  p.sample_done(0, 16);
  p.sample_done(1, 41);
  ASSERT_TRUE(p.complete());
  EXPECT_FALSE(p.goes_on(false, true));
}

TEST(BatsSampling, TheIntermediaryMachineIsTheOneWhosePaidTimeEndsLast) {
  const std::vector<int> clusters{0, 1, 1, 1};
  const std::vector<double> paid{3600, 3600, 7200, 7200};
  EXPECT_EQ(intermediary_machine(clusters, paid, 1), 2);  // the first of the two latest
  EXPECT_EQ(intermediary_machine(clusters, paid, 0), 0);
  EXPECT_EQ(intermediary_machine(clusters, paid, 2), -1);  // none: one is rented
  EXPECT_THROW(intermediary_machine(clusters, {3600}, 0), std::invalid_argument);
}
