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
      {{"S4-1", "0", "cluster1", "15.3", "15", "2.5", "2.236"}}};
  t.table1 = {{"profitability", "scenario", "S_lr", "CM_lr", "FM_lr", "S_implicit", "CM_implicit",
               "FM_implicit"},
              {{"0.25", "S4-1", "105", "837", "2025", "450", "1026", "2034"},
               {"1", "S1-1", "42", "774", "810", "180", "756", "810"}}};
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
  auto row7 = [&](const std::string& cushion, const std::vector<std::string>& cells) {
    std::vector<std::string> r{"0", cushion};
    r.insert(r.end(), cells.begin(), cells.end());
    t.fig7.rows.push_back(r);
  };
  row7("accepted", run("236", "20"));
  row7("refused", run("269", "20"));  // signal 20 min into the first ATU, 14 % longer
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
  EXPECT_NEAR(find(all, "table1 S").value, 105.0 / 450, 1e-12);
  EXPECT_NEAR(find(all, "table1 penalty").value, 1026.0 / 837, 1e-12);
  EXPECT_EQ(find(all, "runs").value, 0);
  EXPECT_NEAR(find(all, "fig7 cushion").value, 100 * (269.0 / 236 - 1), 1e-9);
  EXPECT_EQ(find(all, "fig6 S3-4 Sched1").value, 0);
}

TEST(Bats2011Findings, EachCheckFailsWhereItsClaimDoesNotHold) {
  using T = Bats2011Tables;
  const std::vector<Change> changes{
      {"fig5 mu", &T::fig5, 0, "mu_lr_min", "17"},
      {"fig5 sigma", &T::fig5, 0, "sigma_lr_min", "3.2"},
      {"table1 S", &T::table1, 1, "S_lr", "200"},
      {"table1 penalty", &T::table1, 0, "CM_implicit", "850"},  // 850 / 837: 1.6 %
      {"runs", &T::fig6, 0, "tasks_done", "999"},
      {"runs", &T::fig7, 1, "spent", "1001"},
      {"estimates", &T::fig6, 3, "execution_ratio", "1.2"},
      {"fig6 S3-4 Sched1", &T::fig6, 0, "execution_min", "140"},
      {"fig6 S4-1 Sched4", &T::fig6, 7, "execution_min", ""},  // incomplete
      {"fig7 S4-1 Sched4 without cushion", &T::fig7, 1, "execution_min", "200"},
      // The cushion: no signal in the first ATU (none at all, or after 60 min), or no delay.
      {"fig7 cushion", &T::fig7, 1, "first_signal_min", ""},
      {"fig7 cushion", &T::fig7, 1, "first_signal_min", "75"},
      {"fig7 cushion", &T::fig7, 1, "execution_min", "240"}};
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
