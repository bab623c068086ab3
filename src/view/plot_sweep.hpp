#pragma once
// `botsim plot` on the directory of a sweep or of `botsim run --reps`: each metric's mean with
// its 95 % confidence interval per setting (against the swept parameter when there is one
// numeric parameter), and every run's value (the distribution over the replications).
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "core/gnuplot.hpp"

namespace botsim::view {

/// A figure's file stem and its chart.
using NamedChart = std::pair<std::string, Chart>;

/// From DIR/summary.csv and DIR/runs.csv (botsim sweep): per metric, "mean_<metric>" (mean and
/// 95 % confidence interval per setting and user: a line against the parameter when the sweep
/// has one numeric parameter, else a bar per setting) and "runs_<metric>" (each run's value).
std::vector<NamedChart> sweep_charts(const std::filesystem::path& dir);

/// From DIR/reps.csv and DIR/seed-*/summary.json (botsim run --reps): per metric,
/// "mean_<metric>" (a bar per user, with its 95 % confidence interval) and "runs_<metric>" (each
/// seed's value per user).
std::vector<NamedChart> reps_charts(const std::filesystem::path& dir);

}  // namespace botsim::view
