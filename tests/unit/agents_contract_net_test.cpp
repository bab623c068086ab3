// The contract net protocol of Gutierrez-Garcia & Sim (2012), Section 2.2 and Table 5.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <string>

#include "agents/contract_net.hpp"

using namespace botsim::agents;

TEST(AgentsContractNet, CheapestProposalWins) {
  CnpOutcome o = select_winner({{"spa1", 0.40}, {"spa2", std::nullopt}, {"spa3", 0.34}});
  EXPECT_TRUE(o.awarded);
  EXPECT_EQ(o.winner, "spa3");
  EXPECT_DOUBLE_EQ(o.price, 0.34);
  EXPECT_EQ(o.rejected, std::vector<std::string>{"spa1"});
  EXPECT_EQ(o.refused, std::vector<std::string>{"spa2"});
  EXPECT_EQ(failure_reason(o), "");
}

TEST(AgentsContractNet, EqualPricesGoToTheEarliestReply) {
  // Section 5.1(c): equal proposals, any may win; botsim takes the first of the (randomly
  // ordered) contractors.
  CnpOutcome o = select_winner({{"spa4", 0.17}, {"spa1", 0.17}, {"spa2", 0.20}});
  EXPECT_EQ(o.winner, "spa4");
  EXPECT_EQ(o.rejected, (std::vector<std::string>{"spa1", "spa2"}));
}

TEST(AgentsContractNet, EveryContractorRefusesSoTheCnpFails) {
  CnpOutcome o =
      select_winner({{"spa1", std::nullopt}, {"spa2", std::nullopt}, {"spa3", std::nullopt}});
  EXPECT_FALSE(o.awarded);
  EXPECT_EQ(o.winner, "");
  EXPECT_TRUE(o.rejected.empty());
  EXPECT_EQ(o.refused, (std::vector<std::string>{"spa1", "spa2", "spa3"}));
  EXPECT_EQ(failure_reason(o), "every contractor refused (spa1, spa2, spa3)");
  EXPECT_FALSE(select_winner({}).awarded);
  EXPECT_EQ(failure_reason(select_winner({})), "no contractor replied");
}

TEST(AgentsContractNet, NonPositivePriceIsRefused) {
  EXPECT_THROW(select_winner({{"spa1", 0.0}}), std::invalid_argument);
  EXPECT_THROW(select_winner({{"spa1", 0.3}, {"spa2", -0.1}}), std::invalid_argument);
  EXPECT_THROW(validate_price(std::nan(""), "standard-small"), std::invalid_argument);
  EXPECT_DOUBLE_EQ(parse_price("0.085", "standard-small"), 0.085);
  for (const char* bad : {"0", "-1", "", "abc", "0.3$", "inf"}) {
    SCOPED_TRACE(bad);
    try {
      parse_price(bad, "micro");
      ADD_FAILURE() << "accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()).rfind("micro: ", 0), 0u) << e.what();
    }
  }
}

TEST(AgentsContractNet, ChoosesKDistinctContractors) {
  const std::vector<std::string> providers = {"spa1", "spa2", "spa3", "spa4", "spa5"};
  auto rng = botsim::make_rng(1, "cnp");
  auto chosen = choose_contractors(providers, kDefaultContractors, rng);
  ASSERT_EQ(chosen.size(), 3u);
  std::set<std::string> distinct(chosen.begin(), chosen.end());
  EXPECT_EQ(distinct.size(), 3u);
  for (const auto& c : chosen) EXPECT_EQ(std::count(providers.begin(), providers.end(), c), 1);
  // Same seed, same contractors; over many calls every provider gets called.
  auto rng2 = botsim::make_rng(1, "cnp");
  EXPECT_EQ(choose_contractors(providers, 3, rng2), chosen);
  std::set<std::string> ever;
  for (int i = 0; i < 50; ++i)
    for (const auto& c : choose_contractors(providers, 3, rng)) ever.insert(c);
  EXPECT_EQ(ever.size(), 5u);
  EXPECT_EQ(choose_contractors(providers, 5, rng).size(), 5u);
}

TEST(AgentsContractNet, MoreContractorsThanProvidersIsAnError) {
  const std::vector<std::string> providers = {"spa1", "spa2"};
  auto rng = botsim::make_rng(1, "cnp");
  try {
    choose_contractors(providers, 3, rng);
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "cannot call 3 contractors: the directory lists only 2 providers");
  }
  EXPECT_THROW(choose_contractors(providers, 0, rng), std::invalid_argument);
  EXPECT_THROW(choose_contractors({}, 1, rng), std::invalid_argument);
}
