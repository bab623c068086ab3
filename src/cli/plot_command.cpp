#include "cli/plot_command.hpp"

#include <iostream>

#include "core/output_dir.hpp"
#include "view/plot_run.hpp"
#include "view/report.hpp"

namespace botsim {

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
      "script that draws it (NAME.gp: edit it, then run gnuplot NAME.gp in that directory).");
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
      "Draw the figures first (botsim plot DIR; an experiment draws its own): the page "
      "inlines every SVG of DIR and DIR/plots. It needs nothing from the network.");
}

int ReportCommand::operator()() const {
  const auto r = view::write_report(dir, out);
  std::cout << "report: " << r.kind << ", " << r.figures
            << (r.figures == 1 ? " figure: " : " figures: ") << r.path << "\n";
  return 0;
}

}  // namespace botsim
