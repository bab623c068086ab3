#pragma once
// Running build/botsim as a user would, from the tests.
#include <string>
#include <vector>

#include "support/files.hpp"

namespace botsim::test {

struct CliResult {
  int exit_code = -1;  // -1: killed by a signal
  std::string out, err;
};

/// Runs botsim with `args` in directory `cwd` (default: the source tree).
CliResult botsim(const std::vector<std::string>& args, const std::string& cwd = "");

}  // namespace botsim::test
