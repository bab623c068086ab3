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

/// The names of a sweep's settings along x: each setting's values of the parameters that vary
/// ("UN.bid=20, UL.bid=5"; the value alone, "20", when one parameter varies), none of those
/// that are the same in every setting; "setting N" (its number) when none varies. `values[s]` holds
/// setting s's value of each of `params`.
std::vector<std::string> setting_labels(const std::vector<std::string>& params,
                                        const std::vector<std::vector<std::string>>& values,
                                        const std::vector<std::string>& numbers);
/// The metrics in the order their charts come: what the runs produced (makespan, spent, ...)
/// before what the scenario gave them (budget, deadline, fund, allowance, tasks_total, the
/// start), each group in the order given.
std::vector<std::string> outcomes_first(const std::vector<std::string>& metrics);
/// Whether `metric` is what the scenario gave a user (budget, deadline_s, fund, allowance,
/// allowance_interval_s, tasks_total, start_s), not what its run made of it.
bool scenario_input(const std::string& metric);
/// A metric's axis label with its unit (docs/units.md): "makespan_s (s)", "spent (G$)",
/// "tasks_done" without one; "mean " before it for a chart of means.
std::string metric_label(const std::string& metric, const std::string& unit, bool mean);
/// Where user k of n stands within its category along x: spread over 0.3 of it around the
/// category's centre (0 for one user), so that their points and intervals do not hide one
/// another.
double user_offset(size_t k, size_t n);

/// From DIR/summary.csv and DIR/runs.csv (botsim sweep): per metric (outcomes first),
/// "mean_<metric>" (a point per setting and user with its 95 % confidence interval: joined by a
/// line when the sweep has one numeric parameter) and "runs_<metric>" (each run's value), the
/// settings along x by name (setting_labels), y in the metric's unit.
std::vector<NamedChart> sweep_charts(const std::filesystem::path& dir);

/// From DIR/reps.csv and DIR/seed-*/summary.json (botsim run --reps): per metric,
/// "mean_<metric>" (a bar per user, with its 95 % confidence interval) and "runs_<metric>" (each
/// seed's value per user).
std::vector<NamedChart> reps_charts(const std::filesystem::path& dir);

}  // namespace botsim::view
