#include "cli/trace_command.hpp"

#include <filesystem>
#include <iostream>

#include "core/error.hpp"
#include "core/gnuplot.hpp"
#include "core/output_dir.hpp"
#include "core/units.hpp"

namespace botsim {

TraceCommand::TraceCommand(CLI::App& parent) {
  app = parent.add_subcommand(
      "trace",
      "Find the bags of tasks of an SWF or GWF job trace (a user's jobs each within DELTA of "
      "the previous) and write them as workload files, bags.csv, figures and deployments");
  app->add_option("trace", trace, "The trace (SWF or GWF, plain or .gz)")->required();
  app->add_option("--format", format, "swf or gwf (default: by the file's name)");
  app->add_option("--delta", delta,
                  "A job within DELTA of its user's previous one joins its bag "
                  "(default 120s, as Iosup et al.)");
  app->add_option("--window", window,
                  "A..B: only jobs submitted from A to B (trace time; 3600, 90min, 48h; either "
                  "side may be empty)");
  app->add_option("--users", users, "Only these user IDs (comma-separated; repeatable)")
      ->delimiter(',')
      ->allow_extra_args(false);
  app->add_option("--min-tasks", min_tasks, "Only bags of at least K tasks (default 1)")
      ->check(CLI::Range(1LL, traces::kMaxTraceJobs));
  app->add_option("--reference-mips", opts.reference_mips,
                  "The speed a job's run time is turned into MI at, for the grid and agent "
                  "models (default 1000)")
      ->check(CLI::Range(1e-6, 1e12));
  app->add_option("--host", opts.host,
                  "The host of every user in the deployment fragments (default users)");
  app->add_option("--out", out, "Output directory (default results/traces/<trace's stem>)");
  app->add_option("--scenario", opts.scenario_resources,
                  "Also write a runnable auction scenario, scenario.platform.xml and scenario.xml: "
                  "one VO domain of N resources and the bags' Brokers")
      ->check(CLI::Range(1, 10000));
  app->footer(
      "A job's work is its run time times the processors it used (a run time of 0 counts as "
      "0.5 s; jobs of unknown run time or user are left out): seconds for the cloud models, MI at "
      "--reference-mips for the others. docs/traces.md says more.");
}

int TraceCommand::operator()() {
  opts.trace = trace;
  try {
    if (!format.empty()) {
      opts.format = traces::parse_trace_format(format);
    } else if (!traces::trace_format_of_path(trace, opts.format)) {
      throw InputError(trace, "--format",
                       "the file's name says no format (.swf, .gwf, with or without .gz): "
                       "give --format swf or gwf");
    }
  } catch (const std::invalid_argument& e) {
    throw InputError("", "--format", e.what());
  }
  try {
    opts.bags.delta_s = parse_duration(delta);
  } catch (const std::invalid_argument& e) {
    throw InputError("", "--delta", e.what());
  }
  if (!window.empty()) {
    try {
      traces::parse_window(window, opts.bags);
    } catch (const std::invalid_argument& e) {
      throw InputError("", "--window", e.what());
    }
  }
  for (const auto& u : users)
    if (!u.empty()) opts.bags.users.push_back(u);
  opts.bags.min_tasks = min_tasks;
  if (opts.host.empty() || opts.host.find_first_of("<>&\"' ") != std::string::npos)
    throw InputError("", "--host", quote_text(opts.host) + " is no host name");

  if (out.empty()) {  // as `run`'s results/runs/<deployment>: the trace's name, no extensions
    std::filesystem::path stem = std::filesystem::path(trace).filename();
    if (stem.extension() == ".gz") stem = stem.stem();
    out = "results/traces/" + stem.stem().string();
  }
  InterruptCleanup interrupt_cleanup(out);
  traces::TraceExportResult r;
  bool drawn = true;
  write_directory_atomically(out, [&](const std::string& dir) {
    r = traces::export_trace_bags(opts, dir);
    drawn = draw_figures(dir) == DrawResult::Drawn;
  });
  // "1 job", "2 jobs".
  auto count = [](auto n, const char* what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
  };
  std::cout << "trace: " << count(r.jobs, "job") << ", " << count(r.bags, "bag") << " of "
            << count(r.tasks, "task") << " (" << count(r.left_out, "job")
            << " of an unknown user or run time left out): " << out << "/\n";
  if (!drawn)
    std::cout << "trace: the figures were not drawn (gnuplot-nox missing or failing): their "
                 "data and scripts are written\n";
  return 0;
}

}  // namespace botsim
