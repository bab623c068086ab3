#include "core/claims.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <utility>

namespace botsim {

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

}  // namespace botsim
