// The experiments' console tables (view/console_tables.hpp) built from hand-made CSV files: the
// numbers rounded as the terminal shows them, each column's unit in its header, the money in
// the model's currency, and the same table as text and as HTML.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "support/temp_dir_test.hpp"
#include "view/console_tables.hpp"

using namespace botsim::view;

namespace {

class ConsoleTables : public botsim::test::TempDirTest {
 protected:
  ConsoleTables() : TempDirTest("botsim-console-tables-") {}
};

std::vector<std::string> headers(const ConsoleTable& t) {
  std::vector<std::string> h;
  for (const auto& c : t.columns) h.push_back(column_header(c));
  return h;
}

}  // namespace

TEST(ConsoleTableNumbers, RoundedOrADash) {
  EXPECT_EQ(fixed("543.828", 2), "543.83");
  EXPECT_EQ(fixed("8010.06259", 0), "8010");
  EXPECT_EQ(fixed("2", 3), "2.000");
  EXPECT_EQ(fixed("-0.001", 2), "0.00");  // not "-0.00"
  EXPECT_EQ(fixed("-1.236", 2), "-1.24");
  EXPECT_EQ(fixed("", 2), "-");  // a user that never finished
  EXPECT_EQ(fixed("nan", 2), "-");
  EXPECT_EQ(fixed("per_second", 2), "-");
  EXPECT_EQ(percent("0.75", 0), "75");
  EXPECT_EQ(percent("0.3333", 1), "33.3");
  EXPECT_EQ(percent("", 0), "-");
}

TEST(ConsoleTableHeaders, UnitInParentheses) {
  EXPECT_EQ(column_header({"cost", "G$", ""}), "cost (G$)");
  EXPECT_EQ(column_header({"user", "", ""}), "user");
}

TEST_F(ConsoleTables, VoPoliciesFromComparisonCsv) {
  write("comparison.csv",
        "setting,domains,speeds,surcharge,tightness,deadline_h,global_cost,global_cost_sd,"
        "local_cost,local_cost_sd,cost_ratio,global_met,local_met,global_lateness,local_lateness\n"
        "V2-spread-s0-d1.1,2,spread,0,1.1,4.36667,871.298,1,1456.77,2,1.67196,0.6,0.25,1,1\n");
  const auto tables = console_tables("vo-policies", dir_);
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(
      headers(tables[0]),
      (std::vector<std::string>{"setting", "deadline (h)", "cost per user (G$)", "met deadline (%)",
                                "cost per user (G$)", "met deadline (%)", "local / global cost"}));
  EXPECT_EQ(tables[0].rows,
            (std::vector<std::vector<std::string>>{
                {"V2-spread-s0-d1.1", "4.37", "871.30", "60", "1456.77", "25", "1.67"}}));
}

TEST_F(ConsoleTables, MarketInDollars) {
  write("bats_billing.csv",
        "seed,billing,makespan_s,spent,budget\n"
        "1,per_started_unit,8010.06259,747,754\n"
        "1,per_second,8010.06259,627.6,754\n");
  write("strategies_summary.csv",
        "strategy,runs,cost_mean,cost_ci95_low,cost_ci95_high,cost_vs_on_demand,"
        "deadlines_missed,tasks_rerun_mean,spent_on_lost_work_mean\n"
        "spot,28,1.933863,1.864767,2.002959,0.300759,2,0.714286,0.003812\n");
  const auto tables = console_tables("market", dir_);  // no fig1_billing.csv: no Fig. 1 table
  ASSERT_EQ(tables.size(), 2u);
  EXPECT_EQ(headers(tables[0]), (std::vector<std::string>{"seed", "billing", "makespan (s)",
                                                          "spent ($)", "budget ($)"}));
  EXPECT_EQ(tables[0].rows[1],
            (std::vector<std::string>{"1", "per_second", "8010", "627.60", "754.00"}));
  EXPECT_EQ(tables[1].rows[0], (std::vector<std::string>{"spot", "28", "1.934", "1.865 - 2.003",
                                                         "0.301", "2", "0.71"}));
}

