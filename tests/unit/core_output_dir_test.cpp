// The output-path rule (core/output_dir): what botsim may replace, and what it cleans up.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/output_dir.hpp"
#include "support/files.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;
using botsim::OutputState;

namespace {

class OutputDirTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir(); }
  void TearDown() override { fs::remove_all(dir_); }
  std::string dir_;
};

// A process id that no longer runs: a child that exited and was reaped.
long finished_pid() {
  const pid_t pid = fork();
  if (pid == 0) _exit(0);
  waitpid(pid, nullptr, 0);
  return pid;
}

}  // namespace

TEST_F(OutputDirTest, ClassifiesWhatItMayWrite) {
  EXPECT_EQ(botsim::check_output_dir(dir_ + "/new/deeper"), OutputState::Absent);
  fs::create_directories(dir_ + "/empty");
  EXPECT_EQ(botsim::check_output_dir(dir_ + "/empty/"), OutputState::Empty);
  fs::create_directories(dir_ + "/ours");
  botsim::mark_results_dir(dir_ + "/ours");
  t::write_text(dir_ + "/ours/tasks.csv", "x\n");
  EXPECT_EQ(botsim::check_output_dir(dir_ + "/ours"), OutputState::Ours);
  fs::create_directories(dir_ + "/legacy");  // a default run directory of earlier versions
  t::write_text(dir_ + "/legacy/.deployment", "/d.xml\n");
  EXPECT_EQ(botsim::check_output_dir(dir_ + "/legacy"), OutputState::Ours);
}

TEST_F(OutputDirTest, RefusesWhatItDidNotWrite) {
  fs::create_directories(dir_ + "/users");
  t::write_text(dir_ + "/users/notes.txt", "mine\n");
  t::write_text(dir_ + "/file", "");
  fs::create_symlink("loop", dir_ + "/loop");
  fs::create_symlink(dir_ + "/users", dir_ + "/link");
  for (const std::string& p : {dir_ + "/users", dir_ + "/file", dir_ + "/loop", dir_ + "/link",
                               dir_ + "/file/under", dir_ + "/loop/under", std::string("/")})
    EXPECT_THROW(botsim::check_output_dir(p), botsim::InputError) << p;
}

TEST_F(OutputDirTest, WritesIntoAnAbsentPathAndReplacesOnlyItsOwn) {
  const std::string out = dir_ + "/out";
  botsim::write_directory_atomically(
      out, [](const std::string& tmp) { t::write_text(tmp + "/a.csv", "1\n"); });
  EXPECT_TRUE(fs::exists(out + "/a.csv"));
  EXPECT_TRUE(botsim::is_results_dir(out));
  botsim::write_directory_atomically(
      out, [](const std::string& tmp) { t::write_text(tmp + "/b.csv", "2\n"); });
  EXPECT_FALSE(fs::exists(out + "/a.csv"));
  EXPECT_TRUE(fs::exists(out + "/b.csv"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(OutputDirTest, AFailedFillLeavesTheEarlierResultsAndNoTemporary) {
  const std::string out = dir_ + "/out";
  botsim::write_directory_atomically(
      out, [](const std::string& tmp) { t::write_text(tmp + "/a.csv", "1\n"); });
  EXPECT_THROW(botsim::write_directory_atomically(out,
                                                  [](const std::string& tmp) {
                                                    t::write_text(tmp + "/b.csv", "2\n");
                                                    throw std::runtime_error("failed");
                                                  }),
               std::runtime_error);
  EXPECT_TRUE(fs::exists(out + "/a.csv"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(OutputDirTest, RemovesOnlyWhatDeadProcessesLeftNextToIt) {
  const long dead = finished_pid();
  const std::string me = std::to_string(getpid()), gone = std::to_string(dead);
  for (const std::string& name : std::vector<std::string>{
           "out.tmp-" + gone + "-abc123", "out.tasks-" + gone + ".tmp", "out.bids-" + gone + ".tmp",
           "out.tmp-Xy12zQ",  // an earlier version's, which named no process
           "out.tmp-" + me + "-def456", "out.tasks-" + me + ".tmp", "out.work", "out.notes.tmp",
           "other.tmp-" + gone + "-abc123", "out"})
    fs::create_directories(dir_ + "/" + name);
  botsim::remove_stale_leftovers(dir_ + "/out");
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(dir_)) left.push_back(e.path().filename());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"other.tmp-" + gone + "-abc123", "out", "out.notes.tmp",
                                            "out.tasks-" + me + ".tmp", "out.tmp-" + me + "-def456",
                                            "out.work"}));
}
