#pragma once
// `botsim plot DIR`: the pictures of one run, drawn from its results files.
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/gnuplot.hpp"

namespace botsim::view {

/// `botsim plot DIR`: the pictures of one run from its results files, into `out_dir` (default
/// DIR/plots): a Gantt chart of tasks per host (tasks.csv; past kGanttMaxBars task attempts, the
/// tasks running per host or instance type over time instead), bids and shares per resource
/// (bids.csv), instances and their charged hours (instances.csv); each as .dat, .gp, .svg and
/// .png (only .dat and .gp when gnuplot is not installed: `drawn` is then false); with
/// `out_dir`, the page of DIR with them (write_report) as OUT/report.html beside them (without
/// it, the page is DIR/report.html: `botsim plot` writes it). Throws
/// InputError when DIR is missing or holds none of those files, std::runtime_error when gnuplot
/// fails.
struct Plots {
  std::string dir;
  std::vector<std::string> figures;
  bool drawn = false;
  std::vector<std::string> notes;  // what the user should know about the figures, one per line
};
Plots plot_run(const std::string& dir, std::string out_dir);

/// The unit of every time axis of one run's charts, chosen once from the run's length (the last
/// time of its files): seconds, minutes from 2 minutes on, hours from 2 hours on.
struct TimeUnit {
  double seconds = 1;
  std::string name = "s";
};
TimeUnit unit_for(double run_s);
/// A time axis runs this much of its last time further (a run of 100 min to 110 min), so that a
/// bar ending at the end of the run and the note after it ("3 ATUs") stay clear of the frame:
/// a note of 7 characters at 9 points is some 45 pixels, 8 % of the plot's 590 pixels.
constexpr double kTimeHeadroom = 0.1;
double time_axis_end(double last_s);
/// A host's row name with its number of processing elements, "RA (4 PEs)" or "RB1 (1 PE)"; the
/// name alone when the number is not known (0).
std::string host_label(const std::string& host, long pes);
/// Whether `text` can be written inside a Gantt bar `width` long on a time axis `axis_span`
/// long, `height` rows high (a lane's share of its row) in a chart of `rows` rows: the plot
/// area is some 590 x 440 pixels, a character of the bars' 8-point font some 5 pixels wide and
/// 10 high; a bar leaves 2 pixels on either side.
bool fits_in_bar(const std::string& text, double width, double axis_span, double height,
                 size_t rows);
/// A Gantt chart writes its bars' labels (where they fit) only when at least this share of its
/// bars fit theirs.
constexpr double kLabelledShare = 0.25;

/// One bar of a Gantt chart: on row `row` (a host, an instance), coloured by `group`, from
/// `start` to `end` (NaN: it never ended; drawn to the last time of the chart), `note` after
/// its end and `label` inside it where it fits (fits_in_bar).
struct GanttSpan {
  GanttSpan(std::string row_name, std::string group_name, std::string note_text, double from,
            double to = std::numeric_limits<double>::quiet_NaN(), std::string inside = {})
      : row(std::move(row_name)),
        group(std::move(group_name)),
        note(std::move(note_text)),
        start(from),
        end(to),
        label(std::move(inside)) {}
  std::string row, group, note;
  double start = 0, end = std::numeric_limits<double>::quiet_NaN();
  std::string label;
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
/// The time axis runs to time_axis_end(`axis_end_s`) (NaN: the last time of the spans), in
/// unit_for(`axis_end_s`), so that the charts of one run share it.
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
/// to time_axis_end(`axis_end_s`) (NaN: `last`), one series per row, each styled by its place
/// in `styles`.
Chart busy_chart(const std::vector<BusySteps>& steps, double last, double axis_end_s,
                 const std::vector<std::string>& styles);

}  // namespace botsim::view
