// findings.csv rows: verdicts and margins computed from a value, a comparison and a threshold.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "campaign/findings.hpp"

using namespace botsim::campaign;

TEST(Findings, AtMostHoldsWithItsMargin) {
  Finding f = at_most("fig7", "No-Opt users pay less", "yes", "ratio", 0.8, 1.0);
  EXPECT_NEAR(f.margin(), 0.2, 1e-12);
  EXPECT_TRUE(f.holds());
  EXPECT_EQ(f.verdict(), "yes");
}

TEST(Findings, AtMostFailsWhenTheValueIsOverTheThreshold) {
  Finding f = at_most("fig7", "No-Opt users pay less", "yes", "ratio", 1.25, 1.0);
  EXPECT_NEAR(f.margin(), -0.25, 1e-12);
  EXPECT_FALSE(f.holds());
  EXPECT_EQ(f.verdict(), "no");
}

TEST(Findings, AtLeastHoldsOnTheThresholdAndFailsBelowIt) {
  EXPECT_EQ(at_least("a", "c", "p", "t", 10, 10, "s").verdict(), "yes");
  Finding f = at_least("a", "c", "p", "t", 9.84, 10, "s");
  EXPECT_NEAR(f.margin(), -0.16, 1e-12);
  EXPECT_EQ(f.verdict(), "no");
}

TEST(Findings, AValueThatCouldNotBeMeasuredNeverHolds) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(at_most("a", "c", "p", "t", nan, 1).verdict(), "no");
  EXPECT_EQ(at_least("a", "c", "p", "t", nan, 1).verdict(), "no");
}

TEST(Findings, TableHasTheContractColumnsAndComputedFields) {
  Finding f =
      at_most("obs 3", "within 10 %, e.g. 6.33 %", "6.33 %", "largest difference", 4.1, 10, "%");
  f.botsim = "largest difference 4.1 %";
  botsim::CsvTable t = findings_table({f});
  ASSERT_EQ(t.header,
            (std::vector<std::string>{"id", "claim", "paper", "botsim", "test", "value",
                                      "threshold", "margin", "unit", "verdict", "rules", "n",
                                      "mean", "ci95_low", "ci95_high", "worst", "cause"}));
  ASSERT_EQ(t.rows.size(), 1u);
  EXPECT_EQ(t.rows[0][4], "largest difference <= 10");
  EXPECT_EQ(t.rows[0][5], "4.1");
  EXPECT_EQ(t.rows[0][6], "10");
  EXPECT_EQ(t.rows[0][7], "5.9");
  EXPECT_EQ(t.rows[0][9], "yes");
  EXPECT_EQ(t.rows[0][10], "botsim");
  for (size_t c = 11; c < t.header.size(); ++c) EXPECT_EQ(t.rows[0][c], "") << t.header[c];
}

// Over runs: 1.0, 1.1, 1.3 against "<= 1.15". Mean 1.1333, sd 0.152753, t(0.975, 2) =
// 4.302653: half width 4.302653 x 0.152753 / sqrt(3) = 0.379460. The worst run is 1.3 (margin
// -0.15); 2 of 3 runs hold, so the mean's "yes" is a "partly".
TEST(Findings, OverRunsJudgesTheMeanAndShowsTheSpread) {
  Finding f = at_most("estimates", "within Te", "every run", "execution / Te", 0, 1.15);
  f.over_runs({1.0, 1.1, 1.3});
  f.rules = kRulesPaper;
  EXPECT_NEAR(f.value, 3.4 / 3, 1e-12);
  ASSERT_TRUE(f.runs);
  EXPECT_EQ(f.runs->n, 3u);
  EXPECT_EQ(f.runs->holding, 2u);
  EXPECT_NEAR(f.runs->ci95_low, 3.4 / 3 - 0.379460, 1e-5);
  EXPECT_NEAR(f.runs->ci95_high, 3.4 / 3 + 0.379460, 1e-5);
  EXPECT_EQ(f.runs->worst, 1.3);
  EXPECT_EQ(f.verdict(), "partly");
  f.cause = "a sample that underestimates the mean";
  botsim::CsvTable t = findings_table({f});
  EXPECT_EQ(t.rows[0][10], "paper");
  EXPECT_EQ(t.rows[0][11], "3");
  EXPECT_EQ(t.rows[0][12], "1.133");
  EXPECT_EQ(t.rows[0][13], "0.7539");
  EXPECT_EQ(t.rows[0][14], "1.513");
  EXPECT_EQ(t.rows[0][15], "1.3");
  EXPECT_EQ(t.rows[0][16], "a sample that underestimates the mean");
  // Every run within: "yes", and the cause is not shown.
  f.over_runs({1.0, 1.1, 1.15});
  EXPECT_EQ(f.verdict(), "yes");
  EXPECT_EQ(findings_table({f}).rows[0][16], "");
  // The mean beyond: "no".
  f.over_runs({1.2, 1.1, 1.3});
  EXPECT_EQ(f.verdict(), "no");
  // A run that could not be measured: left out of the mean, it does not hold, and is the worst.
  f.over_runs({1.0, std::nan("")});
  EXPECT_EQ(f.value, 1.0);
  EXPECT_EQ(f.verdict(), "partly");
  EXPECT_EQ(f.runs->holding, 1u);
  EXPECT_TRUE(std::isnan(f.runs->worst));
  // None measured: no mean, "no".
  f.over_runs({std::nan("")});
  EXPECT_EQ(f.verdict(), "no");
}

