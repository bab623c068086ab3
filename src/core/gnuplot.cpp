#include "core/gnuplot.hpp"

#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace botsim {

namespace fs = std::filesystem;

namespace {

// Colour-blind-friendly categorical palette (matplotlib's tab10): series k uses colour k % 10.
const char* const kPalette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
// Series that coincide stay visible: each has its own dash type and point type, and earlier
// series are drawn wider, so a later one lies on top of an earlier one without hiding it.
const int kPointTypes[] = {6, 4, 8, 12, 1, 2, 3, 10, 14, 7, 5, 9, 13};
constexpr double kBarGroupWidth = 0.8;  // of one category's width
constexpr double kGanttHalfRow = 0.4;   // a bar alone in its row
constexpr double kTopHeadroom = 0.05;   // of the y axis's span, above its largest value

std::string num(double v) { return fmt::format("{:.10g}", v); }

// A gnuplot string in single quotes (no escapes there; a quote is written twice).
std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// A data-file string column in double quotes (no quotes inside).
std::string data_text(std::string s) {
  std::replace(s.begin(), s.end(), '"', '\'');
  return "\"" + s + "\"";
}

bool has_points(const Series& s) {
  return std::any_of(s.y.begin(), s.y.end(), [](double y) { return std::isfinite(y); });
}

// Where the bar of series k of n at category i stands.
double bar_x(size_t i, size_t k, size_t n) {
  double w = kBarGroupWidth / static_cast<double>(n);
  return static_cast<double>(i) - kBarGroupWidth / 2 + w * (static_cast<double>(k) + 0.5);
}

// The bars of a bar chart without a value (NaN, or a category past the series' values): where
// they would stand. They are drawn as "n/a", not left out, so that they differ from a bar of 0.
std::vector<double> missing_bars(const Chart& c) {
  std::vector<double> out;
  if (c.kind != Chart::Kind::Bar) return out;
  const size_t n = c.series.size();
  for (size_t k = 0; k < n; ++k) {
    const Series& s = c.series[k];
    for (size_t i = 0; i < std::max(c.categories.size(), s.y.size()); ++i)
      if (i >= s.y.size() || !std::isfinite(s.y[i])) out.push_back(bar_x(i, k, n));
  }
  return out;
}

double y_floor(const Chart& c) {
  if (std::isfinite(c.y_min)) return c.y_min;
  if (c.kind != Chart::Kind::Bar) return NAN;
  // Bars stand on zero: a bar chart of non-negative values starts its axis there.
  for (const auto& s : c.series)
    for (double y : s.y)
      if (std::isfinite(y) && y < 0) return NAN;
  return 0;
}

// The lowest and highest y a chart draws: its points, its error bars (within the possible
// values), its reference line and, with the line y = x, its x values. NaN when it draws none.
std::pair<double, double> drawn_y_span(const Chart& c) {
  double lo = NAN, hi = NAN;
  const auto take = [&](double v) {
    if (!std::isfinite(v)) return;
    lo = std::isnan(lo) ? v : std::min(lo, v);
    hi = std::isnan(hi) ? v : std::max(hi, v);
  };
  for (const Series& s : c.series)
    for (size_t i = 0; i < s.y.size(); ++i) {
      if (!std::isfinite(s.y[i])) continue;
      take(s.y[i]);
      const double err = i < s.y_err.size() && std::isfinite(s.y_err[i]) ? s.y_err[i] : 0;
      take(std::isfinite(c.y_max) ? std::min(s.y[i] + err, c.y_max) : s.y[i] + err);
      take(std::isfinite(c.y_min) ? std::max(s.y[i] - err, c.y_min) : s.y[i] - err);
      if (c.identity_line && i < s.x.size()) take(s.x[i]);
    }
  take(c.reference_y);
  return {lo, hi};
}

std::string point_row(const Chart& c, const Series& s, size_t i, size_t k) {
  const double y = s.y[i];
  if (c.kind == Chart::Kind::Gantt)
    return fmt::format("{} {} {} {}", num(s.x[i]), num(y), num(s.x_end.at(i)),
                       num(s.y_half.empty() ? kGanttHalfRow : s.y_half.at(i)));
  const double x = c.kind == Chart::Kind::Bar ? bar_x(i, k, c.series.size()) : s.x.at(i);
  if (s.y_err.empty()) return fmt::format("{} {}", num(x), num(y));
  const double err = i < s.y_err.size() && std::isfinite(s.y_err[i]) ? s.y_err[i] : 0;
  double lo = y - err, hi = y + err;
  // No error bar reaches an impossible value (e.g. a negative time).
  if (std::isfinite(c.y_min)) lo = std::max(lo, c.y_min);
  if (std::isfinite(c.y_max)) hi = std::min(hi, c.y_max);
  return fmt::format("{} {} {} {}", num(x), num(y), num(lo), num(hi));
}

size_t style_number(const Chart& c, size_t k) {
  const auto listed = [&](size_t j) {
    const Series& s = c.series[j];
    return std::find(c.styles.begin(), c.styles.end(), s.key.empty() ? s.label : s.key);
  };
  if (auto it = listed(k); it != c.styles.end()) return static_cast<size_t>(it - c.styles.begin());
  size_t unlisted = 0;  // series not in c.styles take the styles after the listed ones
  for (size_t j = 0; j < k; ++j)
    if (listed(j) == c.styles.end()) ++unlisted;
  return c.styles.size() + unlisted;
}

// The plot clause(s) of series k, the `index` of its block in the data file.
std::string series_clauses(const Chart& c, size_t k, size_t index, const std::string& data) {
  const Series& s = c.series[k];
  const size_t n = c.series.size();
  const std::string src = fmt::format("{} index {} ", quoted(data), index);
  const SeriesStyle style = series_style(c, k);
  const std::string lc = "lc rgb " + quoted(style.color);
  const int dt = style.dash;
  // A mean's point filled (gnuplot's filled shape follows each open one: 6 then 7) and larger.
  const int pt =
      c.mean_points && style.point % 2 == 0 && style.point >= 4 ? style.point + 1 : style.point;
  const std::string ps = c.mean_points ? "1.4" : c.kind == Chart::Kind::Scatter ? "0.9" : "0.8";
  const double lw =
      n > 1 ? 1 + 1.5 * static_cast<double>(n - 1 - k) / static_cast<double>(n - 1) : 1.5;
  const std::string title = "title " + quoted(s.label);
  std::string out;
  switch (c.kind) {
    case Chart::Kind::Line:
      out = fmt::format("{}using 1:2 with linespoints {} dt {} lw {} pt {} ps {} {}", src, lc, dt,
                        num(lw), pt, ps, title);
      break;
    case Chart::Kind::Step:
      out = fmt::format("{}using 1:2 with steps {} dt {} lw {} {}", src, lc, dt, num(lw), title);
      break;
    case Chart::Kind::Scatter:
      out = fmt::format("{}using 1:2 with points {} pt {} ps {} {}", src, lc, pt, ps, title);
      break;
    case Chart::Kind::Bar:
      out = fmt::format("{}using 1:2 with boxes {} {}", src, lc, title);
      // A bar of 0 has no height: a thick line of its width on the axis, in its colour, and
      // "0" above it show it is there.
      if (std::any_of(s.y.begin(), s.y.end(), [](double y) { return y == 0; })) {
        const double half = kBarGroupWidth / static_cast<double>(n) / 2;
        out += fmt::format(
            ", \\\n     {}using ($1-{}):($2 == 0 ? 0 : NaN):({}):(0) with vectors nohead {} "
            "lw 6 notitle, \\\n     {}using 1:($2 == 0 ? 0 : NaN):('0') with labels offset 0,0.8 "
            "font ',10' tc rgb {} notitle",
            src, num(half), num(2 * half), lc, src, quoted(style.color));
      }
      break;
    case Chart::Kind::Gantt:
      out = fmt::format("{}using 1:2:1:3:($2-$4):($2+$4) with boxxyerror {} fs solid 0.75 {}", src,
                        lc, title);
      break;
  }
  if (!s.y_err.empty() && c.kind != Chart::Kind::Gantt)
    out +=
        fmt::format(", \\\n     {}using 1:2:3:4 with yerrorbars {} dt 1 lw 1.2 pt {} ps {} notitle",
                    src, lc, c.mean_points ? pt : 7, c.mean_points ? ps : "0");
  if (!s.notes.empty() && c.kind == Chart::Kind::Bar) {
    // Above each bar, centred (a count too small to see as a bar still shows).
    out +=
        fmt::format(", \\\n     {}using 1:2:{} with labels center offset 0,0.7 font ',9' notitle",
                    src, s.y_err.empty() ? 3 : 5);
  } else if (!s.notes.empty()) {
    const bool gantt = c.kind == Chart::Kind::Gantt;
    const size_t note = gantt ? 5 : s.y_err.empty() ? 3 : 5;
    out += fmt::format(", \\\n     {}using {}:2:{} with labels left offset 0.5,0 font ',9' notitle",
                       src, gantt ? 3 : 1, note);
  }
  // Text inside the bars (a task's id where it fits), centred on each bar.
  if (c.kind == Chart::Kind::Gantt && !s.inside.empty())
    out += fmt::format(
        ", \\\n     {}using (($1+$3)/2):2:{} with labels center font ',8' tc rgb '#000000' "
        "notitle",
        src, s.notes.empty() ? 5 : 6);
  return out;
}

std::string tic_list(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += fmt::format("{}{} {}", i ? ", " : "", quoted(names[i]), i);
  return "(" + out + ")";
}

bool has_notes(const Chart& c) {
  return std::any_of(c.series.begin(), c.series.end(), [](auto& s) { return !s.notes.empty(); });
}

// Fixed margins: the charts of one run (tasks, instances) line up whatever their labels; the
// legend stands next to the plot (past the notes beside the bars' ends, e.g. "13 ATUs"), not
// against the image's right edge.
std::string margins(const Chart& c) {
  return fmt::format(
      "set lmargin at screen 0.1\nset rmargin at screen 0.76\n"
      "set key at screen {}, graph 1 left top\n",
      has_notes(c) ? "0.85" : "0.78");
}

std::string axes(const Chart& c) {
  std::string out;
  if (c.log_axes) {
    // Tics at 1, 2, 5 of each decade: a decade or two of data still shows several.
    out +=
        "set logscale xy 10\nset xtics (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, "
        "1000)\nset ytics (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)\n"
        "set grid\n";
    // Whole decades, as gnuplot's autoscale would give, but strictly past the values drawn: a
    // value on a power of ten (gnuplot's axis would end there) is drawn inside the frame.
    const auto [lo, hi] = drawn_y_span(c);
    if (lo > 0 && hi > 0) {
      double bottom = std::pow(10.0, std::floor(std::log10(lo)));
      double top = std::pow(10.0, std::ceil(std::log10(hi)));
      if (bottom >= lo) bottom /= 10;
      if (top <= hi) top *= 10;
      out += fmt::format("set yrange [{}:{}]\n", num(bottom), num(top));
    }
    return out;
  }
  const double lo = y_floor(c);
  // A value at the top of the axis (a share of 100 %, a bid at its maximum, the largest bar)
  // would lie on the frame and vanish: the axis goes kTopHeadroom of its span past its largest
  // possible value, or, without one, past the largest value drawn.
  double top = c.y_max;
  if (c.kind != Chart::Kind::Gantt && !std::isfinite(top)) {
    const auto [drawn_lo, drawn_hi] = drawn_y_span(c);
    const double base = std::isfinite(lo) ? lo : drawn_lo;
    top = drawn_hi;
    if (top > base)
      top += kTopHeadroom * (top - base);
    else if (std::isfinite(top))  // all at the floor (e.g. bars of 0): an axis of one unit
      top = base + 1;
  } else if (std::isfinite(top)) {
    top += kTopHeadroom * (c.y_max - (std::isfinite(lo) ? lo : 0));
  }
  if (std::isfinite(lo) || std::isfinite(top))
    out += fmt::format("set yrange [{}:{}]\n", std::isfinite(lo) ? num(lo) : "*",
                       std::isfinite(top) ? num(top) : "*");
  if (c.whole_y && drawn_y_span(c).second <= 10) out += "set ytics 1\n";
  if (std::isfinite(c.x_min) || std::isfinite(c.x_max))
    out += fmt::format("set xrange [{}:{}]\n", std::isfinite(c.x_min) ? num(c.x_min) : "*",
                       std::isfinite(c.x_max) ? num(c.x_max) : "*");
  // Room on the right for the notes beside the last points or bars.
  if (has_notes(c)) out += "set offsets 0, graph 0.1, 0, 0\n";
  if (c.kind == Chart::Kind::Bar && !c.categories.empty()) {
    size_t longest = 0;
    for (const auto& name : c.categories) longest = std::max(longest, name.size());
    const bool slanted = c.categories.size() > 6 || longest > 12;
    out += fmt::format("set xrange [-0.6:{}]\nset xtics {}{}\nset boxwidth {} absolute\n",
                       num(static_cast<double>(c.categories.size()) - 0.4), tic_list(c.categories),
                       slanted ? " rotate by 35 right" : "",
                       num(kBarGroupWidth / static_cast<double>(c.series.size())));
    out += "set style fill transparent solid 0.45 border\nset grid ytics\n";
  } else if (c.kind == Chart::Kind::Gantt) {
    out += margins(c);
    const double rows = static_cast<double>(c.categories.size());
    out += fmt::format("set yrange [{}:-0.6]\n", num(rows - 0.4));  // the first row on top
    // Row names when they fit; past 40 rows, numbers (the data file has every row's bars).
    if (!c.categories.empty() && c.categories.size() <= 40)
      out += fmt::format("set ytics {} font ',9'\n", tic_list(c.categories));
    // No tics on the right frame: a note beside a bar that ends there ("1 ATU") was struck
    // through by its row's tic.
    out += "set ytics nomirror\n";
    out += "set grid xtics\n";
  } else {
    if (c.fixed_margins) out += margins(c);
    // Categories along x (a sweep's settings, seeds): a tic per category, at 0, 1, ..., and
    // half a category on either side, so that no point lies on the frame.
    if (!c.categories.empty()) {
      size_t longest = 0;
      for (const auto& name : c.categories) longest = std::max(longest, name.size());
      out +=
          fmt::format("set xrange [-0.5:{}]\nset xtics {}{}\n",
                      num(static_cast<double>(c.categories.size()) - 0.5), tic_list(c.categories),
                      c.categories.size() > 6 || longest > 12 ? " rotate by 35 right" : "");
    }
    out += "set grid\n";
  }
  return out;
}

}  // namespace

