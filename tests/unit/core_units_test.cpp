// Units and number parsing (core/units.hpp).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "core/error.hpp"
#include "core/units.hpp"

using namespace botsim;

namespace {
// The message of the std::invalid_argument that parsing `text` throws ("" if none).
template <class F>
std::string error_of(F&& parse) {
  try {
    parse();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST(Units, MiAndFlops) {
  EXPECT_DOUBLE_EQ(mi_to_flops(750000), 7.5e11);
  EXPECT_DOUBLE_EQ(flops_to_mi(1.05e9), 1050);
}

TEST(Units, DurationPlainNumberIsSeconds) {
  EXPECT_DOUBLE_EQ(parse_duration("90"), 90);
  EXPECT_DOUBLE_EQ(parse_duration("0"), 0);
  EXPECT_DOUBLE_EQ(parse_duration("  12.5  "), 12.5);
}

TEST(Units, DurationSuffixes) {
  EXPECT_DOUBLE_EQ(parse_duration("90s"), 90);
  EXPECT_DOUBLE_EQ(parse_duration("1.5min"), 90);
  EXPECT_DOUBLE_EQ(parse_duration("10 min"), 600);
  EXPECT_DOUBLE_EQ(parse_duration("2h"), 7200);
  EXPECT_DOUBLE_EQ(parse_duration("10h"), 36000);
  EXPECT_DOUBLE_EQ(parse_duration("-1min"), -60);  // the range is the caller's to check
}

TEST(Units, DurationBadUnits) {
  EXPECT_EQ(error_of([] { parse_duration("5d"); }),
            "'5d' is not a duration (a number with s, min or h)");
  EXPECT_EQ(error_of([] { parse_duration("3 hours"); }),
            "'3 hours' is not a duration (a number with s, min or h)");
  EXPECT_EQ(error_of([] { parse_duration("10m"); }),
            "'10m' is not a duration (a number with s, min or h)");
  EXPECT_EQ(error_of([] { parse_duration("min"); }), "'min' is not a number");
  EXPECT_EQ(error_of([] { parse_duration(""); }), "empty value, expected a number");
  EXPECT_EQ(error_of([] { parse_duration("   "); }), "empty value, expected a number");
}

TEST(Units, ParseNumber) {
  EXPECT_DOUBLE_EQ(parse_number("1e6"), 1e6);
  EXPECT_DOUBLE_EQ(parse_number("-3.5"), -3.5);
  EXPECT_DOUBLE_EQ(parse_number(" 42 "), 42);
  EXPECT_EQ(error_of([] { parse_number("12abc"); }), "'12abc' is not a number");
  EXPECT_EQ(error_of([] { parse_number("10min"); }), "'10min' is not a number");
  EXPECT_EQ(error_of([] { parse_number("abc"); }), "'abc' is not a number");
  EXPECT_EQ(error_of([] { parse_number(""); }), "empty value, expected a number");
  EXPECT_EQ(error_of([] { parse_number("1e999"); }), "'1e999' is out of range");
  EXPECT_EQ(error_of([] { parse_number("nan"); }), "'nan' is out of range");
  EXPECT_EQ(error_of([] { parse_number("inf"); }), "'inf' is out of range");
}

TEST(Units, ParseInteger) {
  EXPECT_EQ(parse_integer("42"), 42);
  EXPECT_EQ(parse_integer("-7"), -7);
  EXPECT_EQ(parse_integer("1e3"), 1000);
  EXPECT_EQ(parse_integer(" 50 "), 50);
  EXPECT_EQ(error_of([] { parse_integer("2.5"); }), "'2.5' is not a whole number");
  EXPECT_EQ(error_of([] { parse_integer("1e16"); }), "'1e16' is not a whole number");
  EXPECT_EQ(error_of([] { parse_integer("ten"); }), "'ten' is not a number");
}

TEST(Units, FormatNumberIsShortestRoundTrip) {
  EXPECT_EQ(format_number(0.1), "0.1");
  EXPECT_EQ(format_number(3), "3");
  EXPECT_EQ(format_number(1e20), "1e+20");
  EXPECT_EQ(format_number(-2.5), "-2.5");
  EXPECT_EQ(format_number(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(format_number(123456789), "123456789");
  EXPECT_EQ(format_number(0), "0");
  for (double v : {0.1, 1.0 / 3, 2.0 / 7, 1e-7, 6.02214076e23})
    EXPECT_EQ(parse_number(format_number(v)), v) << format_number(v);
}

// Found by mutating a cloud platform: 1e308 h overflowed to an infinite ATU, which SimGrid
// refused from inside the simulation (abort).
TEST(Units, DurationThatOverflowsIsRejected) {
  EXPECT_THROW(botsim::parse_duration("1e308h"), std::invalid_argument);
}

// A duration beyond a simulated century never ends a run in useful time (at 1e300 s a timer's
// period no longer moves the clock): refused either way, the horizon itself accepted.
TEST(Units, DurationBeyondTheHorizonIsRejected) {
  using botsim::parse_duration;
  EXPECT_EQ(botsim::kHorizonS, 3155760000.0);
  EXPECT_EQ(parse_duration("3155760000"), botsim::kHorizonS);
  EXPECT_EQ(parse_duration("876600h"), botsim::kHorizonS);
  for (const std::string text : {"1e300", "876601h", "-3155760001"})
    EXPECT_EQ(error_of([&] { parse_duration(text); }),
              "'" + text + "' is beyond the horizon of a simulated century (3155760000 s)");
}

// A huge text is quoted cut, with its length: a 10 MB workload line is no 10 MB message.
TEST(Units, LongTextIsQuotedCut) {
  EXPECT_EQ(botsim::quote_text("abc"), "'abc'");
  EXPECT_EQ(botsim::quote_text(std::string(40, 'x')), "'" + std::string(40, 'x') + "'");
  EXPECT_EQ(botsim::quote_text(std::string(41, 'x')),
            "'" + std::string(40, 'x') + "...' (41 characters)");
  EXPECT_EQ(error_of([] { parse_number("x" + std::string(9999999, '7')); }),
            "'x" + std::string(39, '7') + "...' (10000000 characters) is not a number");
}
