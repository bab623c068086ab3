// `botsim report DIR`: one self-contained HTML page of a results directory.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "core/csv.hpp"
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
// fetched from elsewhere (the SVG namespaces are names, not fetched); the interactive chart's
// scripts are inline.
void expect_offline(const std::string& html) {
  EXPECT_EQ(occurrences(html, "src=\"http"), 0u);
  EXPECT_EQ(occurrences(html, "href=\"http"), 0u);
  EXPECT_EQ(occurrences(html, "<script src"), 0u);
  EXPECT_EQ(occurrences(html, "<script"),
            occurrences(html, "<script>") + occurrences(html, "<script type=\"application/json\""));
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
  // Numbers rounded, money in the model's currency (the auction's G$), time with its unit.
  EXPECT_NE(html.find("<tr><th>simulated time</th><td>240.0 s</td></tr>"), std::string::npos)
      << html;
  EXPECT_NE(html.find(" G$</td>"), std::string::npos);
  EXPECT_EQ(html.find("simulated_time_s"), std::string::npos);
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

namespace {

// The figures of a page (<figure id="STEM">), in the order it shows them.
std::vector<std::string> page_figures(const std::string& html) {
  std::vector<std::string> stems;
  const std::string open = "<figure id=\"";
  for (auto at = html.find(open); at != std::string::npos; at = html.find(open, at + 1)) {
    const auto from = at + open.size();
    stems.push_back(html.substr(from, html.find('"', from) - from));
  }
  return stems;
}

}  // namespace

// `plot DIR` then `report DIR` on an experiment wrote two pages (DIR/plots/report.html and
// DIR/report.html), the second with each figure twice: the experiment's own and plot's copy.
// Both now end in DIR/report.html, each figure once; a DIR/plots/report.html that botsim did
// not write is left as it is, one of an earlier botsim goes with the plots it showed.
// A directory beside the runs named like one but not by a number ("seed-abc", holding a
// summary.json) is not a run: the page names the runs' seeds; it was an internal error.
TEST_F(ReportCli, RepsPageSkipsADirectoryThatIsNotARun) {
  const std::string reps = dir_ + "/reps";
  auto r =
      t::botsim({"run", "examples/01-one-resource.platform.xml",
                 "examples/02-proportional-share.xml", "--reps", "2", "--out", reps, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  fs::create_directories(reps + "/seed-abc");
  fs::copy_file(reps + "/seed-1/summary.json", reps + "/seed-abc/summary.json");
  r = t::botsim({"report", reps});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(t::read_text(reps + "/report.html").find("<td>seeds 1-2 (2 runs)</td>"),
            std::string::npos);
}

TEST_F(ReportCli, PlotThenReportIsOnePageWithEachFigureOnce) {
  if (botsim::find_gnuplot().empty()) GTEST_SKIP() << "gnuplot is not installed";
  const std::string out = dir_ + "/sulistio2005";
  auto r = t::botsim({"experiment", "sulistio2005", "--reps", "1", "--out", out, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = t::botsim({"plot", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("plot: the page: " + out + "/report.html"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(out + "/plots/report.html"));
  const std::string plotted = t::read_text(out + "/report.html");
  r = t::botsim({"report", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("report: experiment, 8 figures: " + out + "/report.html"), std::string::npos)
      << r.out;
  const std::string html = t::read_text(out + "/report.html");
  const std::vector<std::string> want{"fig2_bid_cost_R1", "fig3_share_R1",  "fig4_bid_cost_R4",
                                      "fig5_share_R4",    "fig6_runtime",   "fig6_runtime_total",
                                      "fig7_cost",        "fig7_cost_total"};
  EXPECT_EQ(page_figures(html), want);
  EXPECT_EQ(page_figures(plotted), want);
  EXPECT_EQ(occurrences(html, "<svg"), want.size());

  // A page of the user's in DIR/plots stays; one an earlier botsim wrote there goes.
  t::write_text(out + "/plots/report.html", "my page");
  r = t::botsim({"plot", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(t::read_text(out + "/plots/report.html"), "my page");
  t::write_text(out + "/plots/report.html", "<!-- botsim report -->\n<!DOCTYPE html>\n");
  r = t::botsim({"plot", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(out + "/plots/report.html"));
}

// `report` on a run never plotted gave a page without figures: it now draws them into
// DIR/plots first, as `plot DIR`, and shows them Gantt chart first, each with its caption.
TEST_F(ReportCli, ReportOnAFreshRunDrawsItsFiguresInReadingOrder) {
  const std::string run = dir_ + "/run";
  auto r = t::botsim({"run", "examples/01-one-resource.platform.xml",
                      "examples/02-proportional-share.xml", "--out", run, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  if (botsim::find_gnuplot().empty()) {
    r = t::botsim({"report", run});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(fs::exists(run + "/plots/tasks.gp"));
    EXPECT_NE(t::read_text(run + "/report.html").find("gnuplot is not installed"),
              std::string::npos);
    GTEST_SKIP() << "gnuplot is not installed";
  }
  r = t::botsim({"report", run});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("report: drew 4 figures into " + run +
                       "/plots/\nreport: run, 4 figures: " + run + "/report.html"),
            std::string::npos)
      << r.out;
  EXPECT_TRUE(fs::exists(run + "/plots/tasks.svg"));
  const std::string html = t::read_text(run + "/report.html");
  EXPECT_EQ(page_figures(html),
            (std::vector<std::string>{"tasks", "tasks_running", "bids_R0", "shares_R0"}));
  EXPECT_EQ(occurrences(html, "<figcaption>"), 4u);
  EXPECT_NE(html.find("<figcaption>Each user&apos;s bid on R0 at each auction; x axis: time "
                      "(min), y axis: bid (cents per minute). (<a href=\"plots/bids_R0.svg\">"),
            std::string::npos)
      << html;
  // Drawn once: the next report shows them and draws nothing.
  r = t::botsim({"report", run});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "report: run, 4 figures: " + run + "/report.html\n");
}

// `report` on a `botsim trace` directory said it was not a results directory: its page now has
// the trace's summary, its bags, its two figures and links to its deployment fragments.
TEST_F(ReportCli, TraceDirectoryHasItsPage) {
  const std::string out = dir_ + "/trace";
  auto r = t::botsim({"trace", "workloads/grid-bags-example.gwf", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = t::botsim({"report", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const bool drawn = !botsim::find_gnuplot().empty();
  EXPECT_NE(r.out.find(std::string("report: trace, ") + (drawn ? "2" : "0") + " figures: " + out +
                       "/report.html"),
            std::string::npos)
      << r.out;
  const std::string html = t::read_text(out + "/report.html");
  EXPECT_NE(html.find("<tr><td>bags</td><td>5</td></tr>"), std::string::npos) << html;
  EXPECT_NE(html.find("<h2>Bags</h2>"), std::string::npos);
  EXPECT_NE(html.find("<a href=\"deployment-auction.xml\">deployment-auction.xml</a>"),
            std::string::npos);
  if (drawn) {
    EXPECT_EQ(page_figures(html), (std::vector<std::string>{"bag_sizes", "interarrival"}));
  }
  expect_offline(html);
  // A longer trace: the first 100 of its 478 bags (bag 100's row, not bag 101's).
  const std::string nasa = dir_ + "/nasa";
  r = t::botsim({"trace", "workloads/nasa-ipsc-1993-excerpt.swf", "--out", nasa});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = t::botsim({"report", nasa});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string long_page = t::read_text(nasa + "/report.html");
  EXPECT_NE(long_page.find("<p>The first 100 of 478 bags (bags.csv has every one).</p>"),
            std::string::npos);
  EXPECT_NE(long_page.find("<tr><td>100</td>"), std::string::npos);
  EXPECT_EQ(long_page.find("<tr><td>101</td>"), std::string::npos);
}

// An experiment's page shows the tables its console prints (view/console_tables): the same
// rows, cell by cell, each column's unit in its header, its money in dollars.
TEST_F(ReportCli, ExperimentPageShowsTheConsoleTables) {
  const std::string out = dir_ + "/market";
  auto r = t::botsim({"experiment", "market", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string console = r.out;
  r = t::botsim({"report", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = t::read_text(out + "/report.html");
  const auto from = html.find("<h2>Tables</h2>"), to = html.find("<h2>Figures</h2>");
  ASSERT_NE(from, std::string::npos) << html.substr(0, 3000);
  // The Scenario's seeds, part by part: Fig. 1's 2 billings x 30 host counts on seed 1; BaTS's
  // S3-4 2 x 10 seeds; 3 strategies x 28 start days (seeds 1-28); Silva's 3 x 4 settings x 10
  // seeds; BaTS's 5 scenarios x 2 billings x 4 schedules x 5 seeds; the agents' 2 mechanisms x 5
  // seeds x 2 billings. 60 + 20 + 84 + 120 + 200 + 20 = 504 runs.
  EXPECT_NE(html.find("<tr><th>seeds</th><td>seeds 1-28 (504 runs): Fig. 1&apos;s bag, seed 1 "
                      "(60 runs); BaTS on S3-4, seeds 1-10 (20 runs); the spot strategies, seeds "
                      "1-28 (84 runs); Silva&apos;s heuristic, seeds 1-10 (120 runs); BaTS&apos;s "
                      "schedules, seeds 1-5 (200 runs); the agents&apos; allocations, seeds 1-5 "
                      "(20 runs)</td></tr>"),
            std::string::npos)
      << html.substr(0, 3000);
  const std::string tables = html.substr(from, to - from);
  EXPECT_EQ(occurrences(tables, "<table class=\"console\">"), 6u);
  EXPECT_NE(
      tables.find("<h3>The spot strategies over the start days (strategies_summary.csv)</h3>"),
      std::string::npos);
  EXPECT_NE(tables.find("<th>spent ($)</th><th>budget ($)</th>"), std::string::npos) << tables;
  // Every row of the page is a line of the terminal's: its cells in order, spaces between.
  const std::regex row("<tr>(<td[^>]*>[^<]*</td>)+</tr>"), cell("<td[^>]*>([^<]*)</td>");
  size_t rows = 0;
  for (auto it = std::sregex_iterator(tables.begin(), tables.end(), row);
       it != std::sregex_iterator(); ++it, ++rows) {
    const std::string tr = it->str();
    std::string line;
    for (auto c = std::sregex_iterator(tr.begin(), tr.end(), cell); c != std::sregex_iterator();
         ++c)
      line += (line.empty() ? "\n *" : " +") +
              std::regex_replace((*c)[1].str(), std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)");
    EXPECT_TRUE(std::regex_search(console, std::regex(line + "\n"))) << line << "\n" << console;
  }
  // Fig. 1's host counts, BaTS's 10 seeds x 2 billings, Silva's 4 settings x 3 (per started
  // hour, per second, per second with hour_end=finish), BaTS's 5 scenarios x 4 schedules x 2
  // billings, 3 strategies, the agents' rows.
  EXPECT_EQ(rows,
            30u + 20 + 12 + 40 + 3 + botsim::read_csv(out + "/agents_billing.csv").rows.size());
  // Every gnuplot figure names its elements alike (gnuplot_canvas, gpPt0): inlined, each
  // figure's ids are its own, once on the page, and its references lead to them.
  std::map<std::string, int> ids;
  const std::regex id(R"( id=["']([^"']+)["'])"), ref(R"((?:href=["']#|url\(#)([^"')]+))");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), id); it != std::sregex_iterator();
       ++it)
    ++ids[(*it)[1].str()];
  for (const auto& [name, n] : ids) EXPECT_EQ(n, 1) << name;
  size_t refs = 0;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), ref); it != std::sregex_iterator();
       ++it, ++refs)
    EXPECT_EQ(ids.count((*it)[1].str()), 1u) << (*it)[1].str();
  if (!botsim::find_gnuplot().empty()) {
    EXPECT_EQ(ids.count("fig1_billing-gnuplot_canvas"), 1u);
    EXPECT_GT(refs, 0u);  // the points' marks
  }
}

// An experiment's Scenario section was empty: it now says the experiment, botsim's version,
// when and by which command line it ran, its seeds and repetitions and its scenario files, from
// the record the experiment writes as runs/experiment.json.
TEST_F(ReportCli, ExperimentScenarioSaysWhatRan) {
  const std::string out = dir_ + "/sulistio2005";
  auto r = t::botsim(
      {"experiment", "sulistio2005", "--reps", "2", "--seed", "3", "--out", out, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_TRUE(fs::exists(out + "/runs/experiment.json"));
  r = t::botsim({"report", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = t::read_text(out + "/report.html");
  const std::string scenario =
      html.substr(html.find("<h2>Scenario</h2>"),
                  html.find("<h2>Findings</h2>") - html.find("<h2>Scenario</h2>"));
  EXPECT_NE(scenario.find("<tr><th>experiment</th><td>sulistio2005</td></tr>"), std::string::npos)
      << scenario;
  const std::string version = t::botsim({"--version"}).out;  // "botsim X.Y.Z\n"
  EXPECT_NE(scenario.find("<tr><th>botsim_version</th><td>" +
                          version.substr(7, version.size() - 8) + "</td></tr>"),
            std::string::npos)
      << version;
  EXPECT_NE(scenario.find("<tr><th>date</th><td>20"), std::string::npos);
  EXPECT_NE(scenario.find("<tr><th>command</th><td><code>botsim experiment sulistio2005 --reps 2 "
                          "--seed 3 --out " +
                          out + " --quiet</code></td></tr>"),
            std::string::npos);
  EXPECT_NE(scenario.find("<tr><th>seeds</th><td>seeds 3-4 ("), std::string::npos);
  EXPECT_NE(scenario.find("<tr><th>repetitions</th><td>--reps 2</td></tr>"), std::string::npos);
  EXPECT_NE(scenario.find("platforms/badg.xml</code></li>"), std::string::npos);
  EXPECT_NE(scenario.find("deployments/sulistio2005.xml</code></li>"), std::string::npos);
}

// `plot` on a copy of a run that botsim did not write (no marker): the figures in
// DIR/plots/, as before, and no page in DIR, which is the user's.
TEST_F(ReportCli, PlotWritesNoPageIntoAUsersDirectory) {
  const std::string run = dir_ + "/run", copy = dir_ + "/copy";
  auto r = t::botsim({"run", "examples/01-one-resource.platform.xml",
                      "examples/01-one-resource.xml", "--out", run, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  fs::create_directories(copy);
  for (const char* f : {"summary.json", "tasks.csv", "bids.csv"})
    fs::copy_file(run + "/" + f, copy + "/" + f);
  r = t::botsim({"plot", copy});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(copy + "/plots/tasks.gp"));
  EXPECT_FALSE(fs::exists(copy + "/report.html"));
  EXPECT_FALSE(fs::exists(copy + "/plots/report.html"));
  EXPECT_NE(r.out.find("plot: no page (" + copy + ": was not written by botsim"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("botsim report " + copy + " --out FILE writes it elsewhere"),
            std::string::npos);
}
