// The spot market's price and availability traces (docs/cloud.md, "Spot instances"), pure; the
// numbers worked out by hand from the trace below.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "cloud/spot_market.hpp"
#include "core/error.hpp"
#include "support/files.hpp"

using namespace botsim::cloud;
namespace t = botsim::test;

namespace {

// 0.10 from 0 s, 0.30 from 100 s, 0.05 from 250 s, 0.50 from 400 s.
SpotPriceTrace trace() {
  return SpotPriceTrace({{0, 0.10}, {100, 0.30}, {250, 0.05}, {400, 0.50}});
}

}  // namespace

TEST(SpotPriceTrace, ThePriceOfTheLastRowHoldsUntilTheNext) {
  const SpotPriceTrace p = trace();
  EXPECT_EQ(p.price_at(-5), 0.10);  // before the first row: the first row's
  EXPECT_EQ(p.price_at(0), 0.10);
  EXPECT_EQ(p.price_at(99.9), 0.10);
  EXPECT_EQ(p.price_at(100), 0.30);
  EXPECT_EQ(p.price_at(300), 0.05);
  EXPECT_EQ(p.price_at(1e6), 0.50);
}

TEST(SpotPriceTrace, FirstInstantAboveAMaximumPrice) {
  const SpotPriceTrace p = trace();
  EXPECT_EQ(p.first_above(0, 0.2), 100);
  EXPECT_EQ(p.first_above(150, 0.2), 150);  // already above
  EXPECT_EQ(p.first_above(260, 0.2), 400);
  EXPECT_EQ(p.first_above(0, 1.0), kNever);
  EXPECT_EQ(p.first_above(260, 0.5), kNever);  // 0.50 is not above 0.50
  EXPECT_EQ(p.first_above(0, 0.05), 0);
}

TEST(SpotPriceTrace, IntegralOverAnInterval) {
  const SpotPriceTrace p = trace();
  // 50 s at 0.10, 150 s at 0.30, 50 s at 0.05.
  EXPECT_NEAR(p.integral(50, 300), 5 + 45 + 2.5, 1e-12);
  EXPECT_NEAR(p.integral(-10, 10), 0.10 * 20, 1e-12);
  EXPECT_NEAR(p.integral(500, 600), 50, 1e-12);
  EXPECT_EQ(p.integral(300, 300), 0);
}

TEST(SpotPriceTrace, TheTreeFindsWhatAScanFinds) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> price(0, 1);
  std::vector<SpotPriceTrace::Point> points;
  for (int k = 0; k < 1000; ++k) points.push_back({10.0 * k, price(rng)});
  const SpotPriceTrace p(points);
  for (int q = 0; q < 2000; ++q) {
    const double at = std::uniform_real_distribution<double>(-50, 10050)(rng), max = price(rng);
    double want = kNever;
    // Row k is in force over [10 k, 10 k + 10), the first before it, the last for ever.
    for (std::size_t k = 0; k < points.size(); ++k) {
      const double end = k + 1 < points.size() ? points[k + 1].time_s : kNever;
      if (points[k].price > max && end > at) {
        want = k == 0 ? at : std::max(at, points[k].time_s);
        break;
      }
    }
    ASSERT_EQ(p.first_above(at, max), want) << at << " " << max;
  }
}

TEST(SpotPriceTrace, RefusesABadTrace) {
  EXPECT_THROW(SpotPriceTrace({}), std::invalid_argument);
  EXPECT_THROW(SpotPriceTrace({{0, 1}, {0, 2}}), std::invalid_argument);
  EXPECT_THROW(SpotPriceTrace({{0, -1}}), std::invalid_argument);
}

TEST(SpotAvailability, WithdrawalsAreHalfOpen) {
  const SpotAvailability a({{200, 300}, {500, 550}});
  EXPECT_EQ(a.next_withdrawal(0), 200);
  EXPECT_EQ(a.next_withdrawal(250), 250);
  EXPECT_EQ(a.next_withdrawal(300), 500);  // capacity is back at 300
  EXPECT_EQ(a.next_withdrawal(600), kNever);
  EXPECT_FALSE(a.available(299.9));
  EXPECT_TRUE(a.available(300));
  EXPECT_TRUE(SpotAvailability().available(0));
  EXPECT_THROW(SpotAvailability({{300, 200}}), std::invalid_argument);
  EXPECT_THROW(SpotAvailability({{0, 200}, {100, 300}}), std::invalid_argument);
}

