#include "experiments/workspace.hpp"

#include "core/results.hpp"

namespace fs = std::filesystem;

namespace botsim::experiments {

fs::path work_dir_of(const std::string& out_dir) { return normal_dir(out_dir).string() + ".work"; }

Workspace::Workspace(const ExperimentOptions& opts)
    : out_(normal_dir(opts.out_dir)),
      work_(work_dir_of(opts.out_dir)),
      result_(work_ / "result"),
      scratch_(work_ / "scratch") {
  prepare_work_dir(work_, opts);
  fs::create_directories(result_);
  fs::create_directories(scratch_);
}

void Workspace::commit() {
  replace_directory(result_, out_.string());
  remove_work_dir(work_);
}

}  // namespace botsim::experiments
