// BaTS (Oprescu, Kielmann & Leahu 2011), 4.3 between the phases: the schedules proposed after
// the sampling, the user's choice and the money the execution may spend, worked out by hand.
#include <gtest/gtest.h>

#include <vector>

#include "bats/proposal.hpp"

using namespace botsim::bats;

namespace {

// One cluster at $1 per ATU of 100 s, 4 machines, Ti = 60 s, 10 tasks left. Bmin1: one machine,
// 600 s, 6 ATUs: $6; the knapsack at $6 buys 3 machines for 2 ATUs (delta_n = 10 - 3 x 3 = 1),
// which case (a) raises to $8 for all 4 (bats_execution_test.cpp). All 4 cost $8 (Bfastest).
const std::vector<Cluster> kProposalCluster{{"c1", 1, 4}};
Proposal proposal_for(const UserChoice& choice, std::optional<double> budget_left = {}) {
  return propose(kProposalCluster, 100, {60}, 10, choice, budget_left);
}

}  // namespace

TEST(BatsProposal, TheUserPicksOneOfTheFourSchedules) {
  Proposal p = proposal_for(UserChoice{2, std::nullopt, true});
  ASSERT_EQ(p.schedules.size(), 4u);
  EXPECT_EQ(p.schedules[0].name, "Sched1");
  EXPECT_DOUBLE_EQ(p.schedules[0].budget, 6);
  EXPECT_EQ(p.chosen.name, "Sched2");
  EXPECT_DOUBLE_EQ(p.chosen.budget, 8);  // ceil(1.2 x $6)
  EXPECT_EQ(p.chosen.config.machines, std::vector<int>{4});
  EXPECT_DOUBLE_EQ(p.money.budget, 8);
  EXPECT_TRUE(p.infeasible.empty());
}

TEST(BatsProposal, ABudgetGivenIsRefinedLikeTheProposedOnes) {
  Proposal p = proposal_for(UserChoice{2, 6.0, true});
  EXPECT_EQ(p.schedules.size(), 4u);  // proposed all the same (schedules.json)
  EXPECT_EQ(p.chosen.name, "budget");
  EXPECT_EQ(p.chosen.risk, Risk::RaisedBudget);
  EXPECT_DOUBLE_EQ(p.money.budget, 8);  // the raise accepted: all 4 machines
  EXPECT_EQ(p.money.config.machines, std::vector<int>{4});

  Proposal refused = proposal_for(UserChoice{2, 6.0, false});
  EXPECT_DOUBLE_EQ(refused.money.budget, 6);  // the knapsack's own answer for $6
  EXPECT_EQ(refused.money.config.machines, std::vector<int>{3});
}

TEST(BatsProposal, ABudgetTheEstimatesFindInfeasiblePlansNoMachine) {
  Proposal p = proposal_for(UserChoice{2, 3.0, true});
  EXPECT_EQ(p.chosen.name, "none");
  EXPECT_DOUBLE_EQ(p.chosen.budget, 3);
  EXPECT_EQ(p.money.config.machines, std::vector<int>{0});
  EXPECT_EQ(p.infeasible.rfind("on the sample's estimates, ", 0), 0u) << p.infeasible;
}

TEST(BatsProposal, TheStandaloneModePlansWithWhatItsSamplingLeft) {
  // A budget of $9, $3 of it paid for the implicit sampling: the schedule is the one for the $6
  // left (raised by $2); the ledger holds the $9 in all plus the raise, the $3 already spent.
  Proposal p = proposal_for(UserChoice{2, 9.0, true}, 6.0);
  EXPECT_EQ(p.chosen.name, "budget");
  EXPECT_DOUBLE_EQ(p.chosen.budget, 6);
  EXPECT_DOUBLE_EQ(p.chosen.raise, 2);
  EXPECT_DOUBLE_EQ(p.chosen.cushion, 0);
  EXPECT_DOUBLE_EQ(p.money.raise, 2);
  EXPECT_DOUBLE_EQ(p.money.budget, 11);
}