std::string palette_color(size_t k) { return kPalette[k % 10]; }

SeriesStyle series_style(const Chart& c, size_t k) {
  SeriesStyle s;
  s.number = style_number(c, k);
  s.color = k < c.colors.size() && !c.colors[k].empty() ? c.colors[k] : palette_color(s.number);
  s.dash = static_cast<int>(s.number % 5) + 1;
  s.point = kPointTypes[s.number % (sizeof kPointTypes / sizeof kPointTypes[0])];
  return s;
}

std::string gnuplot_data(const Chart& c) {
  std::string out = "# " + c.title + "\n";
  size_t index = 0;
  for (size_t k = 0; k < c.series.size(); ++k) {
    const Series& s = c.series[k];
    if (!has_points(s)) continue;
    if (index++ > 0) out += "\n\n";  // two blank lines: the next block (gnuplot's `index`)
    out += fmt::format("# series {}: {}\n", index - 1, s.label);
    out += c.kind == Chart::Kind::Gantt ? "# x_start y x_end half_height"
           : s.y_err.empty()            ? "# x y"
                                        : "# x y y_low y_high";
    out += s.notes.empty() ? "" : " note";
    out += s.inside.empty() ? "\n" : " inside\n";
    bool gap = false, wrote = false;
    for (size_t i = 0; i < s.y.size(); ++i) {
      if (!std::isfinite(s.y[i])) {
        gap = wrote;  // one blank line breaks a line (never two: that would end the block)
        continue;
      }
      if (gap && c.kind != Chart::Kind::Bar) out += "\n";
      gap = false;
      wrote = true;
      out += point_row(c, s, i, k);
      if (!s.notes.empty()) out += " " + data_text(s.notes.at(i));
      // No text: a blank, which gnuplot reads as a column (an empty "" may not be).
      if (!s.inside.empty()) out += " " + data_text(s.inside.at(i).empty() ? " " : s.inside[i]);
      out += "\n";
    }
  }
  // A bar chart's bars without a value: not a row of their series (it would be read as a bar),
  // but where each would stand, in a last block drawn as "n/a" labels.
  const std::vector<double> missing = missing_bars(c);
  if (index > 0 && !missing.empty()) {
    out += "\n\n# bars without a value (drawn as n/a)\n# x\n";
    for (double x : missing) out += num(x) + "\n";
  }
  return out;
}

