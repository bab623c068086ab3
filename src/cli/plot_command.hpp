#pragma once
// `botsim plot DIR [--out OUT]`: a results directory's pictures; `botsim report DIR [--out
// FILE]`: its one-page HTML report.
#include <CLI/CLI.hpp>
#include <string>

namespace botsim {

struct PlotCommand {
  CLI::App* app;
  std::string dir, out;

  explicit PlotCommand(CLI::App& parent);
  int operator()() const;
};

struct ReportCommand {
  CLI::App* app;
  std::string dir, out;

  explicit ReportCommand(CLI::App& parent);
  int operator()() const;
};

}  // namespace botsim
