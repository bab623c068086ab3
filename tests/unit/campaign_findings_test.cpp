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
  ASSERT_EQ(t.header, (std::vector<std::string>{"id", "claim", "paper", "botsim", "test", "value",
                                                "threshold", "margin", "unit", "verdict"}));
  ASSERT_EQ(t.rows.size(), 1u);
  EXPECT_EQ(t.rows[0][4], "largest difference <= 10");
  EXPECT_EQ(t.rows[0][5], "4.1");
  EXPECT_EQ(t.rows[0][6], "10");
  EXPECT_EQ(t.rows[0][7], "5.9");
  EXPECT_EQ(t.rows[0][9], "yes");
}

TEST(Findings, NumbersHaveFourSignificantDigits) {
  EXPECT_EQ(finding_number(0.16000000000000014), "0.16");
  EXPECT_EQ(finding_number(-0.0001234), "-0.0001234");
  EXPECT_EQ(finding_number(-0.0), "0");
  EXPECT_EQ(finding_number(1234.567), "1235");
  EXPECT_EQ(finding_number(0), "0");
  EXPECT_EQ(finding_number(std::nan("")), "");
}
