#include "campaign/run_many.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>

#include "campaign/child_process.hpp"
#include "core/error.hpp"
#include "core/results.hpp"

namespace botsim::campaign {

namespace fs = std::filesystem;

Interrupted::Interrupted(int signal)
    : std::runtime_error(std::string("interrupted by ") +
                         (signal == SIGINT ? "SIGINT" : "SIGTERM") +
                         ": finished runs are kept; the same command resumes (--fresh starts "
                         "over)"),
      signal_(signal) {}

bool run_finished(const std::string& out_dir) {
  std::error_code ec;
  return fs::is_regular_file(fs::path(out_dir) / "summary.json", ec);
}

static bool& progress_option() {
  static bool show = true;
  return show;
}

void set_progress(bool show) { progress_option() = show; }

std::vector<std::string> run_command(const std::string& exe, const RunRequest& r,
                                     const std::vector<std::string>& extra_args) {
  std::vector<std::string> args{exe,          "run",     r.platform,
                                r.deployment, "--seed",  std::to_string(r.seed),
                                "--out",      r.out_dir, "--quiet"};
  args.insert(args.end(), r.args.begin(), r.args.end());
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  return args;
}

namespace {

// While run_many waits, SIGCHLD, SIGINT and SIGTERM are blocked and taken with sigtimedwait:
// no signal can slip between a check and a wait. Children start with the usual mask.
class BlockedSignals {
 public:
  BlockedSignals() {
    sigemptyset(&set_);
    for (int s : {SIGCHLD, SIGINT, SIGTERM}) sigaddset(&set_, s);
    sigprocmask(SIG_BLOCK, &set_, &old_);
  }
  ~BlockedSignals() { sigprocmask(SIG_SETMASK, &old_, nullptr); }
  BlockedSignals(const BlockedSignals&) = delete;
  BlockedSignals& operator=(const BlockedSignals&) = delete;
  /// The signal that came within `seconds`, or 0.
  int wait(long seconds) const {
    timespec timeout{seconds, 0};
    int s = sigtimedwait(&set_, nullptr, &timeout);
    return s < 0 ? 0 : s;
  }
  const sigset_t& old_mask() const { return old_; }

 private:
  sigset_t set_{}, old_{};
};

// What stopped `botsim run`s left next to the requests' results directories (OUT.tmp-<pid>-*,
// OUT.<file>-<pid>.tmp of processes that no longer run), one pass per directory.
void remove_stale_runs(const std::vector<RunRequest>& requests) {
  std::map<fs::path, std::vector<std::string>> by_parent;
  for (const auto& r : requests) {
    const fs::path out = normal_dir(r.out_dir);
    by_parent[out.parent_path()].push_back(out.filename().string());
  }
  for (const auto& [parent, names] : by_parent) remove_stale_leftovers(parent, names);
}

std::string clock_text(double seconds) {
  const long s = std::lround(seconds);
  return fmt::format("{}:{:02d}:{:02d}", s / 3600, s / 60 % 60, s % 60);
}

// "12/40 runs (3 kept), 0:01:10 elapsed, about 0:03:05 left" on one terminal line.
class Progress {
 public:
  Progress(size_t total, size_t kept)
      : total_(total), kept_(kept), show_(progress_option() && isatty(STDERR_FILENO)) {}
  void done() { ++done_; }
  void draw() const {
    if (!show_) return;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::string left = "?";
    if (done_ > 0) left = "about " + clock_text(elapsed / done_ * (total_ - kept_ - done_));
    std::string kept = kept_ ? fmt::format(" ({} kept from before)", kept_) : "";
    std::cerr << fmt::format("\r\033[K{}/{} runs{}, {} elapsed, {} left", kept_ + done_, total_,
                             kept, clock_text(elapsed), left)
              << std::flush;
  }
  ~Progress() {
    if (show_) std::cerr << "\n";
  }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

 private:
  size_t total_, kept_, done_ = 0;
  bool show_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

std::string failure_text(const RunRequest& r, int status) {
  return "botsim run " + r.platform + " " + r.deployment + " --seed " + std::to_string(r.seed) +
         " failed (" +
         (WIFEXITED(status) ? "exit code " + std::to_string(WEXITSTATUS(status))
                            : "signal " + std::to_string(WTERMSIG(status))) +
         ")";
}

}  // namespace

void run_many(const std::vector<RunRequest>& requests, int jobs,
              const std::vector<std::string>& extra_args) {
  if (jobs < 1) jobs = 1;
  const std::string exe = self_exe();
  remove_stale_runs(requests);
  std::vector<size_t> todo;
  for (size_t i = 0; i < requests.size(); ++i)
    if (!run_finished(requests[i].out_dir)) todo.push_back(i);
  Progress progress(requests.size(), requests.size() - todo.size());
  BlockedSignals signals;
  std::map<pid_t, size_t> running;
  size_t next = 0;
  std::string failure;
  bool bad_input = false;  // a run exited with code 2: its own message already names the file
  int interrupted = 0;
  progress.draw();
  while (next < todo.size() || !running.empty()) {
    while (!interrupted && failure.empty() && next < todo.size() &&
           static_cast<int>(running.size()) < jobs) {
      running[start_child(run_command(exe, requests[todo[next]], extra_args), signals.old_mask())] =
          todo[next];
      ++next;
    }
    if (running.empty()) break;
    const int signal = signals.wait(1);
    if ((signal == SIGINT || signal == SIGTERM) && !interrupted) {
      interrupted = signal;
      for (const auto& [pid, i] : running) kill(pid, SIGTERM);
    }
    int status = 0;
    for (pid_t pid; (pid = waitpid(-1, &status, WNOHANG)) > 0;) {
      auto it = running.find(pid);
      if (it == running.end()) continue;
      const RunRequest& r = requests[it->second];
      running.erase(it);
      const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
      if (ok) progress.done();
      if (!ok) remove_stale_runs({r});
      if (!ok && !interrupted && failure.empty()) {
        bad_input = WIFEXITED(status) && WEXITSTATUS(status) == 2;
        failure = failure_text(r, status);
      }
    }
    progress.draw();
  }
  if (interrupted) throw Interrupted(interrupted);
  if (!failure.empty()) {
    if (bad_input) throw InputError(failure + ": bad input (see the message above)");
    throw std::runtime_error(failure);
  }
}

}  // namespace botsim::campaign
