#pragma once
// Where an experiment works, so that a failed or interrupted experiment leaves an existing
// output directory exactly as it was: everything is assembled under OUT.work/ and replaces OUT
// in one rename when the experiment is complete.
#include <filesystem>
#include <string>

namespace botsim::experiments {

class Workspace {
 public:
  /// Starts afresh: a stale OUT.work/ from an earlier, interrupted experiment is removed.
  explicit Workspace(const std::string& out_dir);
  ~Workspace();  // removes OUT.work/ (after commit, or when the experiment failed)
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;

  /// What will be OUT: tables, figures, and whatever the experiment keeps (e.g. deployments/).
  const std::filesystem::path& result() const { return result_; }
  /// Scratch space for runs that are aggregated and not kept.
  const std::filesystem::path& scratch() const { return scratch_; }
  /// Puts result() in place of OUT.
  void commit();

 private:
  std::filesystem::path out_, work_, result_, scratch_;
};

}  // namespace botsim::experiments
