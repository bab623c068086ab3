#pragma once
// Where an experiment works, so that a failed or interrupted experiment leaves an existing
// output directory exactly as it was: everything is assembled under OUT.work/ and replaces OUT
// in one rename when the experiment is complete. OUT.work/ outlives a failed or interrupted
// experiment: run again, it does not redo the replications that had finished.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "campaign/registry.hpp"

namespace botsim::campaign {

/// Makes `work` an experiment's working directory: kept from an interrupted run of the same
/// experiment, name, seed and reps (its finished replications are not redone), else (or with
/// opts.fresh) emptied first. Says which on stdout.
/// Checks OUT first (check_output_dir: botsim replaces only what it wrote).
void prepare_work_dir(const std::filesystem::path& work, const ExperimentOptions& opts);
/// The same for any command's working directory: `id` (written to work/id_name) says which
/// runs it holds. A directory that botsim did not write is refused (InputError), never emptied.
void prepare_work_dir(const std::filesystem::path& work, const std::string& id_name,
                      const nlohmann::ordered_json& id, bool fresh);
/// Removes a working directory, only if botsim wrote it (it has the marker).
void remove_work_dir(const std::filesystem::path& work);

/// OUT.work for the output directory OUT (as --out gives it: "out/" is "out").
std::filesystem::path work_dir_of(const std::string& out_dir);

class Workspace {
 public:
  /// Keeps OUT.work/ from an interrupted run of the same experiment and settings, else starts
  /// afresh (prepare_work_dir).
  explicit Workspace(const ExperimentOptions& opts);
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
