#pragma once
// The output-path rule, shared by every command that writes a directory (run, run --reps,
// experiment, sweep, plot): botsim never deletes or replaces what it did not write.
//
// - A directory botsim writes carries a marker file (kMarkerFile). An existing output path is
//   replaced only when it is such a directory; an empty directory is filled in place (nothing in
//   it is lost); anything else (a directory of the user's, the current directory or one holding
//   it, a file, a symbolic link, a loop of links) is refused with exit 2 before anything runs.
// - Results are written into OUT.tmp-<pid>-XXXXXX next to OUT and take OUT's place in one
//   rename only when complete. What a killed botsim left next to OUT (OUT.tmp-<pid>-*,
//   OUT.<file>-<pid>.tmp of a process that no longer runs) is removed by the next command that
//   writes OUT.
// - SIGINT and SIGTERM during a command remove what it was writing (InterruptCleanup).
#include <signal.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace botsim {

/// The file that marks a directory as botsim's own results directory.
inline constexpr const char* kMarkerFile = ".botsim";

/// `dir` as an absolute path without "." or ".." parts or a trailing separator ("out/" and
/// "out/." are "<cwd>/out"): the directory that replaces it, and the prefix of its neighbours
/// (OUT.tmp-*, OUT.work).
std::filesystem::path normal_dir(const std::string& dir);

/// What an output path is now.
enum class OutputState { Absent, Empty, Ours };

/// The output-path rule: Absent (its parent may not exist yet), Empty (an empty directory,
/// filled in place) or Ours (a directory with botsim's marker, replaced). Throws
/// InputError(dir, option, why) for anything else, and for a path whose parent cannot hold a
/// directory (a file, a loop of links).
OutputState check_output_dir(const std::string& dir, const std::string& option = "--out");

/// Whether `dir` is a directory that botsim wrote (it has the marker file; results directories
/// of earlier versions are known by their `.deployment` file).
bool is_results_dir(const std::filesystem::path& dir);
/// Writes the marker into `dir`.
void mark_results_dir(const std::filesystem::path& dir);

/// Removes what killed botsim processes left next to `dir`: OUT.tmp-<pid>-* directories and
/// OUT.<name>-<pid>.tmp files whose process no longer runs (and OUT.tmp-XXXXXX of earlier
/// versions, which named no process).
void remove_stale_leftovers(const std::string& dir);
/// The same for several directories of one parent (their names), in one pass over it.
void remove_stale_leftovers(const std::filesystem::path& parent,
                            const std::vector<std::string>& names);

/// Writes `text` as the whole of the file `path`; throws std::runtime_error naming it.
void write_text_file(const std::filesystem::path& path, const std::string& text);
/// Renames `from` to `to` (a streamed file into its results directory), or removes it when
/// `to` is empty.
void move_or_remove(const std::string& from, const std::string& to);

/// Writes a results directory atomically: `fill(tmp)` writes into a fresh temporary directory
/// next to `dir` (marked as botsim's), which then takes the place of `dir` (check_output_dir:
/// an existing directory of botsim's is replaced, an empty one filled). If `fill` throws, or
/// the process is interrupted (InterruptCleanup), `dir` is left as it was and the temporary
/// directory is gone.
void write_directory_atomically(const std::string& dir,
                                const std::function<void(const std::string&)>& fill,
                                const std::string& option = "--out");

/// Puts the directory `ready` (complete, on the same file system) in the place of `dir`, with
/// the marker, following the same rule (check_output_dir, again at this moment), SIGINT and
/// SIGTERM deferred meanwhile: one rename, or a swap with botsim's earlier results, which are
/// then removed, or into an empty directory, its entries one by one.
void replace_directory(const std::filesystem::path& ready, const std::string& dir,
                       const std::string& option = "--out");

/// While alive, SIGINT and SIGTERM end botsim with exit code 128 + the signal and one line on
/// stderr, after removing what it was writing: the temporary directory of
/// write_directory_atomically and the streamed files registered with set_streamed_files.
/// Nothing else is touched. (A command that runs child processes blocks these signals while it
/// waits for them and handles them itself: see run_many.)
class InterruptCleanup {
 public:
  /// `target`: the directory being written, named in the message.
  explicit InterruptCleanup(const std::string& target);
  ~InterruptCleanup();
  InterruptCleanup(const InterruptCleanup&) = delete;
  InterruptCleanup& operator=(const InterruptCleanup&) = delete;

 private:
  std::string previous_target_;
  struct sigaction previous_[2];
};

/// Where InterruptCleanup's line goes (default: stderr; SimulationAbortGuard points it at the
/// real stderr while it captures SimGrid's). -1: back to stderr.
void set_interrupt_message_fd(int fd);

/// The streamed results files being written: in `dir`, the names that start with `prefix` and
/// end with `suffix` (empty prefix: none). Removed on interruption or a fatal signal.
void set_streamed_files(const std::string& dir, const std::string& prefix,
                        const std::string& suffix);
/// Removes the files set_streamed_files names, with system calls only (signal handlers).
void remove_streamed_files_now();

}  // namespace botsim
