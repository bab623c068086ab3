#include "cli/plot_command.hpp"

#include <filesystem>
#include <iostream>

#include "core/error.hpp"
#include "core/output_dir.hpp"
#include "view/plot_run.hpp"
#include "view/report.hpp"

namespace botsim {

namespace fs = std::filesystem;

PlotCommand::PlotCommand(CLI::App& parent) {
  app = parent.add_subcommand(
      "plot",
      "Draw the pictures of a run, a run --reps or a sweep (tasks per host, bids and "
      "shares, instances; each metric's mean with its confidence interval)");
  app->add_option("dir", dir, "A results directory (botsim run, run --reps or sweep --out DIR)")
      ->required();
  app->add_option("--out", out, "Where the figures go (default DIR/plots)");
  app->footer(
      "Each figure is written as NAME.svg and NAME.png with its data (NAME.dat) and the gnuplot "
      "script that draws it (NAME.gp: edit it, then run gnuplot NAME.gp in that directory). "
      "The page of DIR with these figures, as botsim report DIR writes it, is DIR/report.html "
      "(with --out, OUT/report.html).");
}

int PlotCommand::operator()() const {
  InterruptCleanup interrupt_cleanup(out.empty() ? dir + "/plots" : out);
  const auto plots = view::plot_run(dir, out);
  std::cout << "plot: " << plots.figures.size()
            << (plots.figures.size() == 1 ? " figure in " : " figures in ") << plots.dir << "/:";
  for (const auto& f : plots.figures) std::cout << " " << f;
  std::cout << "\n";
  for (const auto& note : plots.notes) std::cout << "plot: " << note << "\n";
  if (!plots.drawn)
    std::cout << "plot: gnuplot is not installed (Debian package gnuplot-nox): only each "
                 "figure's data and gnuplot script were written\n";
  if (!out.empty()) {
    if (fs::exists(fs::path(plots.dir) / "report.html"))
      std::cout << "plot: the page: " << plots.dir << "/report.html\n";
  } else if (!view::results_kind(dir).empty()) {
    // One page per directory: DIR/report.html, as `botsim report DIR` writes it, where botsim
    // may write it (write_report: never over a file or into a directory that is not botsim's).
    try {
      const auto r = view::write_report(dir, "", "", false);
      std::cout << "plot: the page: " << r.path << "\n";
    } catch (const InputError& e) {
      std::cout << "plot: no page (" << e.what() << "); botsim report " << dir
                << " --out FILE writes it elsewhere\n";
    }
  }
  return 0;
}

ReportCommand::ReportCommand(CLI::App& parent) {
  app = parent.add_subcommand(
      "report",
      "One self-contained HTML page of a results directory: what was run, its "
      "tables and findings, every figure inline, links to its files");
  app->add_option("dir", dir, "A results directory (a run, run --reps, sweep or experiment)")
      ->required();
  app->add_option("--out", out, "The page (default DIR/report.html)");
  app->footer(
      "The page inlines every SVG of DIR and DIR/plots, each once, in reading order with a "
      "caption; when there are none, it draws them into DIR/plots first (as botsim plot DIR, "
      "with gnuplot installed). botsim plot DIR writes the same page. It needs nothing from "
      "the network.");
}

int ReportCommand::operator()() const {
  InterruptCleanup interrupt_cleanup(dir + "/plots");  // the figures it may draw
  const auto r = view::write_report(dir, out);
  if (!r.drawn.empty())
    std::cout << "report: drew " << r.drawn.size() << (r.drawn.size() == 1 ? " figure" : " figures")
              << " into " << dir << "/plots/\n";
  std::cout << "report: " << r.kind << ", " << r.figures
            << (r.figures == 1 ? " figure: " : " figures: ") << r.path << "\n";
  return 0;
}

}  // namespace botsim
