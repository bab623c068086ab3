// botsim's command line (README.md): run, validate, experiment, sweep, plot, report, trace,
// policies.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <simgrid/s4u/Engine.hpp>
#include <string>
#include <thread>
#include <vector>

#include "campaign/child_process.hpp"
#include "campaign/data_files.hpp"
#include "campaign/registry.hpp"
#include "campaign/run_many.hpp"
#include "campaign/workspace.hpp"
#include "cli/compare_command.hpp"
#include "cli/models.hpp"
#include "cli/plot_command.hpp"
#include "cli/run_table.hpp"
#include "cli/trace_command.hpp"
#include "core/error.hpp"
#include "core/output_dir.hpp"
#include "platform/abort_guard.hpp"
#include "platform/run.hpp"
#include "platform/scenario.hpp"
#include "platform/sim_log.hpp"
#include "policy/plugins.hpp"
#include "policy/registry.hpp"
#include "study/reps.hpp"
#include "study/sweep.hpp"
#include "version.hpp"

using namespace botsim;
using botsim::campaign::ExperimentOptions;

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
      return quote_text(text) + " is not a whole number in [0, 18446744073709551615]";
    },
    "SEED");

// The command line as a shell would take it again: "botsim" and each argument, in single
// quotes when it holds anything but letters, digits and -_./=,:+@%.
std::string command_line(int argc, char** argv) {
  std::string out = "botsim";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool plain = !a.empty() && a.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLM"
                                         "NOPQRSTUVWXYZ0123456789-_./=,:+@%") == std::string::npos;
    std::string quoted = "'";
    for (char c : a) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += " " + (plain ? a : quoted + "'");
  }
  return out;
}

int run_experiment(const std::string& name, ExperimentOptions opts) {
  for (const auto& e : campaign::registered()) {
    if (e.name != name) continue;
    if (opts.out_dir.empty()) opts.out_dir = "results/" + name;
    opts.name = name;
    InterruptCleanup interrupt_cleanup(opts.out_dir);
    try {
      e.run(opts);
    } catch (const InputError&) {
      // The scenario files are wrong: runs made from them are not worth resuming.
      campaign::remove_work_dir(campaign::work_dir_of(opts.out_dir));
      throw;
    }
    std::cout << "experiment " << name << ": results written to " << opts.out_dir << "/\n";
    return 0;
  }
  std::string known;
  for (const auto& e : campaign::registered()) known += (known.empty() ? "" : ", ") + e.name;
  throw InputError("", "experiment",
                   "unknown experiment " + quote_text(name) + " (known: " + known + ")");
}

// --plugin FILE (repeatable) and --policy-timeout S, for the commands that run or check
// scenarios (docs/policies.md).
struct PluginOptions {
  std::vector<std::string> files;
  double timeout_s = 60;

  void add_to(CLI::App* app) {
    app->add_option("--plugin", files,
                    "FILE.so or FILE.py: load the policies a C++ plug-in or a Python file "
                    "declares (repeatable; a plug-in runs with botsim's rights)")
        ->allow_extra_args(false);
    app->add_option("--policy-timeout", timeout_s,
                    "Longest a Python policy may take for one call, or a Python file to load, "
                    "in seconds of wall-clock time (default 60; 0: no limit)")
        ->check(CLI::Range(0.0, 1e6));
  }
  /// Loads them in this process.
  void load() const {
    policy::set_policy_timeout(timeout_s);
    for (const auto& f : files) policy::load_plugin(f);
  }
  /// The same options for a child botsim (absolute paths).
  std::vector<std::string> args() const {
    std::vector<std::string> out;
    for (const auto& f : files)
      out.insert(out.end(), {"--plugin", std::filesystem::absolute(f).lexically_normal().string()});
    if (!files.empty())
      out.insert(out.end(), {"--policy-timeout", CLI::detail::to_string(timeout_s)});
    return out;
  }
};

// Each subcommand: its options, then what it does once they are parsed.
struct RunCommand {
  CLI::App* app;
  RunOptions opts;
  std::string log_level = "warn";
  bool quiet = false;
  std::vector<std::string> sets;
  int reps = 1;
  int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  bool fresh = false;
  PluginOptions plugins;

