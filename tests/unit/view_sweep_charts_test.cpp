// The charts of a sweep and of `run --reps` (view/plot_sweep.hpp): their labels, order and
// places along x, worked out by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "view/plot_sweep.hpp"

using namespace botsim::view;

// UN.deadline is 4h in every setting: only UN.bid names them, by its value alone when it is
// the one that varies; two that vary are named with their values; none: the setting's number.
TEST(SweepCharts, OnlyTheVariedParametersNameTheSettings) {
  const std::vector<std::string> params{"UN.bid", "UN.deadline"};
  EXPECT_EQ(setting_labels(params, {{"20", "4h"}, {"40", "4h"}}, {"1", "2"}),
            (std::vector<std::string>{"20", "40"}));
  EXPECT_EQ(setting_labels(params, {{"20", "4h"}, {"40", "8h"}}, {"1", "2"}),
            (std::vector<std::string>{"UN.bid=20, UN.deadline=4h", "UN.bid=40, UN.deadline=8h"}));
  EXPECT_EQ(setting_labels(params, {{"20", "4h"}, {"20", "4h"}}, {"1", "2"}),
            (std::vector<std::string>{"setting 1", "setting 2"}));
}

// What the runs made (makespan_s, spent, tasks_done) before what they were given (budget,
// deadline_s), each group in the order it came.
TEST(SweepCharts, OutcomesComeBeforeInputs) {
  EXPECT_EQ(
      outcomes_first({"budget", "makespan_s", "deadline_s", "spent", "tasks_done"}),
      (std::vector<std::string>{"makespan_s", "spent", "tasks_done", "budget", "deadline_s"}));
}

TEST(SweepCharts, AxisLabelsSayTheirUnits) {
  EXPECT_EQ(metric_label("makespan_s", "s", true), "mean makespan_s (s)");
  EXPECT_EQ(metric_label("spent", "G$", false), "spent (G$)");
  EXPECT_EQ(metric_label("tasks_done", "", false), "tasks_done");
}

// Three users spread over 0.3 of a category: -0.15, 0, 0.15; one user at the centre.
TEST(SweepCharts, UsersStandApartWithinACategory) {
  EXPECT_DOUBLE_EQ(user_offset(0, 3), -0.15);
  EXPECT_DOUBLE_EQ(user_offset(1, 3), 0);
  EXPECT_DOUBLE_EQ(user_offset(2, 3), 0.15);
  EXPECT_DOUBLE_EQ(user_offset(0, 1), 0);
}