// A tie band: MaxET 1e-4 % over the shortest other is neither a loss nor, at -1e-4 %, a win.
TEST(Findings, ADifferenceWithinTheTieBandIsATie) {
  Finding f = at_most("obs 1", "MaxET the shortest", "the shortest", "over the shortest other",
                      1e-4, 0, "%");
  EXPECT_EQ(f.verdict(), "no");
  f.tie = 1;
  EXPECT_EQ(f.verdict(), "tie");
  f.value = -1e-4;
  EXPECT_EQ(f.verdict(), "tie");
  f.value = -1.5;  // a win by more than the band
  EXPECT_EQ(f.verdict(), "yes");
  f.value = 1.5;
  EXPECT_EQ(f.verdict(), "no");
  EXPECT_EQ(findings_table({f}).rows[0][4], "over the shortest other <= 0 (tie within 1)");
}

// The claims table for the docs: one row per claim, the as-printed runs beside botsim's default.
TEST(Findings, ClaimsTablePutsBothRuleSetsSideBySide) {
  Finding a = at_most("fig6", "ends in 118 min", "118 min", "|botsim / paper - 1|", 6, 15, "%");
  a.botsim = "125 min";
  a.rules = kRulesPaper;
  Finding b = a;
  b.botsim = "118 min";
  b.rules = kRulesBotsim;
  b.value = 0.35;
  Finding c = at_most("runs", "every run complete", "every run", "incomplete", 1, 0);
  c.botsim = "1 of 31";
  c.rules = kRulesPaper;
  c.cause = "no margin for a sample that underestimates (docs)";
  const std::string md = findings_markdown(findings_table({a, b, c}));
  EXPECT_EQ(md,
            "| finding | the paper | botsim, as printed | botsim's default | test | cause of a gap "
            "|\n| --- | --- | --- | --- | --- | --- |\n"
            "| fig6: ends in 118 min | 118 min | 125 min (margin 9 %): **yes** | 118 min (margin "
            "14.65 %): **yes** | \\|botsim / paper - 1\\| <= 15 | - |\n"
            "| runs: every run complete | every run | 1 of 31 (margin -1): **no** | - | incomplete "
            "<= 0 | as printed: no margin for a sample that underestimates (docs) |\n");
  // Two rule sets' different causes, each named.
  Finding d = c;
  d.rules = kRulesBotsim;
  d.cause = "a slow machine";
  const std::string two = findings_markdown(findings_table({c, d}));
  EXPECT_NE(two.find("| as printed: no margin for a sample that underestimates (docs); botsim's "
                     "default: a slow machine |"),
            std::string::npos)
      << two;
}

TEST(Findings, NumbersHaveFourSignificantDigits) {
  EXPECT_EQ(finding_number(0.16000000000000014), "0.16");
  EXPECT_EQ(finding_number(-0.0001234), "-0.0001234");
  EXPECT_EQ(finding_number(-0.0), "0");
  EXPECT_EQ(finding_number(1234.567), "1235");
  EXPECT_EQ(finding_number(0), "0");
  EXPECT_EQ(finding_number(std::nan("")), "");
}

TEST(Findings, SideBySideAndByRulesKeepEachRuleSetsRows) {
  Finding a = at_most("a", "c", "p", "t", 1, 2), b = at_most("b", "c", "p", "t", 3, 2);
  const auto both = side_by_side({a, b}, {a, b});
  ASSERT_EQ(both.size(), 4u);
  EXPECT_EQ(both[0].id + both[0].rules, "apaper");
  EXPECT_EQ(both[1].id + both[1].rules, "abotsim");
  EXPECT_EQ(both[2].id + both[2].rules, "bpaper");
  botsim::CsvTable t{{"x"}, {{"1"}}}, u{{"x"}, {{"2"}, {"3"}}};
  const botsim::CsvTable r = by_rules({{kRulesPaper, t}, {kRulesBotsim, u}});
  EXPECT_EQ(r.header, (std::vector<std::string>{"rules", "x"}));
  ASSERT_EQ(r.rows.size(), 3u);
  EXPECT_EQ(r.rows[0], (std::vector<std::string>{"paper", "1"}));
  EXPECT_EQ(r.rows[2], (std::vector<std::string>{"botsim", "3"}));
  EXPECT_THROW(by_rules({{kRulesPaper, t}, {kRulesBotsim, botsim::CsvTable{{"y"}, {}}}}),
               std::logic_error);
}
