#include "core/svg_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>

#include "core/xml.hpp"

namespace botsim {

namespace {

// Colour-blind-friendly categorical palette (matplotlib's tab10): series k uses colour k % 10.
const char* const kPalette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
constexpr int kFontSize = 12;
constexpr double kCharWidth = 0.6 * kFontSize;  // rough width of one character, for layout

// Fixed decimals, then trailing zeros trimmed: locale-independent and stable across runs.
std::string num(double v, int decimals = 2) {
  std::string s = fmt::format("{:.{}f}", v, decimals);
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v) {
    if (!std::isfinite(v)) return;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  bool empty() const { return lo > hi; }
};

}  // namespace

std::string palette_color(size_t k) { return kPalette[k % 10]; }

double nice_number(double x, bool round) {
  if (!(x > 0) || !std::isfinite(x)) return 1;
  double exponent = std::floor(std::log10(x));
  double fraction = x / std::pow(10.0, exponent);
  double nice;
  if (round)
    nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10;
  else
    nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * std::pow(10.0, exponent);
}

Ticks nice_ticks(double lo, double hi, int target) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) lo = 0, hi = 1;
  if (lo > hi) std::swap(lo, hi);
  if (lo == hi) {
    // A flat range: widen it around the value so the value sits inside the axis.
    double pad = lo == 0 ? 1 : std::fabs(lo) * 0.5;
    lo -= pad;
    hi += pad;
  }
  if (!std::isfinite(hi - lo)) {
    // Wider than a double can hold: the two ends are the only ticks we can place.
    Ticks t;
    t.lo = lo;
    t.hi = hi;
    t.step = hi / 2 - lo / 2;
    t.values = {lo, hi};
    return t;
  }
  target = std::max(target, 2);
  double step = nice_number(nice_number(hi - lo, false) / (target - 1), true);
  Ticks t;
  t.step = step;
  t.lo = std::floor(lo / step) * step;
  t.hi = std::ceil(hi / step) * step;
  // Enough decimals to tell ticks apart (step 0.25 -> 2), none for whole steps.
  t.decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
  // Ticks are whole multiples of the step (no accumulated error: zero is exactly 0).
  long first = std::lround(t.lo / step), last = std::lround(t.hi / step);
  for (long k = first; k <= last; ++k)
    t.values.push_back(k == 0 ? 0.0 : static_cast<double>(k) * step);
  return t;
}

std::string format_tick(double value, int decimals) {
  std::string s = fmt::format("{:.{}f}", value, decimals);
  // "-0" and "-0.00" (a tiny negative rounding error) read as plain zero.
  if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
  return s;
}

namespace {

class SvgWriter {
 public:
  SvgWriter(const Chart& chart, int width, int height)
      : c_(chart), width_(std::max(width, 200)), height_(std::max(height, 150)) {}

  std::string render() {
    layout();
    open();
    axes();
    data();
    reference();
    legend();
    out_ += "</svg>\n";
    return std::move(out_);
  }

 private:
  bool is_bar() const { return c_.kind == Chart::Kind::Bar; }

  size_t points(const Series& s) const {
    return is_bar() ? s.y.size() : std::min(s.x.size(), s.y.size());
  }

  size_t bar_categories() const {
    size_t n = c_.categories.size();
    for (const auto& s : c_.series) n = std::max(n, s.y.size());
    return n;
  }

  std::string category_label(size_t i) const {
    return i < c_.categories.size() ? c_.categories[i] : std::to_string(i + 1);
  }

  bool has_legend() const {
    for (const auto& s : c_.series)
      if (!s.label.empty()) return true;
    return std::isfinite(c_.reference_y) && !c_.reference_label.empty();
  }

