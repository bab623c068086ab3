#pragma once
// `botsim report DIR`: one self-contained HTML page of a results directory (a run, a
// `run --reps`, a sweep or an experiment): what was run, its tables, its findings with their
// verdicts and margins, every figure inline (SVG), and links to its files. No script, no
// stylesheet or font from elsewhere: it opens offline, from the file system.
#include <filesystem>
#include <string>

namespace botsim::view {

struct Report {
  std::string path;     // the page written
  std::size_t figures;  // SVG figures inlined
  std::string kind;     // "run", "reps", "sweep" or "experiment"
};

/// The kind of results directory `dir` is ("run", "reps", "sweep", "experiment"), or "".
std::string results_kind(const std::filesystem::path& dir);

/// Writes the report of `dir` to `out` (default DIR/report.html), with the SVG figures of
/// `figures_dir` (default: those of DIR and DIR/plots). Throws InputError when DIR is not a
/// results directory botsim wrote, or when `out` exists and is not a botsim report.
Report write_report(const std::string& dir, const std::string& out,
                    const std::string& figures_dir = "");

}  // namespace botsim::view
