// The brokers' arithmetic (Sulistio & Buyya 2005, section 4), with numbers worked out by hand
// from eqs. 4-6, kappa and the submission rules, on the BADG resources of Table 1 where it fits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/rng.hpp"
#include "grid/bidding.hpp"

using namespace botsim;
using namespace botsim::grid;

namespace {

ResourceView resource(const std::string& name, int pe, double mips, double min_bid = 5,
                      double max_bid = 500) {
  ResourceView r;
  r.name = name;
  r.pe = pe;
  r.mips_per_pe = mips;
  r.min_bid = min_bid;
  r.max_bid = max_bid;
  return r;
}

// Table 1: R0..R3 are 4 PEs of 1050 MIPS, bids [5, 500]; R4 is 1 PE of 684 MIPS, bids [1, 100].
std::vector<ResourceView> badg() {
  return {resource("R0", 4, 1050), resource("R1", 4, 1050), resource("R2", 4, 1050),
          resource("R3", 4, 1050), resource("R4", 1, 684, 1, 100)};
}

std::vector<int> counts(const std::vector<size_t>& plan, size_t resources) {
  std::vector<int> c(resources, 0);
  for (size_t r : plan) ++c.at(r);
  return c;
}

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

// --- 4.1.1 / 4.1.2 ---------------------------------------------------------------------------

TEST(GridResourceView, CapabilityAndAverageBid) {
  auto r = badg();
  EXPECT_DOUBLE_EQ(r[0].capability(), 4200.0);
  EXPECT_DOUBLE_EQ(r[4].capability(), 684.0);
  EXPECT_DOUBLE_EQ(r[0].avg_bid(), 252.5);  // (5 + 500) / 2
  EXPECT_DOUBLE_EQ(r[4].avg_bid(), 50.5);   // (1 + 100) / 2
}

TEST(GridSlowestResource, SmallestCapability) {
  EXPECT_EQ(slowest_resource(badg()), 4u);  // R4, C = 684
  // Equal C: the first of them.
  std::vector<ResourceView> rs{resource("a", 2, 1000), resource("b", 1, 500), resource("c", 2, 250),
                               resource("d", 1, 500)};
  EXPECT_EQ(slowest_resource(rs), 1u);  // b and c both 500
}

TEST(GridEstimatedTime, AsPrintedAvgLengthTimesPeOverC) {
  // est_time = avgLength * PE_slowest / C_slowest.
  auto r = badg();
  EXPECT_DOUBLE_EQ(estimated_time(750000, r[4]), 750000.0 / 684.0);  // 1096.49 s
  EXPECT_NEAR(estimated_time(750000, r[4]), 1096.491, 1e-3);
  // On a 4-PE resource: 750000 * 4 / 4200 = 714.29 s (the time of one task on one PE).
  EXPECT_NEAR(estimated_time(750000, r[0]), 714.2857, 1e-4);
  EXPECT_DOUBLE_EQ(estimated_time(750000, r[0]), 750000.0 / 1050.0);
}

TEST(GridInitialBid, Eq4BothBranches) {
  auto r = badg();
  // est_time <= D: avgBid.
  EXPECT_DOUBLE_EQ(initial_bid(1096.5, 36000, r[4]), 50.5);
  EXPECT_DOUBLE_EQ(initial_bid(714.3, 36000, r[0]), 252.5);
  // est_time > D: maxBid.
  EXPECT_DOUBLE_EQ(initial_bid(40000, 36000, r[4]), 100.0);
  EXPECT_DOUBLE_EQ(initial_bid(40000, 36000, r[0]), 500.0);
  // The boundary: est_time == D is not > D.
  EXPECT_DOUBLE_EQ(initial_bid(36000, 36000, r[0]), 252.5);
  EXPECT_DOUBLE_EQ(initial_bid(36000.001, 36000, r[0]), 500.0);
}

TEST(GridInitialBid, FromTheSlowestResourceOfBadg) {
  // 50 tasks of avg 750,000 MI, D = 10 h: est_time 1096 s on R4 <= D -> avgBid on every r.
  auto rs = badg();
  double est = estimated_time(750000, rs[slowest_resource(rs)]);
  EXPECT_DOUBLE_EQ(initial_bid(est, 36000, rs[0]), 252.5);
  EXPECT_DOUBLE_EQ(initial_bid(est, 36000, rs[4]), 50.5);
  // A 15-minute deadline is tighter than est_time: maxBid.
  EXPECT_DOUBLE_EQ(initial_bid(est, 900, rs[0]), 500.0);
  EXPECT_DOUBLE_EQ(initial_bid(est, 900, rs[4]), 100.0);
}

// --- eq. 5 -----------------------------------------------------------------------------------

TEST(GridFinishTime, RemainingOverShare) {
  EXPECT_DOUBLE_EQ(finish_time(750000, 625), 1200.0);
  EXPECT_DOUBLE_EQ(finish_time(3 * 750000, 1050), 2142.857142857143);
  EXPECT_DOUBLE_EQ(finish_time(0, 625), 0.0);  // nothing left
  EXPECT_DOUBLE_EQ(finish_time(0, 0), 0.0);    // nothing left, no share
  EXPECT_EQ(finish_time(1000, 0), kInf);       // no share: never
}

// --- 4.1.4: the three cases ------------------------------------------------------------------

TEST(GridClassify, BoundariesAtHalfTimeAndTime) {
  const double time = 1000;
  // Case 2, decrease: finish_time <= time / 2.
  EXPECT_EQ(classify(0, time), BidCase::Decrease);
  EXPECT_EQ(classify(499, time), BidCase::Decrease);
  EXPECT_EQ(classify(500, time), BidCase::Decrease);
  // Case 1, keep: time / 2 < finish_time < time.
  EXPECT_EQ(classify(500.001, time), BidCase::Keep);
  EXPECT_EQ(classify(750, time), BidCase::Keep);
  EXPECT_EQ(classify(999.999, time), BidCase::Keep);
  // Case 3, increase: finish_time >= time.
  EXPECT_EQ(classify(1000, time), BidCase::Increase);
  EXPECT_EQ(classify(1001, time), BidCase::Increase);
  EXPECT_EQ(classify(kInf, time), BidCase::Increase);
}

// --- eq. 6 -----------------------------------------------------------------------------------

TEST(GridAdjustedBid, IncreaseDecreaseKeep) {
  ResourceView r = resource("R0", 4, 1050);                 // [5, 500]
  EXPECT_DOUBLE_EQ(adjusted_bid(1500, 1000, 40, r), 60.0);  // case 3: 1500/1000 * 40
  EXPECT_DOUBLE_EQ(adjusted_bid(1000, 1000, 40, r), 40.0);  // case 3 on its boundary: * 1
  EXPECT_DOUBLE_EQ(adjusted_bid(250, 1000, 40, r), 10.0);   // case 2: 250/1000 * 40
  EXPECT_DOUBLE_EQ(adjusted_bid(500, 1000, 40, r), 20.0);   // case 2 on its boundary: / 2
  EXPECT_DOUBLE_EQ(adjusted_bid(700, 1000, 40, r), 40.0);   // case 1: keep
  EXPECT_DOUBLE_EQ(adjusted_bid(501, 1000, 40, r), 40.0);   // case 1, just above time / 2
}

TEST(GridAdjustedBid, ClampedToMinAndMaxBid) {
  ResourceView r = resource("R0", 4, 1050);                   // [5, 500]
  EXPECT_DOUBLE_EQ(adjusted_bid(20000, 1000, 40, r), 500.0);  // 800 -> maxBid
  EXPECT_DOUBLE_EQ(adjusted_bid(100, 1000, 40, r), 5.0);      // 4 -> minBid
  EXPECT_DOUBLE_EQ(adjusted_bid(kInf, 1000, 40, r), 500.0);   // never finishes -> maxBid
  EXPECT_DOUBLE_EQ(adjusted_bid(700, 1000, 600, r), 500.0);   // kept bid is still held in range
  EXPECT_DOUBLE_EQ(adjusted_bid(700, 1000, 2, r), 5.0);
  ResourceView r4 = resource("R4", 1, 684, 1, 100);
  EXPECT_DOUBLE_EQ(adjusted_bid(3000, 1000, 40, r4), 100.0);  // 120 -> 100
  EXPECT_DOUBLE_EQ(adjusted_bid(10, 1000, 40, r4), 1.0);      // 0.4 -> 1
}

TEST(GridAdjustedBid, MaxBidOnceTheDeadlineHasPassed) {
  ResourceView r = resource("R0", 4, 1050);
  EXPECT_DOUBLE_EQ(adjusted_bid(100, 0, 40, r), 500.0);
  EXPECT_DOUBLE_EQ(adjusted_bid(100, -60, 40, r), 500.0);
  EXPECT_DOUBLE_EQ(adjusted_bid(0, -60, 5, r), 500.0);
  ResourceView r4 = resource("R4", 1, 684, 1, 100);
  EXPECT_DOUBLE_EQ(adjusted_bid(100, -1, 40, r4), 100.0);
}

// --- 4.2: kappa and L_task -------------------------------------------------------------------

TEST(GridKappa, IntegerDivision) {
  EXPECT_EQ(kappa(50, 5), 10);  // section 5: 50 tasks, 5 resources
  EXPECT_EQ(kappa(7, 3), 2);
  EXPECT_EQ(kappa(2, 5), 0);
  EXPECT_EQ(kappa(5, 0), 0);  // no resource: nothing to send
}

TEST(GridTasksThatFit, WholeTasksWithinTheLimit) {
  // Holding 1000 MI at 10 MIPS, limit 200 s: +500 -> 150 s, +500 -> 200 s (fits), +500 -> 250 s.
  EXPECT_EQ(tasks_that_fit(1000, 10, {500, 500, 500}, 200), 2u);
  EXPECT_EQ(tasks_that_fit(0, 10, {500, 500, 500}, 200), 3u);
  // Taken in order: the first that does not fit stops the count.
  EXPECT_EQ(tasks_that_fit(1000, 10, {1500, 100}, 200), 0u);
  // Already late, or no share: none.
  EXPECT_EQ(tasks_that_fit(3000, 10, {1}, 200), 0u);
  EXPECT_EQ(tasks_that_fit(0, 0, {1}, 200), 0u);
  EXPECT_EQ(tasks_that_fit(0, 10, {}, 200), 0u);
  // BADG numbers: one PE of R0 (1050 MIPS), 2 h left, tasks of 750,000 MI (714 s each):
  // floor(7200 / 714.29) = 10 tasks.
  EXPECT_EQ(tasks_that_fit(0, 1050, std::vector<double>(20, 750000), 7200), 10u);
}

TEST(GridTasksThatFit, AsksOnlyForTheLengthsItLooksAt) {
  std::vector<size_t> asked;
  auto length = [&asked](size_t j) {
    asked.push_back(j);
    return 500.0;
  };
  // The third task does not fit: the rest of a long List is never looked at.
  EXPECT_EQ(tasks_that_fit(1000, 10, 1000000, length, 200), 2u);
  EXPECT_EQ(asked, (std::vector<size_t>{0, 1, 2}));
  asked.clear();
  EXPECT_EQ(tasks_that_fit(0, 0, 5, length, 200), 0u);  // no share: nothing asked
  EXPECT_TRUE(asked.empty());
}

// --- 4.1.3: global submission ----------------------------------------------------------------

TEST(GridGlobalSubmissionPlan, BadgFiftyTasks) {
  // sum C = 4 * 4200 + 684 = 17484; R4 gets floor(50 * 684 / 17484) = floor(1.956) = 1 task,
  // the smallest; the 49 others go to R0..R3 only.
  std::vector<double> lengths;
  for (int i = 0; i < 50; ++i) lengths.push_back(700000 + ((i * 37) % 50) * 2000.0);
  const size_t smallest =
      std::min_element(lengths.begin(), lengths.end()) - lengths.begin();  // 700000 at i = 0
  ASSERT_EQ(smallest, 0u);
  Rng rng = make_rng(1, "grid-test");
  auto plan = global_submission_plan(lengths, badg(), rng);
  ASSERT_EQ(plan.size(), 50u);
  auto c = counts(plan, 5);
  EXPECT_EQ(c[4], 1);
  EXPECT_EQ(plan[smallest], 4u);
  EXPECT_EQ(c[0] + c[1] + c[2] + c[3], 49);
  for (size_t r = 0; r < 4; ++r) EXPECT_GT(c[r], 0) << "R" << r;  // 49 uniform draws over 4
}

TEST(GridGlobalSubmissionPlan, DeterministicForASeed) {
  std::vector<double> lengths;
  for (int i = 0; i < 50; ++i) lengths.push_back(800000 - i * 1000.0);
  Rng a = make_rng(42, "grid-test"), b = make_rng(42, "grid-test"), c = make_rng(43, "grid-test");
  auto pa = global_submission_plan(lengths, badg(), a);
  auto pb = global_submission_plan(lengths, badg(), b);
  auto pc = global_submission_plan(lengths, badg(), c);
  EXPECT_EQ(pa, pb);
  EXPECT_NE(pa, pc);      // 49 random draws: another seed gives another plan
  EXPECT_EQ(pa[49], 4u);  // the smallest (800000 - 49000) goes to R4 whatever the seed
  EXPECT_EQ(pc[49], 4u);
}

TEST(GridGlobalSubmissionPlan, SeveralWeakResourcesSmallestToWeakestFirst) {
  // C = 1000, 2000, 4000 (sum 7000), 14 tasks of lengths 1..14 given shuffled:
  // weakest gets floor(14/7) = 2 (lengths 1, 2), next floor(14*2/7) = 4 (lengths 3..6), the
  // strongest the 8 others (lengths 7..14).
  std::vector<double> lengths{9, 3, 14, 1, 7, 12, 5, 2, 11, 6, 13, 4, 8, 10};
  std::vector<ResourceView> rs{resource("mid", 2, 1000), resource("big", 4, 1000),
                               resource("small", 1, 1000)};
  Rng rng = make_rng(3, "grid-test");
  auto plan = global_submission_plan(lengths, rs, rng);
  ASSERT_EQ(plan.size(), lengths.size());
  for (size_t i = 0; i < lengths.size(); ++i) {
    size_t expected = lengths[i] <= 2 ? 2u : lengths[i] <= 6 ? 0u : 1u;
    EXPECT_EQ(plan[i], expected) << "task of length " << lengths[i];
  }
}

TEST(GridGlobalSubmissionPlan, EqualResourcesAllDrawnAtRandom) {
  std::vector<ResourceView> rs{resource("a", 4, 1050), resource("b", 4, 1050)};
  std::vector<double> lengths(40, 750000);
  Rng rng = make_rng(5, "grid-test");
  auto c = counts(global_submission_plan(lengths, rs, rng), 2);
  EXPECT_EQ(c[0] + c[1], 40);
  EXPECT_GT(c[0], 0);
  EXPECT_GT(c[1], 0);
}

// --- No-Opt and 4.2 best available -----------------------------------------------------------

TEST(GridUniformSubmissionPlan, EvenSpread) {
  Rng rng = make_rng(1, "grid-test");
  auto plan = uniform_submission_plan(50, 5, rng);
  ASSERT_EQ(plan.size(), 50u);
  EXPECT_EQ(counts(plan, 5), (std::vector<int>{10, 10, 10, 10, 10}));
  // 7 over 3: dealt in turn, 3, 2, 2.
  auto odd = uniform_submission_plan(7, 3, rng);
  EXPECT_EQ(counts(odd, 3), (std::vector<int>{3, 2, 2}));
}

TEST(GridUniformSubmissionPlan, RandomOrderDeterministicForASeed) {
  Rng a = make_rng(9, "grid-test"), b = make_rng(9, "grid-test"), c = make_rng(10, "grid-test");
  auto pa = uniform_submission_plan(50, 5, a);
  EXPECT_EQ(pa, uniform_submission_plan(50, 5, b));
  EXPECT_NE(pa, uniform_submission_plan(50, 5, c));
  std::vector<size_t> dealt(50);
  for (size_t i = 0; i < 50; ++i) dealt[i] = i % 5;
  EXPECT_NE(pa, dealt);  // shuffled, not in turn
}

TEST(GridBestAvailablePlan, LeastLoadedFirst) {
  Rng rng = make_rng(1, "grid-test");
  // Queues 2, 0, 1: the first task to r1 (0 queued), then r1 and r2 (1 each) share the next two.
  auto plan = best_available_plan(3, {2, 0, 1}, rng);
  ASSERT_EQ(plan.size(), 3u);
  EXPECT_EQ(plan[0], 1u);
  std::vector<size_t> rest{plan[1], plan[2]};
  std::sort(rest.begin(), rest.end());
  EXPECT_EQ(rest, (std::vector<size_t>{1, 2}));
  // A loaded resource gets nothing until the others catch up.
  auto c = counts(best_available_plan(4, {5, 0, 0}, rng), 3);
  EXPECT_EQ(c, (std::vector<int>{0, 2, 2}));
  // Queues end level: 1 + 8 tasks over 3 resources -> 3 each, so 2, 3, 3 new tasks.
  c = counts(best_available_plan(8, {1, 0, 0}, rng), 3);
  EXPECT_EQ(c, (std::vector<int>{2, 3, 3}));
  EXPECT_TRUE(best_available_plan(3, {}, rng).empty());
}
