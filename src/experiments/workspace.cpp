#include "experiments/workspace.hpp"

#include "core/results.hpp"

namespace fs = std::filesystem;

namespace botsim::experiments {

Workspace::Workspace(const ExperimentOptions& opts)
    : out_(fs::absolute(opts.out_dir).lexically_normal()),
      work_(out_.string() + ".work"),
      result_(work_ / "result"),
      scratch_(work_ / "scratch") {
  prepare_work_dir(work_, opts);
  fs::create_directories(result_);
  fs::create_directories(scratch_);
}

void Workspace::commit() {
  write_directory_atomically(out_.string(), [&](const std::string& tmp) {
    for (const auto& entry : fs::directory_iterator(result_))
      fs::rename(entry.path(), fs::path(tmp) / entry.path().filename());
  });
  fs::remove_all(work_);
}

}  // namespace botsim::experiments
