#pragma once
// Minimal SVG charts for experiment figures (no plotting library in Debian's C++ set).
#include <limits>
#include <string>
#include <vector>

#include "core/xml.hpp"

namespace botsim {

struct Series {
  std::string label;
  std::vector<double> x, y;
  std::vector<double> y_err;  // optional error bars (same size as y, or empty)
  // A non-finite y (NaN) is a gap: lines break there, bars and points are left out.
};

struct Chart {
  std::string title, x_label, y_label;
  /// Line joins points; Step holds each y until the next x (auction periods, prices);
  /// Scatter draws dots; Bar draws one bar per category and series, from zero.
  enum class Kind { Line, Step, Scatter, Bar } kind = Kind::Line;
  std::vector<Series> series;
  /// For Bar charts: category names along x (series[k].y[i] is the bar of series k at category i).
  std::vector<std::string> categories;
  /// Optional horizontal reference line (e.g. a deadline, an optimum); NaN for none.
  double reference_y = std::numeric_limits<double>::quiet_NaN();
  std::string reference_label;
  /// Optional colour per series ("#rrggbb"); series without one take palette_color(k). Lets a
  /// figure keep one colour per user across charts that show different subsets of users.
  std::vector<std::string> colors;
};

/// The k-th colour of the default palette (10 colours, then repeating).
std::string palette_color(size_t k);

/// Axis ticks: multiples of `step` (1, 2 or 5 times a power of ten) from lo to hi inclusive.
struct Ticks {
  double lo = 0, hi = 1, step = 1;
  int decimals = 0;  // digits after the point that tell the ticks apart
  std::vector<double> values;
};
/// About `target` nice ticks covering [lo, hi] (a flat or empty range is widened).
Ticks nice_ticks(double lo, double hi, int target = 6);
/// Heckbert's "nice number": 1, 2, 5 or 10 times a power of ten near x (rounded or ceiled).
double nice_number(double x, bool round);
/// A tick label with `decimals` digits after the point, never "-0".
std::string format_tick(double value, int decimals);

/// The chart as a standalone SVG document (deterministic text for the same chart).
std::string render_svg(const Chart& chart, int width = 800, int height = 480);
/// Writes render_svg(chart) to path; throws std::runtime_error on failure.
void write_svg(const std::string& path, const Chart& chart);

}  // namespace botsim
