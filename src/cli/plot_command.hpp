#pragma once
// `botsim plot DIR [--out OUT]`: one run's pictures from its results files.
#include <CLI/CLI.hpp>
#include <string>

namespace botsim {

struct PlotCommand {
  CLI::App* app;
  std::string dir, out;

  explicit PlotCommand(CLI::App& parent);
  int operator()() const;
};

}  // namespace botsim
