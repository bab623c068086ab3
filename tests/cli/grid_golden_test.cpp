// The shipped section-5 scenario's summary.json, against the golden file (tests/golden).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/cli_support.hpp"

using botsim::test::make_temp_dir;
using botsim::test::read_text;
using botsim::test::source_path;

TEST(GridGolden, Sulistio2005SummaryMatches) {
  std::string out = make_temp_dir() + "/run";
  auto r = botsim::test::botsim(
      {"run", "platforms/badg.xml", "deployments/sulistio2005.xml", "--out", out, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto actual = nlohmann::json::parse(read_text(out + "/summary.json"));
  auto golden =
      nlohmann::json::parse(read_text(source_path("tests/golden/sulistio2005/summary.json")));
  actual.erase("botsim_version");
  golden.erase("botsim_version");
  EXPECT_EQ(actual, golden) << "results changed: see tests/golden/README.md";
}
