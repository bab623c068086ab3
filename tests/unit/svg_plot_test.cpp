// The SVG renderer used for experiment figures.
#include "core/svg_plot.hpp"

#include <gtest/gtest.h>

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "support/files.hpp"

using namespace botsim;
namespace pt = boost::property_tree;

namespace {

// Parses the SVG as XML (throws on malformed output) and returns the <svg> element.
pt::ptree parse_svg(const std::string& svg) {
  std::istringstream in(svg);
  pt::ptree tree;
  pt::read_xml(in, tree);
  return tree.get_child("svg");
}

size_t count(const std::string& haystack, const std::string& needle) {
  size_t n = 0;
  for (size_t pos = haystack.find(needle); pos != std::string::npos;
       pos = haystack.find(needle, pos + 1))
    ++n;
  return n;
}

// The d= of the first series' path.
std::string first_path(const std::string& svg) {
  auto start = svg.find("<path d=\"");
  if (start == std::string::npos) return "";
  start += 9;
  return svg.substr(start, svg.find('"', start) - start);
}

Chart line_chart() {
  Chart c;
  c.title = "Bids on R1";
  c.x_label = "time (min)";
  c.y_label = "bid (cents/min)";
  c.series.push_back({"U2", {0, 10, 20}, {5, 50, 25}, {}});
  c.series.push_back({"U3", {0, 10, 20}, {100, 80, 60}, {}});
  return c;
}

}  // namespace

TEST(SvgTicks, NiceNumbers) {
  EXPECT_DOUBLE_EQ(nice_number(0.7, true), 0.5);
  EXPECT_DOUBLE_EQ(nice_number(1.2, true), 1);
  EXPECT_DOUBLE_EQ(nice_number(2.7, true), 2);
  EXPECT_DOUBLE_EQ(nice_number(4, true), 5);
  EXPECT_DOUBLE_EQ(nice_number(8, true), 10);
  EXPECT_DOUBLE_EQ(nice_number(130, false), 200);
  EXPECT_DOUBLE_EQ(nice_number(500, false), 500);
}

TEST(SvgTicks, ZeroToHundred) {
  Ticks t = nice_ticks(0, 100, 6);
  EXPECT_DOUBLE_EQ(t.step, 20);
  EXPECT_EQ(t.values, (std::vector<double>{0, 20, 40, 60, 80, 100}));
  EXPECT_EQ(t.decimals, 0);
}

TEST(SvgTicks, RangeIsCoveredByWholeSteps) {
  Ticks t = nice_ticks(3.2, 47.9, 6);
  EXPECT_DOUBLE_EQ(t.step, 10);
  EXPECT_DOUBLE_EQ(t.lo, 0);
  EXPECT_DOUBLE_EQ(t.hi, 50);
  EXPECT_EQ(t.values.size(), 6u);
}

TEST(SvgTicks, FractionalStepsGetDecimals) {
  Ticks t = nice_ticks(0, 1, 6);
  EXPECT_DOUBLE_EQ(t.step, 0.2);
  EXPECT_EQ(t.decimals, 1);
  ASSERT_EQ(t.values.size(), 6u);
  EXPECT_EQ(format_tick(t.values[3], t.decimals), "0.6");
  Ticks small = nice_ticks(0.01, 0.09, 5);
  EXPECT_DOUBLE_EQ(small.step, 0.02);
  EXPECT_EQ(small.decimals, 2);
  EXPECT_EQ(format_tick(small.values[1], small.decimals), "0.02");
}

TEST(SvgTicks, NegativeRangeCrossesZeroExactly) {
  Ticks t = nice_ticks(-0.3, 0.3, 7);
  EXPECT_DOUBLE_EQ(t.step, 0.2);
  ASSERT_EQ(t.values.size(), 5u);
  EXPECT_EQ(t.values[2], 0.0);
  EXPECT_EQ(format_tick(t.values[1], t.decimals), "-0.2");
  EXPECT_EQ(format_tick(t.values[2], t.decimals), "0.0");
  EXPECT_EQ(format_tick(-0.0001, 2), "0.00");
}

TEST(SvgTicks, FlatRangeIsWidened) {
  Ticks t = nice_ticks(5, 5, 6);
  EXPECT_LT(t.lo, 5);
  EXPECT_GT(t.hi, 5);
  Ticks z = nice_ticks(0, 0, 6);
  EXPECT_DOUBLE_EQ(z.lo, -1);
  EXPECT_DOUBLE_EQ(z.hi, 1);
}

