#include "core/output_dir.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "core/error.hpp"

namespace fs = std::filesystem;

namespace botsim {

namespace {

constexpr size_t kPath = 4096;

// What a signal handler removes, prepared beforehand: it may only make system calls.
char g_tmp_dir[kPath];        // write_directory_atomically's directory being filled
char g_stream_dir[kPath];     // where the streamed files are
char g_stream_prefix[kPath];  // their names' start ("out.")
char g_stream_suffix[64];     // and end ("-<pid>.tmp")
char g_target[kPath];         // what InterruptCleanup's message names
volatile sig_atomic_t g_committed = 0;
volatile sig_atomic_t g_message_fd = STDERR_FILENO;
constexpr int kInterrupts[] = {SIGINT, SIGTERM};

void copy_path(char* to, const std::string& from) {
  if (from.size() >= kPath) throw InputError(from, "", "path too long");
  std::memcpy(to, from.c_str(), from.size() + 1);
}

void write_stderr(const char* text) {
  ssize_t ignored = write(g_message_fd, text, std::strlen(text));
  (void)ignored;
}

constexpr int kMaxDepth = 8;  // remove_tree_now's deepest level

// A handler's buffers are static, one per level of the tree walk: a fatal signal may arrive on
// a thread whose alternate signal stack is small (SimGrid's thread contexts give each actor
// thread its own), and a signal frame alone can take several kilobytes of it.
alignas(8) char g_entries[kMaxDepth + 1][8192];
char g_subpath[kMaxDepth + 1][kPath];

// Calls remove(dir_fd, entry) on every entry of the directory `path` but "." and "..", with
// system calls only; reads the directory again until a pass removes nothing (removing while
// reading may skip entries). `remove` says whether it removed the entry. `depth` picks the
// level's buffer.
template <class Remove>
void remove_entries_now(const char* path, int depth, Remove remove) {
  char* buf = g_entries[depth];
  for (bool removed = true; removed;) {
    removed = false;
    const int dir = open(path, O_RDONLY | O_DIRECTORY);
    if (dir < 0) return;
    for (long n; (n = syscall(SYS_getdents64, dir, buf, sizeof g_entries[depth])) > 0;) {
      for (long pos = 0; pos < n;) {
        auto* entry = reinterpret_cast<struct dirent64*>(buf + pos);
        pos += entry->d_reclen;
        if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
          removed = remove(dir, *entry) || removed;
      }
    }
    close(dir);
  }
}

// Removes the tree at `path` (depth-limited), with system calls only; whether it is gone.
bool remove_tree_now(const char* path, int depth) {
  if (depth > kMaxDepth) return false;
  remove_entries_now(path, depth, [&](int dir, const struct dirent64& entry) {
    if (entry.d_type != DT_DIR) return unlinkat(dir, entry.d_name, 0) == 0;
    if (depth == kMaxDepth) return false;
    char* sub = g_subpath[depth];
    const size_t a = std::strlen(path), b = std::strlen(entry.d_name);
    if (a + b + 2 > kPath) return false;
    std::memcpy(sub, path, a);
    sub[a] = '/';
    std::memcpy(sub + a + 1, entry.d_name, b + 1);
    return remove_tree_now(sub, depth + 1);
  });
  return rmdir(path) == 0;
}

extern "C" void on_interrupt(int sig) {
  remove_streamed_files_now();
  const bool committed = g_committed;
  if (g_tmp_dir[0] != '\0' && !committed) remove_tree_now(g_tmp_dir, 0);
  write_stderr(sig == SIGINT ? "botsim: interrupted by SIGINT" : "botsim: interrupted by SIGTERM");
  if (g_target[0] == '\0') {
    write_stderr("\n");
  } else if (committed) {
    write_stderr(": ");
    write_stderr(g_target);
    write_stderr(" was written in full\n");
  } else {
    write_stderr(": nothing half-written is left; ");
    write_stderr(g_target);
    write_stderr(" is as it was\n");
  }
  _exit(128 + sig);
}

// SIGINT and SIGTERM wait while a results directory takes its place (a few renames).
class DeferInterrupts {
 public:
  DeferInterrupts() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : kInterrupts) sigaddset(&set, s);
    sigprocmask(SIG_BLOCK, &set, &old_);
  }
  ~DeferInterrupts() { sigprocmask(SIG_SETMASK, &old_, nullptr); }
  DeferInterrupts(const DeferInterrupts&) = delete;
  DeferInterrupts& operator=(const DeferInterrupts&) = delete;

 private:
  sigset_t old_{};
};

// Whether process `pid` still runs: a killed process waits as a zombie until it is reaped,
// and what it left is stale already.
bool process_runs(long pid) {
  if (pid <= 0) return false;
  if (kill(static_cast<pid_t>(pid), 0) != 0 && errno != EPERM) return false;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  std::getline(stat, text);
  const size_t paren = text.rfind(')');  // "pid (comm) S ..."
  if (paren == std::string::npos || paren + 2 >= text.size()) return true;
  const char state = text[paren + 2];
  return state != 'Z' && state != 'X';
}

