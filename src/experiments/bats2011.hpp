#pragma once
// `botsim experiment bats2011` (docs/bats2011.md): section 4 of Oprescu, Kielmann & Leahu
// (2011) on the five scenarios of 4.1 (Fig. 5, Tables 1 and 2, Figs 6 and 7).
#include <vector>

#include "core/csv.hpp"
#include "experiments/findings.hpp"

namespace botsim::experiments {

void register_bats2011_experiment();

/// The experiment's tables as it writes them (fig5_estimates.csv, table1_costs.csv,
/// fig6_schedules.csv, fig7_cushion.csv).
struct Bats2011Tables {
  CsvTable fig5, table1, fig6, fig7;
};

/// One finding per claim of the paper, checked on the tables alone (findings.csv). Throws
/// std::invalid_argument for a table without a column it needs.
std::vector<Finding> bats2011_findings(const Bats2011Tables& tables);

/// How many seeds Fig. 7 (S4-1 Sched4 with and without its cushion) runs at least: its
/// condition, a violation signal in the first ATU, comes in few of them.
constexpr int kCushionReps = 10;

}  // namespace botsim::experiments
