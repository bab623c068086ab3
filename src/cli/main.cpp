// botsim's command line (../shared/CONTRACT.md): run, validate, experiment.
#include <CLI/CLI.hpp>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "cli/experiment.hpp"
#include "cli/models.hpp"
#include "core/error.hpp"
#include "platform/scenario.hpp"
#include "platform/sim_log.hpp"
#include "version.hpp"

using namespace botsim;

namespace {

int usage_error(const std::string& message) {
  std::cerr << "botsim: " << message << "\n";
  return 2;
}

// Seeds are whole numbers that fit 64 bits: CLI11 alone would wrap "-1" and saturate overflows.
const CLI::Validator kSeed(
    [](std::string& text) -> std::string {
      bool digits = !text.empty() && text.size() <= 20 &&
                    text.find_first_not_of("0123456789") == std::string::npos;
      if (digits) {
        try {
          (void)std::stoull(text);
          return "";
        } catch (const std::out_of_range&) {
        }
      }
      return "'" + text + "' is not a whole number in [0, 18446744073709551615]";
    },
    "SEED");

int run_experiment(const std::string& name, ExperimentOptions opts) {
  for (const auto& e : experiments()) {
    if (e.name != name) continue;
    if (opts.out_dir.empty()) opts.out_dir = "results/" + name;
    e.run(opts);
    std::cout << "experiment " << name << ": results written to " << opts.out_dir << "/\n";
    return 0;
  }
  std::string known;
  for (const auto& e : experiments()) known += (known.empty() ? "" : ", ") + e.name;
  throw InputError("", "experiment", "unknown experiment '" + name + "' (known: " + known + ")");
}

}  // namespace

int main(int argc, char** argv) {
  // SimGrid's own options (--cfg=..., --log=...) go to SimGrid unchanged.
  std::vector<std::string> sg_args;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (i > 0 && (a.rfind("--cfg=", 0) == 0 || a.rfind("--log=", 0) == 0))
      sg_args.push_back(a);
    else
      rest.push_back(argv[i]);
  }

  register_models();

  CLI::App app{"botsim: bag-of-tasks scheduling and payment on grids and clouds, on SimGrid"};
  app.set_version_flag("--version", std::string("botsim ") + BOTSIM_VERSION);
  app.require_subcommand(1);

  RunOptions run_opts;
  std::string log_level = "warn";
  bool quiet = false;
  auto* run = app.add_subcommand("run", "Run one scenario and write its results directory");
  run->add_option("platform", run_opts.platform, "SimGrid platform XML")->required();
  run->add_option("deployment", run_opts.deployment, "SimGrid deployment XML")->required();
  run->add_option("--seed", run_opts.seed, "Seed of every random choice (default 1)")->check(kSeed);
  run->add_option("--out", run_opts.out_dir,
                  "Results directory (default results/runs/<deployment stem>)");
  run->add_option("--log-level", log_level, "trace, debug, info, warn (default), error, off");
  run->add_flag("--quiet", quiet, "Do not print the per-user table");
  run->footer("SimGrid options such as --cfg=network/model:CM02 are passed to SimGrid.");

  RunOptions val_opts;
  val_opts.validate_only = true;
  auto* validate = app.add_subcommand("validate", "Check a scenario's files; run nothing");
  validate->add_option("platform", val_opts.platform, "SimGrid platform XML")->required();
  validate->add_option("deployment", val_opts.deployment, "SimGrid deployment XML")->required();

  ExperimentOptions exp_opts;
  exp_opts.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::string exp_name;
  bool list = false;
  auto* experiment = app.add_subcommand("experiment", "Reproduce one paper's evaluation");
  experiment->add_option("name", exp_name, "Experiment name (see --list)");
  experiment->add_flag("--list", list, "List the experiments");
  auto* reps =
      experiment->add_option("--reps", exp_opts.reps, "Replications")->check(CLI::Range(1, 100000));
  experiment->add_option("--jobs", exp_opts.jobs, "Runs at once (default: cores)")
      ->check(CLI::Range(1, 1024));
  experiment->add_option("--seed", exp_opts.seed, "First seed (default 1)")->check(kSeed);
  experiment->add_option("--out", exp_opts.out_dir, "Output directory (default results/NAME)");

  // CLI11 would only say "A subcommand is required": name the word it did not understand.
  if (rest.size() > 1) {
    std::string first = rest[1];
    bool known = first == "--help" || first == "-h" || first == "--version";
    for (const auto* sub : {run, validate, experiment}) known = known || sub->get_name() == first;
    if (!known)
      return usage_error("unknown command '" + first +
                         "' (expected run, validate or experiment; see botsim --help)");
  }
  try {
    app.parse(static_cast<int>(rest.size()), rest.data());
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return usage_error(e.what());
  }

  try {
    if (*run) {
      setup_logging(log_level.c_str());
      run_opts.sg_args = sg_args;
      run_opts.print_table = !quiet;
      run_opts.stream_bids = true;
      run_scenario(run_opts);
    } else if (*validate) {
      setup_logging("warn");
      val_opts.sg_args = sg_args;
      run_scenario(val_opts);
    } else if (*experiment) {
      setup_logging("warn");
      if (list) {
        for (const auto& e : experiments()) std::cout << e.name << "  " << e.description << "\n";
        return 0;
      }
      if (exp_name.empty()) return usage_error("experiment: give a NAME or --list");
      exp_opts.reps_given = reps->count() > 0;
      return run_experiment(exp_name, exp_opts);
    }
  } catch (const InputError& e) {
    // One line, even when SimGrid's message spans several.
    std::string msg = e.what();
    for (char& c : msg)
      if (c == '\n') c = ' ';
    std::cerr << "botsim: " << msg << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "botsim: internal error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
