#pragma once
// Minimal SVG charts for experiment figures (no plotting library in Debian's C++ set).
#include <limits>
#include <string>
#include <vector>

namespace botsim {

struct Series {
  std::string label;
  std::vector<double> x, y;
  std::vector<double> y_err;  // optional error bars (same size as y, or empty)
};

struct Chart {
  std::string title, x_label, y_label;
  enum class Kind { Line, Step, Scatter, Bar } kind = Kind::Line;
  std::vector<Series> series;
  /// For Bar charts: category names along x (series[k].y[i] is the bar of series k at category i).
  std::vector<std::string> categories;
  /// Optional horizontal reference line (e.g. a deadline, an optimum); NaN for none.
  double reference_y = std::numeric_limits<double>::quiet_NaN();
  std::string reference_label;
};

/// The chart as a standalone SVG document (deterministic text for the same chart).
std::string render_svg(const Chart& chart, int width = 800, int height = 480);
/// Writes render_svg(chart) to path; throws std::runtime_error on failure.
void write_svg(const std::string& path, const Chart& chart);

}  // namespace botsim
