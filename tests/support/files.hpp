#pragma once
// Files and directories for the tests: one implementation shared by the unit, sim and CLI
// tests.
#include <filesystem>
#include <string>

namespace botsim::test {

/// A fresh, uniquely named directory under the system's temporary area (mkdtemp). Not removed
/// at exit: a test that wants it gone removes it.
std::string make_temp_dir(const std::string& prefix = "botsim-test");
/// temp/<prefix><current gtest name>, emptied: a fixture's directory, the same on every run.
std::filesystem::path fresh_test_dir(const std::string& prefix);
/// The whole file, as bytes ("" if it cannot be read).
std::string read_text(const std::string& path);
/// Writes `text` to `path` as bytes, replacing the file.
void write_text(const std::string& path, const std::string& text);
/// The path of a file in botsim's source tree.
std::string source_path(const std::string& relative);

}  // namespace botsim::test
