#include "campaign/findings.hpp"

#include <fmt/format.h>

#include <cmath>
#include <utility>

namespace botsim::campaign {

double Finding::margin() const {
  return compare == Compare::AtMost ? threshold - value : value - threshold;
}

bool Finding::holds() const {
  const double m = margin();
  return std::isfinite(m) && m >= 0;
}

std::string Finding::verdict() const { return holds() ? "yes" : "no"; }

static Finding make(std::string id, std::string claim, std::string paper, std::string test,
                    double value, Compare compare, double threshold, std::string unit) {
  Finding f;
  f.id = std::move(id);
  f.claim = std::move(claim);
  f.paper = std::move(paper);
  f.test = std::move(test);
  f.value = value;
  f.compare = compare;
  f.threshold = threshold;
  f.unit = std::move(unit);
  return f;
}

Finding at_most(std::string id, std::string claim, std::string paper, std::string test,
                double value, double threshold, std::string unit) {
  return make(std::move(id), std::move(claim), std::move(paper), std::move(test), value,
              Compare::AtMost, threshold, std::move(unit));
}

Finding at_least(std::string id, std::string claim, std::string paper, std::string test,
                 double value, double threshold, std::string unit) {
  return make(std::move(id), std::move(claim), std::move(paper), std::move(test), value,
              Compare::AtLeast, threshold, std::move(unit));
}

std::string finding_number(double v) {
  if (!std::isfinite(v)) return "";
  return fmt::format("{:.4g}", v == 0 ? 0.0 : v);  // no "-0"
}

CsvTable findings_table(const std::vector<Finding>& findings) {
  CsvTable t{
      {"id", "claim", "paper", "botsim", "test", "value", "threshold", "margin", "unit", "verdict"},
      {}};
  for (const auto& f : findings) {
    const std::string op = f.compare == Compare::AtMost ? "<= " : ">= ";
    t.rows.push_back({f.id, f.claim, f.paper, f.botsim,
                      f.test + " " + op + finding_number(f.threshold), finding_number(f.value),
                      finding_number(f.threshold), finding_number(f.margin()), f.unit,
                      f.verdict()});
  }
  return t;
}

void write_findings(const std::string& path, const std::vector<Finding>& findings) {
  write_csv(path, findings_table(findings), true);
}

std::string findings_text(const std::vector<Finding>& findings) {
  std::string out;
  for (const auto& f : findings) {
    const std::string unit = f.unit.empty() ? "" : " " + f.unit;
    out +=
        fmt::format("  {} {}: {} ({} {} {}{}, margin {}{}): {}\n", f.id, f.claim, f.botsim, f.test,
                    f.compare == Compare::AtMost ? "<=" : ">=", finding_number(f.threshold), unit,
                    finding_number(f.margin()), unit, f.verdict());
  }
  return out;
}

std::string findings_markdown(const CsvTable& findings) {
  auto cell = [](std::string text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
  };
  std::string out =
      "| finding | the paper | botsim | test | margin | holds |\n| --- | --- | --- | --- | --- | "
      "--- |\n";
  const size_t id = findings.column("id"), claim = findings.column("claim"),
               paper = findings.column("paper"), botsim = findings.column("botsim"),
               test = findings.column("test"), margin = findings.column("margin"),
               unit = findings.column("unit"), verdict = findings.column("verdict");
  for (const auto& row : findings.rows)
    out += fmt::format(
        "| {}: {} | {} | {} | {} | {} | **{}** |\n", cell(row[id]), cell(row[claim]),
        cell(row[paper]), cell(row[botsim]), cell(row[test]),
        row[margin].empty() ? "-" : cell(row[margin] + (row[unit].empty() ? "" : " " + row[unit])),
        row[verdict]);
  return out;
}

}  // namespace botsim::campaign
