// The Gantt charts of `botsim plot`: bars that overlap in time on one row get lanes of their
// own, so that no task hides another; past kGanttMaxBars, the tasks running per row over time.
// Worked out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "view/plot_run.hpp"

using namespace botsim;
using namespace botsim::view;

namespace {

constexpr double kNever = std::numeric_limits<double>::quiet_NaN();

struct Bar {
  double x0, x1, y0, y1;
};

std::vector<Bar> bars(const Chart& c) {
  std::vector<Bar> out;
  for (const Series& s : c.series)
    for (size_t i = 0; i < s.x.size(); ++i)
      out.push_back({s.x[i], s.x_end[i], s.y[i] - s.y_half[i], s.y[i] + s.y_half[i]});
  return out;
}

// Two bars overlap when their rectangles share an area (touching edges do not).
bool overlap(const Bar& a, const Bar& b) {
  const double eps = 1e-12;
  return a.x0 < b.x1 - eps && b.x0 < a.x1 - eps && a.y0 < b.y1 - eps && b.y0 < a.y1 - eps;
}

void expect_no_two_bars_overlap(const Chart& c) {
  const std::vector<Bar> all = bars(c);
  for (size_t i = 0; i < all.size(); ++i)
    for (size_t j = i + 1; j < all.size(); ++j)
      EXPECT_FALSE(overlap(all[i], all[j]))
          << "bars " << i << " and " << j << ": [" << all[i].x0 << ", " << all[i].x1 << "] x ["
          << all[i].y0 << ", " << all[i].y1 << "] and [" << all[j].x0 << ", " << all[j].x1
          << "] x [" << all[j].y0 << ", " << all[j].y1 << "]";
}

}  // namespace

// R4, one PE shared by proportional share: U9 from 0 to 100 s, U0 from 10 to 50, U4 from 20 to
// 40, U5 from 50 to 90 (after U0: U0's lane again), U6 from 40 to 60 (after U4: its lane).
// Three lanes at most; R1 has one task alone.
TEST(Gantt, OverlappingBarsGetTheLowestFreeLane) {
  std::vector<GanttSpan> spans{{"R4", "U9", "", 0, 100}, {"R4", "U0", "", 10, 50},
                               {"R4", "U4", "", 20, 40}, {"R4", "U5", "", 50, 90},
                               {"R4", "U6", "", 40, 60}, {"R1", "U1", "", 0, 30}};
  std::vector<Lane> lanes = assign_lanes(spans, 100);
  std::vector<size_t> lane;
  for (const Lane& l : lanes) lane.push_back(l.lane);
  EXPECT_EQ(lane, (std::vector<size_t>{0, 1, 2, 1, 2, 0}));
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(lanes[i].lanes, 3u);
  EXPECT_EQ(lanes[5].lanes, 1u);
  // An unfinished bar runs to the last time: nothing after it takes its lane.
  std::vector<Lane> open = assign_lanes({{"R", "U0", "", 0, kNever}, {"R", "U1", "", 50, 60}}, 90);
  EXPECT_EQ(open[1].lane, 1u);
}

// The chart: R1 (row 0) one lane, a whole band (0.4 on either side of the row); R4 (row 1)
// three lanes of 0.8 / 3, the first at the top of its band (y 1 - 0.4 + 0.4 / 3).
TEST(Gantt, EveryTaskIsVisibleAndNoTwoBarsOverlap) {
  std::vector<GanttSpan> spans{{"R4", "U9", "", 0, 100},     {"R4", "U0", "", 10, 50},
                               {"R4", "U4", "", 20, 40},     {"R4", "U5", "", 50, 90},
                               {"R4", "U6", "", 40, kNever}, {"R1", "U1", "", 0, 30}};
  Chart c = gantt(spans, true, "unfinished");
  EXPECT_EQ(c.categories, (std::vector<std::string>{"R1", "R4"}));
  // The legend in natural order, the unfinished bars last.
  std::vector<std::string> labels;
  for (const Series& s : c.series) labels.push_back(s.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"U0", "U1", "U4", "U5", "U6", "U9", "unfinished"}));
  const Series& u9 = c.series[5];
  ASSERT_EQ(u9.label, "U9");
  EXPECT_NEAR(u9.y[0], 1 - 0.4 + 0.4 / 3, 1e-12);
  EXPECT_NEAR(u9.y_half[0], 0.4 / 3, 1e-12);
  const Series& u1 = c.series[1];
  ASSERT_EQ(u1.label, "U1");
  EXPECT_DOUBLE_EQ(u1.y[0], 0);
  EXPECT_DOUBLE_EQ(u1.y_half[0], 0.4);
  expect_no_two_bars_overlap(c);
  // Every task is drawn: six bars.
  EXPECT_EQ(bars(c).size(), 6u);
}

