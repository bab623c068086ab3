#include "experiments/runner.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "core/error.hpp"

extern char** environ;

namespace botsim::experiments {

namespace fs = std::filesystem;

static std::vector<Experiment>& registry() {
  static std::vector<Experiment> r;
  return r;
}

void register_experiment(Experiment e) { registry().push_back(std::move(e)); }
const std::vector<Experiment>& registered() { return registry(); }

static std::string self_exe() {
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

std::string find_data_file(const std::string& relative) {
  std::vector<fs::path> places;
  if (data_dir_option().empty() && fs::exists(relative)) return relative;
  if (!data_dir_option().empty()) {
    places.push_back(data_dir_option());
  } else {
    // The source tree of a build (botsim is BUILD/botsim), and the install prefix
    // (PREFIX/bin/botsim, data in PREFIX/share/botsim).
    const fs::path exe_dir = fs::path(self_exe()).parent_path();
    places = {exe_dir.parent_path(), exe_dir.parent_path() / "share/botsim"};
  }
  for (const auto& dir : places)
    if (fs::exists(dir / relative)) return (dir / relative).string();
  std::string looked;
  for (const auto& dir : places) looked += (looked.empty() ? "" : ", ") + dir.string();
  throw InputError(relative, "",
                   "shipped data file not found (looked in " + looked + "; give --data-dir)");
}

static pid_t spawn_run(const std::string& exe, const RunRequest& r,
                       const std::vector<std::string>& extra_args) {
  std::vector<std::string> args{exe,          "run",     r.platform,
                                r.deployment, "--seed",  std::to_string(r.seed),
                                "--out",      r.out_dir, "--quiet"};
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid;
  int rc = posix_spawn(&pid, exe.c_str(), nullptr, nullptr, argv.data(), environ);
  if (rc != 0) throw std::runtime_error(std::string("cannot start botsim: ") + std::strerror(rc));
  return pid;
}

void run_many(const std::vector<RunRequest>& requests, int jobs,
              const std::vector<std::string>& extra_args) {
  if (jobs < 1) jobs = 1;
  const std::string exe = self_exe();
  std::map<pid_t, size_t> running;
  size_t next = 0;
  std::string failure;
  bool bad_input = false;  // a run exited with code 2: its own message already names the file
  while (next < requests.size() || !running.empty()) {
    while (failure.empty() && next < requests.size() && static_cast<int>(running.size()) < jobs) {
      running[spawn_run(exe, requests[next], extra_args)] = next;
      ++next;
    }
    if (running.empty()) break;
    int status = 0;
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("waitpid failed");
    }
    auto it = running.find(pid);
    if (it == running.end()) continue;
    const RunRequest& r = requests[it->second];
    running.erase(it);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      if (failure.empty()) bad_input = WIFEXITED(status) && WEXITSTATUS(status) == 2;
      if (failure.empty())
        failure = "botsim run " + r.platform + " " + r.deployment + " --seed " +
                  std::to_string(r.seed) + " failed (" +
                  (WIFEXITED(status) ? "exit code " + std::to_string(WEXITSTATUS(status))
                                     : "signal " + std::to_string(WTERMSIG(status))) +
                  ")";
    }
  }
  if (!failure.empty()) {
    if (bad_input) throw InputError(failure + ": bad input (see the message above)");
    throw std::runtime_error(failure);
  }
}

}  // namespace botsim::experiments
