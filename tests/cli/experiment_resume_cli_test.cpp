// `botsim experiment NAME` interrupted and run again: the finished replications are kept and
// not redone, no half-written file is left, and the tables are those of an uninterrupted run.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

class ExperimentResumeCli : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir(); }
  void TearDown() override { fs::remove_all(dir_); }
  std::string dir_;
};

}  // namespace

TEST_F(ExperimentResumeCli, InterruptedExperimentResumesWithoutRedoingReplications) {
  const std::string out = dir_ + "/out", runs = out + ".work/result/runs";
  const pid_t pid =
      t::start_botsim({"experiment", "sulistio2005", "--reps", "5", "--jobs", "1", "--out", out});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(240);
  while (t::finished_runs(runs).empty() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  kill(pid, SIGINT);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGINT);
  const auto before = t::finished_runs(runs);
  ASSERT_GE(before.size(), 1u);
  ASSERT_LT(before.size(), 5u) << "the experiment ended before the interruption";
  EXPECT_FALSE(fs::exists(out));
  EXPECT_TRUE(t::temporary_files(out + ".work").empty());

  auto r = t::botsim({"experiment", "sulistio2005", "--reps", "5", "--jobs", "2", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("resuming"), std::string::npos) << r.out;
  const auto after = t::finished_runs(out + "/runs");
  EXPECT_EQ(after.size(), 5u);
  for (const auto& [run, time] : before) {
    const std::string moved =
        out + "/runs/" + fs::path(run).parent_path().filename().string() + "/summary.json";
    EXPECT_EQ(after.at(moved), time) << run << " was redone";
  }
  EXPECT_FALSE(fs::exists(out + ".work"));

  const std::string whole = dir_ + "/whole";
  r = t::botsim({"experiment", "sulistio2005", "--reps", "5", "--jobs", "2", "--out", whole});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const auto& e : fs::directory_iterator(whole)) {
    if (e.path().extension() != ".csv") continue;
    EXPECT_EQ(t::read_text(e.path().string()),
              t::read_text(out + "/" + e.path().filename().string()))
        << e.path().filename();
  }
}

// A working directory left by a run with other settings (here another --seed) is not resumed.
TEST_F(ExperimentResumeCli, LeftoversOfOtherSettingsAreNotReused) {
  const std::string out = dir_ + "/out";
  fs::create_directories(out + ".work/result/runs/seed-1");
  t::write_text(out + ".work/result/runs/seed-1/summary.json", "{}");
  t::write_text(out + ".work/experiment.json", "{\"experiment\": \"sulistio2005\"}\n");
  auto r = t::botsim({"experiment", "sulistio2005", "--out", out, "--jobs", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("starting afresh"), std::string::npos) << r.out;
  EXPECT_NE(t::read_text(out + "/runs/seed-1/summary.json"), "{}");
}

// `--out DIR/` works in DIR.work next to DIR, as `--out DIR` does, never in DIR/.work: an
// interrupted experiment leaves an existing DIR as it was, and the next run finds its work.
class ExperimentWorkDirCli : public ExperimentResumeCli,
                             public ::testing::WithParamInterface<const char*> {};

TEST_P(ExperimentWorkDirCli, TrailingSlashWorksNextToTheOutputDirectory) {
  const std::string out = dir_ + "/out";
  fs::create_directories(out);
  t::write_text(out + "/.botsim", "an earlier experiment's results\n");
  t::write_text(out + "/old.csv", "earlier results\n");
  const pid_t pid = t::start_botsim({"experiment", GetParam(), "--jobs", "1", "--out", out + "/"});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (!fs::exists(out + ".work/experiment.json") && !fs::exists(out + "/.work") &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  kill(pid, SIGINT);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(fs::exists(out + ".work/experiment.json"));
  EXPECT_FALSE(fs::exists(out + "/.work"));
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(out)) names.push_back(e.path().filename());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{".botsim", "old.csv"}));
}

INSTANTIATE_TEST_SUITE_P(Experiments, ExperimentWorkDirCli,
                         ::testing::Values("sulistio2005", "bats2011", "gutierrez2012"));
