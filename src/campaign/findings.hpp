#pragma once
// One claim of a paper checked against botsim's results: a row of an experiment's findings.csv
// (claim, the paper's value, botsim's value, the test and its threshold, the margin, the
// verdict). The verdict is computed from the measured value, the comparison and the threshold,
// never typed; the margin says by how much it holds (>= 0) or fails (< 0), in the value's unit,
// so that a knife-edge verdict shows.
#include <string>
#include <vector>

#include "core/csv.hpp"

namespace botsim::campaign {

enum class Compare { AtMost, AtLeast };

struct Finding {
  std::string id;      // short and stable, e.g. "fig7" or "5.1 obs 1"
  std::string claim;   // the paper's claim, in its words
  std::string paper;   // the paper's value or statement
  std::string botsim;  // botsim's measurement in words, with its numbers
  std::string test;    // the quantity compared, e.g. "max No-Opt cost / min global cost"
  double value = 0;    // that quantity as measured (NaN: it could not be measured)
  Compare compare = Compare::AtMost;
  double threshold = 0;
  std::string unit;  // of value, threshold and margin ("" for a ratio or a count)

  /// threshold - value for AtMost, value - threshold for AtLeast; NaN when value is.
  double margin() const;
  /// margin() >= 0; a value that could not be measured never holds.
  bool holds() const;
  /// "yes" or "no".
  std::string verdict() const;
};

/// The finding "value <= threshold" / "value >= threshold".
Finding at_most(std::string id, std::string claim, std::string paper, std::string test,
                double value, double threshold, std::string unit = "");
Finding at_least(std::string id, std::string claim, std::string paper, std::string test,
                 double value, double threshold, std::string unit = "");

/// findings.csv's columns: id, claim, paper, botsim, test, value, threshold, margin, unit,
/// verdict. Numbers are written with 4 significant digits (margins keep their sign).
CsvTable findings_table(const std::vector<Finding>& findings);
/// Writes findings_table, every field that needs it quoted.
void write_findings(const std::string& path, const std::vector<Finding>& findings);
/// "claim: botsim (test value vs threshold, margin m): yes" per finding, for the terminal.
std::string findings_text(const std::vector<Finding>& findings);

/// A findings.csv table (as read back) as a Markdown table for the docs: the claim, the paper,
/// botsim, the test with its threshold, the margin with its unit, and the verdict in bold.
std::string findings_markdown(const CsvTable& findings);

/// A number as findings.csv writes it: 4 significant digits ("" when not finite).
std::string finding_number(double v);

}  // namespace botsim::campaign
