#pragma once
// `botsim plot DIR`: the pictures of one run, drawn from its results files.
#include <limits>
#include <string>
#include <vector>

#include "core/gnuplot.hpp"

namespace botsim::view {

/// `botsim plot DIR`: the pictures of one run from its results files, into `out_dir` (default
/// DIR/plots): a Gantt chart of tasks per host (tasks.csv; past kGanttMaxBars task attempts, the
/// tasks running per host or instance type over time instead), bids and shares per resource
/// (bids.csv), instances and their charged hours (instances.csv); each as .dat, .gp, .svg and
/// .png (only .dat and .gp when gnuplot is not installed: `drawn` is then false). Throws
/// InputError when DIR is missing or holds none of those files, std::runtime_error when gnuplot
/// fails.
struct Plots {
  std::string dir;
  std::vector<std::string> figures;
  bool drawn = false;
  std::vector<std::string> notes;  // what the user should know about the figures, one per line
};
Plots plot_run(const std::string& dir, std::string out_dir);

/// One bar of a Gantt chart: on row `row` (a host, an instance), coloured by `group`, from
/// `start` to `end` (NaN: it never ended; drawn to the last time of the chart).
struct GanttSpan {
  std::string row, group, note;
  double start = 0, end = std::numeric_limits<double>::quiet_NaN();
};
/// The lane of each bar within its row, and how many lanes its row has: bars that overlap in
/// time get different lanes, the lowest free one at their start (`last` ends unfinished bars).
struct Lane {
  size_t lane = 0, lanes = 1;
};
std::vector<Lane> assign_lanes(const std::vector<GanttSpan>& spans, double last);
/// The Gantt chart of `spans`: rows in natural order if `sort_rows` (else as they come), one
/// series per group (in natural order) and one (grey) for unfinished bars, each row's lanes stacked
/// in its band.
/// The time axis runs to `axis_end_s` (NaN: the last time of the spans), so that two charts
/// of one run can share it.
Chart gantt(const std::vector<GanttSpan>& spans, bool sort_rows, const std::string& unfinished,
            double axis_end_s = std::numeric_limits<double>::quiet_NaN());

/// Past this many task attempts, `botsim plot` draws how many tasks run at each time on each
/// host (or instance type) instead of a bar per task: 2000 bars fill the Gantt chart's plot area
/// (about 590 x 440 pixels) at some 130 square pixels each, the least in which a bar and its
/// colour can still be told apart (docs/figures.md).
constexpr size_t kGanttMaxBars = 2000;

/// How many spans run at each time on one row: `time_s[i]` is where the count changes to
/// `running[i]`.
struct BusySteps {
  std::string row;
  std::vector<double> time_s;
  std::vector<long> running;
};
/// The spans running at each time per row (rows in natural order: R2 before R10), from one pass
/// over their starts and ends sorted by time. Each row's steps start at time 0 and end at `last`
/// (an unfinished span runs until then), holding their last count; a span ending when another
/// starts on its row leaves the count as it is (no step), spans starting together raise it at
/// once.
std::vector<BusySteps> busy_steps(const std::vector<GanttSpan>& spans, double last);
/// The step chart of busy_steps over time (its unit as the Gantt charts': s, min or h), its axis
/// to `axis_end_s` (NaN: `last`), one series per row, each styled by its place in `styles`.
Chart busy_chart(const std::vector<BusySteps>& steps, double last, double axis_end_s,
                 const std::vector<std::string>& styles);

}  // namespace botsim::view