// The agents' allocations (agents_billing.csv): the hours begun (a count) and the seconds paid for.
TEST_F(ConsoleTables, MarketAgentsChargedHoursAndSeconds) {
  write("agents_billing.csv",
        "mechanism,seed,billing,makespan_s,spent,charged_hours,charged_s\n"
        "fixed,1,per_second,6000.67652,4.65911,14,42007\n");
  const auto tables = console_tables("market", dir_);
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(headers(tables[0]),
            (std::vector<std::string>{"mechanism", "seed", "billing", "makespan (s)", "spent ($)",
                                      "hours begun", "time paid for (s)"}));
  EXPECT_EQ(tables[0].rows[0],
            (std::vector<std::string>{"fixed", "1", "per_second", "6001", "4.66", "14", "42007"}));
}

// Silva's heuristic: means over the seeds per setting, rule and hour end, in the files' order;
// (4000 + 4200) / 2 = 4100 s, (11 + 12) / 2 = 11.5 hosts, (1.1 + 1.2) / 2 = 1.15 $.
TEST_F(ConsoleTables, MarketSilvaMeansOverTheSeeds) {
  write("silva_billing.csv",
        "creation_ratio,increase_ratio,seed,billing,hour_end,makespan_s,hosts,spent,work_s,"
        "lost_tasks,lost_s\n"
        "0,0,1,per_started_unit,stop,4000,11,1.1,1,0,0\n"
        "0,0,1,per_second,stop,4000,11,1.05,1,1,0\n"
        "0,0,2,per_started_unit,stop,4200,12,1.2,1,0,0\n"
        "0,0,2,per_second,stop,4200,12,1.12,1,2,0\n");
  const auto tables = console_tables("market", dir_);
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(headers(tables[0]),
            (std::vector<std::string>{"creationRatio", "increaseRatio", "billing", "hour end",
                                      "makespan (s)", "hosts", "spent ($)", "attempts cut"}));
  ASSERT_EQ(tables[0].rows.size(), 2u);
  EXPECT_EQ(tables[0].rows[0], (std::vector<std::string>{"0", "0", "per_started_unit", "stop",
                                                         "4100", "11.50", "1.1500", "0.00"}));
  EXPECT_EQ(tables[0].rows[1], (std::vector<std::string>{"0", "0", "per_second", "stop", "4100",
                                                         "11.50", "1.0850", "1.50"}));
}

// BaTS's schedules: an incomplete run (no makespan) is counted, and left out of the makespan's
// mean but not of the money's: 20000 s, (800 + 700) / 2 = 750 $.
TEST_F(ConsoleTables, MarketBatsSchedulesCountIncompleteRuns) {
  write("bats_schedules.csv",
        "scenario,schedule,seed,billing,tasks_done,makespan_s,spent,budget\n"
        "S1-1,1,1,per_second,1000,20000,800,812\n"
        "S1-1,1,2,per_second,989,,700,812\n");
  const auto tables = console_tables("market", dir_);
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].rows[0], (std::vector<std::string>{"S1-1", "1", "per_second", "20000",
                                                         "750.00", "812.00", "1"}));
}

TEST_F(ConsoleTables, SulistioJoinsRunTimeAndCost) {
  write("fig6_runtime.csv",
        "user,policy,vo,runs,finished_runs,runtime_h_mean,runtime_h_sd,deadline_h,"
        "met_deadline_runs\n"
        "U0,no-opt,A,2,2,2.5,0.707107,10,2\n"
        "U3,local,B,2,0,,,10,0\n");
  write("fig7_cost.csv",
        "user,policy,vo,runs,cost_mean,cost_sd,fund\n"
        "U0,no-opt,A,2,12,2.82843,100\n"
        "U3,local,B,2,55,7.07107,100\n");
  const auto tables = console_tables("sulistio2005", dir_);
  ASSERT_EQ(tables.size(), 1u);
  // One reading: the title does not name C_r's.
  EXPECT_EQ(tables[0].title,
            "Each user's run time and cost over the runs (fig6_runtime.csv, fig7_cost.csv)");
  EXPECT_EQ(headers(tables[0]),
            (std::vector<std::string>{"user", "policy", "VO", "mean (h)", "sd (h)",
                                      "met deadline (runs)", "mean (G$)", "sd (G$)"}));
  EXPECT_EQ(tables[0].rows, (std::vector<std::vector<std::string>>{
                                {"U0", "no-opt", "A", "2.50", "0.71", "2 of 2", "12.00", "2.83"},
                                {"U3", "local", "B", "-", "-", "0 of 2", "55.00", "7.07"}}));
  // The cost of another user in the same row: the files do not belong together.
  write("fig7_cost.csv",
        "user,policy,vo,runs,cost_mean,cost_sd,fund\n"
        "U0,no-opt,A,2,12,2.82843,100\n"
        "U8,local,A,2,55,7.07107,100\n");
  EXPECT_THROW(console_tables("sulistio2005", dir_), std::runtime_error);
}

