// `botsim experiment market`'s tables and findings on canned runs, worked by hand
// (docs/market.md, "Findings"); each finding also shown failing on a table where it does not
// hold.
#include "papers/market/market.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

using botsim::papers::market_bats_table;
using botsim::papers::market_fig1_table;
using botsim::papers::market_findings;
using botsim::papers::market_strategies_table;
using botsim::papers::market_summary_table;
using botsim::papers::MarketRun;

namespace {

// Fig. 1's bag on 1-3 hosts: hourly 2.50 / 2.60 / 3.00, per second as given.
std::vector<MarketRun> market_fig1_runs(const std::vector<double>& per_second) {
  std::vector<MarketRun> runs;
  const std::vector<double> hourly{2.5, 2.6, 3.0};
  for (long h = 1; h <= 3; ++h) {
    MarketRun a;
    a.billing = "per_started_unit";
    a.hosts = h;
    a.makespan_s = 90000.0 / static_cast<double>(h);
    a.spent = hourly[h - 1];
    MarketRun b = a;
    b.billing = "per_second";
    b.spent = per_second[h - 1];
    runs.push_back(a);
    runs.push_back(b);
  }
  return runs;
}

// Three start days: on demand 1.00 $ and in time every day; spot 0.30, 0.35 and 0.90 $, late
// on day 2 (2 tasks run again each day); spot-fallback 0.40, 0.40, 0.60 $, in time (1 task).
std::vector<MarketRun> market_strategy_runs(double fallback_day2_makespan_s) {
  std::vector<MarketRun> runs;
  auto add = [&](const std::string& s, int day, double spent, double makespan, long rerun) {
    MarketRun r;
    r.strategy = s;
    r.day = day;
    r.spent = spent;
    r.makespan_s = makespan;
    r.tasks_rerun = rerun;
    r.spent_on_lost_work = 0.01 * static_cast<double>(rerun);
    runs.push_back(r);
  };
  for (int day = 0; day < 3; ++day) {
    add("on-demand", day, 1.0, 12000, 0);
    add("spot", day, day == 2 ? 0.9 : (day == 0 ? 0.3 : 0.35), day == 2 ? 20000 : 12500, 2);
    add("spot-fallback", day, day == 2 ? 0.6 : 0.4, day == 2 ? fallback_day2_makespan_s : 12500, 1);
  }
  return runs;
}

// BaTS on two seeds: hourly 8000 s / 747.00 $ and 8000 s / 700.00 $; per second as given.
std::vector<MarketRun> market_bats_runs(double seed2_makespan_s, double seed1_spent) {
  std::vector<MarketRun> runs;
  auto add = [&](const char* billing, unsigned long long seed, double makespan, double spent) {
    MarketRun r;
    r.billing = billing;
    r.bats_seed = seed;
    r.makespan_s = makespan;
    r.spent = spent;
    r.budget = 754;
    runs.push_back(r);
  };
  add("per_started_unit", 1, 8000, 747);
  add("per_started_unit", 2, 8000, 700);
  add("per_second", 1, 8000, seed1_spent);
  add("per_second", 2, seed2_makespan_s, 650);
  return runs;
}

std::map<std::string, botsim::campaign::Finding> market_by_id(
    const std::vector<botsim::campaign::Finding>& found) {
  std::map<std::string, botsim::campaign::Finding> out;
  for (const auto& f : found) out.emplace(f.id, f);
  return out;
}

}  // namespace

