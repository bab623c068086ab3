// `botsim report DIR`: one self-contained HTML page of a results directory.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/gnuplot.hpp"
#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

size_t occurrences(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// Nothing the page needs comes from the network: no script, no stylesheet, image or font
// fetched from elsewhere (the SVG namespaces are names, not fetched).
void expect_offline(const std::string& html) {
  EXPECT_EQ(occurrences(html, "src=\"http"), 0u);
  EXPECT_EQ(occurrences(html, "href=\"http"), 0u);
  EXPECT_EQ(occurrences(html, "<script"), 0u);
  EXPECT_EQ(occurrences(html, "@import"), 0u);
  EXPECT_EQ(occurrences(html, "<link"), 0u);
}

class ReportCli : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir(); }
  void TearDown() override { fs::remove_all(dir_); }
  std::string dir_;
};

}  // namespace

// Example 1 and its pictures: the scenario, the users' table, every figure of DIR/plots inline,
// links to the results files.
TEST_F(ReportCli, RunReportHasTheScenarioUsersFiguresAndFiles) {
  const std::string run = dir_ + "/run";
  auto r = t::botsim({"run", "examples/01-one-resource.platform.xml",
                      "examples/01-one-resource.xml", "--out", run, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const bool drawn = !botsim::find_gnuplot().empty();
  if (drawn) {
    r = t::botsim({"plot", run});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  r = t::botsim({"report", run});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = t::read_text(run + "/report.html");
  EXPECT_EQ(html.rfind("<!-- botsim report -->\n<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("examples/01-one-resource.xml"), std::string::npos);
  // U0's name edged in its colour in the figures (the first of the run's palette).
  EXPECT_NE(html.find("<td style=\"border-left:0.8em solid #1f77b4\">U0</td><td>auction</td>"
                      "<td>no-opt</td><td>3 of 3</td><td>210.0</td>"),
            std::string::npos)
      << html.substr(0, 3000);
  EXPECT_NE(html.find("<a href=\"summary.json\">summary.json</a>"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"tasks.csv\">tasks.csv</a>"), std::string::npos);
  const size_t svgs = drawn ? 4u : 0u;  // tasks, tasks_running, bids_R0, shares_R0
  EXPECT_EQ(occurrences(html, "<figure"), svgs);
  EXPECT_EQ(occurrences(html, "<svg"), svgs);
  EXPECT_NE(
      r.out.find("report: run, " + std::to_string(svgs) + " figures: " + run + "/report.html"),
      std::string::npos)
      << r.out;
  expect_offline(html);
  // Its own page is replaced by the next report.
  r = t::botsim({"report", run});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

// An experiment's page has its findings with their verdicts and margins.
TEST_F(ReportCli, ExperimentReportHasTheFindings) {
  const std::string out = dir_ + "/sulistio2005";
  auto r = t::botsim({"experiment", "sulistio2005", "--reps", "1", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = t::botsim({"report", out, "--out", dir_ + "/page.html"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = t::read_text(dir_ + "/page.html");
  EXPECT_NE(html.find("<h2>Findings</h2>"), std::string::npos);
  // Claim by claim (not findings.csv's 17 columns): each rule set's result with its margin and
  // verdict, the test, the cause of a gap.
  EXPECT_NE(html.find("<tr><th>finding</th><th>the paper</th><th>botsim, as printed</th>"
                      "<th>botsim's default</th><th>test</th><th>cause of a gap</th></tr>"),
            std::string::npos)
      << html;
  EXPECT_EQ(html.find("<th>ci95_low</th>"), std::string::npos);
  EXPECT_GT(occurrences(html, ": <b>yes</b></td>") + occurrences(html, ": <b>no</b></td>"), 3u);
  EXPECT_NE(html.find("<td>fig6 deadline (per-PE): of the optimising users only the local "
                      "users of domain B miss the deadline</td>"),
            std::string::npos);
  // The page is beside DIR, not in it: its links lead into DIR.
  EXPECT_NE(html.find("<a href=\"sulistio2005/findings.csv\">findings.csv</a>"), std::string::npos);
  expect_offline(html);
}

// botsim never replaces what it did not write: a directory of the user's gets no page unless
// --out names one, and --out never replaces a file that is not a botsim report.
TEST_F(ReportCli, NeverWritesOverAUsersFiles) {
  const std::string run = dir_ + "/run";
  auto r = t::botsim({"run", "examples/01-one-resource.platform.xml",
                      "examples/01-one-resource.xml", "--out", run, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  t::write_text(dir_ + "/notes.html", "my notes");
  t::expect_input_error(t::botsim({"report", run, "--out", dir_ + "/notes.html"}),
                        {dir_ + "/notes.html", "not a report botsim wrote"});
  EXPECT_EQ(t::read_text(dir_ + "/notes.html"), "my notes");
  // A copy of the run without botsim's marker: a directory of the user's.
  const std::string copy = dir_ + "/copy";
  fs::create_directories(copy);
  fs::copy_file(run + "/summary.json", copy + "/summary.json");
  t::expect_input_error(t::botsim({"report", copy}), {copy, "was not written by botsim"});
  EXPECT_FALSE(fs::exists(copy + "/report.html"));
  t::expect_input_error(t::botsim({"report", dir_ + "/none"}),
                        {dir_ + "/none", "no such results directory"});
  t::expect_input_error(t::botsim({"report", dir_}), {dir_, "not a results directory"});
}

// A --reps page names its seeds ("seeds 1-3"), not one run's seed and simulated time; a sweep's
// page lists its parameters as a table, not as raw JSON.
TEST_F(ReportCli, RepsPageNamesTheSeedsAndASweepsItsParameters) {
  const std::string reps = dir_ + "/reps";
  auto r =
      t::botsim({"run", "examples/01-one-resource.platform.xml",
                 "examples/02-proportional-share.xml", "--reps", "3", "--out", reps, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = t::botsim({"report", reps});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string html = t::read_text(reps + "/report.html");
  EXPECT_NE(html.find("<tr><th>seeds</th><td>seeds 1-3 (3 runs)</td></tr>"), std::string::npos)
      << html;
  EXPECT_EQ(html.find("simulated_time_s"), std::string::npos);
  t::write_text(dir_ + "/s.json",
                R"({"platform": ")" + t::source_path("examples/01-one-resource.platform.xml") +
                    R"(", "deployment": ")" + t::source_path("examples/02-proportional-share.xml") +
                    R"(", "parameters": {"U0.deadline": ["1h", "2h"]}, "metrics": ["spent"]})");
  const std::string sweep = dir_ + "/sweep";
  r = t::botsim({"sweep", dir_ + "/s.json", "--out", sweep, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = t::botsim({"report", sweep});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  html = t::read_text(sweep + "/report.html");
  EXPECT_NE(html.find("<h3>Parameters</h3>\n<table>\n<tr><th>parameter</th><th>values</th></tr>\n"
                      "<tr><td>U0.deadline</td><td>1h, 2h</td></tr>"),
            std::string::npos)
      << html;
}
