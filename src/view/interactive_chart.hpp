#pragma once
// The report page's interactive Gantt chart (docs/figures.md, "The interactive chart"): a run's
// task attempts (tasks.csv) as JSON, drawn in the page by the charting library inlined into it
// (Apache ECharts, which the build installs from npm: cmake/web.cmake) with zoom on both axes and
// a tooltip per bar, and under it the tasks running over time (and a cloud run's instances) on
// the same, zoom-linked, time axis. The page stays one offline file: the library, the data and the
// drawing script are all in it. Pure string building, but for reading the run and the library's
// file.
#include <cstddef>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace botsim::view {

/// Past this many task attempts the page has no interactive chart, only a sentence saying so:
/// each attempt is some 60 bytes of JSON and two steps of the tasks-running series, so 200,000
/// make a page of some 25 MB besides the library's 1.1 MB, about what a browser still opens in
/// a few seconds (docs/figures.md).
constexpr std::size_t kInteractiveMaxTasks = 200000;

/// The library's file, relative to botsim's data directory (share/botsim, or the build
/// directory of a botsim that runs from there).
constexpr const char* kChartLibraryFile = "web/echarts.min.js";

/// One task attempt that started, as the page shows it.
struct TaskAttempt {
  std::string task, user, host;
  double start_s = 0, end_s = std::numeric_limits<double>::quiet_NaN();  // NaN: never ended
  std::string group;  // its colour's name: its user, or in a run of one cloud user its type
};

/// One instance of a cloud run (instances.csv), as the page counts it.
struct InstanceSpan {
  std::string type;
  double start_s = 0, stop_s = std::numeric_limits<double>::quiet_NaN();  // NaN: never stopped
};

/// What the page's script draws (all times in seconds; `unit_s` and `unit` are the static
/// charts' time unit, unit_for): hosts in natural order, one lane per overlapping attempt in
/// its host's row as the static Gantt chart stacks them, the groups in `groups`' order each in
/// `colours`' colour, and per group the tasks running over time (unfinished attempts, grey,
/// in a group of their own, as in the static charts). "tasks" rows are
/// [start_s, end_s or null, host, lane, lanes, group or -1 (unfinished), user]. A cloud run's
/// `instances` give a third panel, the instances running over time per type (types in natural
/// order, each in its colour of the static instances chart) and all of them together: what the
/// run rents, under what its tasks use ("instances", [] without them).
nlohmann::json interactive_chart_data(const std::vector<TaskAttempt>& attempts,
                                      const std::vector<std::string>& groups,
                                      const std::vector<std::string>& colours,
                                      const std::vector<InstanceSpan>& instances = {});

/// The page's section: a heading, one sentence on how to use the chart, and the chart drawn by
/// `library_js` from `data`; without the library (""), one sentence saying that the chart
/// needs it.
std::string interactive_chart_html(const nlohmann::json& data, const std::string& library_js);

/// The section of results directory `dir` ("" when it has no tasks.csv or no attempt started;
/// a sentence instead of the chart past kInteractiveMaxTasks attempts). Tasks are coloured as
/// in the static charts: by user in the run's palette (user_palette), or in a run of one cloud
/// user by their instance's type (lighter in BaTS's sampling phase). Throws InputError on a
/// tasks.csv it cannot read.
std::string interactive_section(const std::filesystem::path& dir);

/// The charting library's file, or "" when this botsim has none: in $BOTSIM_DATA_DIR when set,
/// else in the build directory of a botsim running from there, the share/botsim beside its bin/
/// directory, or that of the prefix it was configured with.
std::string chart_library_path();

}  // namespace botsim::view