  explicit RunCommand(CLI::App& parent) {
    app = parent.add_subcommand("run", "Run one scenario and write its results directory");
    app->add_option("platform", opts.platform, "SimGrid platform XML")->required();
    app->add_option("deployment", opts.deployment, "SimGrid deployment XML")->required();
    app->add_option("--seed", opts.seed, "Seed of every random choice (default 1)")->check(kSeed);
    app->add_option("--out", opts.out_dir,
                    "Results directory (default results/runs/<deployment stem>)");
    app->add_option("--log-level", log_level, "trace, debug, info, warn (default), error, off");
    app->add_flag("--quiet", quiet, "Do not print the per-user table");
    app->add_flag("--transfers", opts.log_transfers,
                  "Also write transfers.csv: every message's instant, sender, receiver and size "
                  "(bench/'s transfer floor replays it)");
    app->add_option("--set", sets,
                    "ACTOR.PROP=VALUE: change a deployment prop (ACTOR: its name or host); "
                    "repeatable")
        ->allow_extra_args(false);
    app->add_option("--reps", reps,
                    "Run N seeds (seed, seed+1, ...) as separate processes into DIR/seed-<s>/ "
                    "and print each user's mean and deviation")
        ->check(CLI::Range(1, 100000));
    app->add_option("--jobs", jobs, "With --reps: runs at once (default: cores)")
        ->check(CLI::Range(1, 1024));
    app->add_flag("--fresh", fresh,
                  "With --reps: redo every run (default: keep those an interrupted command "
                  "finished)");
    plugins.add_to(app);
    app->footer(
        "SimGrid options such as --cfg=network/model:CM02 are passed to SimGrid (botsim "
        "--help-models lists SimGrid's models).");
  }
  int operator()(const std::vector<std::string>& sg_args) {
    setup_logging(log_level.c_str());
    opts.sg_args = sg_args;
    for (const auto& s : sets) opts.settings.push_back(parse_prop_setting(s, "--set"));
    if (reps > 1) return run_reps(sg_args);
    plugins.load();
    opts.stream_timelines = true;
    std::unique_ptr<Run> run = run_scenario(opts);
    if (!quiet)
      std::cout << run_table(run->results()) << "results written to "
                << (opts.out_dir.empty() ? default_out_dir(opts.deployment) : opts.out_dir)
                << "/\n";
    return 0;
  }
  int run_reps(const std::vector<std::string>& sg_args) {
    study::RepsOptions r;
    r.platform = opts.platform;
    r.deployment = opts.deployment;
    r.seed = opts.seed;
    r.reps = reps;
    r.jobs = jobs;
    r.default_out_dir = opts.out_dir.empty();
    r.out_dir = r.default_out_dir ? default_out_dir(opts.deployment) : opts.out_dir;
    r.sets = sets;
    r.sg_args = sg_args;
    r.plugin_args = plugins.args();
    r.log_level = log_level;
    r.fresh = fresh;
    campaign::set_progress(!quiet);
    InterruptCleanup interrupt_cleanup(r.out_dir);
    std::string table = study::run_reps(r);
    if (!quiet) std::cout << table << "results written to " << r.out_dir << "/\n";
    return 0;
  }
};

struct ValidateCommand {
  CLI::App* app;
  RunOptions opts;
  std::vector<std::string> sets;
  PluginOptions plugins;

  explicit ValidateCommand(CLI::App& parent) {
    opts.validate_only = true;
    app = parent.add_subcommand("validate", "Check a scenario's files; run nothing");
    app->add_option("platform", opts.platform, "SimGrid platform XML")->required();
    app->add_option("deployment", opts.deployment, "SimGrid deployment XML")->required();
    app->add_option("--set", sets, "ACTOR.PROP=VALUE, as for run; repeatable")
        ->allow_extra_args(false);
    plugins.add_to(app);
  }
  int operator()(const std::vector<std::string>& sg_args) {
    setup_logging("warn");
    plugins.load();
    opts.sg_args = sg_args;
    for (const auto& s : sets) opts.settings.push_back(parse_prop_setting(s, "--set"));
    run_scenario(opts);
    return 0;
  }
};

struct ExperimentCommand {
  CLI::App* app;
  CLI::Option* reps;
  ExperimentOptions opts;
  std::string name, data_dir;
  bool list = false, quiet = false;

