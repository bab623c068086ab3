// The Auctioneer's arithmetic (Sulistio & Buyya 2005, section 3.2), with numbers worked out by
// hand from eqs. 1-3.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "grid/auction.hpp"

using namespace botsim::grid;

// --- eq. 1 -----------------------------------------------------------------------------------

TEST(GridProportionalShares, PaperExampleTenAndSixOnOnePe) {
  // Section 3.2, Fig. 1: User 0 bids 10, User 1 bids 6 on one PE -> 10/16 and 6/16.
  auto s = proportional_shares({10, 6}, 1, 1000);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_DOUBLE_EQ(s[0], 625.0);
  EXPECT_DOUBLE_EQ(s[1], 375.0);
  EXPECT_DOUBLE_EQ(s[0] / 1000, 0.625);
  EXPECT_DOUBLE_EQ(s[1] / 1000, 0.375);
}

TEST(GridProportionalShares, OrderOfBidsIsKept) {
  auto s = proportional_shares({6, 10}, 1, 1000);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_DOUBLE_EQ(s[0], 375.0);
  EXPECT_DOUBLE_EQ(s[1], 625.0);
}

TEST(GridProportionalShares, OnlyBidRatiosMatter) {
  // 20 and 12 are the same ratio as 10 and 6; on R4 (684 MIPS): 427.5 and 256.5.
  auto s = proportional_shares({20, 12}, 1, 684);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_DOUBLE_EQ(s[0], 427.5);
  EXPECT_DOUBLE_EQ(s[1], 256.5);
}

TEST(GridProportionalShares, SingleUserOnOnePeGetsAllOfIt) {
  auto s = proportional_shares({7}, 1, 684);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_DOUBLE_EQ(s[0], 684.0);
}

TEST(GridProportionalShares, TwoPesWaterFilling) {
  // 2 x 1000 MIPS, bids 12, 6, 2: 12/20 of 2000 = 1200 > one PE -> capped at 1000; the other
  // 1000 MIPS go 6:2 -> 750 and 250.
  auto s = proportional_shares({12, 6, 2}, 2, 1000);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_DOUBLE_EQ(s[0], 1000.0);
  EXPECT_DOUBLE_EQ(s[1], 750.0);
  EXPECT_DOUBLE_EQ(s[2], 250.0);
}

TEST(GridProportionalShares, CascadingCapsOverSeveralRounds) {
  // 3 x 1000 MIPS, bids 10, 5, 4, 1 (sum 20): round 1 caps 10 (1500 > 1000);
  // round 2, 2000 MIPS over 5+4+1 = 10: 5 gets exactly 1000 -> capped;
  // round 3, 1000 MIPS over 4+1: 800 and 200.
  auto s = proportional_shares({10, 5, 4, 1}, 3, 1000);
  ASSERT_EQ(s.size(), 4u);
  EXPECT_DOUBLE_EQ(s[0], 1000.0);
  EXPECT_DOUBLE_EQ(s[1], 1000.0);
  EXPECT_DOUBLE_EQ(s[2], 800.0);
  EXPECT_DOUBLE_EQ(s[3], 200.0);
  EXPECT_DOUBLE_EQ(std::accumulate(s.begin(), s.end(), 0.0), 3000.0);
}

TEST(GridProportionalShares, NoCapWhenEveryShareFitsOnePe) {
  // 4 x 1050 MIPS (R0), 8 users of equal bids: 4200 / 8 = 525 each, below one PE.
  auto s = proportional_shares(std::vector<double>(8, 20.0), 4, 1050);
  ASSERT_EQ(s.size(), 8u);
  for (double x : s) EXPECT_DOUBLE_EQ(x, 525.0);
}

TEST(GridProportionalShares, MorePesThanUsersCapsEachAtOnePe) {
  // R0: 4 PEs of 1050 MIPS, two users: one running task each, so one PE each, whatever the bids.
  auto s = proportional_shares({10, 6}, 4, 1050);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_DOUBLE_EQ(s[0], 1050.0);
  EXPECT_DOUBLE_EQ(s[1], 1050.0);
  // Three users, three PEs, very different bids: still one PE each.
  auto t = proportional_shares({100, 1, 1}, 3, 1050);
  ASSERT_EQ(t.size(), 3u);
  for (double x : t) EXPECT_DOUBLE_EQ(x, 1050.0);
}

