// `botsim sweep SPEC` as a user runs it: the CSVs, resuming after a kill, GNU parallel across
// "hosts" (this one) with --emit-jobs and --collect, and bad specs.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "core/csv.hpp"
#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;
using botsim::test::CliResult;

namespace {

class SweepCli : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir(); }
  void TearDown() override { fs::remove_all(dir_); }
  // A spec on the shipped Silva normal job (one user U0 on host 'client'); `body` adds fields.
  std::string spec(const std::string& body, const std::string& name = "s.json") {
    const std::string path = dir_ + "/" + name;
    t::write_text(path, "{\"platform\": \"" + t::source_path("platforms/utility-cloud.xml") +
                            "\", \"deployment\": \"" +
                            t::source_path("deployments/silva2008-normal.xml") + "\", " + body +
                            "}");
    return path;
  }
  std::string small() {
    return spec(R"("parameters": {"U0.tasks": [4, 8]}, "replications": 2,
                   "metrics": ["makespan_s", "spent", "instances"])");
  }
  std::string dir_;
};

}  // namespace

TEST_F(SweepCli, WritesOneRowPerRunAndASummaryPerSetting) {
  const std::string out = dir_ + "/out";
  auto r = t::botsim({"sweep", small(), "--out", out, "--jobs", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;  // no progress line when stderr is not a terminal
  auto runs = botsim::read_csv(out + "/runs.csv");
  EXPECT_EQ(runs.header, (std::vector<std::string>{"setting", "U0.tasks", "seed", "user",
                                                   "makespan_s", "spent", "instances"}));
  ASSERT_EQ(runs.rows.size(), 4u);
  EXPECT_EQ(runs.rows[0][0], "1");
  EXPECT_EQ(runs.rows[0][1], "4");
  EXPECT_EQ(runs.rows[3][1], "8");
  EXPECT_EQ(runs.rows[3][2], "2");
  EXPECT_EQ(runs.rows[3][3], "U0");
  auto summary = botsim::read_csv(out + "/summary.csv");
  ASSERT_EQ(summary.rows.size(), 6u);  // 2 settings x 3 metrics
  EXPECT_EQ(summary.rows[0][3], "makespan_s");
  EXPECT_EQ(summary.rows[0][4], "2");
  // The mean of the two runs' makespans.
  double m = (std::stod(runs.rows[0][4]) + std::stod(runs.rows[1][4])) / 2;
  EXPECT_NEAR(std::stod(summary.rows[0][5]), m, 5e-7);  // written to a millionth
  // Each run's own results directory, with the setting it ran.
  auto one = t::read_text(out + "/runs/setting-002/seed-1/summary.json");
  EXPECT_NE(one.find("\"U0.tasks=8\""), std::string::npos);
  EXPECT_TRUE(t::temporary_files(out).empty());
}

// Killed in the middle, then run again: no finished run is redone, and the CSVs are those of an
// uninterrupted sweep.
TEST_F(SweepCli, ResumesAfterAKillWithoutRedoingFinishedRuns) {
  const std::string s = spec(R"("parameters": {"U0.tasks": [64, 128, 256]}, "replications": 4,
                                 "metrics": ["makespan_s", "spent"])");
  const std::string out = dir_ + "/out";
  const pid_t pid = t::start_botsim({"sweep", s, "--out", out, "--jobs", "1"});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (t::finished_runs(out + "/runs").size() < 2 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  kill(pid, SIGTERM);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
  const auto before = t::finished_runs(out + "/runs");
  ASSERT_GE(before.size(), 2u);
  ASSERT_LT(before.size(), 12u) << "the sweep ended before the kill: nothing was tested";
  EXPECT_TRUE(t::temporary_files(out).empty());
  EXPECT_FALSE(fs::exists(out + "/runs.csv"));

  auto r = t::botsim({"sweep", s, "--out", out, "--jobs", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("resuming"), std::string::npos) << r.out;
  const auto after = t::finished_runs(out + "/runs");
  EXPECT_EQ(after.size(), 12u);
  for (const auto& [run, time] : before) EXPECT_EQ(after.at(run), time) << run << " was redone";

  const std::string whole = dir_ + "/whole";
  r = t::botsim({"sweep", s, "--out", whole, "--jobs", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(t::read_text(out + "/runs.csv"), t::read_text(whole + "/runs.csv"));
  EXPECT_EQ(t::read_text(out + "/summary.csv"), t::read_text(whole + "/summary.csv"));
}

// --emit-jobs writes one command per run; GNU parallel runs them (here on this machine: ':' in
// the sshlogin file), and --collect makes the CSVs a direct sweep makes.
TEST_F(SweepCli, GnuParallelJobsCollectToTheDirectSweepsCsvs) {
  ASSERT_EQ(std::system("command -v parallel >/dev/null"), 0)
      << "GNU parallel is missing (scripts/install-deps installs it)";
  const std::string s = small();
  const std::string jobs = dir_ + "/jobs";
  auto r = t::botsim({"sweep", s, "--emit-jobs", jobs});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto lines = t::read_text(jobs + "/jobs.txt");
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 4);
  EXPECT_NE(lines.find("--set U0.tasks=4"), std::string::npos) << lines;
  EXPECT_NE(t::read_text(jobs + "/sweep.sbatch").find("#SBATCH --array=1-4"), std::string::npos);
  EXPECT_FALSE(fs::exists(jobs + "/runs"));  // nothing ran

  // Collecting before the jobs ran: which runs are missing.
  t::expect_input_error(t::botsim({"sweep", s, "--collect", jobs}),
                        {jobs, "4 of 4 runs have no results yet"});

  t::write_text(dir_ + "/hosts", "2/:\n");
  const std::string command = "parallel --will-cite --sshloginfile '" + dir_ + "/hosts' < '" +
                              jobs + "/jobs.txt' > '" + dir_ + "/parallel.log' 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << t::read_text(dir_ + "/parallel.log");
  r = t::botsim({"sweep", s, "--collect", jobs});
  ASSERT_EQ(r.exit_code, 0) << r.err;

  const std::string direct = dir_ + "/direct";
  r = t::botsim({"sweep", s, "--out", direct});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(t::read_text(jobs + "/runs.csv"), t::read_text(direct + "/runs.csv"));
  EXPECT_EQ(t::read_text(jobs + "/summary.csv"), t::read_text(direct + "/summary.csv"));
  EXPECT_EQ(botsim::read_csv(jobs + "/runs.csv").rows.size(), 4u);
}

TEST_F(SweepCli, BadSpecsGetOneMessageAndExitCode2) {
  const std::string out = dir_ + "/out";
  auto sweep = [&](const std::string& body) {
    return t::botsim({"sweep", spec(body), "--out", out});
  };
  t::expect_input_error(sweep(R"("parameters": {"U9.tasks": [4]}, "metrics": ["spent"])"),
                        {"s.json", "parameters.\"U9.tasks\"", "no actor is named 'U9'"});
  t::expect_input_error(sweep(R"("parameters": {"U0.taks": [4]}, "metrics": ["spent"])"),
                        {"s.json", "parameters.\"U0.taks\"", "value '4' is rejected",
                         "property 'taks'", "unknown property"});
  t::expect_input_error(sweep(R"("parameters": {"U0.tasks": [4, -1]}, "metrics": ["spent"])"),
                        {"s.json", "parameters.\"U0.tasks\"", "value '-1' is rejected"});
  t::expect_input_error(sweep(R"("parameters": {"U0.tasks": []}, "metrics": ["spent"])"),
                        {"s.json", "parameters.\"U0.tasks\"", "empty value list"});
  t::expect_input_error(sweep(R"("metrics": ["spent", "makespan"])"),
                        {"s.json", "metrics[1]", "unknown metric 'makespan'", "makespan_s"});
  t::expect_input_error(sweep(R"("metrics": ["spent"],)"), {"s.json", "malformed JSON"});
  t::expect_input_error(t::botsim({"sweep", dir_ + "/none.json"}),
                        {"none.json", "cannot open sweep spec"});
}

// 10^9 settings ran out of memory (std::bad_alloc); with --emit-jobs, 10^5 values started
// 10^5 validate processes first. Both are counted and refused before anything is built or run.
TEST_F(SweepCli, SpecsExpandingBeyondTheCapsAreRefusedAtOnce) {
  std::string ten = "[1,2,3,4,5,6,7,8,9,10]", nine;
  for (int i = 0; i < 9; ++i)
    nine += (i ? ", " : "") + std::string("\"U0.p") + char('0' + i) + "\": " + ten;
  const std::string huge = spec("\"parameters\": {" + nine + "}, \"metrics\": [\"spent\"]");
  const std::string refused =
      "parameters: expand to more than 10000 settings (the product of the numbers of values)";
  t::expect_input_error(t::botsim({"sweep", huge, "--out", dir_ + "/out"}, "", 60),
                        {huge, refused});
  std::string many = "[0";
  for (int i = 1; i < 100000; ++i) many += "," + std::to_string(i);
  const std::string wide =
      spec("\"parameters\": {\"U0.tasks\": " + many + "]}, \"metrics\": [\"spent\"]", "w.json");
  t::expect_input_error(t::botsim({"sweep", wide, "--emit-jobs", dir_ + "/jobs"}, "", 60),
                        {wide, refused});
  EXPECT_FALSE(fs::exists(dir_ + "/jobs"));
}

TEST_F(SweepCli, AnotherSweepsDirectoryIsRefusedUnlessFresh) {
  const std::string out = dir_ + "/out";
  auto r = t::botsim({"sweep", small(), "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string other =
      spec(R"("parameters": {"U0.tasks": [5]}, "metrics": ["spent"])", "o.json");
  // The refusal names what changed (it said only "another sweep").
  t::expect_input_error(t::botsim({"sweep", other, "--out", out}),
                        {out, "--out",
                         "holds the runs of another sweep (parameter U0.tasks was [\"4\",\"8\"], "
                         "is [\"5\"]): give another directory, or --fresh to replace them"});
  EXPECT_EQ(botsim::read_csv(out + "/runs.csv").rows.size(), 4u);  // left as it was
  r = t::botsim({"sweep", other, "--out", out, "--fresh"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(botsim::read_csv(out + "/runs.csv").rows.size(), 1u);
  EXPECT_FALSE(fs::exists(out + "/runs/setting-002"));
}
