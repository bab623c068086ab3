#pragma once
// A test fixture with its own directory (emptied before, removed after) and a file writer.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/files.hpp"

namespace botsim::test {

class TempDirTest : public ::testing::Test {
 protected:
  explicit TempDirTest(std::string prefix) : prefix_(std::move(prefix)) {}
  void SetUp() override { dir_ = fresh_test_dir(prefix_); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  /// Writes dir_/name and returns its path.
  std::string write(const std::string& name, const std::string& text) {
    std::string path = (dir_ / name).string();
    write_text(path, text);
    return path;
  }
  std::filesystem::path dir_;

 private:
  std::string prefix_;
};

}  // namespace botsim::test
