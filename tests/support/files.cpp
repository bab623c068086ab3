#include "support/files.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace botsim::test {

namespace {

// The directories this test process made, removed when it exits (unless BOTSIM_KEEP_TEST_DIRS
// is set, to look at them); only by the process that made them, should a test fork.
class TempDirs {
 public:
  void add(const std::filesystem::path& dir) { dirs_.push_back(dir); }
  ~TempDirs() {
    if (getpid() != owner_ || getenv("BOTSIM_KEEP_TEST_DIRS")) return;
    std::error_code ignored;
    for (const auto& d : dirs_) std::filesystem::remove_all(d, ignored);
  }

 private:
  pid_t owner_ = getpid();
  std::vector<std::filesystem::path> dirs_;
};

TempDirs& temp_dirs() {
  static TempDirs dirs;
  return dirs;
}

}  // namespace

std::string make_temp_dir(const std::string& prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  temp_dirs().add(pattern);
  return pattern;
}

std::filesystem::path fresh_test_dir(const std::string& prefix) {
  auto dir = std::filesystem::temp_directory_path() /
             (prefix + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  temp_dirs().add(dir);
  return dir;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string source_path(const std::string& relative) {
  return std::string(BOTSIM_SOURCE_DIR) + "/" + relative;
}

}  // namespace botsim::test
