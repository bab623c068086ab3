// The bats2011 experiment's findings checked on canned tables: each claim holds on tables made
// to match the paper, and each answers "no" on a table where it does not hold.
#include "papers/bats2011/bats2011.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace botsim;
using namespace botsim::campaign;
using namespace botsim::papers;

namespace {

const std::vector<std::string> kRun{
    "budget",          "spent",           "sampling_spent",    "execution_spent",
    "tasks_done",      "tasks_total",     "sampling_min",      "expected_makespan_min",
    "execution_min",   "execution_ratio", "violation_signals", "first_signal_min",
    "reconfigurations"};

// One run's cells: $1000 budget, $900 spent, 1000 tasks, `minutes` of execution, its estimate
// equal, a first violation signal at `signal` minutes ("" for none).
std::vector<std::string> run(const std::string& minutes, const std::string& signal = "") {
  return {"1000",
          "900",
          "100",
          "800",
          "1000",
          "1000",
          "45",
          minutes,
          minutes,
          "1",
          signal.empty() ? "0" : "1",
          signal,
          "0"};
}

// Tables where every claim holds: the paper's numbers.
Bats2011Tables paper() {
  Bats2011Tables t;
  t.fig5 = {
      {"scenario", "rep", "cluster", "mu_lr_min", "mu_real_min", "sigma_lr_min", "sigma_real_min"},
      {{"S4-1", "0", "cluster1", "15.3", "15", "2.3", "2.236"}}};
  // Spent, then S + B, the paper's quantity (S4-1's C.M. $837 with LR, $1026 without).
  t.table1 = {
      {"profitability", "scenario", "S_lr", "CM_lr", "FM_lr", "S_implicit", "CM_implicit",
       "FM_implicit", "CM_lr_budget", "FM_lr_budget", "CM_implicit_budget", "FM_implicit_budget"},
      {{"0.25", "S4-1", "105", "830", "2025", "450", "1000", "2034", "837", "2030", "1026", "2040"},
       {"1", "S1-1", "42", "774", "810", "180", "756", "810", "780", "815", "760", "815"}}};
  t.fig6.header = {"scenario", "schedule", "rep", "paper_run"};
  t.fig6.header.insert(t.fig6.header.end(), kRun.begin(), kRun.end());
  t.fig6.header.push_back("paper_execution_min");
  auto row6 = [&](const std::string& s, const std::string& k, const std::string& minutes,
                  bool in_paper) {
    std::vector<std::string> r{s, k, "0", in_paper ? "yes" : "no"};
    for (std::string& c : run(minutes)) r.push_back(c);
    r.push_back(in_paper ? minutes : "");
    t.fig6.rows.push_back(r);
  };
  row6("S3-4", "Sched1", "118", true);
  row6("S3-4", "Sched2", "108", true);
  row6("S3-4", "Sched3", "108", true);
  row6("S3-4", "Sched4", "95", true);
  row6("S4-1", "Sched1", "2500", false);
  row6("S4-1", "Sched2", "449", true);
  row6("S4-1", "Sched3", "293", true);
  row6("S4-1", "Sched4", "236", true);
  t.fig7.header = {"rep", "cushion"};
  t.fig7.header.insert(t.fig7.header.end(), kRun.begin(), kRun.end());
  auto row7 = [&](const std::string& rep, const std::string& cushion,
                  const std::vector<std::string>& cells) {
    std::vector<std::string> r{rep, cushion};
    r.insert(r.end(), cells.begin(), cells.end());
    t.fig7.rows.push_back(r);
  };
  // Three seeds (kCushionMinSeeds) with a signal 20 min into the first ATU, 14 % longer.
  for (const char* rep : {"0", "1", "2"}) {
    row7(rep, "accepted", run("236", "20"));
    row7(rep, "refused", run("269", "20"));
  }
  return t;
}

const Finding& find(const std::vector<Finding>& all, const std::string& id) {
  for (const Finding& f : all)
    if (f.id == id) return f;
  throw std::runtime_error("no finding " + id);
}

std::size_t col(const CsvTable& t, const std::string& name) {
  return static_cast<std::size_t>(std::find(t.header.begin(), t.header.end(), name) -
                                  t.header.begin());
}

// One cell of the paper's tables changed, after which finding `id` must answer "no".
struct Change {
  std::string id;
  CsvTable Bats2011Tables::*table;
  std::size_t row;
  std::string column, value;
};

}  // namespace

TEST(Bats2011Findings, EveryClaimHoldsOnThePapersNumbers) {
  std::vector<Finding> all = bats2011_findings(paper());
  ASSERT_EQ(all.size(), 15u);
  for (const Finding& f : all) EXPECT_EQ(f.verdict(), "yes") << f.id << ": " << f.botsim;
  EXPECT_NEAR(find(all, "fig5 mu").value, 2, 1e-9);  // 15.3 / 15 - 1, in %
  EXPECT_EQ(find(all, "fig5 mu").rules, kRulesBotsim);
  EXPECT_EQ(bats2011_findings(paper(), kRulesPaper).at(0).rules, kRulesPaper);
  EXPECT_NEAR(find(all, "table1 S").value, 105.0 / 450, 1e-12);
  EXPECT_NEAR(find(all, "table1 penalty").value, 1026.0 / 837, 1e-12);
  EXPECT_EQ(find(all, "runs").value, 0);
  EXPECT_NEAR(find(all, "fig7 cushion").value, 100 * (269.0 / 236 - 1), 1e-9);
  EXPECT_EQ(find(all, "fig6 S3-4 Sched1").value, 0);
  EXPECT_EQ(find(all, "fig7 cushion").runs->n, 3u);
}

