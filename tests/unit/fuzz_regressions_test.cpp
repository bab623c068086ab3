// Inputs the fuzz targets (tests/fuzz/) found wrong, each fed to the reader that failed on it.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/units.hpp"
#include "core/workload.hpp"
#include "study/sweep.hpp"

using namespace botsim;

// fuzz_workload: mean + deviation * z overflowed to +inf, an infinite task size. Such a
// normal() is refused now; near the largest task size, a draw above it is redrawn like a
// negative one (about half of normal(kMaxTaskSize, kMaxTaskSize)'s draws).
TEST(FuzzRegressions, NormalDrawsStayWithinTheLargestTaskSize) {
  EXPECT_THROW(Distribution::parse("normal(1e308,1e308)"), std::invalid_argument);
  Distribution d = Distribution::parse("normal(3155760000,3155760000)");
  Rng rng = make_rng(1, "fuzz");
  for (int i = 0; i < 1000; ++i) {
    double x = d.sample(rng);
    ASSERT_TRUE(x > 0 && x <= kMaxTaskSize) << "draw " << i << ": " << x;
  }
}

// fuzz_units: a NUL byte ended the text for strtod and for the unit after it, so "5\0abc" (a
// workload file line) read as the task size 5.
TEST(FuzzRegressions, TextAfterANulByteIsNotIgnored) {
  const std::string text("5\0abc", 5);
  EXPECT_THROW(parse_number(text), std::invalid_argument);
  EXPECT_THROW(parse_duration(text), std::invalid_argument);
  EXPECT_THROW(parse_integer(text), std::invalid_argument);
}

// fuzz_sweep_spec: a number too large for a double (1e2222) is not a json::parse_error but an
// out_of_range, which escaped the reader: `botsim sweep` ended with an internal error, not a
// message and exit code 2.
TEST(FuzzRegressions, ASweepSpecNumberTooLargeIsMalformedJson) {
  try {
    study::parse_sweep_spec(R"({"seed": 222222222522222e2222222222222522222})", "s.json", ".");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("s.json: malformed JSON: "), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("number overflow"), std::string::npos) << e.what();
  }
}
