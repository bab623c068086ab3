#pragma once
// Section 5 of Sulistio & Buyya 2005, Figs 2-7, and the paper's findings, from the runs of
// `botsim experiment sulistio2005` (docs/sulistio2005-experiment.md). No SimGrid, no process:
// the runs' results files in, tables, figures and findings out.
#include <optional>
#include <string>
#include <vector>

#include "campaign/findings.hpp"

namespace botsim::papers {

/// One user across the runs of one reading.
struct UserAcross {
  std::string name, policy, vo;
  std::optional<double> deadline_s, fund;  // fund: G$ at the start
  std::vector<double> runtime_h;           // finished runs only
  std::vector<double> spent;
  size_t runs = 0, met_deadline = 0;
};

/// "Much faster", "much lower costs" (5.3): by at least 10 %, a difference the paper's bar
/// charts show plainly (1 h in 20 h, 5 %, is not "much").
constexpr double kMuchPercent = 10;

/// The paper's findings of section 5.3 (Figs 6 and 7) on one reading's users, each computed
/// with its threshold and margin; `reading` tags their ids ("" for none).
std::vector<campaign::Finding> sulistio2005_findings(const std::vector<UserAcross>& users,
                                                     const std::string& reading);

/// The runs of one reading of the paper's C_r (docs/sulistio2005.md): its name (a file suffix),
/// a label for the figures, and its run directories.
struct SulistioReading {
  std::string name, label;
  std::vector<std::string> run_dirs;
  /// The same runs with every rule botsim adds switched off (the Brokers' `rules="paper"`),
  /// judged beside them in findings.csv; empty: none.
  std::vector<std::string> as_printed_dirs = {};
};

/// Reads finished runs (each directory's summary.json and bids.csv) and writes the figures'
/// CSV tables, gnuplot data and scripts (draw_figures draws them) into `out_dir` (which must
/// exist). The first run gives the time series (Figs 2-5); Figs 6 and 7 average over all runs.
/// Returns the per-user table printed at the end of the experiment. Throws std::runtime_error
/// naming the file that is missing or bad.
std::string write_sulistio2005_figures(const std::vector<std::string>& run_dirs,
                                       const std::string& out_dir);
/// The same for several readings: Figs 2-5 from the first; Figs 6 and 7 with a series per
/// reading side by side; fig6_runtime_<name>.csv and fig7_cost_<name>.csv for each reading
/// after the first; findings.csv with every finding under each reading, the as-printed runs'
/// (when a reading has them) before botsim's default's.
std::string write_sulistio2005_figures(const std::vector<SulistioReading>& readings,
                                       const std::string& out_dir);

}  // namespace botsim::papers
