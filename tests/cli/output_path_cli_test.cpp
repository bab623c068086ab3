// The output-path rule and interrupted commands, tried as a user (and a hostile one) would:
// botsim never deletes or replaces what it did not write, checks the path before running, and
// an interrupted run, --reps, sweep or experiment leaves no half-written file and resumes to the
// results of an uninterrupted one.
//
// A run stalls at a simulated time the test chooses (BOTSIM_TEST_STALL="SEED TIME": the run of
// that seed stops advancing there, its streamed files written) so that a signal lands mid-run.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;
using botsim::test::CliResult;

namespace {

const std::string kOneResourcePlatform = t::source_path("examples/01-one-resource.platform.xml");
const std::string kOneResource = t::source_path("examples/01-one-resource.xml");
const std::string kBadgPlatform = t::source_path("platforms/badg.xml");
const std::string kSulistioDeployment = t::source_path("deployments/sulistio2005.xml");

using botsim::test::files_under;

std::vector<std::string> entries(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// A botsim process of its own process group (so that a test can kill it with its children, as
// a terminal's kill of the job does), with `env` set and stderr in `err_file`.
pid_t start_in_own_group(const std::vector<std::string>& args, const std::string& env,
                         const std::string& err_file, const std::string& cwd = "") {
  std::vector<std::string> words{BOTSIM_EXE};
  words.insert(words.end(), args.begin(), args.end());
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(127);
    if (!env.empty()) setenv("BOTSIM_TEST_STALL", env.c_str(), 1);
    if (!freopen("/dev/null", "w", stdout) || !freopen(err_file.c_str(), "w", stderr)) _exit(127);
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    execv(BOTSIM_EXE, argv.data());
    _exit(127);
  }
  setpgid(pid, pid);
  return pid;
}

// `ps` of process group `pgid`, to say where a test that waited in vain stood.
std::string processes_of_group(pid_t pgid) {
  std::string out;
  if (FILE* ps =
          popen(("ps -o pid,stat,etime,wchan:20,args -g " + std::to_string(pgid)).c_str(), "r")) {
    char buf[512];
    while (std::fgets(buf, sizeof buf, ps)) out += buf;
    pclose(ps);
  }
  return out;
}

// Waits (up to two minutes) until `ready` holds while botsim `pid` runs; fails at once, with
// what botsim wrote on stderr (`err_file`), if botsim ends first.
void wait_until(const std::function<bool()>& ready, const std::string& what, pid_t pid,
                const std::string& err_file) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (!ready()) {
    siginfo_t info{};
    const bool ended =
        waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid;
    ASSERT_FALSE(ended) << "botsim ended ("
                        << (info.si_code == CLD_EXITED ? "exit code " : "signal ") << info.si_status
                        << ") before " << what << ": " << t::read_text(err_file);
    ASSERT_LT(std::chrono::steady_clock::now(), deadline)
        << "waited in vain for " << what << "; botsim said: " << t::read_text(err_file)
        << "; its processes: " << processes_of_group(pid);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

// A file under `dir` whose name starts with `prefix` and holds ".tmp".
bool has_tmp_named(const std::string& dir, const std::string& prefix) {
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string n = it->path().filename().string();
    if (n.rfind(prefix, 0) == 0 && n.find(".tmp") != std::string::npos) return true;
  }
  return false;
}

int exit_code_of(pid_t pid) {
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

class OutputPathCli : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir(); }
  void TearDown() override { fs::remove_all(dir_); }
  // A directory of the user's: a notes file and a sub-directory with a file.
  std::string users_dir(const std::string& name) {
    const std::string d = dir_ + "/" + name;
    fs::create_directories(d + "/sub");
    t::write_text(d + "/notes.txt", "my notes\n");
    t::write_text(d + "/sub/data.csv", "a,b\n1,2\n");
    return d;
  }
  // A sweep spec over the shipped Silva normal job: `reps` seeds of 4 and 8 tasks.
  std::string sweep_spec(int reps) {
    const std::string path = dir_ + "/s.json";
    t::write_text(path, "{\"platform\": \"" + t::source_path("platforms/utility-cloud.xml") +
                            "\", \"deployment\": \"" +
                            t::source_path("deployments/silva2008-normal.xml") +
                            "\", \"parameters\": {\"U0.tasks\": [4, 8]}, \"replications\": " +
                            std::to_string(reps) + ", \"metrics\": [\"makespan_s\", \"spent\"]}");
    return path;
  }
  // `run --reps 10 --jobs 1` of the one-resource example into `out`.
  static std::vector<std::string> reps_args(const std::string& out) {
    return {
        "run",    kOneResourcePlatform, kOneResource, "--reps", "10", "--jobs", "1", "--out", out,
        "--quiet"};
  }
  // Starts it with run 4 stalling mid-run, and returns once run 4 is under way (runs 1-3 done).
  pid_t start_reps_stalling_at_run_4(const std::vector<std::string>& args) {
    const pid_t pid = start_in_own_group(args, "4 100", dir_ + "/err.txt");
    const std::string work = args[8] + ".work";
    wait_until([&] { return has_tmp_named(work, "seed-4."); }, "run 4 under way", pid,
               dir_ + "/err.txt");
    return pid;
  }
  std::string dir_;
};

}  // namespace

