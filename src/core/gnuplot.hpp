#pragma once
// Figures drawn by gnuplot (Debian's gnuplot-nox). botsim writes, next to each figure, its data
// (STEM.dat) and a gnuplot script (STEM.gp) that draws STEM.svg and STEM.png from it, so that a
// user can re-draw or edit any figure: `cd DIR && gnuplot STEM.gp`.
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace botsim {

struct Series {
  Series(std::string name = {}, std::vector<double> xs = {}, std::vector<double> ys = {},
         std::vector<double> errors = {})
      : label(std::move(name)), x(std::move(xs)), y(std::move(ys)), y_err(std::move(errors)) {}
  std::string label;
  std::vector<double> x, y;
  std::vector<double> y_err;  // optional error bars (same size as y, or empty)
  // A non-finite y (NaN) is a gap: lines break there, bars and points are left out.
  std::vector<double> x_end;        // Gantt: where each bar ends (x is where it starts)
  std::vector<double> y_half;       // Gantt: each bar's half height (empty: 0.4, a whole row)
  std::vector<std::string> notes;   // optional text printed beside each point (or bar end)
  std::vector<std::string> inside;  // Gantt: optional text centred in each bar ("": none)
  /// The name that picks the series' style in Chart::styles (empty: its label), e.g. a policy's
  /// name when the label also says how many runs its mean is over.
  std::string key;
};

struct Chart {
  std::string title, x_label, y_label;
  /// Line joins points; Step holds each y until the next x (auction periods, prices);
  /// Scatter draws dots; Bar draws one bar per category and series, from zero; Gantt draws one
  /// bar from x to x_end on row y (rows named by `categories`).
  enum class Kind { Line, Step, Scatter, Bar, Gantt } kind = Kind::Line;
  std::vector<Series> series;
  /// For Bar charts: category names along x (series[k].y[i] is the bar of series k at category
  /// i). For Gantt charts: row names along y. For Line, Step and Scatter charts: the names of x
  /// = 0, 1, ... (a sweep's settings, seeds), the axis from -0.5 to one half past the last.
  std::vector<std::string> categories;
  /// Optional horizontal reference line (e.g. a deadline, an optimum); NaN for none.
  double reference_y = std::numeric_limits<double>::quiet_NaN();
  std::string reference_label;
  /// Every name a series of the figure's kind can have (an experiment's policies, heuristics,
  /// schedules, a run's users), in a fixed order: the series whose key is the i-th name takes
  /// style i (colour, dash type, point type: series_style), so that a name looks the same in
  /// every figure whatever other series a figure shows and in whatever order. Without it, or
  /// for a key not in it, series k takes the style after the listed ones in the order they come.
  std::vector<std::string> styles;
  /// Optional colour per series k ("#rrggbb"), over its style's (e.g. grey for unfinished bars).
  std::vector<std::string> colors;
  /// The possible values of y (NaN: not bounded), e.g. 0 and 1 for a ratio, 0 for a time or a
  /// cost: the axis never shows impossible values and no error bar reaches below y_min.
  double y_min = std::numeric_limits<double>::quiet_NaN();
  double y_max = std::numeric_limits<double>::quiet_NaN();
  double x_min = std::numeric_limits<double>::quiet_NaN();
  double x_max = std::numeric_limits<double>::quiet_NaN();  // with x_min: the x axis's range
  /// Estimates against actual values: the line y = x, where every point would lie if the
  /// estimates were exact.
  bool identity_line = false;
  /// Both axes logarithmic (values over decades, e.g. makespans of 1.5 h and 35 h); y_min and
  /// x_min are then ignored (a log axis has no 0).
  bool log_axes = false;
  /// Margins fixed on the page (Gantt charts always have them), so that the charts of one run
  /// line up one above the other whatever their labels.
  bool fixed_margins = false;
  /// y counts whole things (tasks running): tics at each whole number up to 10 (gnuplot's own
  /// would put 0.5 between them), gnuplot's beyond.
  bool whole_y = false;
  /// Each point is a mean (with its interval in y_err): drawn filled and larger, over its
  /// error bar, so that a mean whose interval is wide or nil still shows.
  bool mean_points = false;
  /// The legend under the plot, not beside it: the plot keeps the figure's width (a few series
  /// with long labels).
  bool legend_below = false;
};

/// The k-th colour of the default palette (10 colours, then repeating).
std::string palette_color(size_t k);

/// How series k of a chart is drawn: its style number (Chart::styles), colour, dash type and
/// point type (lines and points), all set by the style number.
struct SeriesStyle {
  size_t number = 0;
  std::string color;
  int dash = 1, point = 1;
};
SeriesStyle series_style(const Chart& chart, size_t k);

/// The data file: one block per series with points, "x y" per point ("x y y_low y_high" for a
/// series with error bars; a Gantt
/// series: "x_start y x_end half_height"), a blank line at each gap, and "note" as a quoted last
/// column when the series has notes.
std::string gnuplot_data(const Chart& chart);
/// The script that draws STEM.svg and STEM.png from STEM.dat (paths relative to its directory).
std::string gnuplot_script(const Chart& chart, const std::string& stem);
/// Writes DIR/STEM.dat and DIR/STEM.gp; throws std::runtime_error naming a file it cannot write.
void write_figure(const std::string& dir, const std::string& stem, const Chart& chart);

enum class DrawResult { Drawn, NoGnuplot, Failed };
/// Runs gnuplot in DIR on every DIR/*.gp (one process, names in order). NoGnuplot when gnuplot
/// is not installed (or BOTSIM_GNUPLOT names a program that does not exist), Failed when it
/// exited with an error (its own messages are on stderr).
DrawResult draw_figures(const std::string& dir);
/// The gnuplot botsim runs: $BOTSIM_GNUPLOT if set, else `gnuplot` on the PATH; empty if none.
std::string find_gnuplot();

}  // namespace botsim
