#pragma once
// `botsim plot DIR`: the pictures of one run, drawn from its results files.
#include <string>
#include <vector>

namespace botsim::experiments {

/// `botsim plot DIR`: the pictures of one run from its results files, into `out_dir` (default
/// DIR/plots): a Gantt chart of tasks per host (tasks.csv), bids and shares per resource
/// (bids.csv), instances and their charged hours (instances.csv); each as .dat, .gp, .svg and
/// .png (only .dat and .gp when gnuplot is not installed: `drawn` is then false). Throws
/// InputError when DIR is missing or holds none of those files, std::runtime_error when gnuplot
/// fails.
struct Plots {
  std::string dir;
  std::vector<std::string> figures;
  bool drawn = false;
};
Plots plot_run(const std::string& dir, std::string out_dir);

}  // namespace botsim::experiments
