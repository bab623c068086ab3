#pragma once
// A paper's claims as findings.csv gives them (campaign/findings.hpp writes it), read back claim
// by claim: each rule set's result side by side, for the docs' claims tables and `botsim
// report`'s page. No SimGrid, no process.
#include <string>
#include <utility>
#include <vector>

#include "core/csv.hpp"

namespace botsim {

/// findings.csv's `rules`: the paper's algorithm exactly as printed (every rule botsim adds
/// switched off), or botsim's default, with the rules it adds (docs/<paper>.md).
inline const std::string kRulesPaper = "paper";
inline const std::string kRulesBotsim = "botsim";

/// One claim of a claims table: the finding (id and claim), the paper's value, each rule set's
/// result (botsim's value with its margin and runs, and the verdict; empty where the rule set
/// has no row), the test with its threshold, and the cause of a gap.
struct Claim {
  std::string finding, paper, test, cause;
  std::vector<std::pair<std::string, std::string>> results;  // text, verdict; per rule set
};
struct ClaimsTable {
  std::vector<std::string> rule_sets;  // kRulesPaper first, then kRulesBotsim, those present
  std::vector<Claim> claims;           // one per finding id, in findings.csv's order
};
/// findings.csv (as read back) claim by claim, each rule set's result side by side.
ClaimsTable claims_table(const CsvTable& findings);

/// A findings.csv table (as read back) as a Markdown claims table for the docs: the claim, the
/// paper, each rule set's botsim value (as printed, then botsim's default, when the table has
/// both), the test with its threshold, the margin with its unit and the verdict in bold.
std::string findings_markdown(const CsvTable& findings);

}  // namespace botsim