TEST(GridProportionalShares, NoBidsNoShares) {
  EXPECT_TRUE(proportional_shares({}, 4, 1050).empty());
}

// --- eq. 2 -----------------------------------------------------------------------------------

TEST(GridClampBid, HeldWithinMinAndMax) {
  EXPECT_DOUBLE_EQ(clamp_bid(3, 5, 500), 5.0);      // below minB
  EXPECT_DOUBLE_EQ(clamp_bid(600, 5, 500), 500.0);  // above maxB
  EXPECT_DOUBLE_EQ(clamp_bid(42, 5, 500), 42.0);    // inside
  EXPECT_DOUBLE_EQ(clamp_bid(5, 5, 500), 5.0);      // on the bounds
  EXPECT_DOUBLE_EQ(clamp_bid(500, 5, 500), 500.0);
  EXPECT_DOUBLE_EQ(clamp_bid(0.5, 1, 100), 1.0);  // R4's range
  EXPECT_DOUBLE_EQ(clamp_bid(150, 1, 100), 100.0);
}

// --- eq. 3 -----------------------------------------------------------------------------------

TEST(GridPeriodCost, UnitConversion) {
  EXPECT_DOUBLE_EQ(cents_per_min_to_gd_per_s(60), 0.01);  // 60 cents/min = 1 cent/s
  EXPECT_DOUBLE_EQ(cents_per_min_to_gd_per_s(6000), 1.0);
  static_assert(cents_per_min_to_gd_per_s(0) == 0.0);
}

TEST(GridPeriodCost, FullPeriod) {
  // Share 625 MIPS for 60 s = 37,500 MI used in full; bid 10 cents/min for one minute = 10
  // cents = G$0.10.
  EXPECT_DOUBLE_EQ(period_cost(37500, 625, 10, 60, 0), 0.1);
  // Bid 40 cents/min over a 10 min period, share fully used: 400 cents = G$4.
  EXPECT_DOUBLE_EQ(period_cost(600 * 1050, 1050, 40, 600, 0), 4.0);
}

TEST(GridPeriodCost, PartialPeriodPaysOnlyWhatWasUsed) {
  // Half of the share's 37,500 MI: G$0.05.
  EXPECT_DOUBLE_EQ(period_cost(18750, 625, 10, 60, 0), 0.05);
  // A quarter of 10 min at 1050 MIPS: 0.25 * G$4 = G$1.
  EXPECT_DOUBLE_EQ(period_cost(0.25 * 600 * 1050, 1050, 40, 600, 0), 1.0);
}

TEST(GridPeriodCost, MoreThanTheShareIsCappedAtOne) {
  // q / (S*P) = 50000 / 37500 > 1 -> min(., 1) = 1: the full period's price, no more.
  EXPECT_DOUBLE_EQ(period_cost(50000, 625, 10, 60, 0), 0.1);
}

TEST(GridPeriodCost, SurchargeTwentyPercent) {
  EXPECT_DOUBLE_EQ(period_cost(37500, 625, 10, 60, 0.2), 0.12);
  // Partial period and surcharge together: 0.25 * G$4 * 1.2 = G$1.2.
  EXPECT_DOUBLE_EQ(period_cost(0.25 * 600 * 1050, 1050, 40, 600, 0.2), 1.2);
}

TEST(GridPeriodCost, NothingConsumedOrNoShareCostsNothing) {
  EXPECT_DOUBLE_EQ(period_cost(0, 625, 10, 60, 0.2), 0.0);
  EXPECT_DOUBLE_EQ(period_cost(1000, 0, 10, 60, 0.2), 0.0);
}

TEST(GridPeriodCost, PaperExampleSharesPayTheirBids) {
  // Fig. 1 on a 1000 MIPS PE over one 60 s period, both users busy throughout:
  // User 0 (bid 10) pays G$0.10, User 1 (bid 6) G$0.06.
  auto s = proportional_shares({10, 6}, 1, 1000);
  EXPECT_DOUBLE_EQ(period_cost(s[0] * 60, s[0], 10, 60, 0), 0.1);
  EXPECT_DOUBLE_EQ(period_cost(s[1] * 60, s[1], 6, 60, 0), 0.06);
}