// --- botsim never deletes or replaces what it did not write ----------------------------------

TEST_F(OutputPathCli, OutDotIsRefusedAndTheCurrentDirectoryKeepsEverything) {
  const std::string home = users_dir("home");
  const auto before = t::files_under(home);
  auto r = t::botsim({"run", kOneResourcePlatform, kOneResource, "--out", "."}, home);
  t::expect_input_error(r, {".: --out", "current directory"});
  EXPECT_EQ(t::files_under(home), before);
  EXPECT_EQ(entries(home), (std::vector<std::string>{"notes.txt", "sub"}));
}

TEST_F(OutputPathCli, AUsersDirectoryIsRefusedByEveryCommand) {
  auto run =
      t::botsim({"run", kOneResourcePlatform, kOneResource, "--out", dir_ + "/run", "--quiet"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string mine = users_dir("mine");
  const auto before = t::files_under(mine);
  const std::vector<std::vector<std::string>> commands{
      {"run", kOneResourcePlatform, kOneResource, "--out", mine},
      {"run", kOneResourcePlatform, kOneResource, "--reps", "2", "--out", mine},
      {"experiment", "sulistio2005", "--jobs", "1", "--out", mine},
      {"sweep", sweep_spec(1), "--out", mine},
      {"plot", dir_ + "/run", "--out", mine},
  };
  for (const auto& c : commands) {
    SCOPED_TRACE(c[0] + (c.size() > 4 ? " " + c[3] : ""));
    t::expect_input_error(t::botsim(c), {mine, "--out", "not written by botsim"});
    EXPECT_EQ(t::files_under(mine), before);
    EXPECT_EQ(entries(dir_), (std::vector<std::string>{"mine", "run", "s.json"}));
  }
}

TEST_F(OutputPathCli, PlotIntoTheRunItReadsIsRefused) {
  const std::string run = dir_ + "/r";
  ASSERT_EQ(
      t::botsim({"run", kBadgPlatform, kSulistioDeployment, "--out", run, "--quiet"}).exit_code, 0);
  const auto before = t::files_under(run);
  t::expect_input_error(t::botsim({"plot", run, "--out", run}), {run, "--out", "run directory"});
  t::expect_input_error(t::botsim({"plot", run, "--out", run + "/"}), {"run directory"});
  EXPECT_EQ(t::files_under(run), before);
  // Its default, DIR/plots, is botsim's own and replaced by the next plot.
  ASSERT_EQ(t::botsim({"plot", run}).exit_code, 0);
  ASSERT_EQ(t::botsim({"plot", run}).exit_code, 0);
  EXPECT_TRUE(fs::exists(run + "/plots/.botsim"));
  EXPECT_TRUE(fs::exists(run + "/tasks.csv"));
  EXPECT_TRUE(t::temporary_files(dir_).empty());
}

TEST_F(OutputPathCli, ALoopOfLinksIsRefusedBeforeTheRun) {
  fs::create_symlink("loop", dir_ + "/loop");
  // Had the run started, it would abort at 1 s with exit code 1.
  setenv("BOTSIM_TEST_ABORT_AT", "1", 1);
  auto a = t::botsim({"run", kBadgPlatform, kSulistioDeployment, "--out", dir_ + "/loop"});
  auto b = t::botsim({"run", kBadgPlatform, kSulistioDeployment, "--out", dir_ + "/loop/inside"});
  unsetenv("BOTSIM_TEST_ABORT_AT");
  t::expect_input_error(a, {dir_ + "/loop", "symbolic link"});
  t::expect_input_error(b, {dir_ + "/loop/inside", "--out"});
  EXPECT_EQ(entries(dir_), std::vector<std::string>{"loop"});
}

TEST_F(OutputPathCli, SweepIntoAFileIsBadInputNamingIt) {
  const std::string file = dir_ + "/empty";
  t::write_text(file, "");
  t::expect_input_error(t::botsim({"sweep", sweep_spec(1), "--out", file}),
                        {file, "--out", "not a directory"});
  t::expect_input_error(t::botsim({"sweep", sweep_spec(1), "--emit-jobs", file}),
                        {file, "--emit-jobs", "not a directory"});
  EXPECT_TRUE(fs::is_regular_file(file));
  EXPECT_EQ(t::read_text(file), "");
}

TEST_F(OutputPathCli, AnEmptyDirectoryIsFilledInPlace) {
  const std::string out = dir_ + "/out";
  fs::create_directories(out);
  struct stat before {};
  ASSERT_EQ(stat(out.c_str(), &before), 0);
  ASSERT_EQ(t::botsim({"run", kOneResourcePlatform, kOneResource, "--out", out}).exit_code, 0);
  struct stat after {};
  ASSERT_EQ(stat(out.c_str(), &after), 0);
  EXPECT_EQ(before.st_ino, after.st_ino);  // the user's directory itself, not a replacement
  EXPECT_EQ(entries(out),
            (std::vector<std::string>{".botsim", "bids.csv", "summary.json", "tasks.csv"}));
  // Now botsim's: the next run replaces it as a whole.
  t::write_text(out + "/stale.csv", "old\n");
  ASSERT_EQ(t::botsim({"run", kOneResourcePlatform, kOneResource, "--out", out}).exit_code, 0);
  EXPECT_FALSE(fs::exists(out + "/stale.csv"));
  EXPECT_EQ(entries(dir_), std::vector<std::string>{"out"});
}

TEST_F(OutputPathCli, AWorkingDirectoryOfTheUsersIsNeverEmptied) {
  // botsim keeps unfinished runs in OUT.work: a directory of that name that it did not write
  // is refused, not emptied.
  const std::string work = users_dir("out.work");
  const auto before = t::files_under(work);
  t::expect_input_error(
      t::botsim({"run", kOneResourcePlatform, kOneResource, "--reps", "2", "--out", dir_ + "/out"}),
      {work, "not written by botsim"});
  t::expect_input_error(t::botsim({"experiment", "sulistio2005", "--out", dir_ + "/out"}),
                        {work, "not written by botsim"});
  EXPECT_EQ(t::files_under(work), before);
}

// --- interrupted commands --------------------------------------------------------------------

class InterruptedRunCli : public OutputPathCli, public ::testing::WithParamInterface<int> {};

// Ctrl-C or SIGTERM of a plain run: 128 + the signal, one line, nothing half-written left, an
// earlier results directory as it was.
TEST_P(InterruptedRunCli, ExitsWithTheSignalsCodeOneLineAndNoLeftovers) {
  const int sig = GetParam();
  const std::string out = dir_ + "/out";
  ASSERT_EQ(
      t::botsim({"run", kBadgPlatform, kSulistioDeployment, "--out", out, "--quiet"}).exit_code, 0);
  const auto before = t::files_under(out);
  const std::string err = dir_ + "/err.txt";
  const pid_t pid =
      start_in_own_group({"run", kBadgPlatform, kSulistioDeployment, "--out", out}, "1 20000", err);
  wait_until([&] { return has_tmp_named(dir_, "out.bids-"); }, "the streamed bids.csv", pid, err);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // at the stall by now
  kill(pid, sig);
  EXPECT_EQ(exit_code_of(pid), 128 + sig);
  const std::string text = t::read_text(err);
  EXPECT_EQ(text, std::string("botsim: interrupted by ") + (sig == SIGINT ? "SIGINT" : "SIGTERM") +
                      ": nothing half-written is left; " + out + " is as it was\n");
  EXPECT_EQ(entries(dir_), (std::vector<std::string>{"err.txt", "out"}));
  EXPECT_EQ(t::files_under(out), before);
}

INSTANTIATE_TEST_SUITE_P(Signals, InterruptedRunCli, ::testing::Values(SIGINT, SIGTERM));

// `run --reps 10`: Ctrl-C after 3 finished runs keeps them; the same command resumes from them
// and ends as an uninterrupted one.
TEST_F(OutputPathCli, RepsInterruptedKeepsFinishedRunsAndResumes) {
  const std::string out = dir_ + "/out";
  const auto args = reps_args(out);
  const pid_t pid = start_reps_stalling_at_run_4(args);
  kill(pid, SIGINT);
  EXPECT_EQ(exit_code_of(pid), 128 + SIGINT);
  const auto kept = t::finished_runs(out + ".work");
  EXPECT_EQ(kept.size(), 3u);
  EXPECT_TRUE(t::temporary_files(dir_).empty());
  EXPECT_FALSE(fs::exists(out));

  auto r = t::botsim(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("resuming"), std::string::npos) << r.out;
  const auto after = t::finished_runs(out);
  EXPECT_EQ(after.size(), 10u);
  for (const auto& [run, time] : kept) {
    const std::string moved =
        out + "/" + fs::path(run).parent_path().filename().string() + "/summary.json";
    EXPECT_EQ(after.at(moved), time) << run << " was redone";
  }
  EXPECT_FALSE(fs::exists(out + ".work"));
  std::vector<std::string> whole_args = args;
  whole_args[8] = dir_ + "/whole";
  ASSERT_EQ(t::botsim(whole_args).exit_code, 0);
  EXPECT_EQ(t::files_under(out), t::files_under(dir_ + "/whole"));
  EXPECT_TRUE(t::temporary_files(dir_).empty());
}

// kill -9 of `run --reps` with its runs: what they were writing does not stay for good, and
// the rerun keeps the finished runs.
TEST_F(OutputPathCli, RepsKilledOutrightResumesAndLeavesNothing) {
  const std::string out = dir_ + "/out";
  const auto args = reps_args(out);
  const pid_t pid = start_reps_stalling_at_run_4(args);
  kill(-pid, SIGKILL);
  exit_code_of(pid);
  EXPECT_TRUE(has_tmp_named(dir_, "seed-4.")) << "the kill left nothing to clean up";
  const auto kept = t::finished_runs(out + ".work");
  ASSERT_EQ(kept.size(), 3u);
  auto r = t::botsim(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto after = t::finished_runs(out);
  for (const auto& [run, time] : kept)
    EXPECT_EQ(
        after.at(out + "/" + fs::path(run).parent_path().filename().string() + "/summary.json"),
        time);
  EXPECT_TRUE(t::temporary_files(dir_).empty());
}

// kill -9 of `botsim sweep` mid-way (with its runs, as a terminal kills a job, or alone), then
// the same command: the result is byte-identical to an uninterrupted sweep's, with no leftover.
class KilledSweepCli : public OutputPathCli, public ::testing::WithParamInterface<bool> {};

TEST_P(KilledSweepCli, ResumesToTheUninterruptedResult) {
  const bool whole_group = GetParam();
  const std::string out = dir_ + "/out", spec = sweep_spec(5);
  const pid_t pid =
      start_in_own_group({"sweep", spec, "--jobs", "1", "--out", out}, "3 100", dir_ + "/err.txt");
  wait_until([&] { return has_tmp_named(out + "/runs", "seed-3."); }, "setting 1's run 3 under way",
             pid, dir_ + "/err.txt");
  kill(whole_group ? -pid : pid, SIGKILL);
  exit_code_of(pid);
  if (whole_group) {
    EXPECT_TRUE(has_tmp_named(out, "seed-3.")) << "the kill left nothing to clean up";
  }
  auto r = t::botsim({"sweep", spec, "--jobs", "2", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(t::botsim({"sweep", spec, "--jobs", "2", "--out", dir_ + "/whole"}).exit_code, 0);
  auto resumed = t::files_under(out), whole = t::files_under(dir_ + "/whole");
  for (auto* files : {&resumed, &whole})  // the spec's identity names the directory's own runs
    for (auto it = files->begin(); it != files->end();)
      it = it->first.rfind("runs/", 0) == 0 && it->first.find("summary.json") == std::string::npos
               ? files->erase(it)
               : std::next(it);
  EXPECT_EQ(resumed.at("runs.csv"), whole.at("runs.csv"));
  EXPECT_EQ(resumed.at("summary.csv"), whole.at("summary.csv"));
  EXPECT_EQ(resumed.size(), whole.size());
  EXPECT_TRUE(t::temporary_files(out).empty());
  EXPECT_EQ(entries(dir_), (std::vector<std::string>{"err.txt", "out", "s.json", "whole"}));
}

INSTANTIATE_TEST_SUITE_P(Kills, KilledSweepCli, ::testing::Values(true, false),
                         [](const auto& info) { return info.param ? "WithItsRuns" : "Alone"; });

// kill -9 of `botsim experiment sulistio2005 --reps 5` mid-way, then the same command: its
// final directory holds no temporary file and the tables of an uninterrupted experiment.
TEST_F(OutputPathCli, ExperimentKilledOutrightResumesWithoutLeftovers) {
  const std::string out = dir_ + "/out";
  const std::vector<std::string> args{"experiment", "sulistio2005", "--reps", "5", "--jobs",
                                      "1",          "--out",        out};
  const pid_t pid = start_in_own_group(args, "3 20000", dir_ + "/err.txt");
  wait_until([&] { return has_tmp_named(out + ".work", "seed-3."); }, "run 3 under way", pid,
             dir_ + "/err.txt");
  kill(-pid, SIGKILL);
  exit_code_of(pid);
  EXPECT_TRUE(has_tmp_named(out + ".work", "seed-3.")) << "the kill left nothing to clean up";
  auto r = t::botsim(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(t::temporary_files(out).empty());
  std::vector<std::string> whole_args = args;
  whole_args.back() = dir_ + "/whole";
  ASSERT_EQ(t::botsim(whole_args).exit_code, 0);
  for (const auto& name : entries(dir_ + "/whole")) {
    if (fs::path(name).extension() == ".csv") {
      EXPECT_EQ(t::read_text(out + "/" + name), t::read_text(dir_ + "/whole/" + name)) << name;
    }
  }
  EXPECT_EQ(entries(out), entries(dir_ + "/whole"));
  EXPECT_EQ(entries(dir_), (std::vector<std::string>{"err.txt", "out", "whole"}));
}

// A resume does not reuse the runs of a deployment edited since: it starts afresh.
TEST_F(OutputPathCli, RepsOfAnEditedDeploymentAreNotResumed) {
  const std::string out = dir_ + "/out", deployment = dir_ + "/d.xml";
  t::write_text(deployment, t::read_text(kOneResource));
  auto args = reps_args(out);
  args[2] = deployment;
  const pid_t pid = start_reps_stalling_at_run_4(args);
  kill(pid, SIGINT);
  EXPECT_EQ(exit_code_of(pid), 128 + SIGINT);
  ASSERT_EQ(t::finished_runs(out + ".work").size(), 3u);
  std::string text = t::read_text(deployment);
  const std::string bid = "<prop id=\"bid\" value=\"10\"/>";
  ASSERT_NE(text.find(bid), std::string::npos);
  text.replace(text.find(bid), bid.size(), "<prop id=\"bid\" value=\"20\"/>");
  t::write_text(deployment, text);
  auto r = t::botsim(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("starting afresh"), std::string::npos) << r.out;
  EXPECT_NE(t::read_text(out + "/seed-1/summary.json").find("\"spent\": 0.6"), std::string::npos);
}
