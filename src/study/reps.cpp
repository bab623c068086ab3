#include "study/reps.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>

#include "campaign/child_process.hpp"
#include "campaign/run_many.hpp"
#include "campaign/stats.hpp"
#include "campaign/workspace.hpp"
#include "core/error.hpp"
#include "core/results.hpp"
#include "platform/scenario.hpp"
#include "study/sweep.hpp"
#include "version.hpp"

namespace fs = std::filesystem;

namespace botsim::study {

using campaign::Captured;
using campaign::child_message;
using campaign::content_digest;
using campaign::num6;
using campaign::plugin_digests;
using campaign::prepare_work_dir;
using campaign::run_captured;
using campaign::run_many;
using campaign::RunRequest;
using campaign::self_exe;
using campaign::work_dir_of;

namespace {

// Per user, each metric's mean ± standard deviation over the runs (reps.csv), in aligned
// columns headed by the metric and its unit; `models`: each user's model, for the units. The
// budget only where some user has one; "n/a" for the deviation of a single run.
std::string reps_table(const CsvTable& summary, const std::map<std::string, std::string>& models) {
  const size_t user = summary.column("user"), metric = summary.column("metric"),
               n = summary.column("n"), mean = summary.column("mean"), sd = summary.column("sd");
  std::vector<std::string> users, metrics;
  std::map<std::string, std::string> runs;
  std::map<std::pair<std::string, std::string>, std::string> cells;
  std::map<std::string, std::string> headers;
  for (const auto& row : summary.rows) {
    if (runs.emplace(row[user], row[n]).second) users.push_back(row[user]);
    if (row[metric] == "budget" && row[n] == "0") continue;
    if (!headers.count(row[metric])) {
      metrics.push_back(row[metric]);
      const std::string unit = field_unit(row[metric], models.at(row[user]));
      headers[row[metric]] = row[metric] + (unit.empty() ? "" : " (" + unit + ")");
    }
    const bool one = row[n] == "1";
    cells[{row[user], row[metric]}] =
        row[mean].empty() ? "-"
                          : num6(std::stod(row[mean])) + " ± " +
                                (one || row[sd].empty() ? "n/a" : num6(std::stod(row[sd])));
  }
  std::vector<std::vector<std::string>> table{{"user", "runs"}};
  for (const auto& m : metrics) table[0].push_back(headers[m]);
  for (const auto& u : users) {
    table.push_back({u, runs[u]});
    for (const auto& m : metrics) {
      auto it = cells.find({u, m});
      table.back().push_back(it == cells.end() ? "-" : it->second);
    }
  }
  // Widths in characters, "±" counted once (two bytes in UTF-8).
  auto width = [](const std::string& t) {
    size_t w = 0;
    for (unsigned char c : t) w += (c & 0xC0) != 0x80;
    return w;
  };
  std::vector<size_t> widths(table[0].size(), 0);
  for (const auto& row : table)
    for (size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], width(row[c]));
  std::string out;
  for (const auto& row : table) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      const std::string pad(widths[c] - width(row[c]), ' ');
      line += (c ? "  " : "") + (c == 1 ? pad + row[c] : row[c] + pad);  // runs right-aligned
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out + "(each value: mean ± standard deviation over the runs)\n";
}

}  // namespace

std::string run_reps(const RepsOptions& o) {
  check_output_dir(o.out_dir);
  std::vector<std::string> check{self_exe(), "validate", o.platform, o.deployment};
  std::vector<std::string> args;
  for (const auto& s : o.sets) args.insert(args.end(), {"--set", s});
  args.insert(args.end(), o.sg_args.begin(), o.sg_args.end());
  args.insert(args.end(), o.plugin_args.begin(), o.plugin_args.end());
  check.insert(check.end(), args.begin(), args.end());
  Captured c = run_captured(check);
  if (c.bad_input()) throw InputError(child_message(c.err));
  if (!c.ok()) throw std::runtime_error("botsim validate failed: " + c.err);
  args.insert(args.end(), {"--log-level", o.log_level});
  // What makes the runs in DIR.work the same runs: each seed's run depends on these (and on the
  // workload files the deployment names, which a resume takes as unchanged).
  const fs::path work = work_dir_of(o.out_dir);
  nlohmann::ordered_json id{{"platform", fs::absolute(o.platform).lexically_normal()},
                            {"platform_digest", content_digest(o.platform)},
                            {"deployment", fs::absolute(o.deployment).lexically_normal()},
                            {"deployment_digest", content_digest(o.deployment)},
                            {"arguments", args},
                            {"botsim_version", BOTSIM_VERSION}};
  // The plug-ins' contents (absent without plug-ins, as before they existed).
  if (auto digests = plugin_digests(o.plugin_args); !digests.empty())
    id["plugin_digests"] = digests;
  prepare_work_dir(work, "reps.json", id, o.fresh);
  std::vector<RunRequest> requests;
  for (int i = 0; i < o.reps; ++i) {
    const unsigned long long seed = o.seed + static_cast<unsigned long long>(i);
    requests.push_back(RunRequest{o.platform, o.deployment, seed,
                                  (work / ("seed-" + std::to_string(seed))).string(), args});
  }
  run_many(requests, o.jobs);
  SweepSpec spec;
  spec.file = o.deployment;
  spec.metrics = {"makespan_s", "spent", "budget", "met_deadline"};
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
  // DIR.work becomes DIR: its runs of other seeds (an earlier --reps) and its identity go.
  for (const auto& e : fs::directory_iterator(work)) {
    const std::string name = e.path().filename().string();
    const bool requested = std::any_of(requests.begin(), requests.end(), [&](const RunRequest& r) {
      return fs::path(r.out_dir).filename() == name;
    });
    if (!requested && name != kMarkerFile) fs::remove_all(e.path());
  }
  write_csv((work / "reps.csv").string(), summary, true);
  if (o.default_out_dir) mark_default_out_dir(work.string(), o.deployment);
  replace_directory(work, o.out_dir);
  return reps_table(summary, models);
}

}  // namespace botsim::study
