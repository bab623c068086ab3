#pragma once
// Sections 5.1-5.3 of Gutierrez-Garcia & Sim (2012), Figs 6-14, from the runs of `botsim
// experiment gutierrez2012` (docs/gutierrez2012.md; experiment.hpp plans them). The runs'
// aggregation into the tables and figures is pure (from AgentsRun records, no SimGrid, no
// process), so that it can be checked on canned runs.
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "core/csv.hpp"
#include "core/gnuplot.hpp"
#include "core/results.hpp"
#include "papers/gutierrez2012/findings.hpp"

namespace botsim::papers::gutierrez2012 {

/// The settings of the experiment's runs: 5.1's BoT sizes; 5.2's numbers of consumers, request
/// rates (per second) and BoT sizes; 5.3's allocation mechanisms.
extern const std::vector<int> kSizes51;
extern const std::vector<int> kConsumers52;
extern const std::vector<double> kRates52;
extern const std::vector<int> kSizes52;
extern const std::vector<std::string> kMechanisms;

/// One consumer's outcome in a run (its user in summary.json).
struct AgentsOutcome {
  std::string heuristic, allocation;  // the user's policy, "heuristic/allocation"
  long tasks = 0;
  bool success = false;                                  // every task done
  double makespan_s = NAN, spent = 0, overhead_s = NAN;  // NaN: unfinished / not reported
  long messages = 0;
};
/// Throws std::runtime_error for a user without the agents model's fields.
AgentsOutcome agents_outcome(const UserRecord& user);

/// A run, what it stands for, and its consumers' outcomes.
struct AgentsRun {
  std::string section;  // "s51", "s52" or "s53"
  std::string distribution;
  int consumers = 0, tasks = 0, rep = 0;
  double rate = 0;  // requests per second (5.2)
  std::string allocation;
  std::vector<AgentsOutcome> outcomes;
};

/// A figure to write: its file's name (without extension) and the chart.
using Figure = std::pair<std::string, Chart>;

/// Section 5.1 (Figs 6-9): the mean makespan (min) of each heuristic per distribution and BoT
/// size over the "s51" runs, and overall (the mean over the sizes).
struct Section51 {
  CsvTable table;  // sec51_makespan.csv
  Makespans overall;
  std::vector<Figure> figures;
};
Section51 section51(const std::vector<AgentsRun>& runs);

/// Section 5.2 (Figs 10-11): messages per BoT, scheduling overhead and success rate per
/// number of consumers, request rate and BoT size over the "s52" runs.
struct Section52 {
  CsvTable table;  // sec52_concurrency.csv
  std::vector<ConcurrencyRow> rows;
  std::vector<Figure> figures;
};
Section52 section52(const std::vector<AgentsRun>& runs);

/// Section 5.3 (Figs 12-14): cost, makespan and messages per distribution and mechanism, each
/// heuristic's mean over the "s53" runs, and their average over the heuristics.
struct Section53 {
  CsvTable table;  // sec53_allocation.csv
  Allocations means;
  std::vector<Figure> figures;
};
Section53 section53(const std::vector<AgentsRun>& runs);

}  // namespace botsim::papers::gutierrez2012