std::string gnuplot_script(const Chart& c, const std::string& stem) {
  const std::string data = stem + ".dat";
  std::string out = fmt::format(
      "# {}: {}\n# botsim wrote this script and {}; to re-draw {}.svg and {}.png after an edit,\n"
      "# run `gnuplot {}.gp` in this directory.\n",
      stem, c.title, data, stem, stem, stem);
  out += fmt::format(
      "set encoding utf8\n"
      "set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'\n"
      "set output {}\n"
      "set title {}\nset xlabel {}\nset ylabel {}\n"
      "set key {} Left reverse\n",
      quoted(stem + ".svg"), quoted(c.title), quoted(c.x_label), quoted(c.y_label),
      c.legend_below ? "below center horizontal" : "outside right top vertical");
  out += axes(c);
  std::vector<std::string> clauses;
  size_t index = 0;
  for (size_t k = 0; k < c.series.size(); ++k)
    if (has_points(c.series[k])) clauses.push_back(series_clauses(c, k, index++, data));
  // Bars without a value say "n/a" where they would stand (the data file's last block).
  if (index > 0 && !missing_bars(c).empty())
    clauses.push_back(fmt::format(
        "{} index {} using 1:(0):('n/a') with labels offset 0,0.8 font ',10' tc rgb '#555555' "
        "notitle",
        quoted(data), index));
  if (c.identity_line && !clauses.empty())
    clauses.push_back("x with lines lc rgb 'black' dt 2 lw 1.2 title 'y = x'");
  if (std::isfinite(c.reference_y))
    clauses.push_back(fmt::format("{} with lines lc rgb 'black' dt 2 lw 1.5 title {}",
                                  num(c.reference_y), quoted(c.reference_label)));
  if (clauses.empty()) {
    out += "set label 1 'no data' at graph 0.5,0.5 center\n";
    clauses.push_back("[0:1] [0:1] NaN notitle");
  }
  out += "plot ";
  for (size_t i = 0; i < clauses.size(); ++i) out += (i ? ", \\\n     " : "") + clauses[i];
  out += fmt::format(
      "\nset terminal pngcairo size 1200,720 noenhanced font 'sans,11' background rgb 'white'\n"
      "set output {}\nreplot\nset output\n",
      quoted(stem + ".png"));
  return out;
}

