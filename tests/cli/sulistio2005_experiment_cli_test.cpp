// `botsim experiment sulistio2005` as a user runs it: files, seeds, determinism, atomicity.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/csv.hpp"
#include "core/gnuplot.hpp"
#include "support/cli_support.hpp"

namespace fs = std::filesystem;
using botsim::test::CliResult;
using botsim::test::read_text;

namespace {

CliResult cli(const std::vector<std::string>& args) { return botsim::test::botsim(args); }

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

class Sulistio2005Cli : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = botsim::test::make_temp_dir(); }
  void TearDown() override { fs::remove_all(dir_); }
  std::string dir_;
};

// Each figure's table, gnuplot data and script, and (where gnuplot is installed) its SVG and PNG.
std::vector<std::string> figure_files() {
  std::vector<std::string> names{".botsim",    "findings.csv",     "runs",     "runs-paper",
                                 "runs-total", "runs-total-paper", "scenarios"};
  const bool drawn = !botsim::find_gnuplot().empty();
  for (std::string f : {"fig2_bid_cost_R1", "fig3_share_R1", "fig4_bid_cost_R4", "fig5_share_R4",
                        "fig6_runtime", "fig7_cost", "fig6_runtime_total", "fig7_cost_total"})
    for (const char* ext : {".csv", ".dat", ".gp", ".png", ".svg"})
      if (drawn || (std::string(ext) != ".png" && std::string(ext) != ".svg"))
        names.push_back(f + ext);
  std::sort(names.begin(), names.end());
  return names;
}
const std::vector<std::string> kFigureFiles = figure_files();

}  // namespace

