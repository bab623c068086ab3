#pragma once
// `botsim plot DIR`: the pictures of one run, drawn from its results files.
#include <limits>
#include <string>
#include <vector>

#include "core/gnuplot.hpp"

namespace botsim::experiments {

/// `botsim plot DIR`: the pictures of one run from its results files, into `out_dir` (default
/// DIR/plots): a Gantt chart of tasks per host (tasks.csv), bids and shares per resource
/// (bids.csv), instances and their charged hours (instances.csv); each as .dat, .gp, .svg and
/// .png (only .dat and .gp when gnuplot is not installed: `drawn` is then false). Throws
/// InputError when DIR is missing or holds none of those files, std::runtime_error when gnuplot
/// fails.
struct Plots {
  std::string dir;
  std::vector<std::string> figures;
  bool drawn = false;
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

}  // namespace botsim::experiments
