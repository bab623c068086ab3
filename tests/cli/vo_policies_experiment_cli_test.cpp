// `botsim experiment vo-policies` as a user runs it: its files, and the finding the local
// policy is built for (Sulistio & Buyya 2005, 4.2): staying in one's own VO domain avoids the
// surcharge, so local users pay less, and the more so the higher the surcharge.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include "core/csv.hpp"
#include "support/cli_support.hpp"

namespace fs = std::filesystem;

TEST(VoPoliciesCli, LocalUsersSaveTheSurchargeWhenTheDeadlineLeavesRoom) {
  const std::string dir = botsim::test::make_temp_dir();
  const std::string out = dir + "/vo";
  auto r = botsim::test::botsim(
      {"experiment", "vo-policies", "--reps", "1", "--jobs", "2", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* f :
       {"comparison.csv", "by_domain.csv", "findings.csv",
        "scenarios/V8-spread-s50-d2.5.platform.xml", "scenarios/V8-spread-s50-d2.5.deployment.xml"})
    EXPECT_TRUE(fs::exists(fs::path(out) / f)) << f;
  botsim::CsvTable t = botsim::read_csv(out + "/comparison.csv");
  ASSERT_EQ(t.rows.size(), 54u);
  const size_t c_domains = t.column("domains"), c_speeds = t.column("speeds"),
               c_surcharge = t.column("surcharge"), c_tight = t.column("tightness"),
               c_ratio = t.column("cost_ratio");
  // ratio by (domains, tightness) then surcharge, equal speeds, deadlines of 1.5 and 2.5 x
  std::map<std::string, std::map<double, double>> ratios;
  for (const auto& row : t.rows) {
    if (row[c_speeds] != "equal" || row[c_tight] == "1.1") continue;
    ratios[row[c_domains] + "/" + row[c_tight]][std::stod(row[c_surcharge])] =
        std::stod(row[c_ratio]);
  }
  ASSERT_EQ(ratios.size(), 6u);
  for (const auto& [what, by_surcharge] : ratios) {
    ASSERT_EQ(by_surcharge.size(), 3u) << what;
    EXPECT_LT(by_surcharge.at(0.0), 1) << what;
    EXPECT_LT(by_surcharge.at(0.2), by_surcharge.at(0.0)) << what;
    EXPECT_LT(by_surcharge.at(0.5), by_surcharge.at(0.2)) << what;
  }
  fs::remove_all(dir);
}