// The check itself fails on the chart botsim used to draw: every bar a whole row high.
TEST(Gantt, TheOverlapCheckFailsOnBarsAWholeRowHigh) {
  Chart c = gantt({{"R", "U0", "", 0, 50}, {"R", "U1", "", 10, 40}}, true, "unfinished");
  for (Series& s : c.series)
    for (size_t i = 0; i < s.y.size(); ++i) s.y[i] = 0, s.y_half[i] = 0.4;
  const std::vector<Bar> all = bars(c);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_TRUE(overlap(all[0], all[1]));
}

// R2: tasks from 0 to 10, 5 to 15 and 10 to 20: one runs from 0, two from 5; at 10 one ends as
// another starts (still two, no step), one from 15, none from 20. R10: two tasks from 3 to 8
// (two at once, then none). R9: one task from 2 that never ends (it runs until the last time,
// 20). Rows in natural order; each starts at 0 and ends at 20.
TEST(TasksRunning, StepsPerRowWorkedByHand) {
  std::vector<GanttSpan> spans{{"R2", "U0", "", 0, 10}, {"R10", "U1", "", 3, 8},
                               {"R2", "U0", "", 5, 15}, {"R9", "U2", "", 2, kNever},
                               {"R10", "U1", "", 3, 8}, {"R2", "U1", "", 10, 20}};
  const std::vector<BusySteps> steps = busy_steps(spans, 20);
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0].row, "R2");
  EXPECT_EQ(steps[0].time_s, (std::vector<double>{0, 5, 15, 20}));
  EXPECT_EQ(steps[0].running, (std::vector<long>{1, 2, 1, 0}));
  EXPECT_EQ(steps[1].row, "R9");
  EXPECT_EQ(steps[1].time_s, (std::vector<double>{0, 2, 20}));
  EXPECT_EQ(steps[1].running, (std::vector<long>{0, 1, 1}));
  EXPECT_EQ(steps[2].row, "R10");
  EXPECT_EQ(steps[2].time_s, (std::vector<double>{0, 3, 8, 20}));
  EXPECT_EQ(steps[2].running, (std::vector<long>{0, 2, 0, 0}));

  // The chart: one step line per row, times in seconds (20 s), counts from 0; a row keeps the
  // style of its place in the list it is given.
  const Chart c = busy_chart(steps, 20, kNever, {"R10", "R9", "R2"});
  EXPECT_EQ(c.kind, Chart::Kind::Step);
  EXPECT_EQ(c.x_label, "time (s)");
  EXPECT_EQ(c.y_min, 0);
  ASSERT_EQ(c.series.size(), 3u);
  EXPECT_EQ(c.series[0].label, "R2");
  EXPECT_EQ(c.series[0].x, (std::vector<double>{0, 5, 15, 20}));
  EXPECT_EQ(c.series[0].y, (std::vector<double>{1, 2, 1, 0}));
  EXPECT_EQ(series_style(c, 0).number, 2u);
  EXPECT_EQ(series_style(c, 2).number, 0u);
}

// One unit for every time axis of a run, from its length: seconds below 2 minutes, minutes from
// 120 s, hours from 7200 s.
TEST(RunCharts, TheTimeUnitFollowsTheRunsLength) {
  EXPECT_EQ(unit_for(119).name, "s");
  EXPECT_EQ(unit_for(120).name, "min");
  EXPECT_EQ(unit_for(120).seconds, 60);
  EXPECT_EQ(unit_for(7199).name, "min");
  EXPECT_EQ(unit_for(7200).name, "h");
  EXPECT_EQ(unit_for(7200).seconds, 3600);
}

