#include "campaign/campaign.hpp"

#include <algorithm>
#include <ctime>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <utility>

#include "core/gnuplot.hpp"
#include "version.hpp"

namespace botsim::campaign {

namespace fs = std::filesystem;

WorkspaceOptions experiment_workspace(const ExperimentOptions& opts) {
  nlohmann::ordered_json id{
      {"experiment", opts.name},
      {"reps", opts.reps_given ? nlohmann::ordered_json(opts.reps) : nlohmann::ordered_json()},
      {"seed", opts.seed},
      {"botsim_version", BOTSIM_VERSION}};
  return WorkspaceOptions{opts.out_dir, "experiment.json", std::move(id), opts.fresh};
}

std::string seeds_text(std::vector<unsigned long long> seeds) {
  std::sort(seeds.begin(), seeds.end());
  const std::string runs =
      " (" + std::to_string(seeds.size()) + (seeds.size() == 1 ? " run)" : " runs)");
  seeds.erase(std::unique(seeds.begin(), seeds.end()), seeds.end());
  if (seeds.empty()) return "none";
  if (seeds.size() == 1) return "seed " + std::to_string(seeds[0]) + runs;
  if (seeds.back() - seeds.front() + 1 == seeds.size())
    return "seeds " + std::to_string(seeds.front()) + "-" + std::to_string(seeds.back()) + runs;
  std::string out;
  for (auto seed : seeds) out += (out.empty() ? "seeds " : ", ") + std::to_string(seed);
  return out + runs;
}

std::string seeds_by_part(const std::vector<unsigned long long>& seeds,
                          const std::vector<std::string>& parts) {
  std::string all = seeds_text(seeds);
  if (std::all_of(parts.begin(), parts.end(), [](const std::string& p) { return p.empty(); }))
    return all;
  std::vector<std::pair<std::string, std::vector<unsigned long long>>> by_part;
  for (std::size_t i = 0; i < seeds.size() && i < parts.size(); ++i) {
    const std::string name = parts[i].empty() ? "other runs" : parts[i];
    auto it = std::find_if(by_part.begin(), by_part.end(),
                           [&](const auto& p) { return p.first == name; });
    if (it == by_part.end()) it = by_part.insert(by_part.end(), {name, {}});
    it->second.push_back(seeds[i]);
  }
  for (std::size_t k = 0; k < by_part.size(); ++k)
    all += (k == 0 ? ": " : "; ") + by_part[k].first + ", " + seeds_text(by_part[k].second);
  return all;
}

nlohmann::ordered_json experiment_record(const ExperimentOptions& opts,
                                         const std::vector<RunRequest>& runs,
                                         const fs::path& result, const fs::path& scratch,
                                         const std::string& date,
                                         const std::vector<std::string>& parts) {
  auto under = [](const fs::path& file, const fs::path& dir) {
    const fs::path rel =
        fs::path(file).lexically_normal().lexically_relative(fs::path(dir).lexically_normal());
    return !dir.empty() && !rel.empty() && *rel.begin() != "..";
  };
  auto shown = [&](const std::string& file) {
    if (under(file, result))
      return (fs::path(opts.out_dir) /
              fs::path(file).lexically_normal().lexically_relative(result.lexically_normal()))
          .generic_string();
    if (under(file, scratch)) return fs::path(file).filename().string() + " (generated, not kept)";
    return file;
  };
  nlohmann::ordered_json platforms = nlohmann::ordered_json::array(),
                         deployments = nlohmann::ordered_json::array();
  auto add = [](nlohmann::ordered_json& list, const std::string& path) {
    if (std::find(list.begin(), list.end(), path) == list.end()) list.push_back(path);
  };
  std::string repetitions = "--reps " + std::to_string(opts.reps);
  if (!opts.reps_given) {
    repetitions = "the experiment's default";
    for (const auto& e : registered())
      if (e.name == opts.name) repetitions += ": " + e.default_reps;
  }
  std::vector<unsigned long long> seeds;
  for (const auto& r : runs) {
    add(platforms, shown(r.platform));
    add(deployments, shown(r.deployment));
    seeds.push_back(r.seed);
  }
  return {{"experiment", opts.name},
          {"botsim_version", BOTSIM_VERSION},
          {"date", date},
          {"command", opts.command},
          {"seeds", seeds_by_part(seeds, parts)},
          {"repetitions", repetitions},
          {"platforms", platforms},
          {"deployments", deployments}};
}

Campaign::Campaign(const ExperimentOptions& opts)
    : opts_(opts), workspace_(experiment_workspace(opts)) {}

int Campaign::reps(int paper_reps) const { return opts_.reps_given ? opts_.reps : paper_reps; }

unsigned long long Campaign::seed(int rep) const {
  return opts_.seed + static_cast<unsigned long long>(rep);
}

std::string Campaign::write_scenario(const fs::path& path, const std::string& text) const {
  if (path.has_parent_path()) fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
  return path.string();
}

std::size_t Campaign::add(RunRequest run, std::string part) {
  runs_.push_back(std::move(run));
  parts_.push_back(std::move(part));
  return runs_.size() - 1;
}

std::string Campaign::seeds() const {
  std::vector<unsigned long long> seeds;
  for (const auto& r : runs_) seeds.push_back(r.seed);
  return seeds_by_part(seeds, parts_);
}

void Campaign::run(const std::string& what, const std::vector<std::string>& extra_args) {
  const std::size_t at_once = std::min<std::size_t>(static_cast<std::size_t>(opts_.jobs),
                                                    std::max<std::size_t>(runs_.size(), 1));
  std::cout << opts_.name << ": " << (what.empty() ? std::to_string(runs_.size()) + " runs" : what)
            << ", " << at_once << " at a time\n"
            << std::flush;
  run_many(runs_, opts_.jobs, extra_args);
}

void Campaign::commit() {
  switch (draw_figures(result().string())) {
    case DrawResult::Drawn:
      break;
    case DrawResult::NoGnuplot:
      std::cout << opts_.name
                << ": figures skipped: gnuplot is not installed (Debian package gnuplot-nox); "
                   "the CSVs and each figure's gnuplot script are written (cd "
                << opts_.out_dir << " && gnuplot FIGURE.gp)\n";
      break;
    case DrawResult::Failed:
      std::cout << opts_.name
                << ": gnuplot could not draw every figure (its messages are above); the CSVs "
                   "and the figures' scripts are written\n";
      break;
  }
  // How it was run, for its page: in runs/, which the committed results leave out.
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&now));
  fs::create_directories(result() / "runs");
  write_scenario(result() / "runs" / "experiment.json",
                 experiment_record(opts_, runs_, result(), scratch(), date, parts_).dump(2) + "\n");
  workspace_.commit();
}

}  // namespace botsim::campaign
