#include "experiments/runner.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/error.hpp"
#include "core/results.hpp"
#include "data_dirs.hpp"
#include "version.hpp"

extern char** environ;

namespace botsim::experiments {

namespace fs = std::filesystem;

static std::vector<Experiment>& registry() {
  static std::vector<Experiment> r;
  return r;
}

void register_experiment(Experiment e) { registry().push_back(std::move(e)); }
const std::vector<Experiment>& registered() { return registry(); }

std::string self_exe() {
  std::error_code ec;
  auto p = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw std::runtime_error("cannot find botsim's own executable: " + ec.message());
  return p.string();
}

static std::string& data_dir_option() {
  static std::string dir;
  return dir;
}

void set_data_dir(const std::string& dir) { data_dir_option() = dir; }

// Whether `path` lies inside `dir` (both as they are on disk).
static bool is_inside(const fs::path& path, const fs::path& dir) {
  std::error_code ec;
  const fs::path real = fs::weakly_canonical(dir, ec);
  if (ec) return false;
  const fs::path rel = fs::weakly_canonical(path, ec).lexically_relative(real);
  return !ec && !rel.empty() && *rel.begin() != "..";
}

std::vector<std::string> data_dirs() {
  if (!data_dir_option().empty()) return {data_dir_option()};
  if (const char* env = std::getenv("BOTSIM_DATA_DIR"); env != nullptr && *env != '\0')
    return {env};
  const fs::path exe = self_exe();
  std::vector<std::string> places{"."};
  if (is_inside(exe, data_dirs::kBuildDir)) places.push_back(data_dirs::kSourceDir);
  places.push_back((exe.parent_path() / data_dirs::kInstalledFromBinDir).lexically_normal());
  if (fs::path(data_dirs::kInstalledDir) != fs::path(places.back()))
    places.push_back(data_dirs::kInstalledDir);
  return places;
}

std::string find_data_file(const std::string& relative) {
  const std::vector<std::string> places = data_dirs();
  std::string looked;
  for (const auto& dir : places) {
    // The current directory's files keep the relative name they were asked by.
    const fs::path path = dir == "." ? fs::path(relative) : fs::path(dir) / relative;
    if (fs::exists(path)) return path.string();
    looked += (looked.empty() ? "" : ", ") + (dir == "." ? "the current directory" : dir);
  }
  if (data_dir_option().empty() && places.size() == 1) looked += " ($BOTSIM_DATA_DIR)";
  throw InputError(relative, "",
                   "shipped data file not found (looked in " + looked +
                       "; give --data-dir DIR or set BOTSIM_DATA_DIR)");
}

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

// posix_spawn's argv: pointers into `args`, which must outlive the call.
std::vector<char*> argv_of(std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  return argv;
}

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

RunEntry& run_entry() {
  static RunEntry entry;
  return entry;
}

// The child of fork(): the signals as a new process has them, then the run, then out without
// the parent's exit handlers (its buffers were flushed before the fork; the child's are now).
[[noreturn]] void run_forked(const std::vector<std::string>& command, const sigset_t& mask,
                             pid_t parent) {
  for (int s : {SIGINT, SIGTERM, SIGCHLD}) signal(s, SIG_DFL);
  // A parent killed outright (kill -9) takes its runs with it: each removes what it was
  // writing (InterruptCleanup), and the next command resumes from the finished ones.
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) _exit(128 + SIGTERM);
  sigprocmask(SIG_SETMASK, &mask, nullptr);
  int rc = 1;
  try {
    rc = run_entry()(command);
  } catch (const std::exception& e) {
    std::cerr << "botsim: internal error: " << e.what() << "\n";
  }
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  _exit(rc);
}

