#pragma once
// Files and directories for the tests: one implementation shared by the unit, sim and CLI
// tests.
#include <filesystem>
#include <string>

namespace botsim::test {

/// A fresh, uniquely named directory under the system's temporary area (mkdtemp), removed when
/// the test process exits (kept if the environment sets BOTSIM_KEEP_TEST_DIRS).
std::string make_temp_dir(const std::string& prefix = "botsim-test");
/// temp/<prefix><current gtest name>, emptied: a fixture's directory, the same on every run
/// (removed at exit like make_temp_dir's).
std::filesystem::path fresh_test_dir(const std::string& prefix);
/// The whole file, as bytes ("" if it cannot be read).
std::string read_text(const std::string& path);
/// Writes `text` to `path` as bytes, replacing the file.
void write_text(const std::string& path, const std::string& text);
/// The path of a file in botsim's source tree.
std::string source_path(const std::string& relative);

}  // namespace botsim::test
