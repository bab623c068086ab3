// Experiments' figures: drawn by gnuplot, or, without it, their data and scripts only.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/gnuplot.hpp"
#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

TEST(ExperimentFigures, WithoutGnuplotTheExperimentStillWritesItsTablesAndScripts) {
  const std::string out = t::make_temp_dir() + "/sulistio2005";
  setenv("BOTSIM_GNUPLOT", "/nonexistent/gnuplot", 1);  // no gnuplot
  auto r = t::botsim({"experiment", "sulistio2005", "--out", out, "--jobs", "1"});
  unsetenv("BOTSIM_GNUPLOT");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string said = "sulistio2005: figures skipped: gnuplot is not installed";
  ASSERT_NE(r.out.find(said), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(said, r.out.find(said) + 1), std::string::npos) << r.out;  // once
  for (const char* f : {"fig6_runtime.csv", "fig6_runtime.gp", "fig6_runtime.dat"})
    EXPECT_TRUE(fs::exists(out + "/" + f)) << f;
  EXPECT_FALSE(fs::exists(out + "/fig6_runtime.svg"));
  EXPECT_FALSE(fs::exists(out + "/fig6_runtime.png"));
  EXPECT_NE(r.out.find("(cd " + out + " && gnuplot FIGURE.gp)"), std::string::npos) << r.out;
  // The scripts draw the figures later, where gnuplot is.
  if (botsim::find_gnuplot().empty()) return;
  ASSERT_EQ(botsim::draw_figures(out), botsim::DrawResult::Drawn);
  EXPECT_TRUE(fs::exists(out + "/fig6_runtime.svg"));
  EXPECT_TRUE(fs::exists(out + "/fig6_runtime.png"));
}