TEST(SpotMarket, AnInterruptionComesFromThePriceOrTheCapacity) {
  const SpotPriceTrace p = trace();
  const SpotAvailability a({{200, 300}});
  EXPECT_EQ(next_interruption(p, a, 0, 0.2), 100);    // the price first
  EXPECT_EQ(next_interruption(p, a, 0, 0.4), 200);    // the capacity first
  EXPECT_EQ(next_interruption(p, a, 260, 0.2), 260);  // inside a withdrawal
  EXPECT_EQ(next_interruption(p, a, 300, 0.6), kNever);
}

TEST(SpotMarket, Timestamps) {
  EXPECT_EQ(parse_timestamp("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(parse_timestamp("1970-01-02T00:00:00.000Z"), 86400);
  EXPECT_EQ(parse_timestamp("2024-03-01 12:00:00+01:00"), parse_timestamp("2024-03-01T11:00:00Z"));
  EXPECT_EQ(parse_timestamp("2024-03-01T12:00:00-00:30"), parse_timestamp("2024-03-01T12:30:00Z"));
  EXPECT_THROW(parse_timestamp("yesterday"), std::invalid_argument);
  EXPECT_THROW(parse_timestamp("2024-13-01T00:00:00Z"), std::invalid_argument);
  EXPECT_THROW(parse_timestamp("2024-03-01T00:00:00 UTC"), std::invalid_argument);
}

namespace {

// An AWS price-history export: newest first, two types and two zones.
void write_aws_export(const std::string& path) {
  t::write_text(path,
                "Timestamp,InstanceType,ProductDescription,SpotPrice,AvailabilityZone\n"
                "2024-03-01T02:00:00Z,m5.large,Linux/UNIX,0.040,us-east-1a\n"
                "2024-03-01T01:30:00Z,m5.large,Linux/UNIX,0.050,us-east-1b\n"
                "2024-03-01T01:00:00Z,c5.large,Linux/UNIX,0.900,us-east-1a\n"
                "2024-03-01T00:00:00Z,m5.large,Linux/UNIX,0.030,us-east-1a\n");
}

}  // namespace

TEST(SpotMarket, ReadsBothTraceFormats) {
  const std::string dir = t::make_temp_dir();
  t::write_text(dir + "/p.csv", "time_s,price\n0,0.1\n100,0.3\n");
  const SpotPriceTrace simple = read_spot_price_trace(dir + "/p.csv", "any");
  EXPECT_EQ(simple.price_at(150), 0.3);
  // The export: newest first, two types and two zones; time 0 is the earliest row taken.
  write_aws_export(dir + "/aws.csv");
  const SpotPriceTrace a = read_spot_price_trace(dir + "/aws.csv", "m5.large", "us-east-1a");
  ASSERT_EQ(a.points().size(), 2u);
  EXPECT_EQ(a.points()[0].time_s, 0);
  EXPECT_EQ(a.points()[1].time_s, 7200);
  EXPECT_EQ(a.price_at(3600), 0.030);
  EXPECT_EQ(a.price_at(7200), 0.040);
  EXPECT_EQ(read_spot_price_trace(dir + "/aws.csv", "m5.large").points().size(), 3u);
  t::write_text(dir + "/w.csv", "from_s,to_s\n10,20\n30,40\n");
  EXPECT_EQ(read_spot_availability(dir + "/w.csv").next_withdrawal(21), 30);
}

namespace {

// The message read_spot_price_trace gives for a trace of `text` (InputError), "" if none.
std::string refusal(const std::string& text, const std::string& type = "m5.large") {
  const std::string dir = t::make_temp_dir();
  t::write_text(dir + "/bad.csv", text);
  try {
    read_spot_price_trace(dir + "/bad.csv", type);
  } catch (const botsim::InputError& e) {
    const std::string m = e.what();
    return m.substr(m.find("bad.csv"));
  }
  return "";
}

}  // namespace

TEST(SpotMarket, ABadRowIsRefusedNamingTheFileAndTheLine) {
  EXPECT_EQ(refusal("time_s,price\n0,0.1\n10,cheap\n"),
            "bad.csv: line 3: price 'cheap' is not a number");
  EXPECT_EQ(refusal("time_s,price\n0,0.1\n10,0.2\n5,0.3\n"),
            "bad.csv: line 4: time goes backwards (or repeats) from the row before");
  EXPECT_EQ(refusal("time_s,price\n0,-0.1\n"), "bad.csv: line 2: a negative price");
  EXPECT_NE(refusal("time,cost\n0,1\n").find("no column 'Timestamp'"), std::string::npos);
  EXPECT_NE(refusal("Timestamp,InstanceType,SpotPrice\n2024-03-01T00:00:00Z,c5.large,1\n")
                .find("no row for instance type 'm5.large'"),
            std::string::npos);
  EXPECT_EQ(refusal("Timestamp,InstanceType,SpotPrice\nnow,m5.large,1\n"),
            "bad.csv: line 2: Timestamp 'now': not an ISO 8601 timestamp (2024-03-01T12:00:00Z)");
  EXPECT_THROW(read_spot_price_trace("/nonexistent/trace.csv", "m5.large"), botsim::InputError);
  const std::string dir = t::make_temp_dir();
  t::write_text(dir + "/w.csv", "from_s,to_s\n30,40\n10,20\n");
  try {
    read_spot_availability(dir + "/w.csv");
    FAIL();
  } catch (const botsim::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("w.csv: line 3: time goes backwards"), std::string::npos)
        << e.what();
  }
}

// The export of ReadsBothTraceFormats read for two types and under three spellings of its path:
// one read. The file is removed after the first: what follows can only come from that read.
TEST(SpotTraceFiles, ReadsEachFileOnceForEveryTypeAndSpelling) {
  const std::string dir = t::make_temp_dir();
  write_aws_export(dir + "/aws.csv");
  t::write_text(dir + "/w.csv", "from_s,to_s\n10,20\n30,40\n");
  SpotTraceFiles files;
  EXPECT_EQ(files.files_read(), 0u);
  const SpotPriceTrace a = files.prices(dir + "/aws.csv", "m5.large", "us-east-1a");
  EXPECT_EQ(files.files_read(), 1u);
  std::filesystem::remove(dir + "/aws.csv");
  const SpotPriceTrace m5 = files.prices(dir + "/./aws.csv", "m5.large");
  const SpotPriceTrace c5 = files.prices(dir + "/sub/../aws.csv", "c5.large");
  EXPECT_EQ(files.files_read(), 1u);
  // As read_spot_price_trace reads them: 0.030 from 0 s and 0.040 from 7200 s in zone a; the
  // zone b row at 5400 s too without a zone; c5.large's one row at 0.
  ASSERT_EQ(a.points().size(), 2u);
  EXPECT_EQ(a.points()[1].time_s, 7200);
  EXPECT_EQ(a.price_at(7200), 0.040);
  ASSERT_EQ(m5.points().size(), 3u);
  EXPECT_EQ(m5.points()[1].time_s, 5400);
  EXPECT_EQ(m5.price_at(5400), 0.050);
  ASSERT_EQ(c5.points().size(), 1u);
  EXPECT_EQ(c5.price_at(0), 0.900);
  EXPECT_EQ(files.availability(dir + "/w.csv").next_withdrawal(21), 30);
  std::filesystem::remove(dir + "/w.csv");
  EXPECT_EQ(files.availability(dir + "//w.csv").next_withdrawal(41), kNever);
  EXPECT_EQ(files.files_read(), 2u);
}

// Its refusals are the readers': the same message, naming the path as given; a file it could
// not read is not counted as read.
TEST(SpotTraceFiles, RefusesABadFileAsTheReadersDo) {
  const std::string dir = t::make_temp_dir();
  t::write_text(dir + "/bad.csv", "time_s,price\n0,0.1\n10,cheap\n");
  auto message = [](auto read) {
    try {
      read();
    } catch (const botsim::InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string path = dir + "/./bad.csv";
  const std::string expected = message([&] { read_spot_price_trace(path, "m5.large"); });
  EXPECT_NE(expected.find("/./bad.csv: line 3: price 'cheap' is not a number"), std::string::npos)
      << expected;
  SpotTraceFiles files;
  EXPECT_EQ(message([&] { files.prices(path, "m5.large"); }), expected);
  EXPECT_EQ(message([&] { files.prices(path, "m5.large"); }), expected);
  const std::string missing = dir + "/none.csv";
  EXPECT_EQ(message([&] { files.availability(missing); }),
            message([&] { read_spot_availability(missing); }));
  EXPECT_EQ(files.files_read(), 1u);
}
