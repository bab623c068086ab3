// `botsim sweep`: checking a spec's parameters, running its runs (resuming), writing them as jobs
// for GNU parallel or Slurm, and collecting their results into runs.csv and summary.csv.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "campaign/child_process.hpp"
#include "campaign/run_many.hpp"
#include "campaign/workspace.hpp"
#include "core/error.hpp"
#include "core/output_dir.hpp"
#include "study/sweep.hpp"
#include "version.hpp"

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

namespace botsim::study {

using campaign::Captured;
using campaign::child_message;
using campaign::run_captured;
using campaign::run_command;
using campaign::run_finished;
using campaign::run_many;
using campaign::RunRequest;
using campaign::self_exe;

namespace {

// Every parameter names one actor of the deployment, and every value is one its Params accept
// (`botsim validate --set`, one value at a time, so that the error names that value).
void check_parameters(const SweepSpec& spec, const std::vector<std::string>& plugins) {
  auto actors = read_deployment(spec.deployment);
  for (const auto& p : spec.parameters)
    find_actor(actors, p.actor, spec.file, sweep_parameter_field(p.name));
  std::vector<std::string> base{self_exe(), "validate", spec.platform, spec.deployment};
  base.insert(base.end(), plugins.begin(), plugins.end());
  Captured c = run_captured(base);
  if (c.bad_input()) throw InputError(child_message(c.err));
  if (!c.ok()) throw std::runtime_error("botsim validate failed: " + c.err);
  for (const auto& p : spec.parameters)
    for (const auto& v : p.values) {
      auto command = base;
      command.insert(command.end(), {"--set", p.name + "=" + v});
      c = run_captured(command);
      if (c.bad_input())
        throw InputError(spec.file, sweep_parameter_field(p.name),
                         "value " + quote_text(v) + " is rejected: " + child_message(c.err));
      if (!c.ok()) throw std::runtime_error("botsim validate failed: " + c.err);
    }
}

struct PlannedRun {
  size_t setting = 0;
  unsigned long long seed = 0;
  RunRequest request;
};

std::vector<PlannedRun> plan_runs(const SweepSpec& spec,
                                  const std::vector<std::vector<std::string>>& settings,
                                  const fs::path& dir, const std::vector<std::string>& plugins) {
  std::vector<PlannedRun> out;
  for (size_t k = 0; k < settings.size(); ++k)
    for (int r = 0; r < spec.replications; ++r) {
      const unsigned long long seed = spec.seed + static_cast<unsigned long long>(r);
      fs::path run =
          dir / "runs" / fmt::format("setting-{:03d}", k + 1) / ("seed-" + std::to_string(seed));
      std::vector<std::string> args = setting_args(spec, settings[k]);
      args.insert(args.end(), plugins.begin(), plugins.end());
      out.push_back(PlannedRun{
          k, seed, RunRequest{spec.platform, spec.deployment, seed, run.string(), args}});
    }
  return out;
}

// What makes runs of two specs the same runs (replications, seeds and metrics may change).
std::string sweep_identity(const SweepSpec& spec) {
  json params = json::object();
  for (const auto& p : spec.parameters) params[p.name] = p.values;
  json id{{"platform", spec.platform},
          {"deployment", spec.deployment},
          {"parameters", params},
          {"botsim_version", BOTSIM_VERSION}};
  // The plug-ins and their contents (absent without plug-ins, as before they existed).
  if (!spec.plugins.empty()) {
    id["plugins"] = spec.plugins;
    std::vector<std::string> digests;
    for (const auto& f : spec.plugins) digests.push_back(campaign::content_digest(f));
    id["plugin_digests"] = digests;
  }
  return id.dump(2) + "\n";
}

// What makes the sweep identity `before` (as its sweep.json holds it) another sweep's than
// `now`: each field or parameter that differs, "NAME was X, is Y"; "" when they cannot be read.
std::string what_changed(const std::string& before, const std::string& now) {
  const json a = json::parse(before, nullptr, false), b = json::parse(now, nullptr, false);
  if (a.is_discarded() || b.is_discarded() || !a.is_object() || !b.is_object()) return "";
  std::vector<std::string> changes;
  auto compare = [&](const json& x, const json& y, const std::string& prefix) {
    std::set<std::string> keys;
    for (auto it = x.begin(); it != x.end(); ++it) keys.insert(it.key());
    for (auto it = y.begin(); it != y.end(); ++it) keys.insert(it.key());
    for (const auto& k : keys) {
      if (prefix.empty() && k == "parameters") continue;
      const bool in_x = x.contains(k), in_y = y.contains(k);
      if (in_x && in_y && x.at(k) == y.at(k)) continue;
      changes.push_back(prefix + k + (in_x ? " was " + x.at(k).dump() : " was absent") +
                        (in_y ? ", is " + y.at(k).dump() : ", is absent"));
    }
  };
  compare(a, b, "");
  compare(a.value("parameters", json::object()), b.value("parameters", json::object()),
          "parameter ");
  std::string out;
  for (const auto& c : changes) out += (out.empty() ? "" : "; ") + c;
  return out;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  return in ? std::string((std::istreambuf_iterator<char>(in)), {}) : std::string();
}

// The output path, checked before the parameters are (which takes a child process per value).
void check_output_dir_early(const fs::path& dir, const std::string& option) {
  std::error_code ec;
  if (!fs::is_regular_file(dir / "sweep.json", ec)) check_output_dir(dir.string(), option);
}

// DIR holds one sweep's runs (DIR/sweep.json says which): resumed, or emptied with --fresh;
// another sweep's is refused, and so is anything botsim did not write (check_output_dir).
void prepare_sweep_dir(const fs::path& dir, const SweepSpec& spec, bool fresh,
                       const std::string& option) {
  const std::string id = sweep_identity(spec);
  std::error_code ec;
  const fs::file_status st = fs::symlink_status(dir, ec);
  const bool a_sweep = fs::is_directory(st) && fs::is_regular_file(dir / "sweep.json", ec);
  if (!a_sweep && check_output_dir(dir.string(), option) == OutputState::Ours)
    throw InputError(dir.string(), option,
                     "holds botsim's results but no sweep (no sweep.json): give another "
                     "directory");
  const std::string before = read_file(dir / "sweep.json");
  if (a_sweep) {
    if (before != id && !fresh) {
      const std::string changed = what_changed(before, id);
      throw InputError(dir.string(), option,
                       "holds the runs of another sweep (" +
                           (changed.empty() ? std::string("its sweep.json names other files, "
                                                          "plug-ins or parameters")
                                            : changed) +
                           "): give another directory, or --fresh to replace them");
    }
    if (fresh) {
      for (const char* f : {"runs", "runs.csv", "summary.csv", "jobs.txt", "sweep.sbatch"})
        fs::remove_all(dir / f);
    } else {
      std::cout << "resuming the sweep in " << dir.string()
                << ": its finished runs are kept (--fresh starts over)\n";
    }
  }
  fs::create_directories(dir);
  mark_results_dir(dir);
  std::ofstream(dir / "sweep.json") << id;
}

void write_csv_atomically(const fs::path& path, const CsvTable& table) {
  const fs::path tmp = path.string() + ".tmp-" + std::to_string(getpid());
  write_csv(tmp.string(), table, true);
  fs::rename(tmp, path);
}

json read_json(const fs::path& path) {
  std::ifstream in(path);
  try {
    return json::parse(in);
  } catch (const json::exception& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

void collect(const SweepSpec& spec, const std::vector<std::vector<std::string>>& settings,
             const std::vector<PlannedRun>& planned, const fs::path& dir) {
  size_t missing = 0;
  std::string first;
  for (const auto& p : planned)
    if (!run_finished(p.request.out_dir) && missing++ == 0) first = p.request.out_dir;
  if (missing)
    throw InputError(dir.string(), "",
                     fmt::format("{} of {} runs have no results yet (the first: {}): run them, "
                                 "then collect again",
                                 missing, planned.size(), first));
  std::vector<SweepRun> runs;
  for (const auto& p : planned)
    for (auto& [user, values] :
         metric_rows(spec, read_json(fs::path(p.request.out_dir) / "summary.json")))
      runs.push_back(SweepRun{p.setting, p.seed, user, std::move(values)});
  write_csv_atomically(dir / "runs.csv", sweep_runs_table(spec, settings, runs));
  write_csv_atomically(dir / "summary.csv", sweep_summary_table(spec, settings, runs));
  std::cout << "sweep: " << planned.size() << " runs (" << settings.size() << " settings x "
            << spec.replications << " seeds); " << (dir / "runs.csv").string() << ", "
            << (dir / "summary.csv").string() << "\n";
}

// Metrics outside the common fields are checked on the first run, before the others run.
void check_metrics_on_first_run(const SweepSpec& spec, const std::vector<PlannedRun>& planned) {
  bool all_known = true;
  for (const auto& m : spec.metrics)
    all_known = all_known && std::find(contract_metrics().begin(), contract_metrics().end(), m) !=
                                 contract_metrics().end();
  if (all_known || planned.empty()) return;
  const RunRequest& first = planned.front().request;
  run_many({first}, 1);
  metric_rows(spec, read_json(fs::path(first.out_dir) / "summary.json"));
}

std::string shell_quote(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789_-./=:,+@%") == std::string::npos)
    return word;
  std::string q = "'";
  for (char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// DIR/jobs.txt: one self-contained command line per run not finished yet, each writing its own
// results directory; DIR/sweep.sbatch: a Slurm job array running line $SLURM_ARRAY_TASK_ID.
void emit_jobs(const SweepSpec& spec, const std::vector<PlannedRun>& planned, const fs::path& dir) {
  const fs::path jobs = fs::absolute(dir / "jobs.txt");
  const std::string exe = self_exe();
  std::string text;
  size_t n = 0;
  for (const auto& p : planned) {
    if (run_finished(p.request.out_dir)) continue;
    std::string line;
    for (const auto& word : run_command(exe, p.request, {}))
      line += (line.empty() ? "" : " ") + shell_quote(word);
    text += line + "\n";
    ++n;
  }
  std::ofstream(jobs) << text;
  fs::create_directories(dir / "slurm");
  std::ofstream(dir / "sweep.sbatch")
      << "#!/bin/bash\n"
      << "# A Slurm job array: task i runs line i of jobs.txt (botsim sweep --emit-jobs).\n"
      << "#SBATCH --job-name=botsim-sweep\n"
      << "#SBATCH --array=1-" << std::max<size_t>(n, 1) << "\n"
      << "#SBATCH --ntasks=1\n"
      << "#SBATCH --output=" << fs::absolute(dir / "slurm").string() << "/%A_%a.out\n"
      << "set -euo pipefail\n"
      << "line=$(sed -n \"${SLURM_ARRAY_TASK_ID}p\" " << shell_quote(jobs.string()) << ")\n"
      << "[[ -n $line ]] || exit 0\n"
      << "eval \"$line\"\n";
  std::cout << "sweep: " << n << " of " << planned.size() << " runs written to " << jobs.string()
            << "\n  GNU parallel: parallel --sshloginfile HOSTS < " << jobs.string()
            << "\n  Slurm:        sbatch " << fs::absolute(dir / "sweep.sbatch").string()
            << "\n  then:         botsim sweep " << spec.file << " --collect " << dir.string()
            << "\n";
}

}  // namespace

std::vector<std::string> plugin_args(const SweepSpec& spec, const SweepOptions& opts) {
  std::vector<std::string> args;
  for (const auto& f : spec.plugins) args.insert(args.end(), {"--plugin", f});
  args.insert(args.end(), opts.plugin_args.begin(), opts.plugin_args.end());
  return args;
}

void run_sweep(const SweepOptions& o) {
  const SweepSpec spec = read_sweep_spec(o.spec_file);
  const auto settings = sweep_settings(spec);
  if (!o.collect.empty()) {
    const fs::path dir = o.collect;
    if (read_file(dir / "sweep.json") != sweep_identity(spec))
      throw InputError(dir.string(), "--collect",
                       "holds no runs of this sweep (its sweep.json is missing or differs)");
    collect(spec, settings, plan_runs(spec, settings, dir, plugin_args(spec, o)), dir);
    return;
  }
  const fs::path dir = !o.emit_jobs.empty() ? o.emit_jobs
                       : !o.out_dir.empty()
                           ? o.out_dir
                           : "results/sweeps/" + fs::path(o.spec_file).stem().string();
  const std::string option = !o.emit_jobs.empty() ? "--emit-jobs" : "--out";
  check_output_dir_early(dir, option);
  const std::vector<std::string> plugins = plugin_args(spec, o);
  check_parameters(spec, plugins);
  prepare_sweep_dir(dir, spec, o.fresh, option);
  const auto planned = plan_runs(spec, settings, fs::absolute(dir), plugins);
  if (!o.emit_jobs.empty()) return emit_jobs(spec, planned, dir);
  check_metrics_on_first_run(spec, planned);
  std::vector<RunRequest> requests;
  for (const auto& p : planned) requests.push_back(p.request);
  std::cout << "sweep: " << planned.size() << " runs, " << o.jobs << " at a time\n" << std::flush;
  run_many(requests, o.jobs);
  collect(spec, settings, planned, dir);
}

}  // namespace botsim::study
