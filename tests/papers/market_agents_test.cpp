// `botsim experiment market`'s part 3, the agents' allocations under each billing rule
// (papers/market/market_agents.hpp): the table and the findings on canned runs, worked by hand;
// each finding also shown failing on a table where it does not hold.
#include "papers/market/market_agents.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

using botsim::papers::market_agents_findings;
using botsim::papers::market_agents_table;
using botsim::papers::MarketAgentsRun;

namespace {

// Two seeds of each mechanism. Per started hour FixedAM pays 10 hours of $2.795 ($27.95),
// I-ElasticAM 2 ($5.59); per second both pay what they held: FixedAM `fixed_s` $ on both seeds,
// I-ElasticAM $4.60 and $5.00. Makespans 6000 and 6400 s under both rules, but I-ElasticAM's
// seed 2 per second ends `elastic_2_span_s`.
std::vector<MarketAgentsRun> agents_runs(double fixed_s, double elastic_2_span_s = 6400) {
  std::vector<MarketAgentsRun> runs;
  auto add = [&](const std::string& m, unsigned long long seed, const std::string& billing,
                 double span, double spent, long hours, double seconds) {
    MarketAgentsRun r;
    r.mechanism = m;
    r.seed = seed;
    r.billing = billing;
    r.makespan_s = span;
    r.spent = spent;
    r.charged_hours = hours;
    r.charged_s = seconds;
    runs.push_back(r);
  };
  // Listed out of order: the table sorts by mechanism, seed, then per started hour first.
  add("i-elastic", 2, "per_second", elastic_2_span_s, 5.0, 14, 44800);
  add("i-elastic", 2, "per_started_unit", 6400, 5.59, 14, 50400);
  add("i-elastic", 1, "per_second", 6000, 4.6, 14, 42000);
  add("i-elastic", 1, "per_started_unit", 6000, 5.59, 14, 50400);
  for (unsigned long long seed = 1; seed <= 2; ++seed) {
    const double span = seed == 1 ? 6000 : 6400;
    add("fixed", seed, "per_started_unit", span, 27.95, 70, 252000);
    add("fixed", seed, "per_second", span, fixed_s, 14, 42000);
  }
  return runs;
}

std::map<std::string, botsim::campaign::Finding> agents_by_id(
    const std::vector<botsim::campaign::Finding>& found) {
  std::map<std::string, botsim::campaign::Finding> out;
  for (const auto& f : found) out.emplace(f.id, f);
  return out;
}

}  // namespace

TEST(MarketAgents, TableByMechanismSeedAndRule) {
  const auto t = market_agents_table(agents_runs(4.8));
  ASSERT_EQ(t.rows.size(), 8u);
  EXPECT_EQ(t.header, (std::vector<std::string>{"mechanism", "seed", "billing", "makespan_s",
                                                "spent", "charged_hours", "charged_s"}));
  EXPECT_EQ(t.rows[0], (std::vector<std::string>{"fixed", "1", "per_started_unit", "6000", "27.95",
                                                 "70", "252000"}));
  EXPECT_EQ(t.rows[1][2], "per_second");
  EXPECT_EQ(t.rows[4], (std::vector<std::string>{"i-elastic", "1", "per_started_unit", "6000",
                                                 "5.59", "14", "50400"}));
  EXPECT_EQ(t.rows[7][4], "5");
}

// FixedAM per second $4.80 on both seeds, I-ElasticAM $4.60 and $5.00 (mean $4.80): the same
// makespans (0 %); FixedAM 4.8 / 27.95 = 17.17 % of its hourly bill, I-ElasticAM 4.8 / 5.59 =
// 85.87 %; FixedAM per second 0 % above I-ElasticAM.
TEST(MarketAgents, FindingsHoldOnAHandWorkedTable) {
  auto f = agents_by_id(market_agents_findings(market_agents_table(agents_runs(4.8))));
  ASSERT_EQ(f.size(), 4u);
  EXPECT_NEAR(f.at("agents same makespan").value, 0, 1e-12);
  EXPECT_EQ(f.at("agents same makespan").verdict(), "yes");
  EXPECT_NEAR(f.at("agents fixed per-second cheaper").value, 4.8 / 27.95 * 100, 1e-9);
  EXPECT_EQ(f.at("agents fixed per-second cheaper").verdict(), "yes");
  EXPECT_NEAR(f.at("agents i-elastic per-second cheaper").value, 4.8 / 5.59 * 100, 1e-9);
  EXPECT_EQ(f.at("agents i-elastic per-second cheaper").verdict(), "yes");
  EXPECT_NEAR(f.at("agents fixed as cheap per second").value, 0, 1e-9);
  EXPECT_NEAR(f.at("agents fixed as cheap per second").margin(), 10, 1e-9);
  EXPECT_EQ(f.at("agents fixed as cheap per second").verdict(), "yes");
}

// FixedAM per second $30 (above its $27.95: 107.3 %, and 30 / 4.8 - 1 = 525 % above
// I-ElasticAM); I-ElasticAM's seed 2 per second 6528 s, 2 % longer than 6400.
TEST(MarketAgents, FindingsAnswerNoWhereTheyDoNotHold) {
  auto f = agents_by_id(market_agents_findings(market_agents_table(agents_runs(30, 6528))));
  EXPECT_NEAR(f.at("agents same makespan").value, 2, 1e-9);
  EXPECT_EQ(f.at("agents same makespan").verdict(), "no");
  EXPECT_NEAR(f.at("agents fixed per-second cheaper").value, 30 / 27.95 * 100, 1e-9);
  EXPECT_EQ(f.at("agents fixed per-second cheaper").verdict(), "no");
  EXPECT_NEAR(f.at("agents fixed as cheap per second").value, 525, 1e-9);
  EXPECT_EQ(f.at("agents fixed as cheap per second").verdict(), "no");
  // I-ElasticAM per second dearer than per hour: $5.59 per second on seed 1 and $6 on seed 2.
  auto runs = agents_runs(4.8);
  for (auto& r : runs)
    if (r.mechanism == "i-elastic" && r.billing == "per_second") r.spent = r.seed == 1 ? 5.59 : 6;
  f = agents_by_id(market_agents_findings(market_agents_table(runs)));
  EXPECT_NEAR(f.at("agents i-elastic per-second cheaper").value, 5.795 / 5.59 * 100, 1e-9);
  EXPECT_EQ(f.at("agents i-elastic per-second cheaper").verdict(), "no");
}