TEST_F(Sulistio2005Cli, IsListed) {
  auto r = cli({"experiment", "--list"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("sulistio2005"), std::string::npos) << r.out;
}

// The default: ten runs, seeds 1-10 (the findings are judged over them); the time series of
// Figs 2-5 from the first.
TEST_F(Sulistio2005Cli, DefaultIsTenRunsFromSeedOne) {
  std::string out = dir_ + "/out";
  auto r = cli({"experiment", "sulistio2005", "--out", out, "--jobs", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(names_in(out), kFigureFiles);
  std::vector<std::string> seeds;
  for (int s = 1; s <= 10; ++s) seeds.push_back("seed-" + std::to_string(s));
  std::sort(seeds.begin(), seeds.end());
  seeds.insert(seeds.begin(), "experiment.json");  // how it ran, for its page (botsim report)
  EXPECT_EQ(names_in(out + "/runs"), seeds);
  EXPECT_TRUE(fs::exists(out + "/runs/seed-1/summary.json"));
  EXPECT_TRUE(fs::exists(out + "/runs/seed-1/bids.csv"));
  // One row per user of the paper's Table 2, in Fig. 6 and in Fig. 7.
  auto runtime = botsim::read_csv(out + "/fig6_runtime.csv");
  auto cost = botsim::read_csv(out + "/fig7_cost.csv");
  ASSERT_EQ(runtime.rows.size(), 10u);
  ASSERT_EQ(cost.rows.size(), 10u);
  for (size_t i = 0; i < 10; ++i) {
    EXPECT_EQ(runtime.rows[i][0], "U" + std::to_string(i));
    EXPECT_EQ(runtime.rows[i][runtime.column("runs")], "10");
    EXPECT_EQ(runtime.rows[i][runtime.column("deadline_h")], "10");
  }
  // The time series come from that run's bids.csv: R1's and R4's rows, nothing else.
  auto bids = botsim::read_csv(out + "/runs/seed-1/bids.csv");
  size_t r1 = 0, r4 = 0;
  for (const auto& row : bids.rows) {
    r1 += row[bids.column("resource")] == "R1";
    r4 += row[bids.column("resource")] == "R4";
  }
  EXPECT_GT(r1, 0u);
  EXPECT_GT(r4, 0u);
  EXPECT_EQ(botsim::read_csv(out + "/fig2_bid_cost_R1.csv").rows.size(), r1);
  EXPECT_EQ(botsim::read_csv(out + "/fig3_share_R1.csv").rows.size(), r1);
  EXPECT_EQ(botsim::read_csv(out + "/fig4_bid_cost_R4.csv").rows.size(), r4);
  EXPECT_EQ(botsim::read_csv(out + "/fig5_share_R4.csv").rows.size(), r4);
  // Seven claims under each reading of C_r, their verdicts as docs/sulistio2005.md explains; each
  // judged on the runs as printed (the Brokers' rules="paper"), then with botsim's rules. The
  // rules botsim adds act only on failures and late registrations, which these runs have none
  // of: both rule sets give the same runs, hence the same findings.
  auto found = botsim::read_csv(out + "/findings.csv");
  ASSERT_EQ(found.rows.size(), 28u);
  std::string verdicts;
  const size_t rules = found.column("rules");
  for (size_t i = 0; i < found.rows.size(); i += 2) {
    EXPECT_EQ(found.rows[i][rules], "paper");
    EXPECT_EQ(found.rows[i + 1][rules], "botsim");
    for (const char* column : {"botsim", "value", "verdict", "n", "mean", "worst"})
      EXPECT_EQ(found.rows[i][found.column(column)], found.rows[i + 1][found.column(column)])
          << found.rows[i][0] << " " << column;
    verdicts += found.rows[i + 1][found.column("verdict")][0];
  }
  // Per PE, U8's "much lower costs" holds on the means, not in every run: partly.
  EXPECT_EQ(verdicts,
            "ynnypyn"
            "nnynnny");
  EXPECT_EQ(found.rows[14][0], "fig6 optimising sooner (total)");
  // U2 and U3 meet the deadline by 0.16 s with C_r per PE: the margin shows the knife edge.
  EXPECT_EQ(found.rows[3][found.column("margin")], "-0.1561");
  // Only with C_r total does U3 still hold tasks past half of D, and send some to R1.
  auto tasks = botsim::read_csv(out + "/runs-total/seed-1/tasks.csv");
  size_t u3_on_r1 = 0;
  for (const auto& row : tasks.rows) u3_on_r1 += row[0] == "U3" && row[3] == "R1";
  EXPECT_GT(u3_on_r1, 0u);
  tasks = botsim::read_csv(out + "/runs/seed-1/tasks.csv");
  for (const auto& row : tasks.rows) EXPECT_FALSE(row[0] == "U3" && row[3] == "R1");
  // The per-user table and the findings are printed.
  EXPECT_NE(r.out.find("\nU8    local   A "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the paper's findings"), std::string::npos);
  EXPECT_NE(r.out.find("results written to " + out), std::string::npos);
}

TEST_F(Sulistio2005Cli, RepsAndSeedNameTheRuns) {
  std::string out = dir_ + "/out";
  auto r = cli(
      {"experiment", "sulistio2005", "--reps", "3", "--seed", "5", "--jobs", "2", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(names_in(out + "/runs"),
            (std::vector<std::string>{"experiment.json", "seed-5", "seed-6", "seed-7"}));
  auto runtime = botsim::read_csv(out + "/fig6_runtime.csv");
  ASSERT_EQ(runtime.rows.size(), 10u);
  EXPECT_EQ(runtime.rows[0][runtime.column("runs")], "3");
  // Each run is the `botsim run` of its seed.
  auto again = cli({"run", "platforms/badg.xml", "deployments/sulistio2005.xml", "--seed", "6",
                    "--out", dir_ + "/single", "--quiet"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(read_text(out + "/runs/seed-6/bids.csv"), read_text(dir_ + "/single/bids.csv"));
}

TEST_F(Sulistio2005Cli, SameOptionsSameFiles) {
  std::string a = dir_ + "/a", b = dir_ + "/b";
  ASSERT_EQ(cli({"experiment", "sulistio2005", "--reps", "2", "--jobs", "2", "--out", a}).exit_code,
            0);
  ASSERT_EQ(cli({"experiment", "sulistio2005", "--reps", "2", "--jobs", "1", "--out", b}).exit_code,
            0);
  for (const auto& name : kFigureFiles) {
    // The tables and the figures' data and scripts (gnuplot's pictures are not compared).
    if (name == "runs" || name.find(".png") != std::string::npos ||
        name.find(".svg") != std::string::npos)
      continue;
    EXPECT_EQ(read_text(a + "/" + name), read_text(b + "/" + name)) << name;
  }
}

TEST_F(Sulistio2005Cli, OutputThatIsAFileIsBadInputAndStaysUntouched) {
  std::string out = dir_ + "/out";
  botsim::test::write_text(out, "not a directory");
  auto r = cli({"experiment", "sulistio2005", "--out", out});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(out), std::string::npos) << r.err;
  EXPECT_EQ(read_text(out), "not a directory");
}

TEST_F(Sulistio2005Cli, ReplacesAnEarlierResultsDirectory) {
  std::string out = dir_ + "/out";
  fs::create_directories(out);
  botsim::test::write_text(out + "/.botsim", "an earlier experiment's results\n");
  botsim::test::write_text(out + "/stale.txt", "from an earlier experiment");
  ASSERT_EQ(cli({"experiment", "sulistio2005", "--out", out}).exit_code, 0);
  EXPECT_FALSE(fs::exists(out + "/stale.txt"));
  EXPECT_EQ(names_in(out), kFigureFiles);
  EXPECT_EQ(names_in(dir_), (std::vector<std::string>{"out"}));  // no temporary left behind
}

TEST_F(Sulistio2005Cli, BrokenScenarioFileIsBadInput) {
  // Shipped files are looked up in the current directory first: a broken copy there is the
  // user's input, so the experiment exits with code 2 and leaves the results as they were.
  fs::create_directories(dir_ + "/platforms");
  fs::create_directories(dir_ + "/deployments");
  fs::copy_file(botsim::test::source_path("platforms/badg.xml"), dir_ + "/platforms/badg.xml");
  botsim::test::write_text(dir_ + "/deployments/sulistio2005.xml",
                           "<?xml version='1.0'?>\n<platform version=\"4.1\">\n"
                           "<actor host=\"R1\" function=\"NoSuchActor\"/>\n</platform>\n");
  fs::create_directories(dir_ + "/results/sulistio2005");
  botsim::test::write_text(dir_ + "/results/sulistio2005/.botsim", "earlier results\n");
  botsim::test::write_text(dir_ + "/results/sulistio2005/keep.txt", "earlier");
  auto r = botsim::test::botsim({"experiment", "sulistio2005", "--jobs", "1"}, dir_);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("deployments/sulistio2005.xml: actor #1 'NoSuchActor' on host 'R1'"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  EXPECT_EQ(read_text(dir_ + "/results/sulistio2005/keep.txt"), "earlier");
  EXPECT_EQ(names_in(dir_ + "/results"), (std::vector<std::string>{"sulistio2005"}));
}