  void layout() {
    Range xr, yr;
    for (const auto& s : c_.series) {
      bool err = s.y_err.size() == s.y.size();
      for (size_t i = 0; i < points(s); ++i) {
        if (!is_bar()) {
          if (!std::isfinite(s.y[i])) continue;
          xr.add(s.x[i]);
        }
        yr.add(s.y[i]);
        if (err && std::isfinite(s.y_err[i])) {
          yr.add(s.y[i] - std::fabs(s.y_err[i]));
          yr.add(s.y[i] + std::fabs(s.y_err[i]));
        }
      }
    }
    yr.add(c_.reference_y);
    if (is_bar()) yr.add(0);  // bars grow from zero
    if (yr.empty()) yr.add(0), yr.add(1);
    if (xr.empty()) xr.add(0), xr.add(1);
    yt_ = nice_ticks(yr.lo, yr.hi, 6);
    if (!is_bar()) xt_ = nice_ticks(xr.lo, xr.hi, 8);

    // Margins follow the longest labels so nothing is cut off.
    size_t ytick_chars = 0;
    for (double v : yt_.values)
      ytick_chars = std::max(ytick_chars, format_tick(v, yt_.decimals).size());
    left_ = 24 + ytick_chars * kCharWidth + (c_.y_label.empty() ? 0 : 20);
    top_ = c_.title.empty() ? 20 : 44;
    right_ = 20;
    if (has_legend()) {
      size_t chars = c_.reference_label.size();
      for (const auto& s : c_.series) chars = std::max(chars, s.label.size());
      legend_width_ = 40 + std::min<size_t>(chars, 28) * kCharWidth;
      right_ += legend_width_;
    }
    bottom_ = 36 + (c_.x_label.empty() ? 0 : 20);
    if (is_bar()) {
      size_t n = std::max<size_t>(bar_categories(), 1);
      size_t chars = 0;
      for (size_t i = 0; i < n; ++i) chars = std::max(chars, category_label(i).size());
      double slot = (width_ - left_ - right_) / static_cast<double>(n);
      rotate_categories_ = chars * kCharWidth > slot * 0.95;
      if (rotate_categories_) bottom_ += std::min<size_t>(chars, 30) * kCharWidth * 0.6;
    }
    plot_w_ = std::max(width_ - left_ - right_, 50.0);
    plot_h_ = std::max(height_ - top_ - bottom_, 50.0);
  }

  double px(double x) const { return left_ + (x - xt_.lo) / (xt_.hi - xt_.lo) * plot_w_; }
  double py(double y) const { return top_ + plot_h_ - (y - yt_.lo) / (yt_.hi - yt_.lo) * plot_h_; }

  void open() {
    out_ += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out_ += fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
        "viewBox=\"0 0 {0} {1}\" font-family=\"DejaVu Sans, Arial, sans-serif\" "
        "font-size=\"{2}\">\n",
        width_, height_, kFontSize);
    out_ += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    if (!c_.title.empty())
      out_ += fmt::format(
          "<text x=\"{}\" y=\"26\" text-anchor=\"middle\" font-size=\"15\" "
          "font-weight=\"bold\">{}</text>\n",
          num(left_ + plot_w_ / 2), xml_escape(c_.title));
  }

  void axes() {
    const double bottom = top_ + plot_h_;
    out_ += "<g class=\"grid\" stroke=\"#dddddd\" stroke-width=\"1\">\n";
    for (double v : yt_.values)
      out_ += fmt::format("<line x1=\"{0}\" y1=\"{2}\" x2=\"{1}\" y2=\"{2}\"/>\n", num(left_),
                          num(left_ + plot_w_), num(py(v)));
    out_ += "</g>\n";

    out_ += "<g class=\"y-axis\" text-anchor=\"end\">\n";
    for (double v : yt_.values)
      out_ += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", num(left_ - 6), num(py(v) + 4),
                          xml_escape(format_tick(v, yt_.decimals)));
    out_ += "</g>\n";

