#pragma once
// `botsim compare DIR... [--out PAGE]`: several runs side by side, one row per user of each run
// (the run table's columns after the run's directory), on the terminal and, with --out, as one
// self-contained HTML page.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace botsim {

struct CompareCommand {
  CLI::App* app;
  std::vector<std::string> dirs;
  std::string out;

  explicit CompareCommand(CLI::App& parent);
  int operator()() const;
};

}  // namespace botsim