  explicit ExperimentCommand(CLI::App& parent) {
    opts.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    app = parent.add_subcommand("experiment", "Reproduce one paper's evaluation");
    app->add_option("name", name, "Experiment name (see --list)");
    app->add_flag("--list", list, "List the experiments");
    reps = app->add_option("--reps", opts.reps, "Replications (default: per experiment, below)")
               ->check(CLI::Range(1, 100000));
    app->add_option("--jobs", opts.jobs, "Runs at once (default: cores)")
        ->check(CLI::Range(1, 1024));
    app->add_option("--seed", opts.seed, "First seed (default 1)")->check(kSeed);
    app->add_option("--out", opts.out_dir, "Output directory (default results/NAME)");
    app->add_flag("--fresh", opts.fresh,
                  "Redo every replication (default: keep those an interrupted run finished)");
    app->add_flag("--quiet", quiet, "No progress line on the terminal");
    app->add_option("--data-dir", data_dir,
                    "Where the shipped platforms/, deployments/ and workloads/ are (default: "
                    "below)");
    app->footer([] {
      std::string text = "Default --reps:";
      for (const auto& e : campaign::registered()) text += "\n  " + e.name + ": " + e.default_reps;
      return text +
             "\n\nThe shipped platforms/, deployments/ and workloads/ are looked for in\n"
             "--data-dir DIR alone, else in $BOTSIM_DATA_DIR alone when it is set, else in turn\n"
             "in the current directory, the source tree of the build botsim runs from,\n"
             "PREFIX/share/botsim for a botsim installed as PREFIX/bin/botsim, and the\n"
             "share/botsim of the prefix botsim was configured with.";
    });
  }
  int operator()() {
    setup_logging("warn");
    if (list) {
      // NAME, about how long it takes at its defaults on two cores, what it reproduces.
      size_t width = 0, took = 0;
      for (const auto& e : campaign::registered()) {
        width = std::max(width, e.name.size());
        took = std::max(took, e.duration.size());
      }
      for (const auto& e : campaign::registered())
        std::cout << e.name << std::string(width + 2 - e.name.size(), ' ') << e.duration
                  << std::string(took + 2 - e.duration.size(), ' ') << e.description << "\n";
      return 0;
    }
    if (name.empty()) return usage_error("experiment: give a NAME or --list");
    if (!data_dir.empty()) campaign::set_data_dir(data_dir);
    opts.reps_given = reps->count() > 0;
    // results/NAME holds the shipped results, made at the defaults: other settings go where
    // the user says (docs/reference.md).
    if (opts.out_dir.empty() && (opts.reps_given || opts.seed != 1 || !data_dir.empty()))
      throw InputError("", "experiment " + name,
                       "results/" + name +
                           " holds the results at the default --reps, --seed and "
                           "data: give --out DIR for other settings");
    campaign::set_progress(!quiet);
    return run_experiment(name, opts);
  }
};

struct SweepCommand {
  CLI::App* app;
  study::SweepOptions opts;
  bool quiet = false;
  PluginOptions plugins;

  explicit SweepCommand(CLI::App& parent) {
    opts.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    app = parent.add_subcommand("sweep", "Run one scenario over the cross product of prop values");
    app->add_option("spec", opts.spec_file, "Sweep spec (JSON; docs/sweeps.md)")->required();
    app->add_option("--out", opts.out_dir, "Output directory (default results/sweeps/<spec stem>)");
    app->add_option("--jobs", opts.jobs, "Runs at once (default: cores)")
        ->check(CLI::Range(1, 1024));
    app->add_flag("--fresh", opts.fresh, "Redo every run (default: keep the finished ones)");
    app->add_flag("--quiet", quiet, "No progress line on the terminal");
    auto* emit = app->add_option("--emit-jobs", opts.emit_jobs,
                                 "Write the runs as jobs (GNU parallel, Slurm) into DIR; run none");
    app->add_option("--collect", opts.collect,
                    "Merge the results of jobs written by --emit-jobs DIR into DIR's CSVs")
        ->excludes(emit);
    plugins.add_to(app);
  }
  int operator()() {
    setup_logging("warn");
    opts.plugin_args = plugins.args();
    campaign::set_progress(!quiet);
    InterruptCleanup interrupt_cleanup("");  // a sweep's directory is written in place

    study::run_sweep(opts);
    return 0;
  }
};

// `botsim policies`: every policy known, built in or loaded, by decision point.
struct PoliciesCommand {
  CLI::App* app;
  PluginOptions plugins;

  explicit PoliciesCommand(CLI::App& parent) {
    app = parent.add_subcommand(
        "policies", "List every policy known (built in or loaded), its decision point and use");
    plugins.add_to(app);
  }
  int operator()() {
    setup_logging("warn");
    plugins.load();
    size_t point_width = 0, name_width = 0;
    for (auto point : policy::decision_points()) {
      point_width = std::max(point_width, std::string(policy::decision_point_name(point)).size());
      for (const auto* e : policy::policies_of(point))
        name_width = std::max(name_width, e->name.size());
    }
    for (auto point : policy::decision_points()) {
      const std::string p = policy::decision_point_name(point);
      for (const auto* e : policy::policies_of(point)) {
        std::cout << p << std::string(point_width + 2 - p.size(), ' ') << e->name
                  << std::string(name_width + 2 - e->name.size(), ' ') << e->description;
        if (!e->built_in()) std::cout << " [" << e->origin << "]";
        std::cout << "\n";
      }
    }
    return 0;
  }
};

