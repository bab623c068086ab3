#include "campaign/findings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>

#include "core/stats.hpp"

namespace botsim::campaign {

double Finding::margin() const {
  return compare == Compare::AtMost ? threshold - value : value - threshold;
}

bool Finding::holds() const {
  const double m = margin();
  return std::isfinite(m) && m >= 0;
}

std::string Finding::verdict() const {
  const double m = margin();
  if (tie > 0 && std::isfinite(m) && std::abs(m) < tie) return "tie";
  if (!holds()) return "no";
  if (runs && runs->holding < runs->n) return "partly";
  return "yes";
}

Finding& Finding::spread_over(const std::vector<double>& per_run) {
  Spread s;
  s.n = per_run.size();
  std::vector<double> measured;
  double least = std::numeric_limits<double>::infinity();
  for (double x : per_run) {
    if (!std::isfinite(x)) {  // not measured: it does not hold, and it is the worst run
      s.worst = x;
      least = -std::numeric_limits<double>::infinity();
      continue;
    }
    measured.push_back(x);
    const double m = compare == Compare::AtMost ? threshold - x : x - threshold;
    if (m >= 0) ++s.holding;
    if (m < least) {
      least = m;
      s.worst = x;
    }
  }
  const Stats st = stats(measured);
  const double h = ci95_half_width(st);
  s.mean = st.mean;
  s.ci95_low = st.mean - h;
  s.ci95_high = st.mean + h;
  runs = s;
  return *this;
}

Finding& Finding::over_runs(const std::vector<double>& per_run) {
  spread_over(per_run);
  value = runs->mean;
  return *this;
}

void name_causes(std::vector<Finding>& found, const Causes& causes) {
  for (Finding& f : found)
    if (f.cause.empty())
      if (const auto it = causes.find(f.id); it != causes.end()) f.cause = it->second;
}

std::vector<Finding> under_rules(std::vector<Finding> found, const std::string& rules) {
  for (Finding& f : found) f.rules = rules;
  return found;
}

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

std::vector<Finding> side_by_side(const std::vector<Finding>& paper,
                                  const std::vector<Finding>& botsim) {
  std::vector<Finding> out;
  for (size_t i = 0; i < std::max(paper.size(), botsim.size()); ++i) {
    if (i < paper.size()) out.push_back(under_rules({paper[i]}, kRulesPaper).front());
    if (i < botsim.size()) out.push_back(under_rules({botsim[i]}, kRulesBotsim).front());
  }
  return out;
}

CsvTable by_rules(const std::vector<std::pair<std::string, CsvTable>>& tables) {
  CsvTable out;
  for (const auto& [rules, t] : tables) {
    if (out.header.empty()) {
      out.header = {"rules"};
      out.header.insert(out.header.end(), t.header.begin(), t.header.end());
    } else if (out.header.size() != t.header.size() + 1 ||
               !std::equal(t.header.begin(), t.header.end(), out.header.begin() + 1)) {
      throw std::logic_error("by_rules: tables of different columns");
    }
    for (const auto& row : t.rows) {
      std::vector<std::string> r{rules};
      r.insert(r.end(), row.begin(), row.end());
      out.rows.push_back(std::move(r));
    }
  }
  return out;
}

std::string finding_number(double v) {
  if (!std::isfinite(v)) return "";
  return fmt::format("{:.4g}", v == 0 ? 0.0 : v);  // no "-0"
}

CsvTable findings_table(const std::vector<Finding>& findings) {
  CsvTable t{{"id", "claim", "paper", "botsim", "test", "value", "threshold", "margin", "unit",
              "verdict", "rules", "n", "mean", "ci95_low", "ci95_high", "worst", "cause"},
             {}};
  for (const auto& f : findings) {
    const std::string op = f.compare == Compare::AtMost ? "<= " : ">= ";
    std::string test = f.test + " " + op + finding_number(f.threshold);
    if (f.tie > 0) test += fmt::format(" (tie within {})", finding_number(f.tie));
    std::vector<std::string> row{f.id,
                                 f.claim,
                                 f.paper,
                                 f.botsim,
                                 test,
                                 finding_number(f.value),
                                 finding_number(f.threshold),
                                 finding_number(f.margin()),
                                 f.unit,
                                 f.verdict(),
                                 f.rules};
    if (f.runs) {
      for (double v : {static_cast<double>(f.runs->n), f.runs->mean, f.runs->ci95_low,
                       f.runs->ci95_high, f.runs->worst})
        row.push_back(finding_number(v));
    } else {
      row.insert(row.end(), 5, "");
    }
    row.push_back(f.verdict() == "yes" ? "" : f.cause);
    t.rows.push_back(std::move(row));
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
    const std::string n =
        f.runs ? fmt::format(", {} of {} runs hold", f.runs->holding, f.runs->n) : "";
    const std::string rules = f.rules == kRulesPaper ? "[as printed] " : "";
    out += fmt::format("  {}{} {}: {} ({} {} {}{}, margin {}{}{}): {}\n", rules, f.id, f.claim,
                       f.botsim, f.test,
                       f.compare == Compare::AtMost ? "<=" : ">=", finding_number(f.threshold),
                       unit, finding_number(f.margin()), unit, n, f.verdict());
  }
  return out;
}

}  // namespace botsim::campaign
