#include "campaign/campaign.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <stdexcept>

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

std::size_t Campaign::add(RunRequest run) {
  runs_.push_back(std::move(run));
  return runs_.size() - 1;
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
  workspace_.commit();
}

}  // namespace botsim::campaign
