// The heuristic of Silva, Veiga & Ferreira (2008), Fig. 3, as pure logic.
#include "silva/silva_heuristic.hpp"

#include <gtest/gtest.h>

using namespace botsim::silva;

TEST(SilvaPossibleTasks, WholeTasksThatFitTheWindow) {
  EXPECT_EQ(possible_tasks(0, 3600, 300), 12);
  EXPECT_EQ(possible_tasks(0, 3599, 300), 11);
  EXPECT_EQ(possible_tasks(300, 3600, 300), 11);
  EXPECT_EQ(possible_tasks(3700, 3600, 300), 0);  // window over
  EXPECT_EQ(possible_tasks(0, 3600, 0), 0);       // no average yet
  // 0.1 * 3 is not exactly 0.3 in binary: still 3 tasks.
  EXPECT_EQ(possible_tasks(0, 0.3, 0.1), 3);
}

TEST(SilvaLine15, PositiveOnlyCreatesNothingWhenNothingIsNecessary) {
  EXPECT_EQ(computers_to_create(0, 0.5, Line15::PositiveOnly), 0);
  EXPECT_EQ(computers_to_create(0, 0.0, Line15::PositiveOnly), 0);
}

TEST(SilvaLine15, LiteralCreatesOneWhenNothingIsNecessary) {
  // int(0 * ratio) + 1, as printed.
  EXPECT_EQ(computers_to_create(0, 0.5, Line15::Literal), 1);
  EXPECT_EQ(computers_to_create(0, 0.0, Line15::Literal), 1);
  // creationRatio 1.0 takes line 13, not 15, in both readings.
  EXPECT_EQ(computers_to_create(0, 1.0, Line15::Literal), 0);
}

TEST(SilvaLine15, PositiveNeedIsScaledAndRoundedUp) {
  for (auto rule : {Line15::PositiveOnly, Line15::Literal}) {
    EXPECT_EQ(computers_to_create(4, 0.5, rule), 3);    // int(2) + 1
    EXPECT_EQ(computers_to_create(10, 0.25, rule), 3);  // int(2.5) + 1
    EXPECT_EQ(computers_to_create(1, 0.0, rule), 1);    // int(0) + 1: creationRatio 0 still grows
    EXPECT_EQ(computers_to_create(24, 1.0, rule), 24);  // line 13
    EXPECT_EQ(computers_to_create(-3, 0.5, rule), 0);   // line 11
  }
}

TEST(SilvaCreationRatio, ConvergesToOne) {
  EXPECT_DOUBLE_EQ(next_creation_ratio(0.5, 0.5), 0.75);
  EXPECT_DOUBLE_EQ(next_creation_ratio(0.75, 0.5), 0.875);
  EXPECT_DOUBLE_EQ(next_creation_ratio(0.0, 0.0), 0.0);
  EXPECT_DOUBLE_EQ(next_creation_ratio(0.25, 1.0), 1.0);
  EXPECT_DOUBLE_EQ(next_creation_ratio(1.0, 0.3), 1.0);
}

TEST(SilvaHeuristic, Fig3aOnTheFig1Job) {
  // 300 tasks of 5 min, one host started at 0; the first task ends at 300 s.
  SilvaHeuristic h(SilvaConfig{0.5, 0.5, 3600, Line15::PositiveOnly}, 300);
  EXPECT_FALSE(h.has_average());
  h.task_finished(300);
  EXPECT_EQ(h.remaining_tasks(), 299);
  EXPECT_EQ(h.finished_tasks(), 1);
  EXPECT_DOUBLE_EQ(h.average(), 300);
  // The first host can still do (3600 - 300) / 300 = 11 tasks:
  // necessary = round((299 - 11) * 300 / 3600) = 24; create int(24 * 0.5) + 1 = 13.
  EXPECT_EQ(h.necessary_computers(11), 24);
  EXPECT_EQ(h.after_completion(11), 13);
  EXPECT_DOUBLE_EQ(h.creation_ratio(), 0.75);
  // Next completion, after 160 s: average 230; 14 hosts can do 150 more tasks:
  // necessary = round((298 - 150) * 230 / 3600) = round(9.455) = 9; create int(6.75) + 1 = 7.
  h.task_finished(160);
  EXPECT_DOUBLE_EQ(h.average(), 230);
  EXPECT_EQ(h.after_completion(150), 7);
  EXPECT_DOUBLE_EQ(h.creation_ratio(), 0.875);
}