TEST_F(ConsoleTables, SilvaPerJobAndRuleSet) {
  // Two creationRatios x two increaseRatios of the render job under botsim's rules; the
  // optimum over the finished runs: (4 x 3 + 4 x 3 + 2 x 5 + 4 x 3) / 14 = 46 / 14 = 3.29 hosts.
  write("settings.csv",
        "rules,job,creation_ratio,increase_ratio,runs,unfinished,timespan_mean_s,hosts_mean,"
        "optimum_hosts_mean,optimum_timespan_mean_s\n"
        "botsim,render,0,0,4,0,3645.4,3.27,3,3000\n"
        "botsim,render,0,0.5,4,0,3581.6,3.366,3,3000\n"
        "botsim,render,1,0,4,2,3319,4.15,5,3700\n"
        "botsim,render,1,0.5,4,0,,,3,3000\n");
  const auto tables = console_tables("silva2008", dir_);
  ASSERT_EQ(tables.size(), 1u);
  // Its timespan: (3 x 4 x 3000 + 2 x 3700) / 14 = 43400 / 14 = 3100 s.
  EXPECT_EQ(tables[0].title,
            "Fig. 5, render-like job, with botsim's rules (the default): 4 runs per setting; "
            "optimum 3.29 hosts, 3100 s (settings.csv)");
  EXPECT_EQ(headers(tables[0]),
            (std::vector<std::string>{"creationRatio", "0", "0.5", "0", "0.5"}));
  EXPECT_EQ(tables[0].columns[1].group, "mean timespan (s) per increaseRatio");
  EXPECT_EQ(tables[0].columns[4].group, "mean hosts per increaseRatio");
  EXPECT_EQ(tables[0].rows,
            (std::vector<std::vector<std::string>>{{"0", "3645", "3582", "3.27", "3.37"},
                                                   {"1", "3319", "-", "4.15", "-"}}));
}

TEST_F(ConsoleTables, NoneWithoutTheFilesOrForFindingsOnly) {
  EXPECT_TRUE(console_tables("market", dir_).empty());
  EXPECT_TRUE(console_tables("bats2011", dir_).empty());  // prints its findings only
  EXPECT_TRUE(console_tables("no-such-experiment", dir_).empty());
}

TEST(ConsoleTableRendering, TextAndHtmlSayTheSame) {
  const ConsoleTable t{"Costs & times",
                       {{"user", "", ""}, {"mean", "G$", "cost"}, {"sd", "G$", "cost"}},
                       {{"U0", "543.83", "2.24"}, {"U10", "1522.87", "-"}}};
  // Words left-aligned, numbers right-aligned, two spaces between columns; the group's name
  // over its columns.
  EXPECT_EQ(console_table_text(t),
            "Costs & times\n"
            "      cost\n"
            "user  mean (G$)  sd (G$)\n"
            "U0       543.83     2.24\n"
            "U10     1522.87        -\n");
  EXPECT_EQ(console_table_html(t),
            "<table class=\"console\">\n"
            "<tr><th rowspan=\"2\">user</th><th colspan=\"2\">cost</th></tr>\n"
            "<tr><th>mean (G$)</th><th>sd (G$)</th></tr>\n"
            "<tr><td>U0</td><td class=\"num\">543.83</td><td class=\"num\">2.24</td></tr>\n"
            "<tr><td>U10</td><td class=\"num\">1522.87</td><td class=\"num\">-</td></tr>\n"
            "</table>\n");
  // A group's name wider than its columns widens the last of them.
  const ConsoleTable wide{"", {{"n", "", "a long group name"}}, {{"1"}}};
  EXPECT_EQ(console_table_text(wide),
            "\na long group name\n" + std::string(16, ' ') + "n\n" + std::string(16, ' ') + "1\n");
  EXPECT_EQ(console_tables_text({wide, wide}),
            console_table_text(wide) + "\n" + console_table_text(wide));
}
