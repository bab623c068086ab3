// Figures as gnuplot data and scripts (core/gnuplot.hpp): the numbers, the styles, drawing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "core/gnuplot.hpp"
#include "support/files.hpp"

namespace fs = std::filesystem;
using botsim::Chart;
using botsim::Series;

namespace {

constexpr double kNaN = NAN;

bool has(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

Chart two_lines() {
  Chart c;
  c.title = "Fig. 9: it's a test";
  c.x_label = "time (s)";
  c.y_label = "ratio";
  c.series = {Series{"a", {0, 1, 2}, {0.5, 0.5, 0.5}}, Series{"b", {0, 1, 2}, {0.5, 0.5, 0.5}}};
  return c;
}

}  // namespace

TEST(Gnuplot, ErrorBarsStayWithinThePossibleValues) {
  Chart c;
  c.y_min = 0;
  c.y_max = 1;
  c.series = {Series{"ratio", {1, 2, 3}, {0.2, 0.5, 0.9}, {0.5, 0.1, 0.25}}};
  // 0.2 ± 0.5 is drawn from 0 (not -0.3), 0.9 ± 0.25 up to 1 (not 1.15).
  EXPECT_EQ(botsim::gnuplot_data(c),
            "# \n# series 0: ratio\n# x y y_low y_high\n1 0.2 0 0.7\n2 0.5 0.4 0.6\n"
            "3 0.9 0.65 1\n");
  const std::string gp = botsim::gnuplot_script(c, "f");
  // Up to 1, and 5 % above it: a series at 1 is not drawn on the frame.
  EXPECT_TRUE(has(gp, "set yrange [0:1.05]\n")) << gp;
  EXPECT_TRUE(has(gp, "'f.dat' index 0 using 1:2:3:4 with yerrorbars lc rgb '#1f77b4'")) << gp;
}

TEST(Gnuplot, GapsBreakLinesWithOneBlankLine) {
  Chart c;
  c.kind = Chart::Kind::Step;
  c.series = {Series{"u", {0, 1, 2, 3, 4, 5}, {kNaN, 1, kNaN, kNaN, 2, kNaN}}};
  // Leading and trailing gaps write nothing; two gaps in a row one blank line (two would start
  // the next block).
  EXPECT_EQ(botsim::gnuplot_data(c), "# \n# series 0: u\n# x y\n1 1\n\n4 2\n");
}

TEST(Gnuplot, CoincidingSeriesEachHaveTheirOwnDashPointAndWidth) {
  const std::string gp = botsim::gnuplot_script(two_lines(), "f");
  EXPECT_TRUE(has(gp,
                  "'f.dat' index 0 using 1:2 with linespoints lc rgb '#1f77b4' dt 1 lw 2.5 "
                  "pt 6 ps 0.8 title 'a'"))
      << gp;
  EXPECT_TRUE(has(gp,
                  "'f.dat' index 1 using 1:2 with linespoints lc rgb '#ff7f0e' dt 2 lw 1 "
                  "pt 4 ps 0.8 title 'b'"))
      << gp;
}

TEST(Gnuplot, TextIsQuotedAndLabelled) {
  const std::string gp = botsim::gnuplot_script(two_lines(), "fig9");
  EXPECT_TRUE(has(gp, "set title 'Fig. 9: it''s a test'\n")) << gp;
  EXPECT_TRUE(has(gp, "set xlabel 'time (s)'\nset ylabel 'ratio'\n"));
  EXPECT_TRUE(has(gp, "set output 'fig9.svg'\n"));
  EXPECT_TRUE(has(gp, "set output 'fig9.png'\nreplot\n"));
  EXPECT_TRUE(has(gp, "noenhanced"));  // names such as Sched_4 are not subscripts
}

TEST(Gnuplot, BarsOfOneCategoryStandSideBySide) {
  Chart c;
  c.kind = Chart::Kind::Bar;
  c.categories = {"x", "y"};
  c.series = {Series{"s", {}, {1, 2}}, Series{"t", {}, {3, kNaN}}};
  // Two series: bars 0.4 wide, at category - 0.2 and + 0.2; a NaN bar is not a row of its
  // series but where it would stand, in the last block (drawn "n/a").
  EXPECT_EQ(botsim::gnuplot_data(c),
            "# \n# series 0: s\n# x y\n-0.2 1\n0.8 2\n\n\n"
            "# series 1: t\n# x y\n0.2 3\n\n\n"
            "# bars without a value (drawn as n/a)\n# x\n1.2\n");
  const std::string gp = botsim::gnuplot_script(c, "f");
  // Bars of non-negative values stand on 0; the tallest, 3, ends below the frame.
  EXPECT_TRUE(has(gp, "set yrange [0:3.15]\n")) << gp;
  EXPECT_TRUE(has(gp, "set xtics ('x' 0, 'y' 1)\nset boxwidth 0.4 absolute\n")) << gp;
}

// A bar's note (its count) stands centred above it: a count too small to see as a bar shows.
TEST(Gnuplot, ABarsNoteStandsAboveIt) {
  Chart c;
  c.kind = Chart::Kind::Bar;
  c.categories = {"1", "2"};
  Series s{"bags", {}, {1000, 1}};
  s.notes = {"1000", "1"};
  c.series = {s};
  EXPECT_TRUE(has(botsim::gnuplot_data(c), "0 1000 \"1000\"\n1 1 \"1\"\n"))
      << botsim::gnuplot_data(c);
  EXPECT_TRUE(has(botsim::gnuplot_script(c, "f"),
                  "using 1:2:3 with labels center offset 0,0.7 font ',9' notitle"))
      << botsim::gnuplot_script(c, "f");
}

TEST(Gnuplot, ReferenceLineAndEmptyChart) {
  Chart c;
  c.reference_y = 10;
  c.reference_label = "deadline (10 h)";
  c.series = {Series{"nothing", {1}, {kNaN}}};
  const std::string gp = botsim::gnuplot_script(c, "f");
  EXPECT_FALSE(has(gp, "index 0"));  // a series without points is left out
  EXPECT_TRUE(has(gp, "plot 10 with lines lc rgb 'black' dt 2 lw 1.5 title 'deadline (10 h)'"));
  EXPECT_TRUE(has(botsim::gnuplot_script(Chart{}, "f"), "'no data'"));
}

TEST(Gnuplot, GanttBarsAndNotes) {
  Chart c;
  c.kind = Chart::Kind::Gantt;
  c.categories = {"h0", "h1"};
  Series s{"vm", {0, 5}, {1, 0}};
  s.x_end = {10, 7};
  s.y_half = {0.4, 0.2};  // the second bar in one of two lanes
  s.notes = {"1 ATU", "2 ATUs"};
  c.series = {s};
  EXPECT_EQ(botsim::gnuplot_data(c),
            "# \n# series 0: vm\n# x_start y x_end half_height note\n0 1 10 0.4 \"1 ATU\"\n"
            "5 0 7 0.2 \"2 ATUs\"\n");
  const std::string gp = botsim::gnuplot_script(c, "f");
  EXPECT_TRUE(has(gp, "set yrange [1.6:-0.6]\n")) << gp;  // the first row on top
  EXPECT_TRUE(has(gp, "set ytics ('h0' 0, 'h1' 1)")) << gp;
  EXPECT_TRUE(has(gp, "using 1:2:1:3:($2-$4):($2+$4) with boxxyerror")) << gp;
  EXPECT_TRUE(has(gp, "using 3:2:5 with labels")) << gp;
  EXPECT_TRUE(has(gp, "set offsets 0, graph 0.1, 0, 0\n")) << gp;  // room for the notes
  // A note beside a bar that ends at the right frame is not struck through by a mirrored tic.
  EXPECT_TRUE(has(gp, "set ytics nomirror\n")) << gp;
  EXPECT_LT(gp.find("set ytics ('h0'"), gp.find("set ytics nomirror")) << gp;
}

TEST(Gnuplot, DrawsSvgAndPngOrSaysItCannot) {
  const fs::path dir = botsim::test::fresh_test_dir("botsim-gnuplot-");
  botsim::write_figure(dir.string(), "lines", two_lines());
  setenv("BOTSIM_GNUPLOT", "/nonexistent/gnuplot", 1);
  EXPECT_EQ(botsim::draw_figures(dir.string()), botsim::DrawResult::NoGnuplot);
  unsetenv("BOTSIM_GNUPLOT");
  if (botsim::find_gnuplot().empty()) GTEST_SKIP() << "gnuplot is not installed";
  ASSERT_EQ(botsim::draw_figures(dir.string()), botsim::DrawResult::Drawn);
  EXPECT_TRUE(has(botsim::test::read_text((dir / "lines.svg").string()), "<svg"));
  EXPECT_GT(fs::file_size(dir / "lines.png"), 1000u);
  // A script gnuplot rejects: Failed (gnuplot's own message goes to stderr).
  botsim::test::write_text((dir / "broken.gp").string(), "plot 'missing.dat' using 1:2\n");
  EXPECT_EQ(botsim::draw_figures(dir.string()), botsim::DrawResult::Failed);
}

// Estimates against actual values: the line y = x, and log axes for values over decades (no
// yrange from 0, which a log axis cannot show, but whole decades strictly past the values).
TEST(Gnuplot, IdentityLineAndLogAxes) {
  Chart c;
  c.kind = Chart::Kind::Scatter;
  c.y_min = 0;
  c.series = {Series{"runs", {1.5, 35}, {1.6, 34}}};
  c.identity_line = true;
  std::string gp = botsim::gnuplot_script(c, "f");
  EXPECT_TRUE(has(gp, "x with lines lc rgb 'black' dt 2 lw 1.2 title 'y = x'")) << gp;
  EXPECT_FALSE(has(gp, "logscale")) << gp;
  c.log_axes = true;
  gp = botsim::gnuplot_script(c, "f");
  EXPECT_TRUE(has(gp, "set logscale xy 10\n")) << gp;
  // Whole decades around the values drawn (y = x draws the x values too), never from 0.
  EXPECT_TRUE(has(gp, "set yrange [1:100]\n")) << gp;
  // A value on a power of ten lay on the frame, where gnuplot's autoscale ended: the axis goes
  // a decade past it.
  c.series = {Series{"runs", {1.5, 35}, {1.6, 100}}};
  EXPECT_TRUE(has(botsim::gnuplot_script(c, "f"), "set yrange [1:1000]\n"));
  c.series = {Series{"runs", {1, 35}, {1.6, 34}}};
  EXPECT_TRUE(has(botsim::gnuplot_script(c, "f"), "set yrange [0.1:100]\n"));
  // No points: no line either (it would have no range to be drawn over).
  c.series = {};
  EXPECT_FALSE(has(botsim::gnuplot_script(c, "f"), "y = x"));
}

// A name keeps its style (colour, dash type, point type) in every chart that lists the names,
// whichever of them a chart shows and in whatever order; a series whose name is not listed
// takes a style after the listed ones, never one of theirs.
TEST(Gnuplot, OneNameOneStyleWhateverTheOtherSeries) {
  const std::vector<std::string> policies{"global", "local", "no-opt"};
  Chart all, some;
  all.series = {Series{"global", {0}, {1}}, Series{"local", {0}, {2}}, Series{"no-opt", {0}, {3}}};
  all.styles = policies;
  // Another figure: no-opt first, global missing, and an unlisted series last.
  some.series = {Series{"no-opt", {0}, {1}}, Series{"local", {0}, {2}}, Series{"other", {0}, {3}}};
  some.styles = policies;
  for (auto [k_all, k_some] : {std::pair<size_t, size_t>{1, 1}, {2, 0}}) {
    const botsim::SeriesStyle a = botsim::series_style(all, k_all);
    const botsim::SeriesStyle b = botsim::series_style(some, k_some);
    EXPECT_EQ(a.number, b.number) << all.series[k_all].label;
    EXPECT_EQ(a.color, b.color) << all.series[k_all].label;
    EXPECT_EQ(a.dash, b.dash) << all.series[k_all].label;
    EXPECT_EQ(a.point, b.point) << all.series[k_all].label;
  }
  EXPECT_EQ(botsim::series_style(some, 0).color, "#2ca02c");  // no-opt: the third colour
  EXPECT_EQ(botsim::series_style(some, 2).number, 3u);        // after the three listed
  // The scripts say so: no-opt is drawn alike in both.
  EXPECT_TRUE(has(botsim::gnuplot_script(all, "a"),
                  "index 2 using 1:2 with linespoints lc rgb '#2ca02c' dt 3 lw 1 pt 8"))
      << botsim::gnuplot_script(all, "a");
  EXPECT_TRUE(has(botsim::gnuplot_script(some, "b"),
                  "index 0 using 1:2 with linespoints lc rgb '#2ca02c' dt 3 lw 2.5 pt 8"))
      << botsim::gnuplot_script(some, "b");
  // A key names the series instead of its label (which may say more, e.g. its number of runs).
  some.series[0].label = "no-opt, n = 5";
  some.series[0].key = "no-opt";
  EXPECT_EQ(botsim::series_style(some, 0).number, 2u);
  // Without a list, series k takes style k.
  some.styles.clear();
  EXPECT_EQ(botsim::series_style(some, 0).color, botsim::palette_color(0));
}

// A bar of 0 and a bar without a value both have no height: the first gets a thick line of its
// width at 0 in its colour, the second an "n/a" where it would stand; the data file holds the
// 0 as a row of its series and the missing bar only in its last block, never as a 0.
TEST(Gnuplot, ZeroBarAndMissingBarLookDifferent) {
  Chart c;
  c.kind = Chart::Kind::Bar;
  c.categories = {"a", "b", "c"};
  c.series = {Series{"s", {}, {0, kNaN, 2}}, Series{"t", {}, {1, 2}}};  // t has no value at c
  const std::string dat = botsim::gnuplot_data(c);
  EXPECT_EQ(dat,
            "# \n# series 0: s\n# x y\n-0.2 0\n1.8 2\n\n\n"
            "# series 1: t\n# x y\n0.2 1\n1.2 2\n\n\n"
            "# bars without a value (drawn as n/a)\n# x\n0.8\n2.2\n");
  const std::string gp = botsim::gnuplot_script(c, "f");
  // The zero bar: a line from -0.2 - 0.2 to -0.2 + 0.2 at y = 0 and "0" above it, in s's colour.
  EXPECT_TRUE(has(gp,
                  "'f.dat' index 0 using ($1-0.2):($2 == 0 ? 0 : NaN):(0.4):(0) with vectors "
                  "nohead lc rgb '#1f77b4' lw 6 notitle, \\\n     'f.dat' index 0 using "
                  "1:($2 == 0 ? 0 : NaN):('0') with labels offset 0,0.8 font ',10' tc rgb "
                  "'#1f77b4' notitle"))
      << gp;
  EXPECT_FALSE(has(gp, "'f.dat' index 1 using ($1-0.2)")) << gp;  // t has no bar of 0
  EXPECT_TRUE(has(gp, "'f.dat' index 2 using 1:(0):('n/a') with labels")) << gp;
  // Neither for bars that all have a value above 0.
  c.series = {Series{"s", {}, {1, 2, 3}}};
  const std::string plain = botsim::gnuplot_script(c, "f");
  EXPECT_FALSE(has(plain, "with vectors")) << plain;
  EXPECT_FALSE(has(plain, "n/a")) << plain;
  EXPECT_FALSE(has(botsim::gnuplot_data(c), "n/a"));
}

// A value at the top of an axis without a largest possible value (a bid at the resource's
// maximum, the tallest bar, the top of an error bar) lay on the frame, where gnuplot's
// autoscaled axis ended: every y axis now runs 5 % of its span past the largest value drawn.
TEST(Gnuplot, EveryYAxisHasHeadroomAboveItsLargestValue) {
  Chart bids;
  bids.kind = Chart::Kind::Step;
  bids.y_min = 0;
  bids.series = {Series{"UL", {0, 10, 30}, {50, 94, 100}}, Series{"UN", {0, 30}, {20, 20}}};
  EXPECT_TRUE(has(botsim::gnuplot_script(bids, "f"), "set yrange [0:105]\n"));
  // Bars stand on 0; the top of 8 ± 2 is 10.
  Chart bars;
  bars.kind = Chart::Kind::Bar;
  bars.categories = {"a", "b"};
  bars.series = {Series{"mean", {0, 1}, {8, 5}, {2, 1}}};
  EXPECT_TRUE(has(botsim::gnuplot_script(bars, "f"), "set yrange [0:10.5]\n"));
  // No floor (a negative value): 5 % of the drawn span, -10 to the reference line at 50.
  Chart signed_values = two_lines();
  signed_values.series[0].y = {-10, 0, 30};
  signed_values.reference_y = 50;
  EXPECT_TRUE(has(botsim::gnuplot_script(signed_values, "f"), "set yrange [*:53]\n"));
  // Bars all of 0: an axis of one unit, not an empty range.
  Chart zeros;
  zeros.kind = Chart::Kind::Bar;
  zeros.categories = {"a"};
  zeros.series = {Series{"mean", {0}, {0}}};
  EXPECT_TRUE(has(botsim::gnuplot_script(zeros, "f"), "set yrange [0:1]\n"));
  // A Gantt chart's y axis holds its rows, not values.
  Chart gantt;
  gantt.kind = Chart::Kind::Gantt;
  gantt.categories = {"R0"};
  Series bar{"U0", {0}, {0}};
  bar.x_end = {10};
  gantt.series = {bar};
  EXPECT_TRUE(has(botsim::gnuplot_script(gantt, "f"), "set yrange [0.6:-0.6]\n"));
}

// A task's id centred in its bar (the data's last column; a blank where it does not fit).
TEST(Gnuplot, GanttTextInsideBars) {
  Chart c;
  c.kind = Chart::Kind::Gantt;
  c.categories = {"h0"};
  Series s{"U0", {0, 5}, {0, 0}};
  s.x_end = {5, 6};
  s.inside = {"7", ""};
  c.series = {s};
  EXPECT_EQ(botsim::gnuplot_data(c),
            "# \n# series 0: U0\n# x_start y x_end half_height inside\n0 0 5 0.4 \"7\"\n"
            "5 0 6 0.4 \" \"\n");
  EXPECT_TRUE(has(botsim::gnuplot_script(c, "f"), "using (($1+$3)/2):2:5 with labels center"));
}

// Counts get a tic per whole number up to 10 (no 2.5 tasks), gnuplot's own tics beyond.
TEST(Gnuplot, WholeCountsGetWholeTics) {
  Chart c;
  c.kind = Chart::Kind::Step;
  c.y_min = 0;
  c.whole_y = true;
  c.series = {Series{"R0", {0, 1}, {3, 0}}};
  EXPECT_TRUE(has(botsim::gnuplot_script(c, "f"), "set ytics 1\n"));
  c.series[0].y = {11, 0};
  EXPECT_FALSE(has(botsim::gnuplot_script(c, "f"), "set ytics 1\n"));
}

// Settings or seeds along x: a tic per name at 0, 1, 2 and half a category of room on either
// side (no 1.5 tic, no point on the frame).
TEST(Gnuplot, CategoriesAlongXOfPoints) {
  Chart c = two_lines();
  c.categories = {"bid=20", "bid=40", "bid=60"};
  const std::string gp = botsim::gnuplot_script(c, "f");
  EXPECT_TRUE(has(gp, "set xrange [-0.5:2.5]\nset xtics ('bid=20' 0, 'bid=40' 1, 'bid=60' 2)\n"))
      << gp;
}

// A mean's point is filled and larger (open circle 6 becomes filled 7), drawn with its error
// bar as well, so that a mean with an interval of 0 still shows.
TEST(Gnuplot, MeansHaveVisiblePoints) {
  Chart c;
  c.kind = Chart::Kind::Scatter;
  c.mean_points = true;
  c.series = {Series{"U0", {0}, {5}, {0}}};
  const std::string gp = botsim::gnuplot_script(c, "f");
  EXPECT_TRUE(has(gp, "with points lc rgb '#1f77b4' pt 7 ps 1.4 title 'U0'")) << gp;
  EXPECT_TRUE(has(gp, "with yerrorbars lc rgb '#1f77b4' dt 1 lw 1.2 pt 7 ps 1.4 notitle")) << gp;
}