TEST(SilvaHeuristic, RatioIsNotRaisedWhenNecessaryIsNegative) {
  // Line 18 sits inside line 11's if.
  SilvaHeuristic h(SilvaConfig{0.5, 0.5, 3600, Line15::PositiveOnly}, 10);
  h.task_finished(100);
  EXPECT_EQ(h.after_completion(100), 0);  // round((9 - 100) * 100 / 3600) = -3
  EXPECT_DOUBLE_EQ(h.creation_ratio(), 0.5);
  EXPECT_EQ(h.after_completion(9), 0);  // necessary 0: ratio raised, nothing created
  EXPECT_DOUBLE_EQ(h.creation_ratio(), 0.75);
}

TEST(SilvaHeuristic, BudgetFactorShortensHostProcessingTime) {
  // Budget factor 2: hostProcessingTime = 1800 s, so twice the hosts for the same need.
  SilvaHeuristic h1(SilvaConfig{1.0, 0, 3600, Line15::PositiveOnly}, 101);
  SilvaHeuristic h2(SilvaConfig{1.0, 0, 1800, Line15::PositiveOnly}, 101);
  h1.task_finished(360);
  h2.task_finished(360);
  EXPECT_EQ(h1.after_completion(0), 10);  // 100 * 360 / 3600
  EXPECT_EQ(h2.after_completion(0), 20);  // 100 * 360 / 1800
}

TEST(SilvaFig3b, RunningTasksLongerThanFinishedOnesRaiseTheAverage) {
  SilvaHeuristic h(SilvaConfig{0.5, 0.5, 3600, Line15::PositiveOnly}, 100);
  h.task_finished(100);
  h.task_finished(100);
  // Running tasks shorter than the finished average: nothing changes.
  EXPECT_FALSE(h.periodic_check({50, 90}));
  EXPECT_DOUBLE_EQ(h.average(), 100);
  // Longer: the mean over finished and running tasks, (300 + 300 + 200) / (2 + 2) = 200.
  EXPECT_TRUE(h.periodic_check({300, 300}));
  EXPECT_DOUBLE_EQ(h.average(), 200);
  EXPECT_DOUBLE_EQ(h.creation_ratio(), 0.5);  // Fig. 3b does not touch creationRatio
  // necessary = round((98 - 10) * 200 / 3600) = round(4.89) = 5; int(2.5) + 1 = 3.
  EXPECT_EQ(h.after_check(10), 3);
  EXPECT_DOUBLE_EQ(h.creation_ratio(), 0.5);
  // The next completion recomputes the finished average (Fig. 3a line 4).
  h.task_finished(400);
  EXPECT_DOUBLE_EQ(h.average(), 200);
}

TEST(SilvaFig3b, BeforeAnyCompletionTheRunningAverageIsUsed) {
  // "If the first processed task takes too long to terminate..." (section 4).
  SilvaHeuristic h(SilvaConfig{1.0, 0, 3600, Line15::PositiveOnly}, 10);
  EXPECT_FALSE(h.periodic_check({}));
  EXPECT_FALSE(h.has_average());
  EXPECT_TRUE(h.periodic_check({600}));
  EXPECT_DOUBLE_EQ(h.average(), 600);
  // One host busy since 0 can do 3600 / 600 = 6: round((10 - 6) * 600 / 3600) = 1.
  EXPECT_EQ(h.after_check(6), 1);
}
