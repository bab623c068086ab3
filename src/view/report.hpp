#pragma once
// `botsim report DIR`: one self-contained HTML page of a results directory (a run, a
// `run --reps`, a sweep or an experiment): what was run, its tables, its findings with their
// verdicts and margins, every figure inline (SVG), and links to its files. No script, no
// stylesheet or font from elsewhere: it opens offline, from the file system.
#include <filesystem>
#include <string>
#include <vector>

namespace botsim::view {

struct Report {
  std::string path;                // the page written
  std::size_t figures = 0;         // SVG figures inlined
  std::string kind;                // "run", "reps", "sweep", "experiment" or "trace"
  std::vector<std::string> drawn;  // the figures it drew into DIR/plots (none: there were some)
};

/// The first line of every page botsim writes: how botsim knows a page it may replace.
inline constexpr const char* kReportMark = "<!-- botsim report -->";
/// Whether `file` is a page botsim wrote (a regular file that starts with kReportMark).
bool is_botsim_report(const std::filesystem::path& file);

/// The kind of results directory `dir` is ("run", "reps", "sweep", "experiment", "trace": the
/// bags.csv and summary.csv of `botsim trace`), or "".
std::string results_kind(const std::filesystem::path& dir);

/// The place of a figure on the page, as a key in natural order (natural_less): a run's Gantt
/// chart ("tasks") first, the tasks running under it, each resource's bids then shares, the
/// instances; an experiment's figures of the paper (figN_...) before its tables and the rest;
/// a sweep's or a --reps' metrics, outcomes first (scenario_input), each by name, its means
/// (mean_M) before its runs (runs_M).
std::string figure_order_key(const std::string& stem);
/// The caption of figure `stem`: one sentence saying what it shows, its axes and their units
/// from its gnuplot script `gp` (set title, xlabel, ylabel).
std::string figure_caption(const std::string& stem, const std::string& gp);

/// Writes the report of `dir` to `out` (default DIR/report.html), with the SVG figures of
/// `figures_dir` (default: those of DIR and DIR/plots, each name once, DIR/plots' first; when
/// there are none and botsim wrote DIR, drawn first into DIR/plots as `botsim plot DIR` draws
/// them). Throws InputError when DIR is not a results directory botsim wrote, or when `out`
/// exists and is not a botsim report.
/// `draw_missing` false: a page without figures rather than drawing them.
Report write_report(const std::string& dir, const std::string& out,
                    const std::string& figures_dir = "", bool draw_missing = true);

}  // namespace botsim::view