TEST(SvgTicks, ExtremeRangesStayBounded) {
  Ticks huge = nice_ticks(-1e308, 1e308, 6);  // the span overflows a double
  EXPECT_EQ(huge.values, (std::vector<double>{-1e308, 1e308}));
  Ticks big = nice_ticks(1e300, 1.0000001e300, 6);
  EXPECT_GE(big.values.size(), 2u);
  EXPECT_LE(big.values.size(), 12u);
  Ticks tiny = nice_ticks(1e-300, 3e-300, 6);
  EXPECT_GE(tiny.values.size(), 2u);
  EXPECT_LE(tiny.values.size(), 12u);
  Ticks nan = nice_ticks(NAN, 5, 6);
  EXPECT_DOUBLE_EQ(nan.lo, 0);
  EXPECT_DOUBLE_EQ(nan.hi, 1);
}

TEST(SvgEscape, AllSpecialCharacters) {
  EXPECT_EQ(xml_escape("a<b & c>\"d\" 'e'"), "a&lt;b &amp; c&gt;&quot;d&quot; &apos;e&apos;");
  EXPECT_EQ(xml_escape("plain"), "plain");
}

TEST(SvgPlot, LineChartIsWellFormedWithTitleLabelsAndLegend) {
  std::string svg = render_svg(line_chart());
  pt::ptree root = parse_svg(svg);
  EXPECT_EQ(root.get<std::string>("<xmlattr>.xmlns"), "http://www.w3.org/2000/svg");
  EXPECT_EQ(root.get<int>("<xmlattr>.width"), 800);
  EXPECT_EQ(root.get<int>("<xmlattr>.height"), 480);
  EXPECT_NE(svg.find(">Bids on R1</text>"), std::string::npos);
  EXPECT_NE(svg.find(">time (min)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">bid (cents/min)</text>"), std::string::npos);
  // Legend entries.
  EXPECT_NE(svg.find(">U2</text>"), std::string::npos);
  EXPECT_NE(svg.find(">U3</text>"), std::string::npos);
  // y ticks 0..100 by 20, x ticks 0..20.
  for (const char* tick : {">0</text>", ">20</text>", ">100</text>"})
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  // One path per series with three points: M then two L.
  EXPECT_EQ(count(svg, "stroke-width=\"1.8\""), 2u);
  EXPECT_EQ(count(svg, "<g class=\"series\""), 2u);
}

TEST(SvgPlot, StepChartHoldsValues) {
  Chart c = line_chart();
  c.kind = Chart::Kind::Step;
  std::string svg = render_svg(c);
  parse_svg(svg);
  // Three points: a move, then two (horizontal, vertical) steps and no sloped line.
  std::string d = first_path(svg);
  EXPECT_EQ(count(d, "M"), 1u);
  EXPECT_EQ(count(d, "H"), 2u);
  EXPECT_EQ(count(d, "V"), 2u);
  EXPECT_EQ(count(d, "L"), 0u);
}

TEST(SvgPlot, NanBreaksTheLine) {
  Chart c;
  c.series.push_back({"s", {0, 1, 2, 3, 4}, {1, 2, NAN, 3, 4}, {}});
  std::string svg = render_svg(c);
  parse_svg(svg);
  // Two pieces: two moves in the series' path.
  std::string d = first_path(svg);
  EXPECT_EQ(count(d, "M"), 2u);
  EXPECT_EQ(count(d, "L"), 2u);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
}

TEST(SvgPlot, ScatterDrawsOneCirclePerPoint) {
  Chart c;
  c.kind = Chart::Kind::Scatter;
  c.series.push_back({"pts", {1, 2, 3, 4}, {4, 3, 2, 1}, {}});
  std::string svg = render_svg(c);
  parse_svg(svg);
  EXPECT_EQ(count(svg, "<circle"), 4u);
}

TEST(SvgPlot, BarChartWithCategoriesErrorBarsAndReference) {
  Chart c;
  c.kind = Chart::Kind::Bar;
  c.title = "Run time";
  c.y_label = "hours";
  c.categories = {"U0", "U1", "U2"};
  c.series.push_back({"mean", {}, {2, 12, 6}, {0.5, 1, 0}});
  c.reference_y = 10;
  c.reference_label = "deadline (10 h)";
  std::string svg = render_svg(c);
  parse_svg(svg);
  for (const char* cat : {">U0</text>", ">U1</text>", ">U2</text>"})
    EXPECT_NE(svg.find(cat), std::string::npos) << cat;
  // Three bars (plus the background rect and the legend swatch).
  EXPECT_EQ(count(svg, "<rect"), 3u + 1u + 1u);
  // Error bars only where the error is non-zero: two whiskers.
  auto eb = svg.find("class=\"error-bars\"");
  ASSERT_NE(eb, std::string::npos);
  std::string path = svg.substr(eb, svg.find("/>", eb) - eb);
  EXPECT_EQ(count(path, "V"), 2u);
  EXPECT_NE(svg.find("class=\"reference\""), std::string::npos);
  EXPECT_NE(svg.find("stroke-dasharray"), std::string::npos);
  EXPECT_EQ(count(svg, ">deadline (10 h)</text>"), 2u);  // on the line and in the legend
  // Bars grow from 0; 12 + 1 -> ticks 0, 5, 10, 15.
  EXPECT_NE(svg.find(">0</text>"), std::string::npos);
  EXPECT_NE(svg.find(">15</text>"), std::string::npos);
  EXPECT_EQ(svg.find(">20</text>"), std::string::npos);
}

TEST(SvgPlot, BarGroupsSideBySide) {
  Chart c;
  c.kind = Chart::Kind::Bar;
  c.categories = {"a", "b"};
  c.series.push_back({"x", {}, {1, 2}, {}});
  c.series.push_back({"y", {}, {3, NAN}, {}});
  std::string svg = render_svg(c);
  parse_svg(svg);
  EXPECT_EQ(count(svg, "fill=\"#1f77b4\""), 3u);  // two bars + legend swatch
  EXPECT_EQ(count(svg, "fill=\"#ff7f0e\""), 2u);  // one bar (NaN left out) + legend swatch
}

TEST(SvgPlot, TextIsEscaped) {
  Chart c = line_chart();
  c.title = "cost <G$> & \"share\"";
  c.series[0].label = "U<2>";
  std::string svg = render_svg(c);
  EXPECT_NO_THROW(parse_svg(svg));
  EXPECT_NE(svg.find("cost &lt;G$&gt; &amp; &quot;share&quot;"), std::string::npos);
  EXPECT_NE(svg.find(">U&lt;2&gt;</text>"), std::string::npos);
  EXPECT_EQ(svg.find("U<2>"), std::string::npos);
}

TEST(SvgPlot, EmptyChartStillRenders) {
  Chart c;
  std::string svg = render_svg(c);
  pt::ptree root = parse_svg(svg);
  EXPECT_EQ(root.get<int>("<xmlattr>.width"), 800);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  EXPECT_EQ(svg.find("inf"), std::string::npos);
}

TEST(SvgPlot, Deterministic) {
  Chart c = line_chart();
  c.series[0].y_err = {1, 2, 3};
  std::string a = render_svg(c, 640, 400);
  std::string b = render_svg(c, 640, 400);
  EXPECT_EQ(a, b);
  EXPECT_NE(a.find("width=\"640\""), std::string::npos);
  EXPECT_NE(a, render_svg(c));  // the size does change it
}

TEST(SvgPlot, WriteSvgWritesTheSameText) {
  auto path = std::filesystem::temp_directory_path() / "botsim-svg-test.svg";
  Chart c = line_chart();
  write_svg(path.string(), c);
  EXPECT_EQ(test::read_text(path.string()), render_svg(c));
  std::filesystem::remove(path);
  EXPECT_THROW(write_svg("/nonexistent-dir/x.svg", c), std::runtime_error);
}

TEST(SvgPlot, ChartColorsOverrideThePalette) {
  Chart c = line_chart();
  c.colors = {"#000000"};  // only the first series
  std::string svg = render_svg(c);
  EXPECT_NE(svg.find("stroke=\"#000000\""), std::string::npos);
  EXPECT_NE(svg.find("stroke=\"" + palette_color(1) + "\""), std::string::npos);
  EXPECT_EQ(svg.find("stroke=\"" + palette_color(0) + "\""), std::string::npos);
  EXPECT_EQ(palette_color(0), "#1f77b4");
  EXPECT_EQ(palette_color(10), palette_color(0));
}