// The time axis runs 10 % past the last time: a bar ending at 300 s (5 min) on an axis to
// 330 s, 5.5 min, so that its note stands inside the frame; the Gantt chart of a run of 300 s
// is in minutes even though its own bars end at 90 s.
TEST(RunCharts, TheTimeAxisHasHeadroomAfterTheLastTime) {
  EXPECT_DOUBLE_EQ(time_axis_end(300), 330);
  const Chart alone = gantt({{"R", "U0", "1 ATU", 0, 300}}, true, "unfinished");
  EXPECT_EQ(alone.x_label, "time (min)");
  EXPECT_DOUBLE_EQ(alone.x_max, 5.5);
  const Chart shared = gantt({{"R", "U0", "", 0, 90}}, true, "unfinished", 300);
  EXPECT_EQ(shared.x_label, "time (min)");
  EXPECT_DOUBLE_EQ(shared.x_max, 5.5);
  EXPECT_DOUBLE_EQ(shared.series[0].x_end[0], 1.5);
  const Chart busy = busy_chart(busy_steps({{"R", "U0", "", 0, 90}}, 90), 90, 300, {});
  EXPECT_EQ(busy.x_label, "time (min)");
  EXPECT_DOUBLE_EQ(busy.x_max, 5.5);
}

TEST(RunCharts, AHostsLabelSaysItsPEs) {
  EXPECT_EQ(host_label("RA", 4), "RA (4 PEs)");
  EXPECT_EQ(host_label("RB1", 1), "RB1 (1 PE)");
  EXPECT_EQ(host_label("U0-i0001", 0), "U0-i0001");
}

// A bar's text fits when the bar is as wide as its characters (5 pixels each) and 2 pixels on
// either side: "10" needs 14 of the plot's 590 pixels, a bar of 2.3729 on an axis of 100. One
// row of 0.8 is 0.8 / 1.2 of 440 pixels high; a lane of 0.8 among 50 rows is 0.8 / 50.2 x 440 =
// 7 pixels, under a character's 10.
TEST(RunCharts, ATaskIdIsWrittenInItsBarWhereItFits) {
  EXPECT_TRUE(fits_in_bar("10", 2.38, 100, 0.8, 1));
  EXPECT_FALSE(fits_in_bar("10", 2.37, 100, 0.8, 1));
  EXPECT_FALSE(fits_in_bar("10", 50, 100, 0.8, 50));
  EXPECT_TRUE(fits_in_bar("10", 50, 100, 0.8, 20));  // 0.8 / 20.2 x 440 = 17 pixels
  EXPECT_FALSE(fits_in_bar("", 50, 100, 0.8, 1));
  // In the chart: the axis runs to 56.1 s; task 7 (50 s, 526 pixels) gets its id, task 12 (1 s,
  // 10.5 pixels) none.
  const Chart c = gantt({{"R", "U0", "", 0, 50, "7"}, {"R", "U1", "", 50, 51, "12"}}, true, "unf");
  EXPECT_EQ(c.series[0].inside, (std::vector<std::string>{"7"}));
  EXPECT_EQ(c.series[1].inside, (std::vector<std::string>{""}));
  // One bar of five fits its id (task 7, 50 s of an axis to 59.4 s; tasks of 1 s are 9.9
  // pixels, under the 14 that "12" needs): 20 %, under a quarter, so no bar gets its id.
  const Chart few = gantt({{"R", "U0", "", 0, 50, "7"},
                           {"R", "U1", "", 50, 51, "12"},
                           {"R", "U1", "", 51, 52, "12"},
                           {"R", "U1", "", 52, 53, "12"},
                           {"R", "U1", "", 53, 54, "12"}},
                          true, "unf");
  for (const Series& s : few.series) EXPECT_TRUE(s.inside.empty()) << s.label;
}
