#include "experiments/reps.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "core/error.hpp"
#include "core/results.hpp"
#include "experiments/runner.hpp"
#include "experiments/stats.hpp"
#include "experiments/sweep.hpp"
#include "platform/scenario.hpp"

namespace fs = std::filesystem;

namespace botsim::experiments {

namespace {

// "U0  3 runs  makespan_s 1210.23 ± 9.86606 s  spent 0.1 ± 0 G$  ..." per user, from reps.csv;
// `models`: each user's model, for the units. The budget only of users that have one.
std::string reps_table(const CsvTable& summary, const std::map<std::string, std::string>& models) {
  const size_t user = summary.column("user"), metric = summary.column("metric"),
               n = summary.column("n"), mean = summary.column("mean"), sd = summary.column("sd");
  std::string out, current;
  for (const auto& row : summary.rows) {
    if (row[user] != current) {
      out += (current.empty() ? "" : "\n") + fmt::format("{:<8} {:>3} runs", row[user], row[n]);
      current = row[user];
    }
    if (row[metric] == "budget" && row[n] == "0") continue;
    const std::string unit = field_unit(row[metric], models.at(row[user]));
    const std::string value = row[mean].empty()
                                  ? "-"
                                  : num6(std::stod(row[mean])) + " ± " + num6(std::stod(row[sd])) +
                                        (unit.empty() ? "" : " " + unit);
    out += "  " + row[metric] + " " + value;
  }
  return out + "\n";
}

}  // namespace

std::string run_reps(const RepsOptions& o) {
  std::vector<std::string> check{self_exe(), "validate", o.platform, o.deployment};
  std::vector<std::string> args;
  for (const auto& s : o.sets) args.insert(args.end(), {"--set", s});
  args.insert(args.end(), o.sg_args.begin(), o.sg_args.end());
  check.insert(check.end(), args.begin(), args.end());
  Captured c = run_captured(check);
  if (c.bad_input()) throw InputError(child_message(c.err));
  if (!c.ok()) throw std::runtime_error("botsim validate failed: " + c.err);
  args.insert(args.end(), {"--log-level", o.log_level});
  SweepSpec spec;
  spec.file = o.deployment;
  spec.metrics = {"makespan_s", "spent", "budget", "met_deadline"};
  std::string table;
  write_directory_atomically(o.out_dir, [&](const std::string& dir) {
    std::vector<RunRequest> requests;
    for (int i = 0; i < o.reps; ++i) {
      const unsigned long long seed = o.seed + static_cast<unsigned long long>(i);
      requests.push_back(RunRequest{o.platform, o.deployment, seed,
                                    (fs::path(dir) / ("seed-" + std::to_string(seed))).string(),
                                    args});
    }
    run_many(requests, o.jobs);
    std::vector<SweepRun> runs;
    std::map<std::string, std::string> models;
    for (const auto& r : requests) {
      std::ifstream in(fs::path(r.out_dir) / "summary.json");
      const auto summary = nlohmann::ordered_json::parse(in);
      for (const auto& u : summary.at("users"))
        models[u.at("name").get<std::string>()] = u.at("model").get<std::string>();
      for (auto& [user, values] : metric_rows(spec, summary))
        runs.push_back(SweepRun{0, r.seed, user, std::move(values)});
    }
    CsvTable summary = sweep_summary_table(spec, {{}}, runs);
    write_csv((fs::path(dir) / "reps.csv").string(), summary, true);
    if (o.default_out_dir) mark_default_out_dir(dir, o.deployment);
    table = reps_table(summary, models);
  });
  return table;
}

}  // namespace botsim::experiments
