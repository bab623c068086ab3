// The gutierrez2012 experiment's aggregation of runs into the tables of Sections 5.1-5.3, on
// canned runs with the numbers worked out by hand.
#include "papers/gutierrez2012/gutierrez2012.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "agents/records.hpp"

using namespace botsim;
using namespace botsim::campaign;
using namespace botsim::papers;
using namespace botsim::papers::gutierrez2012;

namespace {

AgentsOutcome gutierrez_outcome(const std::string& heuristic, const std::string& allocation,
                                double makespan_s, double spent, long messages,
                                double overhead_s = NAN) {
  AgentsOutcome o;
  o.heuristic = heuristic;
  o.allocation = allocation;
  o.tasks = 100;
  o.success = !std::isnan(makespan_s);
  o.makespan_s = makespan_s;
  o.spent = spent;
  o.messages = messages;
  o.overhead_s = overhead_s;
  return o;
}

const std::vector<std::string>& gutierrez_row(const CsvTable& t,
                                              const std::vector<std::string>& key) {
  for (const auto& row : t.rows)
    if (std::equal(key.begin(), key.end(), row.begin())) return row;
  throw std::runtime_error("no row " + key.at(0));
}

}  // namespace

TEST(Gutierrez2012Experiment, AnOutcomeIsReadFromItsUser) {
  UserRecord u;
  u.name = "CA0";
  u.policy = "LtoS,MaxET/generalized";
  u.tasks_total = 100;
  u.start_s = 1;
  u.finish_s = 601;
  u.spent = 12.5;
  u.messages = 40;
  agents::set_scheduling_overhead_s(u, 0.25);
  AgentsOutcome o = agents_outcome(u);
  EXPECT_EQ(o.heuristic, "LtoS,MaxET");
  EXPECT_EQ(o.allocation, "generalized");
  EXPECT_TRUE(o.success);
  EXPECT_DOUBLE_EQ(o.makespan_s, 600);
  EXPECT_EQ(o.messages, 40);
  EXPECT_DOUBLE_EQ(o.overhead_s, 0.25);
  // Read back, the makespan is summary.json's: started at 1.0000004 s (written 1), finished at
  // 601.0000008 s (written 601.000001), it took 600.0000004 s, written 600.
  u.finish_s = 601.000001;
  u.written_makespan_s = 600;
  EXPECT_EQ(agents_outcome(u).makespan_s, 600);
  u.written_makespan_s.reset();
  u.finish_s.reset();
  EXPECT_FALSE(agents_outcome(u).success);
  EXPECT_TRUE(std::isnan(agents_outcome(u).makespan_s));
  u.messages.reset();
  EXPECT_THROW(agents_outcome(u), std::runtime_error);
}

TEST(Gutierrez2012Experiment, Section51AveragesEachHeuristicPerSizeAndOverall) {
  // fcfs on uniform BoTs: 100 tasks in 10 and 20 min (two runs), 200 in 30, 300 in 40.
  std::vector<AgentsRun> runs{
      {"s51", "uniform", 19, 100, 0, 100, "fixed", {gutierrez_outcome("fcfs", "fixed", 600, 0, 0)}},
      {"s51",
       "uniform",
       19,
       100,
       1,
       100,
       "fixed",
       {gutierrez_outcome("fcfs", "fixed", 1200, 0, 0)}},
      {"s51",
       "uniform",
       19,
       200,
       0,
       100,
       "fixed",
       {gutierrez_outcome("fcfs", "fixed", 1800, 0, 0)}},
      {"s51",
       "uniform",
       19,
       300,
       0,
       100,
       "fixed",
       {gutierrez_outcome("fcfs", "fixed", 2400, 0, 0),
        gutierrez_outcome("LtoS,MaxET", "fixed", 3000, 0, 0)}},
      // Another section's run is not counted.
      {"s53",
       "uniform",
       14,
       300,
       0,
       100,
       "fixed",
       {gutierrez_outcome("fcfs", "fixed", 9e9, 0, 0)}}};
  Section51 s = section51(runs);
  // 4 distributions x 19 heuristics x (3 sizes + overall)
  EXPECT_EQ(s.table.rows.size(), 4u * 19u * 4u);
  // mean 15 min, sd of {10, 20}: sqrt(50) = 7.07107
  EXPECT_EQ(gutierrez_row(s.table, {"uniform", "100", "fcfs"}),
            (std::vector<std::string>{"uniform", "100", "fcfs", "2", "15", "7.07107"}));
  EXPECT_EQ(gutierrez_row(s.table, {"uniform", "300", "LtoS:MaxET"})[4], "50");
  // overall: (15 + 30 + 40) / 3
  EXPECT_EQ(gutierrez_row(s.table, {"uniform", "overall", "fcfs"}),
            (std::vector<std::string>{"uniform", "overall", "fcfs", "", "28.3333", ""}));
  EXPECT_NEAR(s.overall.at("uniform").at("fcfs"), 85.0 / 3, 1e-12);
  // A heuristic without runs has no mean: an empty cell.
  EXPECT_EQ(gutierrez_row(s.table, {"normal", "100", "fcfs"})[4], "");
  ASSERT_EQ(s.figures.size(), 4u);
  EXPECT_EQ(s.figures[1].first, "fig7_uniform");
  EXPECT_EQ(s.figures[1].second.series.at(0).label, "100 tasks, n = 2");
}

