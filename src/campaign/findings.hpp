#pragma once
// One claim of a paper checked against botsim's results: a row of an experiment's findings.csv
// (claim, the paper's value, botsim's value, the test and its threshold, the margin, the
// verdict). The verdict is computed from the measured value, the comparison and the threshold,
// never typed; the margin says by how much it holds (>= 0) or fails (< 0), in the value's unit,
// so that a knife-edge verdict shows. A row names the rule set it judges (the paper's algorithm
// as printed, or botsim's default with its additions) and, for a claim judged over runs, their
// number, mean, 95 % confidence interval and worst run.
#include <cstddef>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/claims.hpp"
#include "core/csv.hpp"

namespace botsim::campaign {

enum class Compare { AtMost, AtLeast };

// The rule sets and the claims tables (core/claims.hpp), as the campaign's.
using ::botsim::Claim;
using ::botsim::claims_table;
using ::botsim::ClaimsTable;
using ::botsim::findings_markdown;
using ::botsim::kRulesBotsim;
using ::botsim::kRulesPaper;

/// A claim judged over runs: the quantity of each run (or replication), summed up; `holding`
/// counts the runs whose own value passes the finding's test.
struct Spread {
  std::size_t n = 0, holding = 0;
  double mean = std::numeric_limits<double>::quiet_NaN();
  double ci95_low = std::numeric_limits<double>::quiet_NaN();  // NaN for fewer than 2 runs
  double ci95_high = std::numeric_limits<double>::quiet_NaN();
  double worst = std::numeric_limits<double>::quiet_NaN();  // the run with the least margin
};

struct Finding {
  std::string id;      // short and stable, e.g. "fig7" or "5.1 obs 1"
  std::string claim;   // the paper's claim, in its words
  std::string paper;   // the paper's value or statement
  std::string botsim;  // botsim's measurement in words, with its numbers
  std::string test;    // the quantity compared, e.g. "max No-Opt cost / min global cost"
  double value = 0;    // that quantity as measured (NaN: it could not be measured)
  Compare compare = Compare::AtMost;
  double threshold = 0;
  std::string unit;                  // of value, threshold and margin ("" for a ratio or a count)
  std::string rules = kRulesBotsim;  // the rule set the runs judged ran under
  /// A comparison whose |margin| is below `tie` (in the value's unit) is a tie: neither a win
  /// nor a loss (docs/<paper>.md gives each band and why). 0: no tie band.
  double tie = 0;
  std::optional<Spread> runs;  // set by over_runs
  /// Why botsim's value differs from the paper's, measured (a short sentence, or a docs
  /// section); findings.csv shows it only where the verdict is not "yes".
  std::string cause;

  /// threshold - value for AtMost, value - threshold for AtLeast; NaN when value is.
  double margin() const;
  /// margin() >= 0; a value that could not be measured never holds.
  bool holds() const;
  /// "no" when it does not hold, "tie" within the tie band, "partly" when the mean holds but
  /// some run does not (Spread::holding < n), else "yes".
  std::string verdict() const;
  /// Judges the mean of `per_run` (one value per run) and keeps their spread. A NaN (a run that
  /// could not be measured, e.g. a bag left incomplete) is left out of the mean and counts as a
  /// run that does not hold, and as the worst. Returns *this.
  Finding& over_runs(const std::vector<double>& per_run);
  /// Keeps the spread of `per_replication` (the finding's value computed on each replication
  /// alone) and leaves the value, computed on the means over them, as it is: the verdict is
  /// "partly" when the value holds but some replication alone does not. Returns *this.
  Finding& spread_over(const std::vector<double>& per_replication);
};

/// The finding "value <= threshold" / "value >= threshold".
Finding at_most(std::string id, std::string claim, std::string paper, std::string test,
                double value, double threshold, std::string unit = "");
Finding at_least(std::string id, std::string claim, std::string paper, std::string test,
                 double value, double threshold, std::string unit = "");

/// The measured cause of each gap an experiment names, by finding id.
using Causes = std::map<std::string, std::string>;
/// Sets the cause of each finding of `found` without one from `causes` (by id; none: empty).
void name_causes(std::vector<Finding>& found, const Causes& causes);

/// Each finding of `found` judged under `rules` (kRulesPaper or kRulesBotsim).
std::vector<Finding> under_rules(std::vector<Finding> found, const std::string& rules);
/// The findings of the as-printed runs and of botsim's default, claim by claim: each of
/// `paper`'s findings followed by `botsim`'s of the same id (same claims, same order).
std::vector<Finding> side_by_side(const std::vector<Finding>& paper,
                                  const std::vector<Finding>& botsim);
/// One table of several rule sets' tables of the same columns: a first column `rules`, then
/// each table's rows in the order given.
CsvTable by_rules(const std::vector<std::pair<std::string, CsvTable>>& tables);

/// findings.csv's columns: id, claim, paper, botsim, test, value, threshold, margin, unit,
/// verdict, rules, n, mean, ci95_low, ci95_high, worst (empty for a claim not judged over runs),
/// cause (empty where the verdict is "yes"). Numbers are written with 4 significant digits (margins
/// keep their sign).
CsvTable findings_table(const std::vector<Finding>& findings);
/// Writes findings_table, every field that needs it quoted.
void write_findings(const std::string& path, const std::vector<Finding>& findings);
/// "claim: botsim (test value vs threshold, margin m): yes" per finding, for the terminal; a
/// finding of the as-printed runs starts with "[as printed]".
std::string findings_text(const std::vector<Finding>& findings);

/// A number as findings.csv writes it: 4 significant digits ("" when not finite).
std::string finding_number(double v);

}  // namespace botsim::campaign