// Each makespan's tolerance tells the schedule from its scenario's others: half the distance to
// the nearest other makespan the paper gives, at most 15 %.
TEST(Bats2011Findings, AMakespansToleranceTellsItFromTheScenariosOthers) {
  // S3-4: 118 against 108 (8.47 %): 4.24 %; 108 against 118 or 95: 95 / 108 is 12.0 % off,
  // 118 / 108 9.26 %: 4.63 %; 95 against 108: 13.7 %: 6.84 %.
  EXPECT_NEAR(paper_tolerance_percent("S3-4", "sched1"), 100 * (1 - 108.0 / 118) / 2, 1e-9);
  EXPECT_NEAR(paper_tolerance_percent("S3-4", "sched2"), 100 * (118.0 / 108 - 1) / 2, 1e-9);
  EXPECT_NEAR(paper_tolerance_percent("S3-4", "sched4"), 100 * (108.0 / 95 - 1) / 2, 1e-9);
  // S4-1: 449 is 34.7 % from 293: 15 % caps it; 269 without the cushion against 293: 4.46 %.
  EXPECT_EQ(paper_tolerance_percent("S4-1", "sched2"), 15);
  EXPECT_NEAR(paper_tolerance_percent("S4-1", "sched4-nocushion"), 100 * (293.0 / 269 - 1) / 2,
              1e-9);
  EXPECT_THROW(paper_tolerance_percent("S4-1", "sched1"), std::out_of_range);
}

// The check of Fig. 7's run without the cushion fails on the cushioned time (236 min against
// the paper's 269: 12.3 %, beyond its 4.46 %), and a seed at the cushioned time makes a "partly".
TEST(Bats2011Findings, TheRunWithoutTheCushionIsNotTheCushionedTime) {
  Bats2011Tables t = paper();
  const size_t minutes = col(t.fig7, "execution_min");
  t.fig7.rows.at(1).at(minutes) = "236";
  EXPECT_EQ(find(bats2011_findings(t), "fig7 S4-1 Sched4 without cushion").verdict(), "partly");
  for (auto& row : t.fig7.rows) row.at(minutes) = "236";
  EXPECT_EQ(find(bats2011_findings(t), "fig7 S4-1 Sched4 without cushion").verdict(), "no");
}

// A claim judged over runs: "partly" when the mean holds and some run does not.
TEST(Bats2011Findings, ARunBeyondItsEstimateMakesAPartly) {
  Bats2011Tables t = paper();
  t.fig6.rows.at(0).at(col(t.fig6, "execution_ratio")) = "1.188";  // S3-4 Sched1, seed 8
  const std::vector<Finding> all = bats2011_findings(t);
  const Finding& f = find(all, "estimates");
  EXPECT_EQ(f.verdict(), "partly");
  EXPECT_EQ(f.runs->n, 7u);
  EXPECT_EQ(f.runs->holding, 6u);
  EXPECT_EQ(f.runs->worst, 1.188);
  EXPECT_NEAR(f.value, (6 + 1.188) / 7, 1e-12);
}

TEST(Bats2011Findings, EachCheckFailsWhereItsClaimDoesNotHold) {
  using T = Bats2011Tables;
  const std::vector<Change> changes{
      {"fig5 mu", &T::fig5, 0, "mu_lr_min", "17"},
      {"fig5 sigma", &T::fig5, 0, "sigma_lr_min", "3.2"},
      // A 28 % error is not "almost perfect" (2.871 / 2.236 - 1 = 28.4 %).
      {"fig5 sigma", &T::fig5, 0, "sigma_lr_min", "2.871"},
      {"table1 S", &T::table1, 1, "S_lr", "200"},
      {"table1 penalty", &T::table1, 0, "CM_implicit_budget", "850"},  // 850 / 837: 1.6 %
      {"runs", &T::fig6, 0, "tasks_done", "999"},
      {"runs", &T::fig7, 1, "spent", "1001"},
      {"estimates", &T::fig6, 3, "execution_ratio", "3"},  // the mean (6 + 3) / 7 beyond
      {"fig6 S3-4 Sched1", &T::fig6, 0, "execution_min", "140"},
      {"fig6 S4-1 Sched4", &T::fig6, 7, "execution_min", ""},  // incomplete
      {"fig7 S4-1 Sched4 without cushion", &T::fig7, 1, "execution_min", "200"},
      // S3-4 Sched1 at Sched2's time.
      {"fig6 S3-4 Sched1", &T::fig6, 0, "execution_min", "108"},
      // The cushion: a seed fewer with a signal in the first ATU (none at all, or after 60 min)
      // leaves 2, too few to judge; or no delay.
      {"fig7 cushion", &T::fig7, 1, "first_signal_min", ""},
      {"fig7 cushion", &T::fig7, 1, "first_signal_min", "75"},
      {"fig7 cushion", &T::fig7, 1, "execution_min", "150"}};
  for (const Change& c : changes) {
    Bats2011Tables t = paper();
    CsvTable& table = t.*c.table;
    table.rows.at(c.row).at(col(table, c.column)) = c.value;
    EXPECT_EQ(find(bats2011_findings(t), c.id).verdict(), "no") << c.id << " " << c.column;
  }
}

TEST(Bats2011Findings, AMissingColumnIsNamed) {
  Bats2011Tables t = paper();
  t.fig6.header[col(t.fig6, "execution_ratio")] = "ratio";
  EXPECT_THROW(bats2011_findings(t), std::runtime_error);
}