TEST(MarketFindings, HoldOnAHandWorkedTable) {
  std::vector<MarketRun> runs = market_fig1_runs({2.5, 2.5, 2.5});
  for (const auto& r : market_strategy_runs(15000)) runs.push_back(r);
  for (const auto& r : market_bats_runs(8010, 627.6)) runs.push_back(r);
  const auto fig1 = market_fig1_table(runs);
  const auto bats = market_bats_table(runs);
  ASSERT_EQ(bats.rows.size(), 4u);
  EXPECT_EQ(bats.rows[0][1], "per_started_unit");  // seed 1 hourly, then per second
  EXPECT_EQ(bats.rows[1][3], "627.6");
  ASSERT_EQ(fig1.rows.size(), 3u);
  EXPECT_EQ(fig1.rows[2][2], "3");
  const auto strategies = market_strategies_table(runs);
  ASSERT_EQ(strategies.rows.size(), 9u);
  // Day 2's spot run ends at 20,000 s, past the 16,200 s deadline.
  EXPECT_EQ(strategies.rows[7][1], "spot");
  EXPECT_EQ(strategies.rows[7][3], "no");
  auto f = market_by_id(market_findings(fig1, bats, strategies));
  // BaTS: seed 2 ends 10 s later per second, 0.125 %; it spends (627.60 + 650) / (747 + 700) =
  // 88.29 % of the hourly bill.
  EXPECT_NEAR(f.at("bats same schedule").value, 0.125, 1e-9);
  EXPECT_EQ(f.at("bats same schedule").verdict(), "yes");
  EXPECT_NEAR(f.at("bats per-second cheaper").value, 1277.6 / 1447 * 100, 1e-9);
  EXPECT_EQ(f.at("bats per-second cheaper").verdict(), "yes");
  // (3.00 - 2.50) / 2.50 = 20 % >= 10 %.
  EXPECT_NEAR(f.at("fig1 hourly steps").value, 20, 1e-9);
  EXPECT_EQ(f.at("fig1 hourly steps").verdict(), "yes");
  EXPECT_NEAR(f.at("fig1 per-second flat").value, 0, 1e-12);
  EXPECT_EQ(f.at("fig1 per-second flat").verdict(), "yes");
  // Spot: (0.30 + 0.35 + 0.90) / 3 = 0.5167 of 1.00: 51.67 % <= 70 %, but day 2 alone is 90 %.
  const auto& spot = f.at("spot saves");
  EXPECT_NEAR(spot.value, 155.0 / 3, 1e-9);
  EXPECT_EQ(spot.runs->n, 3u);
  EXPECT_EQ(spot.runs->holding, 2u);
  EXPECT_EQ(spot.verdict(), "partly");
  EXPECT_NE(spot.cause.find("day 2 90 %"), std::string::npos) << spot.cause;
  EXPECT_NEAR(f.at("spot-fallback saves").value, 140.0 / 3, 1e-9);
  EXPECT_EQ(f.at("spot-fallback saves").verdict(), "yes");
  EXPECT_EQ(f.at("spot-fallback meets the deadline").value, 0);
  EXPECT_EQ(f.at("spot-fallback meets the deadline").verdict(), "yes");
  EXPECT_EQ(f.at("spot misses deadlines").value, 1);
  EXPECT_EQ(f.at("spot misses deadlines").verdict(), "yes");
  EXPECT_NEAR(f.at("spot-fallback loses no more work").value, -1, 1e-12);
  // The summary: spot-fallback's cost 0.4667 $, 0.4667 of on-demand's, none missed.
  const auto summary = market_summary_table(runs);
  ASSERT_EQ(summary.rows.size(), 3u);
  EXPECT_EQ(summary.rows[2][0], "spot-fallback");
  EXPECT_NEAR(std::stod(summary.rows[2][2]), 1.4 / 3, 1e-5);
  EXPECT_NEAR(std::stod(summary.rows[2][5]), 1.4 / 3, 1e-5);
  EXPECT_EQ(summary.rows[1][6], "1");
}

