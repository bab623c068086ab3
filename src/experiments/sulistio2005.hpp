#pragma once
// `botsim experiment sulistio2005`: section 5 of Sulistio & Buyya 2005, Figs 2-7
// (docs/sulistio2005-experiment.md).
#include <string>
#include <vector>

namespace botsim::experiments {

/// Registers `botsim experiment sulistio2005`.
void register_sulistio2005_experiment();

/// Reads finished runs (each directory's summary.json and bids.csv) and writes the figures'
/// CSV tables, gnuplot data and scripts (draw_figures draws them) into `out_dir` (which must
/// exist). The first run gives the time series (Figs 2-5); Figs 6 and 7 average over all runs.
/// Returns the per-user table printed at the end of the experiment. Throws std::runtime_error
/// naming the file that is missing or bad.
std::string write_sulistio2005_figures(const std::vector<std::string>& run_dirs,
                                       const std::string& out_dir);

}  // namespace botsim::experiments
