// The styles of an experiment's series (view/figures.hpp): fixed by their names.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/gnuplot.hpp"
#include "view/figures.hpp"
#include "view/report.hpp"

using botsim::Chart;
using botsim::Series;

// A figure's series must all be among the names that fix their styles: a name left out of an
// experiment's list is a mistake, not a silent fallback.
TEST(FigureStyles, AnUnlistedSeriesIsNamed) {
  Chart c;
  c.title = "Fig. 12";
  c.series = {Series{"fixed, n = 3", {0}, {1}}, Series{"i-elastic", {0}, {1}}};
  c.series[0].key = "fixed";
  botsim::view::style_by_name(c, {"fixed", "generalized", "i-elastic"});
  EXPECT_EQ(botsim::series_style(c, 1).number, 2u);
  c.series.push_back(Series{"other", {0}, {1}});
  try {
    botsim::view::style_by_name(c, {"fixed", "generalized", "i-elastic"});
    FAIL() << "no error for a series that is not listed";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("'other'"), std::string::npos) << e.what();
  }
}

// The page's reading order (view/report.hpp): a run's Gantt chart first, the tasks running
// under it, each resource's bids then shares (R2 before R10), the instances; an experiment's
// figures of the paper (fig5 before fig10) before its tables; a sweep's outcomes before what
// the scenario gave (budget), each metric's means before its runs.
TEST(ReportFigures, InReadingOrder) {
  auto sorted = [](std::vector<std::string> stems) {
    std::sort(stems.begin(), stems.end(), [](const std::string& a, const std::string& b) {
      return botsim::view::natural_less(botsim::view::figure_order_key(a),
                                        botsim::view::figure_order_key(b));
    });
    return stems;
  };
  EXPECT_EQ(sorted({"shares_R10", "bids_R2", "instances", "tasks_running", "tasks", "shares_R2",
                    "bids_R10"}),
            (std::vector<std::string>{"tasks", "tasks_running", "bids_R2", "shares_R2", "bids_R10",
                                      "shares_R10", "instances"}));
  EXPECT_EQ(sorted({"table1_costs", "fig10_x", "fig6_rules", "fig5_estimates"}),
            (std::vector<std::string>{"fig5_estimates", "fig6_rules", "fig10_x", "table1_costs"}));
  EXPECT_EQ(sorted({"runs_spent", "mean_spent", "runs_budget", "mean_budget", "mean_makespan_s"}),
            (std::vector<std::string>{"mean_makespan_s", "mean_spent", "runs_spent", "mean_budget",
                                      "runs_budget"}));
}

// Each figure's caption: one sentence, its axes (and their units) as its script labels them.
TEST(ReportFigures, CaptionsSayTheAxes) {
  const std::string gp =
      "set terminal svg\nset title 'Fig. 7: the paper''s run'\nset xlabel 'time (min)'\n"
      "set ylabel 'bid (cents per minute)'\n";
  EXPECT_EQ(botsim::view::figure_caption("bids_R0", gp),
            "Each user's bid on R0 at each auction; x axis: time (min), y axis: bid (cents per "
            "minute).");
  EXPECT_EQ(botsim::view::figure_caption("fig7_cushion", gp),
            "Fig. 7: the paper's run; x axis: time (min), y axis: bid (cents per minute).");
  EXPECT_EQ(botsim::view::figure_caption("tasks", gp),
            "Gantt chart of the tasks: one bar per task attempt on its host's row, from its start "
            "to its end, coloured as the legend says (its user, or for one cloud user its "
            "instance type), grey for an attempt that never ended; x axis: time (min).");
  EXPECT_EQ(botsim::view::figure_caption("mean_spent", ""), "mean_spent.");
}