// The process id in "<digits><end>" at the start of `text`, or -1.
long leading_pid(const std::string& text, char end) {
  size_t i = 0;
  while (i < text.size() && i < 10 && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  if (i == 0 || i >= text.size() || text[i] != end) return -1;
  return std::stol(text.substr(0, i));
}

// The closest existing ancestor of `target` must be a directory that can hold it.
void check_parent(const fs::path& target, const std::string& dir, const std::string& option) {
  for (fs::path p = target.parent_path();; p = p.parent_path()) {
    std::error_code ec;
    const fs::file_status st = fs::status(p, ec);
    if (st.type() == fs::file_type::not_found) {
      if (p == p.root_path() || p.empty()) return;
      continue;
    }
    if (ec) throw InputError(dir, option, "cannot be created: " + p.string() + ": " + ec.message());
    if (!fs::is_directory(st))
      throw InputError(dir, option, "cannot be created: " + p.string() + " is not a directory");
    return;
  }
}

bool holds_current_directory(const fs::path& target) {
  std::error_code ec;
  const fs::path cwd = fs::canonical(fs::current_path(ec), ec);
  if (ec) return false;
  const fs::path t = fs::canonical(target, ec);
  if (ec) return false;
  auto [end, rest] = std::mismatch(t.begin(), t.end(), cwd.begin(), cwd.end());
  return end == t.end();
}

// Puts the filled directory `tmp` in the place of `target`: a rename, a swap with botsim's
// earlier results (then removed), or, into an empty directory, its entries one by one.
void commit(const fs::path& tmp, const fs::path& target, OutputState state) {
  std::error_code ec;
  if (state == OutputState::Absent) {
    fs::rename(tmp, target);
  } else if (state == OutputState::Empty) {
    for (const auto& e : fs::directory_iterator(tmp))
      fs::rename(e.path(), target / e.path().filename());
    fs::remove(tmp);
  } else if (renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) == 0) {
    fs::remove_all(tmp, ec);  // now the earlier results
  } else {                    // a file system without RENAME_EXCHANGE
    fs::path old = tmp;
    old += ".old";
    fs::rename(target, old);
    fs::rename(tmp, target);
    fs::remove_all(old, ec);
  }
}

}  // namespace

fs::path normal_dir(const std::string& dir) {
  fs::path path = fs::absolute(dir).lexically_normal();
  if (path.filename().empty() && path != path.root_path()) path = path.parent_path();
  return path;
}

bool is_results_dir(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / kMarkerFile, ec) || fs::is_regular_file(dir / ".deployment", ec);
}

void mark_results_dir(const fs::path& dir) {
  std::ofstream out(dir / kMarkerFile, std::ios::binary);
  out << "A results directory written by botsim: botsim replaces it as a whole when asked to "
         "write here again.\n";
  if (!out) throw std::runtime_error("cannot write " + (dir / kMarkerFile).string());
}

OutputState check_output_dir(const std::string& dir, const std::string& option) {
  if (dir.empty()) throw InputError("", option, "the output path is empty");
  const fs::path target = normal_dir(dir);
  if (target == target.root_path())
    throw InputError(dir, option, "is the root directory: give a directory of its own");
  std::error_code ec;
  const fs::file_status st = fs::symlink_status(target, ec);
  if (st.type() == fs::file_type::not_found) {
    check_parent(target, dir, option);
    return OutputState::Absent;
  }
  if (ec) throw InputError(dir, option, "cannot be read: " + ec.message());
  if (fs::is_symlink(st))
    throw InputError(dir, option,
                     "is a symbolic link: botsim writes only to a new path or to a directory it "
                     "wrote itself; give the directory's own path or a new one");
  if (!fs::is_directory(st))
    throw InputError(dir, option,
                     "exists and is not a directory: botsim never replaces a file; give a new "
                     "path");
  if (holds_current_directory(target))
    throw InputError(dir, option,
                     "is the current directory or holds it: botsim never replaces it; give a "
                     "new directory");
  if (is_results_dir(target)) return OutputState::Ours;
  if (fs::is_empty(target, ec) && !ec) return OutputState::Empty;
  throw InputError(dir, option,
                   std::string("exists and was not written by botsim (it has no ") + kMarkerFile +
                       " file): botsim never deletes or replaces what it did not write; give a "
                       "new or empty directory");
}

