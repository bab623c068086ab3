#include "cli/plot_command.hpp"

#include <iostream>

#include "core/output_dir.hpp"
#include "experiments/plot_run.hpp"

namespace botsim {

PlotCommand::PlotCommand(CLI::App& parent) {
  app = parent.add_subcommand(
      "plot", "Draw one run's pictures (tasks per host, bids and shares, instances)");
  app->add_option("dir", dir, "A run's results directory (botsim run --out DIR)")->required();
  app->add_option("--out", out, "Where the figures go (default DIR/plots)");
  app->footer(
      "Each figure is written as NAME.svg and NAME.png with its data (NAME.dat) and the gnuplot "
      "script that draws it (NAME.gp: edit it, then run gnuplot NAME.gp in that directory).");
}

int PlotCommand::operator()() const {
  InterruptCleanup interrupt_cleanup(out.empty() ? dir + "/plots" : out);
  const auto plots = experiments::plot_run(dir, out);
  std::cout << "plot: " << plots.figures.size() << " figures in " << plots.dir << "/:";
  for (const auto& f : plots.figures) std::cout << " " << f;
  std::cout << "\n";
  if (!plots.drawn)
    std::cout << "plot: gnuplot is not installed (Debian package gnuplot-nox): only each "
                 "figure's data and gnuplot script were written\n";
  return 0;
}

}  // namespace botsim