pid_t spawn(const std::vector<std::string>& command, const sigset_t& mask) {
  if (run_entry()) {
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0)
      throw std::runtime_error(std::string("cannot start botsim: ") + std::strerror(errno));
    if (pid == 0) run_forked(command, mask, parent);
    return pid;
  }
  std::vector<std::string> args = command;
  std::vector<char*> argv = argv_of(args);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  for (int s : {SIGINT, SIGTERM, SIGCHLD}) sigaddset(&defaults, s);
  posix_spawnattr_setsigmask(&attr, &mask);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  pid_t pid;
  int rc = posix_spawn(&pid, args[0].c_str(), nullptr, &attr, argv.data(), environ);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) throw std::runtime_error(std::string("cannot start botsim: ") + std::strerror(rc));
  return pid;
}

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

void set_run_entry(RunEntry entry) { run_entry() = std::move(entry); }

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
      running[spawn(run_command(exe, requests[todo[next]], extra_args), signals.old_mask())] =
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

std::string child_message(const std::string& err) {
  std::string last;
  std::string line;
  for (char c : err + "\n") {
    if (c != '\n') {
      line += c;
      continue;
    }
    if (line.rfind("botsim: ", 0) == 0) last = line.substr(8);
    line.clear();
  }
  return last.empty() ? err : last;
}

bool Captured::ok() const { return WIFEXITED(status) && WEXITSTATUS(status) == 0; }
bool Captured::bad_input() const { return WIFEXITED(status) && WEXITSTATUS(status) == 2; }

Captured run_captured(const std::vector<std::string>& command) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("cannot make a pipe");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  std::vector<std::string> args = command;
  std::vector<char*> argv = argv_of(args);
  pid_t pid;
  int rc = posix_spawn(&pid, args[0].c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  Captured c;
  char buf[4096];
  while (rc == 0) {
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    c.err.append(buf, static_cast<size_t>(n));
  }
  close(fds[0]);
  if (rc != 0) throw std::runtime_error(std::string("cannot start botsim: ") + std::strerror(rc));
  while (waitpid(pid, &c.status, 0) < 0 && errno == EINTR) {
  }
  return c;
}

void prepare_work_dir(const fs::path& work, const std::string& id_name,
                      const nlohmann::ordered_json& id, bool fresh) {
  const fs::path id_file = work / id_name;
  std::error_code ec;
  const fs::file_status st = fs::symlink_status(work, ec);
  const bool exists = st.type() != fs::file_type::not_found;
  if (exists && (!fs::is_directory(st) ||
                 (!is_results_dir(work) && !fs::exists(id_file) && !fs::is_empty(work, ec))))
    throw InputError(work.string(), "",
                     "exists and was not written by botsim (botsim keeps unfinished runs here "
                     "and never deletes what it did not write): move it away or give another "
                     "--out");
  std::string before;
  if (std::ifstream in(id_file); in) before.assign(std::istreambuf_iterator<char>(in), {});
  const bool same = before == id.dump(2) + "\n";
  if (exists && (fresh || !same)) {
    fs::remove_all(work);
    if (!fresh)
      std::cout << "starting afresh: " << work.string()
                << " was left by a run with other settings\n";
  } else if (exists) {
    std::cout << "resuming from " << work.string()
              << ": its finished runs are kept (--fresh starts over)\n";
  }
  fs::create_directories(work);
  mark_results_dir(work);
  std::ofstream(id_file) << id.dump(2) << "\n";
}

void prepare_work_dir(const fs::path& work, const ExperimentOptions& opts) {
  check_output_dir(opts.out_dir);
  nlohmann::ordered_json id{
      {"experiment", opts.name},
      {"reps", opts.reps_given ? nlohmann::ordered_json(opts.reps) : nlohmann::ordered_json()},
      {"seed", opts.seed},
      {"botsim_version", BOTSIM_VERSION}};
  prepare_work_dir(work, "experiment.json", id, opts.fresh);
}

void remove_work_dir(const fs::path& work) {
  std::error_code ec;
  if (!fs::is_symlink(work, ec) && is_results_dir(work)) fs::remove_all(work, ec);
}

}  // namespace botsim::experiments
