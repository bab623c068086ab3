#include "cli/experiment.hpp"

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

namespace botsim {

namespace fs = std::filesystem;

static std::vector<Experiment>& registry() {
  static std::vector<Experiment> r;
  return r;
}

void register_experiment(Experiment e) { registry().push_back(std::move(e)); }
const std::vector<Experiment>& experiments() { return registry(); }

std::string find_data_file(const std::string& relative) {
  if (fs::exists(relative)) return relative;
  fs::path in_source = fs::path(BOTSIM_SOURCE_DIR) / relative;
  if (fs::exists(in_source)) return in_source.string();
  throw InputError(relative, "", "shipped data file not found (run botsim from its source tree)");
}

static std::string self_exe() {
  std::error_code ec;
  auto p = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw std::runtime_error("cannot find botsim's own executable: " + ec.message());
  return p.string();
}

static pid_t spawn_run(const std::string& exe, const RunRequest& r) {
  std::vector<std::string> args{exe,          "run",     r.platform,
                                r.deployment, "--seed",  std::to_string(r.seed),
                                "--out",      r.out_dir, "--quiet"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid;
  int rc = posix_spawn(&pid, exe.c_str(), nullptr, nullptr, argv.data(), environ);
  if (rc != 0) throw std::runtime_error(std::string("cannot start botsim: ") + std::strerror(rc));
  return pid;
}

void run_many(const std::vector<RunRequest>& requests, int jobs) {
  if (jobs < 1) jobs = 1;
  const std::string exe = self_exe();
  std::map<pid_t, size_t> running;
  size_t next = 0;
  std::string failure;
  bool bad_input = false;  // a run exited with code 2: its own message already names the file
  while (next < requests.size() || !running.empty()) {
    while (failure.empty() && next < requests.size() && static_cast<int>(running.size()) < jobs) {
      running[spawn_run(exe, requests[next])] = next;
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

}  // namespace botsim
