// The broker agent's decisions (agents/broker_rules.hpp), with numbers worked out by hand.
#include <gtest/gtest.h>

#include "agents/broker_rules.hpp"
#include "core/summary.hpp"

using namespace botsim;
using namespace botsim::agents;

namespace {
HeldResource held_for_rules(double price, double start, double alloc_end, bool released = false) {
  return HeldResource{"ra", "spa", "type", price, start, alloc_end, released, 0, {}};
}
}  // namespace

// I-ElasticAM, one-hour slots: A holds 0-3600 s (1 slot of 0.085), B 1800-9000 s (2 slots of
// 0.34 = 0.68), C is released (nothing more). 1.00 spent + 0.085 + 0.68 = 1.765; renewing B
// for one slot more adds 0.34 (2.105), an award not yet allocated 0.17 more (2.275).
TEST(BrokerRules, CommittedMoneyCountsSlotsPaidInAdvance) {
  AllocationConfig elastic;
  const std::vector<HeldResource> rs{held_for_rules(0.085, 0, 3600),
                                     held_for_rules(0.34, 1800, 9000),
                                     held_for_rules(5.0, 0, 3600, true)};
  EXPECT_NEAR(committed_money(elastic, 1.0, rs, std::nullopt, 0, 0), 1.765, 1e-12);
  EXPECT_NEAR(committed_money(elastic, 1.0, rs, 1, 1, 0), 2.105, 1e-12);
  EXPECT_NEAR(committed_money(elastic, 1.0, rs, 1, 1, 0.17), 2.275, 1e-12);
  // FixedAM pays to the allocation end too: the same slots here. Nothing held: what was spent.
  AllocationConfig fixed;
  fixed.mechanism = AllocationMechanism::FixedAM;
  EXPECT_NEAR(committed_money(fixed, 1.0, rs, std::nullopt, 0, 0), 1.765, 1e-12);
  EXPECT_EQ(committed_money(elastic, 0.5, {}, std::nullopt, 0, 0), 0.5);
}

// 2.275 fits a budget of 2.275 (to a billionth) and of 3, not one of 2.27; no budget: any sum.
TEST(BrokerRules, AffordableWithinTheBudget) {
  EXPECT_TRUE(affordable(2.275, 2.275));
  EXPECT_TRUE(affordable(2.275, 2.275 + 5e-10));
  EXPECT_TRUE(affordable(3.0, 2.275));
  EXPECT_FALSE(affordable(2.27, 2.275));
  EXPECT_TRUE(affordable(std::nullopt, 1e12));
}

TEST(BrokerRules, StoppedAsTheMostTellingCause) {
  EXPECT_EQ(stopped_as({true, true, true}), user_status::kDeadlinePassed);
  EXPECT_EQ(stopped_as({false, true, true}), user_status::kOutOfBudget);
  EXPECT_EQ(stopped_as({false, false, true}), user_status::kResourcesFailed);
  EXPECT_EQ(stopped_as({}), "");
}

TEST(BrokerRules, EndAndResult) {
  EXPECT_TRUE(bot_must_end(true, false, 3, 0));    // every task done
  EXPECT_TRUE(bot_must_end(false, true, 3, 0));    // deadline
  EXPECT_TRUE(bot_must_end(false, false, 0, 0));   // nothing left to run on
  EXPECT_FALSE(bot_must_end(false, false, 0, 1));  // a replacement is on its way
  EXPECT_FALSE(bot_must_end(false, false, 2, 0));
  EXPECT_TRUE(result_may_go(true, 0, 0));
  EXPECT_FALSE(result_may_go(false, 0, 0));
  EXPECT_FALSE(result_may_go(true, 1, 0));  // a release not yet acknowledged
  EXPECT_FALSE(result_may_go(true, 0, 2));  // late CNPs still open
}

TEST(BrokerRules, ReasonsJoined) {
  EXPECT_EQ(joined_reasons({}), "");
  EXPECT_EQ(joined_reasons({"a"}), "a");
  EXPECT_EQ(joined_reasons({"m1.small: every SPA refused", "resource ra3 failed"}),
            "m1.small: every SPA refused; resource ra3 failed");
}

// Where a broker's run ends: nothing left holds; a BoT left, with the releases it waits for,
// is named with its broker.
TEST(BrokerRules, NoBotLeftWhereTheRunEnds) {
  EXPECT_EQ(broker_end_problem("ba-0", {}), "");
  EXPECT_EQ(broker_end_problem("ba-1", {{"CA0", 2, true}, {"CA3", 0, false}}),
            "broker agent ba-1 ended the run holding 2 BoT(s) never reported, 2 release(s) "
            "pending: CA0 (ending, 2 releases pending); CA3 (not ending, 0 releases pending)");
}
