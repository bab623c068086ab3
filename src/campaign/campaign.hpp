#pragma once
// One experiment's runs, from its plan to its results directory: the kit every paper's
// reproduction is built from (docs/architecture.md, "The experiment kit"). An experiment adds
// its runs (what each one is: a platform, a deployment, a seed, its results directory), runs
// them, reads each one back from its directory, writes its tables, figures and findings into
// result(), and commits: OUT is replaced only once everything is written.
#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "campaign/registry.hpp"
#include "campaign/run_many.hpp"
#include "campaign/workspace.hpp"

namespace botsim::campaign {

/// The identity of an experiment's working directory (OUT.work/experiment.json): its name, the
/// --reps given (null when not), the seed and botsim's version. An interrupted experiment with
/// the same identity resumes from its finished runs.
WorkspaceOptions experiment_workspace(const ExperimentOptions& opts);

/// The seeds of an experiment's runs (one per run) as its page says them: "seed 1 (1 run)",
/// "seeds 1-10 (40 runs)", or "seeds 1, 3, 7 (3 runs)" when they have gaps.
std::string seeds_text(std::vector<unsigned long long> seeds);

/// The seeds of an experiment's runs part by part (`parts[i]`: run i's, as Campaign::add was
/// told; `seeds[i]` its seed): seeds_text of them all, then each part's, in the order first
/// added: "seeds 1-28 (144 runs): Fig. 1's bag, seed 1 (60 runs); the spot strategies, seeds
/// 1-28 (84 runs)". Runs of no part are counted as "other runs"; seeds_text alone when no run
/// names a part.
std::string seeds_by_part(const std::vector<unsigned long long>& seeds,
                          const std::vector<std::string>& parts);

/// What an experiment ran, for its page (botsim report): its name, botsim's version, `date`,
/// the command line, its seeds and runs (seeds_by_part, `parts` one per run or none), its
/// repetitions (--reps N, or the experiment's default as `experiment --help` says it), and the
/// platform and deployment files its runs used, each once, in the order first used (a file under
/// `result` as the path it has under `out_dir`, one under `scratch` as generated and not kept).
/// Written as OUT/runs/experiment.json: not a result (its date and command change from run to run),
/// so it is where the committed results and their digests leave it out (runs/).
nlohmann::ordered_json experiment_record(const ExperimentOptions& opts,
                                         const std::vector<RunRequest>& runs,
                                         const std::filesystem::path& result,
                                         const std::filesystem::path& scratch,
                                         const std::string& date,
                                         const std::vector<std::string>& parts = {});

class Campaign {
 public:
  /// Prepares OUT.work/ (Workspace): kept from an interrupted run of the same experiment and
  /// settings, else afresh.
  explicit Campaign(const ExperimentOptions& opts);
  Campaign(const Campaign&) = delete;
  Campaign& operator=(const Campaign&) = delete;

  /// Replications per setting: --reps when given, else the paper's count.
  int reps(int paper_reps) const;
  /// The seed of replication `rep` (from 0): --seed + rep.
  unsigned long long seed(int rep) const;

  /// What will be OUT: tables, figures, and whatever the experiment keeps (e.g. deployments/).
  const std::filesystem::path& result() const { return workspace_.result(); }
  /// Scratch space for runs that are read back and not kept.
  const std::filesystem::path& scratch() const { return workspace_.scratch(); }

  /// Writes a scenario file the experiment generates (a deployment, a platform) at `path`, its
  /// directory made if need be, and returns `path`. Throws std::runtime_error when it cannot.
  std::string write_scenario(const std::filesystem::path& path, const std::string& text) const;

  /// Plans one run, of the experiment's part `part` (what its page calls that part of its runs,
  /// e.g. "the spot strategies"; "": none); returns its index in runs().
  std::size_t add(RunRequest run, std::string part = "");
  const std::vector<RunRequest>& runs() const { return runs_; }
  /// The seeds of the runs planned so far, part by part (seeds_by_part), as the page says them.
  std::string seeds() const;
  /// The results directory of run `i`, once run() returned.
  const std::string& dir(std::size_t i) const { return runs_.at(i).out_dir; }

  /// Says "NAME: WHAT, J at a time" on stdout (WHAT: "N runs" when empty), then runs every
  /// planned run that is not finished yet, --jobs at a time, each a `botsim run` with
  /// `extra_args` (run_many: throws Interrupted on SIGINT or SIGTERM, the finished runs kept).
  void run(const std::string& what = "", const std::vector<std::string>& extra_args = {});

  /// Draws every figure whose script the experiment wrote into result() (when gnuplot is
  /// missing or fails, says so once on stdout and goes on: the CSVs and scripts are there),
  /// then puts result() in place of OUT and removes OUT.work/.
  void commit();

 private:
  const ExperimentOptions opts_;
  Workspace workspace_;
  std::vector<RunRequest> runs_;
  std::vector<std::string> parts_;  // one per run (add's `part`)
};

}  // namespace botsim::campaign