    out_ += "<g class=\"x-axis\" text-anchor=\"middle\">\n";
    if (is_bar()) {
      size_t n = bar_categories();
      for (size_t i = 0; i < n; ++i) {
        double x = bar_center(i);
        if (rotate_categories_)
          out_ += fmt::format(
              "<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\" "
              "transform=\"rotate(-35 {0} {1})\">{2}</text>\n",
              num(x), num(bottom + 14), xml_escape(category_label(i)));
        else
          out_ += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", num(x), num(bottom + 18),
                              xml_escape(category_label(i)));
      }
    } else {
      for (double v : xt_.values) {
        out_ +=
            fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"black\"/>\n",
                        num(px(v)), num(bottom), num(bottom + 5));
        out_ += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", num(px(v)), num(bottom + 18),
                            xml_escape(format_tick(v, xt_.decimals)));
      }
    }
    out_ += "</g>\n";

    // The frame: left and bottom axis lines.
    out_ +=
        fmt::format("<path class=\"frame\" d=\"M{} {}V{}H{}\" fill=\"none\" stroke=\"black\"/>\n",
                    num(left_), num(top_), num(bottom), num(left_ + plot_w_));

    if (!c_.x_label.empty())
      out_ += fmt::format(
          "<text class=\"x-label\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
          num(left_ + plot_w_ / 2), num(height_ - 10), xml_escape(c_.x_label));
    if (!c_.y_label.empty())
      out_ += fmt::format(
          "<text class=\"y-label\" x=\"16\" y=\"{0}\" text-anchor=\"middle\" "
          "transform=\"rotate(-90 16 {0})\">{1}</text>\n",
          num(top_ + plot_h_ / 2), xml_escape(c_.y_label));
  }

  double slot_width() const {
    return plot_w_ / static_cast<double>(std::max<size_t>(bar_categories(), 1));
  }
  double bar_center(size_t i) const {
    return left_ + (static_cast<double>(i) + 0.5) * slot_width();
  }
  double bar_width() const {
    return slot_width() * 0.8 / static_cast<double>(std::max<size_t>(c_.series.size(), 1));
  }
  // Centre of series k's bar in category i (series side by side within the category).
  double bar_x(size_t k, size_t i) const {
    double group = bar_width() * static_cast<double>(c_.series.size());
    return bar_center(i) - group / 2 + (static_cast<double>(k) + 0.5) * bar_width();
  }

  std::string color_of(size_t k) const {
    if (k < c_.colors.size() && !c_.colors[k].empty()) return xml_escape(c_.colors[k]);
    return palette_color(k);
  }

  void data() {
    for (size_t k = 0; k < c_.series.size(); ++k) {
      const Series& s = c_.series[k];
      const std::string colour = color_of(k);
      out_ += fmt::format("<g class=\"series\" data-label=\"{}\">\n", xml_escape(s.label));
      switch (c_.kind) {
        case Chart::Kind::Line:
        case Chart::Kind::Step:
          path(s, colour, c_.kind == Chart::Kind::Step);
          break;
        case Chart::Kind::Scatter:
          for (size_t i = 0; i < points(s); ++i)
            if (std::isfinite(s.x[i]) && std::isfinite(s.y[i]))
              out_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{}\"/>\n",
                                  num(px(s.x[i])), num(py(s.y[i])), colour);
          break;
        case Chart::Kind::Bar:
          for (size_t i = 0; i < s.y.size(); ++i) {
            if (!std::isfinite(s.y[i])) continue;  // no bar for a missing value
            double y0 = py(0), y1 = py(s.y[i]);
            out_ +=
                fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                            num(bar_x(k, i) - bar_width() / 2), num(std::min(y0, y1)),
                            num(bar_width()), num(std::fabs(y1 - y0)), colour);
          }
          break;
      }
      error_bars(k, s);
      out_ += "</g>\n";
    }
  }

  // Lines and steps; a non-finite y breaks the line (a gap in the data).
  void path(const Series& s, const std::string& colour, bool step) {
    std::string d;
    bool pen_down = false;
    for (size_t i = 0; i < points(s); ++i) {
      if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) {
        pen_down = false;
        continue;
      }
      double x = px(s.x[i]), y = py(s.y[i]);
      if (!pen_down)
        d += fmt::format("M{} {}", num(x), num(y));
      else if (step)
        d += fmt::format("H{}V{}", num(x), num(y));  // hold the value until the next point
      else
        d += fmt::format("L{} {}", num(x), num(y));
      pen_down = true;
    }
    if (d.empty()) return;
    out_ += fmt::format(
        "<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.8\" "
        "stroke-linejoin=\"round\"/>\n",
        d, colour);
    if (!step && points(s) > 0) {
      // Single isolated points would be invisible as a path: mark them.
      for (size_t i = 0; i < points(s); ++i) {
        bool prev = i > 0 && std::isfinite(s.x[i - 1]) && std::isfinite(s.y[i - 1]);
        bool next = i + 1 < points(s) && std::isfinite(s.x[i + 1]) && std::isfinite(s.y[i + 1]);
        if (!prev && !next && std::isfinite(s.x[i]) && std::isfinite(s.y[i]))
          out_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"2.5\" fill=\"{}\"/>\n",
                              num(px(s.x[i])), num(py(s.y[i])), colour);
      }
    }
  }

  void error_bars(size_t k, const Series& s) {
    if (s.y_err.size() != s.y.size()) return;
    std::string d;
    for (size_t i = 0; i < points(s); ++i) {
      double e = std::fabs(s.y_err[i]);
      if (!std::isfinite(s.y[i]) || !std::isfinite(e) || e == 0) continue;
      double x = is_bar() ? bar_x(k, i) : px(s.x[i]);
      if (!std::isfinite(x)) continue;
      double lo = py(s.y[i] - e), hi = py(s.y[i] + e);
      double cap = is_bar() ? std::min(bar_width() / 4, 6.0) : 4;
      d += fmt::format("M{0} {1}V{2}M{3} {1}H{4}M{3} {2}H{4}", num(x), num(lo), num(hi),
                       num(x - cap), num(x + cap));
    }
    if (!d.empty())
      out_ +=
          fmt::format("<path class=\"error-bars\" d=\"{}\" fill=\"none\" stroke=\"black\"/>\n", d);
  }

  void reference() {
    if (!std::isfinite(c_.reference_y)) return;
    double y = py(c_.reference_y);
    out_ += fmt::format(
        "<line class=\"reference\" x1=\"{0}\" y1=\"{2}\" x2=\"{1}\" y2=\"{2}\" stroke=\"#c00000\" "
        "stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n",
        num(left_), num(left_ + plot_w_), num(y));
    // The label gets a white halo so it stays readable over bars and lines.
    if (!c_.reference_label.empty())
      out_ += fmt::format(
          "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"#c00000\" stroke=\"white\" "
          "stroke-width=\"3\" paint-order=\"stroke\">{}</text>\n",
          num(left_ + plot_w_ - 4), num(y - 5), xml_escape(c_.reference_label));
  }

  void legend() {
    if (!has_legend()) return;
    double x = left_ + plot_w_ + 16, y = top_ + 6;
    out_ += "<g class=\"legend\">\n";
    for (size_t k = 0; k < c_.series.size(); ++k) {
      const Series& s = c_.series[k];
      if (s.label.empty()) continue;
      const std::string colour = color_of(k);
      if (is_bar() || c_.kind == Chart::Kind::Scatter)
        out_ += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/>\n",
                            num(x + 4), num(y - 6), colour);
      else
        out_ += fmt::format(
            "<line x1=\"{0}\" y1=\"{2}\" x2=\"{1}\" y2=\"{2}\" stroke=\"{3}\" "
            "stroke-width=\"2\"/>\n",
            num(x), num(x + 20), num(y), colour);
      out_ += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", num(x + 26), num(y + 4),
                          xml_escape(s.label));
      y += 18;
    }
    if (std::isfinite(c_.reference_y) && !c_.reference_label.empty()) {
      out_ += fmt::format(
          "<line x1=\"{0}\" y1=\"{2}\" x2=\"{1}\" y2=\"{2}\" stroke=\"#c00000\" "
          "stroke-width=\"1.5\" "
          "stroke-dasharray=\"6 4\"/>\n",
          num(x), num(x + 20), num(y));
      out_ += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", num(x + 26), num(y + 4),
                          xml_escape(c_.reference_label));
    }
    out_ += "</g>\n";
  }

  const Chart& c_;
  double width_, height_;
  double left_ = 0, right_ = 0, top_ = 0, bottom_ = 0, plot_w_ = 0, plot_h_ = 0;
  double legend_width_ = 0;
  bool rotate_categories_ = false;
  Ticks xt_ = nice_ticks(0, 1, 2), yt_ = nice_ticks(0, 1, 2);
  std::string out_;
};

}  // namespace

std::string render_svg(const Chart& chart, int width, int height) {
  return SvgWriter(chart, width, height).render();
}

void write_svg(const std::string& path, const Chart& chart) {
  std::ofstream out(path, std::ios::binary);
  out << render_svg(chart);
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace botsim
