#pragma once
// `botsim trace TRACE --out DIR`: the bags of tasks of an SWF or GWF job trace as workload files,
// a table, figures and deployment fragments (docs/traces.md).
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "traces/trace_export.hpp"

namespace botsim {

struct TraceCommand {
  CLI::App* app;
  std::string trace, format, delta = "120s", window, out;
  std::vector<std::string> users;
  long long min_tasks = 1;
  traces::TraceExportOptions opts;

  explicit TraceCommand(CLI::App& parent);
  int operator()();
};

}  // namespace botsim