// SimGrid's own options (--cfg=..., --log=...) go to SimGrid unchanged; the rest to CLI11.
std::vector<char*> split_simgrid_args(int argc, char** argv, std::vector<std::string>& sg_args) {
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (i > 0 && (a.rfind("--cfg=", 0) == 0 || a.rfind("--log=", 0) == 0 || a == "--help-models"))
      sg_args.push_back(a);
    else
      rest.push_back(argv[i]);
  }
  return rest;
}

// One line, even when SimGrid's message spans several.
int input_error(const InputError& e) {
  std::string msg = e.what();
  for (char& c : msg)
    if (c == '\n') c = ' ';
  std::cerr << "botsim: " << msg << "\n";
  return 2;
}

}  // namespace

// botsim's command line, in this process or in a child forked by run_many (set_run_entry).
static int botsim_main(int argc, char** argv) {
  std::vector<std::string> sg_args;
  std::vector<char*> rest = split_simgrid_args(argc, argv, sg_args);

  // Named, so that usage lines say "botsim", not the path it was started by (and the man page,
  // written from this help, too).
  CLI::App app{"botsim: bag-of-tasks scheduling and payment on grids and clouds, on SimGrid",
               "botsim"};
  app.set_version_flag("--version", std::string("botsim ") + BOTSIM_VERSION);
  app.require_subcommand(1);
  RunCommand run(app);
  ValidateCommand validate(app);
  ExperimentCommand experiment(app);
  PlotCommand plot(app);
  ReportCommand report(app);
  SweepCommand sweep(app);
  TraceCommand trace(app);
  PoliciesCommand policies(app);
  CompareCommand compare(app);
  // After the commands: a command made later would inherit it.
  app.footer(
      "Each command's options: botsim COMMAND --help (or botsim help COMMAND).\n"
      "Exit codes: 0 success; 1 internal error; 2 bad input or usage, with one message naming\n"
      "the file and the problem; 128+N interrupted by signal N.");

  // `botsim help [COMMAND]` is `botsim [COMMAND] --help`.
  static char help_flag[] = "--help";
  if (rest.size() > 1 && std::string(rest[1]) == "help") {
    rest.erase(rest.begin() + 1);
    rest.insert(rest.begin() + std::min<std::ptrdiff_t>(2, rest.size()), help_flag);
  }
  // `botsim --help-models`: SimGrid's list of its network, CPU and host models (the values of
  // --cfg=network/model:... and the like), which it prints as it starts, then exits.
  if (rest.size() == 1 &&
      std::find(sg_args.begin(), sg_args.end(), "--help-models") != sg_args.end()) {
    static char name[] = "botsim", models[] = "--help-models";
    char* sg_argv[] = {name, models, nullptr};
    int sg_argc = 2;
    simgrid::s4u::Engine engine(&sg_argc, sg_argv);
    return 0;
  }
  // `botsim` alone is `botsim --help`.
  if (rest.size() == 1) rest.push_back(help_flag);
  // CLI11 would only say "A subcommand is required": name the word it did not understand.
  if (rest.size() > 1) {
    std::string first = rest[1];
    bool known = first == "--help" || first == "-h" || first == "--version";
    for (const auto* sub : {run.app, validate.app, experiment.app, sweep.app, plot.app, report.app,
                            trace.app, policies.app, compare.app})
      known = known || sub->get_name() == first;
    if (!known)
      return usage_error("unknown command '" + first +
                         "' (expected run, validate, experiment, sweep, plot, report, compare, "
                         "trace or policies; see botsim --help)");
  }
  try {
    app.parse(static_cast<int>(rest.size()), rest.data());
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return usage_error(e.what());
  }

  try {
    if (*run.app) return run(sg_args);
    if (*validate.app) return validate(sg_args);
    if (*experiment.app) {
      experiment.opts.command = command_line(argc, argv);
      return experiment();
    }
    if (*plot.app) return plot();
    if (*report.app) return report();
    if (*sweep.app) return sweep();
    if (*trace.app) return trace();
    if (*policies.app) return policies();
    if (*compare.app) return compare();
  } catch (const InputError& e) {
    return input_error(e);
  } catch (const campaign::Interrupted& e) {
    std::cerr << "botsim: " << e.what() << "\n";
    return 128 + e.signal();
  } catch (const std::exception& e) {
    std::cerr << "botsim: internal error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

int main(int argc, char** argv) {
  register_models();
  policy::set_stuck_policy_exit(exit_bad_input_now);
  campaign::set_run_entry([](const std::vector<std::string>& command) {
    std::vector<std::string> args = command;
    std::vector<char*> child_argv;
    for (auto& a : args) child_argv.push_back(a.data());
    child_argv.push_back(nullptr);
    return botsim_main(static_cast<int>(args.size()), child_argv.data());
  });
  return botsim_main(argc, argv);
}