TEST(Gutierrez2012Experiment, Section52CountsMessagesOverheadAndSuccesses) {
  // 10 CAs at 1 request/s, BoTs of 50 tasks: two succeed (10 and 20 messages, overheads 1 and
  // 3 s), one fails (30 messages).
  std::vector<AgentsRun> runs{{"s52",
                               "uniform",
                               10,
                               50,
                               0,
                               1,
                               "fixed",
                               {gutierrez_outcome("StoL,MinET", "fixed", 600, 0, 10, 1),
                                gutierrez_outcome("StoL,MinET", "fixed", 700, 0, 20, 3)}},
                              {"s52",
                               "uniform",
                               10,
                               50,
                               1,
                               1,
                               "fixed",
                               {gutierrez_outcome("StoL,MinET", "fixed", NAN, 0, 30)}}};
  Section52 s = section52(runs);
  ASSERT_EQ(s.table.rows.size(), 3u * 2u * 6u);  // consumers x rates x sizes
  EXPECT_EQ(s.table.rows[0],
            (std::vector<std::string>{"10", "1", "50", "3", "0.666667", "20", "2", "3"}));
  EXPECT_EQ(s.rows[0].bots, 3);
  EXPECT_EQ(s.rows[0].successes, 2);
  EXPECT_DOUBLE_EQ(s.rows[0].overhead_max_s, 3);
  EXPECT_EQ(s.table.rows[1][3], "0");  // no BoTs of 100 tasks
  ASSERT_EQ(s.figures.size(), 2u);
  EXPECT_EQ(s.figures[0].first, "fig10_messages");
  // The first setting's line is shifted 5 tasks to the left.
  EXPECT_DOUBLE_EQ(s.figures[0].second.series.at(0).x.at(0), 45);
}

TEST(Gutierrez2012Experiment, Section53AveragesTheHeuristicsMeans) {
  // Normal BoTs, FixedAM: fcfs costs $10 and $20 over two runs (10 and 20 min, 4 and 6 messages),
  // min-min $30 (30 min, 9 messages).
  std::vector<AgentsRun> runs{{"s53",
                               "normal",
                               14,
                               300,
                               0,
                               100,
                               "fixed",
                               {gutierrez_outcome("fcfs", "fixed", 600, 10, 4),
                                gutierrez_outcome("min-min", "fixed", 1800, 30, 9)}},
                              {"s53",
                               "normal",
                               14,
                               300,
                               1,
                               100,
                               "fixed",
                               {gutierrez_outcome("fcfs", "fixed", 1200, 20, 6)}}};
  Section53 s = section53(runs);
  EXPECT_EQ(gutierrez_row(s.table, {"normal", "fixed", "fcfs"}),
            (std::vector<std::string>{"normal", "fixed", "fcfs", "2", "15", "15", "5"}));
  EXPECT_EQ(gutierrez_row(s.table, {"normal", "fixed", "min-min"}),
            (std::vector<std::string>{"normal", "fixed", "min-min", "1", "30", "30", "9"}));
  // The average over the two heuristics: (15 + 30) / 2, (15 + 30) / 2, (5 + 9) / 2.
  EXPECT_EQ(gutierrez_row(s.table, {"normal", "fixed", "all"}),
            (std::vector<std::string>{"normal", "fixed", "all", "", "22.5", "22.5", "7"}));
  EXPECT_DOUBLE_EQ(s.means.at("normal").at("fixed").cost, 22.5);
  EXPECT_DOUBLE_EQ(s.means.at("normal").at("fixed").messages, 7);
  ASSERT_EQ(s.figures.size(), 3u);
  EXPECT_EQ(s.figures[1].first, "fig13_makespan");
  // Fig. 13's fixed bars: the normal distribution is the third category.
  EXPECT_DOUBLE_EQ(s.figures[1].second.series.at(0).y.at(2), 22.5);
  // The sd of the heuristics' mean makespans, 15 and 30 min.
  EXPECT_NEAR(s.figures[1].second.series.at(0).y_err.at(2), std::sqrt(112.5), 1e-12);
}