TEST(MarketFindings, AnswerNoWhereTheyDoNotHold) {
  // Per second 2.50 / 2.60 / 2.50: 4 % > 2 %; hourly as above. Fallback late on day 2 (17,000 s)
  // where on demand is in time.
  std::vector<MarketRun> runs = market_fig1_runs({2.5, 2.6, 2.5});
  for (auto& r : runs)
    if (r.billing == "per_started_unit") r.spent = 2.5 + 0.02 * static_cast<double>(r.hosts);
  for (const auto& r : market_strategy_runs(17000)) runs.push_back(r);
  // BaTS: seed 2 ends 200 s later per second (2.5 % > 1 %); seed 1 spends 800 per second, so
  // (800 + 650) / 1447 = 100.2 % > 100 %.
  for (const auto& r : market_bats_runs(8200, 800)) runs.push_back(r);
  auto f = market_by_id(market_findings(market_fig1_table(runs), market_bats_table(runs),
                                        market_strategies_table(runs)));
  EXPECT_NEAR(f.at("bats same schedule").value, 2.5, 1e-9);
  EXPECT_EQ(f.at("bats same schedule").verdict(), "no");
  EXPECT_EQ(f.at("bats per-second cheaper").verdict(), "no");
  // Hourly 2.52 / 2.54 / 2.56: (2.56 - 2.52) / 2.52 = 1.59 % < 10 %.
  EXPECT_NEAR(f.at("fig1 hourly steps").value, 0.04 / 2.52 * 100, 1e-9);
  EXPECT_EQ(f.at("fig1 hourly steps").verdict(), "no");
  EXPECT_NEAR(f.at("fig1 per-second flat").value, 4, 1e-9);
  EXPECT_EQ(f.at("fig1 per-second flat").verdict(), "no");
  EXPECT_EQ(f.at("spot-fallback meets the deadline").value, 1);
  EXPECT_EQ(f.at("spot-fallback meets the deadline").verdict(), "no");
  // The fallback reran 1 task a day, spot 2: with spot at 0 it loses more (1 - 0 > 0).
  for (auto& r : runs)
    if (r.strategy == "spot") r.tasks_rerun = 0;
  f = market_by_id(market_findings(market_fig1_table(runs), market_bats_table(runs),
                                   market_strategies_table(runs)));
  EXPECT_NEAR(f.at("spot-fallback loses no more work").value, 1, 1e-12);
  EXPECT_EQ(f.at("spot-fallback loses no more work").verdict(), "no");
  EXPECT_NE(f.at("spot-fallback meets the deadline").cause.find("day(s) 2:"), std::string::npos);
}

TEST(MarketFindings, SpotThatNeverMissesAndCostsAsMuch) {
  // Spot in time every day and at on-demand's price: "misses" and "saves" are no.
  std::vector<MarketRun> runs = market_fig1_runs({2.5, 2.5, 2.5});
  for (auto r : market_strategy_runs(12500)) {
    if (r.strategy == "spot") {
      r.makespan_s = 12500;
      r.spent = 1.0;
    }
    runs.push_back(r);
  }
  for (const auto& r : market_bats_runs(8000, 627.6)) runs.push_back(r);
  auto f = market_by_id(market_findings(market_fig1_table(runs), market_bats_table(runs),
                                        market_strategies_table(runs)));
  EXPECT_EQ(f.at("spot misses deadlines").verdict(), "no");
  EXPECT_NEAR(f.at("spot saves").value, 100, 1e-9);
  EXPECT_EQ(f.at("spot saves").verdict(), "no");
}

TEST(MarketTrace, ShiftedFromAStartDay) {
  // Prices 0.10 from 0 s, 0.30 from 1,800 s, 0.05 from 5,400 s. From 1,000 s for 4,000 s:
  // 0.10 at 0, 0.30 at 800; 5,400 s is past the window.
  const botsim::cloud::SpotPriceTrace t({{0, 0.10}, {1800, 0.30}, {5400, 0.05}});
  EXPECT_EQ(botsim::papers::shifted_trace_csv(t, 1000, 4000), "time_s,price\n0,0.1\n800,0.3\n");
  EXPECT_EQ(botsim::papers::shifted_trace_csv(t, 6000, 100), "time_s,price\n0,0.05\n");
}
