#include "campaign/findings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>

#include "campaign/stats.hpp"

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

ClaimsTable claims_table(const CsvTable& findings) {
  auto optional_column = [&](const std::string& name) {
    const auto& h = findings.header;
    const auto it = std::find(h.begin(), h.end(), name);
    return it == h.end() ? std::optional<size_t>() : std::optional<size_t>(it - h.begin());
  };
  const size_t id = findings.column("id"), claim = findings.column("claim"),
               paper = findings.column("paper"), botsim = findings.column("botsim"),
               test = findings.column("test"), margin = findings.column("margin"),
               unit = findings.column("unit"), verdict = findings.column("verdict");
  const std::optional<size_t> rules = optional_column("rules"), n = optional_column("n"),
                              cause = optional_column("cause");
  auto rules_of = [&](const std::vector<std::string>& row) {
    return rules ? row[*rules] : kRulesBotsim;
  };
  ClaimsTable t;
  // A column per rule set the table holds: the paper's algorithm as printed first, then
  // botsim's default.
  for (const std::string& r : {kRulesPaper, kRulesBotsim})
    for (const auto& row : findings.rows)
      if (rules_of(row) == r) {
        t.rule_sets.push_back(r);
        break;
      }
  std::vector<std::string> ids;
  std::map<std::pair<std::string, std::string>, const std::vector<std::string>*> by;
  for (const auto& row : findings.rows) {
    if (std::find(ids.begin(), ids.end(), row[id]) == ids.end()) ids.push_back(row[id]);
    by[{row[id], rules_of(row)}] = &row;
  }
  for (const std::string& i : ids) {
    Claim c;
    const std::vector<std::string>* first = nullptr;
    std::vector<std::pair<std::string, std::string>> gaps;  // rule set, cause
    for (const std::string& r : t.rule_sets) {
      const auto it = by.find({i, r});
      if (it == by.end()) {
        c.results.push_back({});
        continue;
      }
      const auto& row = *it->second;
      if (!first) first = &row;
      const std::string m =
          row[margin].empty() ? "-" : row[margin] + (row[unit].empty() ? "" : " " + row[unit]);
      const std::string runs = n && !row[*n].empty() ? ", " + row[*n] + " runs" : "";
      c.results.push_back({fmt::format("{} (margin {}{})", row[botsim], m, runs), row[verdict]});
      if (cause && !row[*cause].empty()) gaps.push_back({r, row[*cause]});
    }
    // A cause shared by every rule set the table holds is said once; else each with its own.
    if (!gaps.empty() && gaps.size() == t.rule_sets.size() &&
        std::all_of(gaps.begin(), gaps.end(),
                    [&](const auto& g) { return g.second == gaps[0].second; }))
      c.cause = gaps[0].second;
    else
      for (const auto& [r, text] : gaps)
        c.cause += fmt::format("{}{}: {}", c.cause.empty() ? "" : "; ",
                               r == kRulesPaper ? "as printed" : "botsim's default", text);
    c.finding = i + ": " + (*first)[claim];
    c.paper = (*first)[paper];
    c.test = (*first)[test];
    t.claims.push_back(std::move(c));
  }
  return t;
}

std::string findings_markdown(const CsvTable& findings) {
  auto cell = [](const std::string& text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
  };
  const ClaimsTable t = claims_table(findings);
  std::string out = "| finding | the paper |";
  for (const std::string& r : t.rule_sets)
    out += r == kRulesPaper ? " botsim, as printed |" : " botsim's default |";
  out += " test | cause of a gap |\n| --- | --- |";
  for (size_t k = 0; k < t.rule_sets.size(); ++k) out += " --- |";
  out += " --- | --- |\n";
  for (const Claim& c : t.claims) {
    std::string results;
    for (const auto& [text, verdict] : c.results)
      results += text.empty() ? " - |" : fmt::format(" {}: **{}** |", cell(text), verdict);
    out += fmt::format("| {} | {} |{} {} | {} |\n", cell(c.finding), cell(c.paper), results,
                       cell(c.test), c.cause.empty() ? "-" : cell(c.cause));
  }
  return out;
}

}  // namespace botsim::campaign