void write_figure(const std::string& dir, const std::string& stem, const Chart& chart) {
  for (const auto& [ext, text] :
       {std::pair{".dat", gnuplot_data(chart)}, std::pair{".gp", gnuplot_script(chart, stem)}}) {
    const fs::path path = fs::path(dir) / (stem + ext);
    std::ofstream out(path);
    out << text;
    if (!out.flush()) throw std::runtime_error("cannot write " + path.string());
  }
}

std::string find_gnuplot() {
  if (const char* set = std::getenv("BOTSIM_GNUPLOT"))
    return *set && access(set, X_OK) == 0 ? set : "";
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string d; std::getline(dirs, d, ':');) {
    const fs::path candidate = fs::path(d.empty() ? "." : d) / "gnuplot";
    if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return "";
}

DrawResult draw_figures(const std::string& dir) {
  const std::string gnuplot = find_gnuplot();
  if (gnuplot.empty()) return DrawResult::NoGnuplot;
  std::vector<std::string> args{gnuplot};
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".gp") args.push_back(e.path().filename().string());
  std::sort(args.begin() + 1, args.end());
  if (args.size() == 1) return DrawResult::Drawn;
  // One gnuplot for all the scripts, each from gnuplot's defaults: a script's settings (a log
  // scale, a range) must not carry over to the next.
  for (size_t i = args.size() - 1; i > 1; --i)
    args.insert(args.begin() + static_cast<long>(i), {"-e", "reset"});
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());  // the scripts' paths are relative
  pid_t pid;
  int rc = posix_spawn(&pid, gnuplot.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return DrawResult::NoGnuplot;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return DrawResult::Failed;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? DrawResult::Drawn : DrawResult::Failed;
}

}  // namespace botsim
