#include "campaign/child_process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <stdexcept>

extern char** environ;

namespace botsim::campaign {

namespace fs = std::filesystem;

std::string self_exe() {
  std::error_code ec;
  auto p = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw std::runtime_error("cannot find botsim's own executable: " + ec.message());
  return p.string();
}

namespace {

// posix_spawn's argv: pointers into `args`, which must outlive the call.
std::vector<char*> argv_of(std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  return argv;
}

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

}  // namespace

pid_t start_child(const std::vector<std::string>& command, const sigset_t& mask) {
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

void set_run_entry(RunEntry entry) { run_entry() = std::move(entry); }

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

}  // namespace botsim::campaign