void remove_stale_leftovers(const fs::path& parent, const std::vector<std::string>& names) {
  std::error_code ec;
  std::vector<fs::path> stale;
  for (const auto& e : fs::directory_iterator(parent, ec)) {
    const std::string n = e.path().filename().string();
    for (const auto& owner : names) {
      const std::string name = owner + ".";
      if (n.size() <= name.size() || n.compare(0, name.size(), name) != 0) continue;
      const std::string rest = n.substr(name.size());
      long pid = -2;  // not botsim's
      if (rest.rfind("tmp-", 0) == 0) {
        pid = leading_pid(rest.substr(4), '-');  // -1: an earlier version's OUT.tmp-XXXXXX
      } else if (rest.size() > 4 && rest.compare(rest.size() - 4, 4, ".tmp") == 0) {
        const size_t dash = rest.rfind('-');
        if (dash != std::string::npos) pid = leading_pid(rest.substr(dash + 1), '.');
        if (pid < 0) pid = -2;
      }
      if (pid != -2 && pid != getpid() && !process_runs(pid)) {
        stale.push_back(e.path());
        break;
      }
    }
  }
  for (const auto& p : stale) fs::remove_all(p, ec);
}

void remove_stale_leftovers(const std::string& dir) {
  const fs::path target = normal_dir(dir);
  remove_stale_leftovers(target.parent_path(), {target.filename().string()});
}

void write_text_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

void move_or_remove(const std::string& from, const std::string& to) {
  if (to.empty())
    fs::remove(from);
  else
    fs::rename(from, to);
}

void write_directory_atomically(const std::string& dir,
                                const std::function<void(const std::string&)>& fill,
                                const std::string& option) {
  check_output_dir(dir, option);
  const fs::path target = normal_dir(dir);
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  if (ec) throw InputError(dir, option, "cannot create its parent directory: " + ec.message());
  remove_stale_leftovers(dir);
  const std::string pattern = (target.parent_path() / (target.filename().string() + ".tmp-" +
                                                       std::to_string(getpid()) + "-XXXXXX"))
                                  .string();
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data()))
    throw InputError(dir, option,
                     std::string("cannot create a directory next to it: ") + std::strerror(errno));
  const fs::path tmp(buf.data());
  // mkdtemp makes it 0700; the results directory it becomes gets the user's umask, as mkdir's.
  const mode_t mask = umask(0);
  umask(mask);
  fs::permissions(tmp, static_cast<fs::perms>(0777 & ~mask), ec);
  {
    DeferInterrupts defer;
    copy_path(g_tmp_dir, tmp.string());
    g_committed = 0;
  }
  auto forget_tmp = [] {
    DeferInterrupts defer;
    g_tmp_dir[0] = '\0';
  };
  try {
    fill(tmp.string());
  } catch (...) {
    forget_tmp();
    fs::remove_all(tmp, ec);
    throw;
  }
  replace_directory(tmp, dir, option);
}

void replace_directory(const fs::path& ready, const std::string& dir, const std::string& option) {
  const fs::path target = normal_dir(dir);
  std::error_code ec;
  DeferInterrupts defer;
  try {
    mark_results_dir(ready);
    const OutputState state = check_output_dir(dir, option);  // the path may have changed
    fs::create_directories(target.parent_path());
    commit(ready, target, state);
  } catch (...) {
    if (g_tmp_dir == ready.string()) {
      g_tmp_dir[0] = '\0';
      fs::remove_all(ready, ec);
    }
    throw;
  }
  g_committed = 1;
  g_tmp_dir[0] = '\0';
}

InterruptCleanup::InterruptCleanup(const std::string& target) : previous_target_(g_target) {
  copy_path(g_target, target);
  g_committed = 0;
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  for (int s : kInterrupts) sigaddset(&action.sa_mask, s);
  for (size_t i = 0; i < std::size(kInterrupts); ++i)
    sigaction(kInterrupts[i], &action, &previous_[i]);
}

InterruptCleanup::~InterruptCleanup() {
  for (size_t i = 0; i < std::size(kInterrupts); ++i)
    sigaction(kInterrupts[i], &previous_[i], nullptr);
  copy_path(g_target, previous_target_);
}

void set_interrupt_message_fd(int fd) { g_message_fd = fd < 0 ? STDERR_FILENO : fd; }

void set_streamed_files(const std::string& dir, const std::string& prefix,
                        const std::string& suffix) {
  DeferInterrupts defer;
  g_stream_prefix[0] = '\0';
  if (prefix.empty()) return;
  copy_path(g_stream_dir, dir.empty() ? "." : dir);
  if (suffix.size() >= sizeof g_stream_suffix) throw std::logic_error("suffix too long");
  std::memcpy(g_stream_suffix, suffix.c_str(), suffix.size() + 1);
  copy_path(g_stream_prefix, prefix);
}

void remove_streamed_files_now() {
  if (g_stream_prefix[0] == '\0') return;
  const size_t prefix = std::strlen(g_stream_prefix), suffix = std::strlen(g_stream_suffix);
  remove_entries_now(g_stream_dir, 0, [&](int dir, const struct dirent64& entry) {
    const char* name = entry.d_name;
    const size_t len = std::strlen(name);
    return len > prefix + suffix && std::strncmp(name, g_stream_prefix, prefix) == 0 &&
           std::strcmp(name + len - suffix, g_stream_suffix) == 0 && unlinkat(dir, name, 0) == 0;
  });
}

}  // namespace botsim
