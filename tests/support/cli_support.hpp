#pragma once
// Running build/botsim as a user would, from the tests.
#include <string>
#include <vector>

namespace botsim::test {

struct CliResult {
  int exit_code = -1;  // -1: killed by a signal
  std::string out, err;
};

/// Runs botsim with `args` in directory `cwd` (default: the source tree).
CliResult botsim(const std::vector<std::string>& args, const std::string& cwd = "");
std::string source_path(const std::string& relative);
std::string make_temp_dir();
std::string read_text(const std::string& path);
void write_text(const std::string& path, const std::string& text);

}  // namespace botsim::test
