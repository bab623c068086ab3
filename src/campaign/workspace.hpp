#pragma once
// Where an experiment works, so that a failed or interrupted experiment leaves an existing
// output directory exactly as it was: everything is assembled under OUT.work/ and replaces OUT
// in one rename when the experiment is complete. OUT.work/ outlives a failed or interrupted
// experiment: run again, it does not redo the replications that had finished.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace botsim::campaign {

/// Makes `work` a command's working directory: kept from an interrupted run of the same command
/// (the same `id`, written to work/id_name: its finished runs are not redone), else (or when
/// `fresh`) emptied first. Says which on stdout. A directory that botsim did not write is
/// refused (InputError), never emptied.
void prepare_work_dir(const std::filesystem::path& work, const std::string& id_name,
                      const nlohmann::ordered_json& id, bool fresh);
/// Removes a working directory, only if botsim wrote it (it has the marker).
void remove_work_dir(const std::filesystem::path& work);

/// A file's contents in 16 hex digits (FNV-1a): a resume does not reuse runs made with an edited
/// scenario or plug-in.
std::string content_digest(const std::string& path);
/// The digests of the files that `--plugin FILE` pairs in `args` name, in order: the plug-ins' part
/// of a command's identity (an edited policy file is another policy).
std::vector<std::string> plugin_digests(const std::vector<std::string>& args);

/// OUT.work for the output directory OUT (as --out gives it: "out/" is "out").
std::filesystem::path work_dir_of(const std::string& out_dir);

/// What a Workspace is for: its output directory, and what makes the runs an interrupted command
/// left in OUT.work/ the same command's runs.
struct WorkspaceOptions {
  std::string out_dir;        // OUT, as --out gives it
  std::string id_name;        // the file in OUT.work/ that holds `id`, e.g. "experiment.json"
  nlohmann::ordered_json id;  // the command and the settings its runs depend on
  bool fresh = false;         // redo every run, even those an interrupted command finished
};

class Workspace {
 public:
  /// Checks OUT (check_output_dir: botsim replaces only what it wrote), then keeps OUT.work/
  /// from an interrupted run of the same command, else starts afresh (prepare_work_dir).
  explicit Workspace(const WorkspaceOptions& opts);
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;

  /// What will be OUT: tables, figures, and whatever the experiment keeps (e.g. deployments/).
  const std::filesystem::path& result() const { return result_; }
  /// Scratch space for runs that are aggregated and not kept.
  const std::filesystem::path& scratch() const { return scratch_; }
  /// Puts result() in place of OUT and removes OUT.work/.
  void commit();

 private:
  std::filesystem::path out_, work_, result_, scratch_;
};

}  // namespace botsim::campaign
