// The bats2011 experiment's findings checked on canned tables: each claim holds on tables made
// to match the paper, and each answers "no" on a table where it does not hold.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "experiments/bats2011.hpp"

using namespace botsim;
using namespace botsim::experiments;

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

// The finding `id` answers "no" once `change` is applied to the paper's tables.
void expect_no(const std::string& id, const std::function<void(Bats2011Tables&)>& change) {
  Bats2011Tables t = paper();
  change(t);
  EXPECT_EQ(find(bats2011_findings(t), id).verdict(), "no") << id;
}

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
  expect_no("fig5 mu", [](Bats2011Tables& t) { t.fig5.rows[0][col(t.fig5, "mu_lr_min")] = "17"; });
  expect_no("fig5 sigma",
            [](Bats2011Tables& t) { t.fig5.rows[0][col(t.fig5, "sigma_lr_min")] = "3.2"; });
  expect_no("table1 S", [](Bats2011Tables& t) { t.table1.rows[1][col(t.table1, "S_lr")] = "200"; });
  expect_no("table1 penalty", [](Bats2011Tables& t) {
    t.table1.rows[0][col(t.table1, "CM_implicit")] = "850";  // 850 / 837: 1.6 %
  });
  expect_no("runs", [](Bats2011Tables& t) { t.fig6.rows[0][col(t.fig6, "tasks_done")] = "999"; });
  expect_no("runs", [](Bats2011Tables& t) { t.fig7.rows[1][col(t.fig7, "spent")] = "1001"; });
  expect_no("estimates",
            [](Bats2011Tables& t) { t.fig6.rows[3][col(t.fig6, "execution_ratio")] = "1.2"; });
  expect_no("fig6 S3-4 Sched1",
            [](Bats2011Tables& t) { t.fig6.rows[0][col(t.fig6, "execution_min")] = "140"; });
  expect_no("fig6 S4-1 Sched4",
            [](Bats2011Tables& t) { t.fig6.rows[7][col(t.fig6, "execution_min")] = ""; });
  expect_no("fig7 S4-1 Sched4 without cushion",
            [](Bats2011Tables& t) { t.fig7.rows[1][col(t.fig7, "execution_min")] = "200"; });
  // The cushion: no signal in the first ATU (none at all, or after 60 min), or no delay.
  expect_no("fig7 cushion",
            [](Bats2011Tables& t) { t.fig7.rows[1][col(t.fig7, "first_signal_min")] = ""; });
  expect_no("fig7 cushion",
            [](Bats2011Tables& t) { t.fig7.rows[1][col(t.fig7, "first_signal_min")] = "75"; });
  expect_no("fig7 cushion",
            [](Bats2011Tables& t) { t.fig7.rows[1][col(t.fig7, "execution_min")] = "240"; });
}

TEST(Bats2011Findings, AMissingColumnIsNamed) {
  Bats2011Tables t = paper();
  t.fig6.header[col(t.fig6, "execution_ratio")] = "ratio";
  EXPECT_THROW(bats2011_findings(t), std::invalid_argument);
}
