#include "platform/abort_guard.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <vector>

#include "core/output_dir.hpp"
#include "platform/sim_log.hpp"

#ifdef BOTSIM_SANITIZE
#include <sanitizer/common_interface_defs.h>
#endif

// Why a signal handler rather than a child process: the simulation's state (results, streamed
// files) lives in this process, and a handler that only makes system calls on buffers prepared
// beforehand (no allocation, no stdio) is enough to report and clean up before _exit.

namespace botsim {
namespace {

constexpr int kSignals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL};

// Prepared by the guard's constructor, read by the handler.
int g_stderr = -1;   // the real stderr
int g_capture = -1;  // SimGrid's stderr meanwhile
struct sigaction g_previous[std::size(kSignals)];
std::vector<spdlog::sink_ptr> g_sinks;  // botsim's log sinks before the guard
char g_altstack[64 * 1024];             // a crash may be a stack overflow

void put(char* buf, size_t& n, size_t cap, const char* text, size_t len) {
  len = std::min(len, cap - n);
  std::memcpy(buf + n, text, len);
  n += len;
}
void put(char* buf, size_t& n, size_t cap, const char* text) {
  put(buf, n, cap, text, std::strlen(text));
}

// SimGrid's first message: the text after "CRITICAL] " on its first such line, else its first
// line; empty if it wrote nothing.
size_t simgrid_message(char* out, size_t cap) {
  static char text[16384];
  ssize_t len = pread(g_capture, text, sizeof text - 1, 0);
  if (len <= 0) return 0;
  text[len] = '\0';
  const char* start = std::strstr(text, "CRITICAL] ");
  start = start ? start + std::strlen("CRITICAL] ") : text;
  const char* end = std::strchr(start, '\n');
  size_t n = end ? static_cast<size_t>(end - start) : std::strlen(start);
  n = std::min(n, cap);
  std::memcpy(out, start, n);
  return n;
}

// A sanitizer's report ends the process without a signal: it goes to `fd`, the real stderr
// while SimGrid's is captured (it would be lost with the capture otherwise).
void send_sanitizer_reports_to(int fd) {
#ifdef BOTSIM_SANITIZE
  __sanitizer_set_report_fd(reinterpret_cast<void*>(static_cast<intptr_t>(fd)));
#else
  (void)fd;
#endif
}

// Static, not on the stack: the handler may run on an actor thread's small alternate signal
// stack (SimGrid's thread contexts), already partly taken by the signal frame.
char g_line[2048];
char g_message[1024];

extern "C" void on_abort(int sig) {
  char* line = g_line;
  size_t n = 0;
  constexpr size_t cap = sizeof g_line;
  put(line, n, cap, "botsim: internal error: the simulation ");
  put(line, n, cap, sig == SIGABRT ? "aborted" : "crashed (a fatal signal)");
  size_t m = simgrid_message(g_message, sizeof g_message);
  if (m > 0) {
    put(line, n, cap, ": ");
    put(line, n, cap, g_message, m);
  }
  put(line, n, cap - 1, "");
  line[n++] = '\n';
  ssize_t ignored = write(g_stderr, line, n);
  (void)ignored;
  remove_streamed_files_now();
  _exit(1);
}

// botsim's log goes to the real stderr while SimGrid's is captured.
class FdSink : public spdlog::sinks::base_sink<spdlog::details::null_mutex> {
 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    spdlog::memory_buf_t out;
    formatter_->format(msg, out);
    ssize_t ignored = write(g_stderr, out.data(), out.size());
    (void)ignored;
  }
  void flush_() override {}
};

void copy_capture_to_stderr() {
  char buf[8192];
  off_t offset = 0;
  for (ssize_t n; (n = pread(g_capture, buf, sizeof buf, offset)) > 0; offset += n) {
    ssize_t ignored = write(STDERR_FILENO, buf, static_cast<size_t>(n));
    (void)ignored;
  }
}

}  // namespace

void exit_bad_input_now(const std::string& line) {
  std::fflush(stdout);
  const std::string text = "botsim: " + line + "\n";
  const int fd = g_stderr >= 0 ? g_stderr : STDERR_FILENO;
  if (g_stderr >= 0) std::fflush(stderr);
  ssize_t ignored = write(fd, text.data(), text.size());
  (void)ignored;
  remove_streamed_files_now();
  _exit(2);
}

SimulationAbortGuard::SimulationAbortGuard() {
  std::fflush(stderr);
  // An unnamed file: a run killed at any instant leaves nothing in /tmp. Where the file system
  // has no O_TMPFILE, a named one, unlinked at once.
  g_capture = open("/tmp", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (g_capture < 0) {
    char pattern[] = "/tmp/botsim-simgrid-XXXXXX";
    g_capture = mkstemp(pattern);
    if (g_capture >= 0) unlink(pattern);
  }
  if (g_capture < 0) throw std::runtime_error("cannot create a temporary file in /tmp");
  g_stderr = dup(STDERR_FILENO);
  dup2(g_capture, STDERR_FILENO);
  set_interrupt_message_fd(g_stderr);
  send_sanitizer_reports_to(g_stderr);
  auto logger = spdlog::default_logger();
  g_sinks = logger->sinks();
  logger->sinks() = {std::make_shared<FdSink>()};
  install_sim_clock_logging();

  stack_t stack{};
  stack.ss_sp = g_altstack;
  stack.ss_size = sizeof g_altstack;
  sigaltstack(&stack, nullptr);
  struct sigaction action {};
  action.sa_handler = on_abort;
  action.sa_flags = SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &action, &g_previous[i]);
}

SimulationAbortGuard::~SimulationAbortGuard() {
  for (size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &g_previous[i], nullptr);
  std::fflush(stderr);
  dup2(g_stderr, STDERR_FILENO);
  set_interrupt_message_fd(-1);
  send_sanitizer_reports_to(STDERR_FILENO);
  close(g_stderr);
  g_stderr = -1;
  copy_capture_to_stderr();  // SimGrid's messages of a run that did not abort
  close(g_capture);
  spdlog::default_logger()->sinks() = g_sinks;
  g_sinks.clear();
}

}  // namespace botsim
