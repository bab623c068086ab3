// Experiments' figures: drawn by gnuplot, or, without it, their data and scripts only.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
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

// Run as the README says, at its defaults, an experiment rewrites the committed results/NAME
// byte for byte, so `git status` stays clean: its tables, its figures' data and scripts, and
// the SVGs (PNG bytes depend on the machine's fonts, so they are left out). The run directories
// (runs/, deployments/: ignored by git) are not compared; a file the committed copy lacks is.
// The copy it runs in holds the committed names emptied, so a file left unwritten differs.
class CommittedResults : public ::testing::TestWithParam<std::string> {};

TEST_P(CommittedResults, AtItsDefaultsAnExperimentRewritesThemByteForByte) {
  const fs::path committed = t::source_path("results/" + GetParam());
  const fs::path copy = fs::path(t::make_temp_dir()) / GetParam();
  auto run_dir = [](const fs::path& rel) {
    const std::string top = rel.begin()->string();
    return top == "runs" || top.rfind("runs-", 0) == 0 || top == "deployments" ||
           top == "scenarios";
  };
  fs::create_directories(copy);
  for (const auto& e : fs::recursive_directory_iterator(committed)) {
    const fs::path rel = fs::relative(e.path(), committed);
    if (run_dir(rel)) continue;
    if (e.is_directory())
      fs::create_directories(copy / rel);
    else if (rel == ".botsim")  // the marker that lets botsim write there
      fs::copy_file(e.path(), copy / rel);
    else
      std::ofstream(copy / rel).flush();
  }
  auto r = t::botsim({"experiment", GetParam(), "--out", copy.string(), "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  long compared = 0;
  for (const auto& e : fs::recursive_directory_iterator(copy)) {
    const fs::path rel = fs::relative(e.path(), copy);
    if (!e.is_regular_file() || run_dir(rel) || rel.extension() == ".png") continue;
    ASSERT_TRUE(fs::exists(committed / rel)) << rel << " is written but not committed";
    EXPECT_EQ(t::read_text((committed / rel).string()), t::read_text(e.path().string())) << rel;
    ++compared;
  }
  EXPECT_GT(compared, 10);
}

INSTANTIATE_TEST_SUITE_P(QuickExperiments, CommittedResults,
                         ::testing::Values("sulistio2005", "bats2011", "market"));
