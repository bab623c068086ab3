#pragma once
// `botsim sweep SPEC`: one scenario run over the cross product of deployment prop values, with
// replications, each run a separate `botsim run --set ...` process; one CSV row per run and
// user, and a summary per setting (mean, deviation, 95 % confidence interval). docs/sweeps.md.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/csv.hpp"
#include "platform/deployment.hpp"

namespace botsim::study {

struct SweepParameter {
  std::string name;  // "ACTOR.PROP", as the spec writes it
  std::string actor, prop;
  std::vector<std::string> values;
};

struct SweepSpec {
  std::string file;                  // the spec's path, as given
  std::string platform, deployment;  // absolute (the spec gives them relative to itself)
  std::vector<std::string> plugins;  // absolute: files of policies each run loads (--plugin)
  std::vector<SweepParameter> parameters;
  int replications = 1;
  unsigned long long seed = 1;  // replication r runs seed + r
  std::vector<std::string> metrics;
  std::string over_users;  // "": a row per user; "mean", "sum", "min" or "max" over the users
};

/// The most settings (the cross product of the values) and runs (settings x replications) a
/// spec may expand to; a larger one is refused before anything is built or run. Each run is a
/// process: 100,000 runs of a one-second scenario take a day on one core.
constexpr long long kMaxSweepSettings = 10000;
constexpr long long kMaxSweepRuns = 100000;

/// How errors name a parameter of the spec: parameters."U0.deadline".
std::string sweep_parameter_field(const std::string& name);

/// Reads and checks a spec (JSON). Throws InputError naming `file` and the field.
SweepSpec parse_sweep_spec(const std::string& text, const std::string& file,
                           const std::string& base_dir);
SweepSpec read_sweep_spec(const std::string& path);

/// The settings: one value per parameter, the cross product in the spec's order (the last
/// parameter varies fastest). One setting without parameters when there are none.
std::vector<std::vector<std::string>> sweep_settings(const SweepSpec& spec);

/// The `--set ACTOR.PROP=VALUE` arguments of a setting.
std::vector<std::string> setting_args(const SweepSpec& spec,
                                      const std::vector<std::string>& values);

/// The common per-user fields of summary.json (docs/reference.md) that are numbers or yes/no.
const std::vector<std::string>& contract_metrics();

/// One summary.json's rows: (user, one value per metric; yes/no as 1/0, none when null), per
/// user, or one row "all" with each metric aggregated over the users (nulls left out). Throws
/// InputError naming `spec.file` when a metric is not a number or yes/no, or no user has it.
std::vector<std::pair<std::string, std::vector<std::optional<double>>>> metric_rows(
    const SweepSpec& spec, const nlohmann::ordered_json& summary);

/// One finished run's rows.
struct SweepRun {
  size_t setting = 0;  // index into sweep_settings
  unsigned long long seed = 0;
  std::string user;
  std::vector<std::optional<double>> values;
};

/// runs.csv: setting, one column per parameter, seed, user, one column per metric.
CsvTable sweep_runs_table(const SweepSpec& spec,
                          const std::vector<std::vector<std::string>>& settings,
                          const std::vector<SweepRun>& runs);
/// summary.csv: setting, parameters, user, metric, n, mean, sd, ci95_low, ci95_high (the 95 %
/// confidence interval of the mean, Student's t; empty below two values).
CsvTable sweep_summary_table(const SweepSpec& spec,
                             const std::vector<std::vector<std::string>>& settings,
                             const std::vector<SweepRun>& runs);

struct SweepOptions {
  std::string spec_file, out_dir;  // out_dir default: results/sweeps/<spec stem>
  std::string emit_jobs, collect;  // directories, for --emit-jobs and --collect
  int jobs = 1;
  bool fresh = false;
  std::vector<std::string> plugin_args;  // --plugin FILE ..., --policy-timeout S, for every run
};

/// The arguments that make a run load the spec's plugins and those of the command line.
std::vector<std::string> plugin_args(const SweepSpec& spec, const SweepOptions& opts);

/// `botsim sweep`: runs the sweep (resuming), or writes it as jobs, or collects their results.
void run_sweep(const SweepOptions& opts);

}  // namespace botsim::study
