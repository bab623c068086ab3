#include "experiments/workspace.hpp"

#include "core/results.hpp"

namespace fs = std::filesystem;

namespace botsim::experiments {

Workspace::Workspace(const std::string& out_dir)
    : out_(fs::absolute(out_dir).lexically_normal()),
      work_(out_.string() + ".work"),
      result_(work_ / "result"),
      scratch_(work_ / "scratch") {
  fs::remove_all(work_);
  fs::create_directories(result_);
  fs::create_directories(scratch_);
}

Workspace::~Workspace() {
  std::error_code ec;  // never throws from a destructor: a leftover is removed next time
  fs::remove_all(work_, ec);
}

void Workspace::commit() {
  write_directory_atomically(out_.string(), [&](const std::string& tmp) {
    for (const auto& entry : fs::directory_iterator(result_))
      fs::rename(entry.path(), fs::path(tmp) / entry.path().filename());
  });
}

}  // namespace botsim::experiments
