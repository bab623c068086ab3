#pragma once
// `botsim experiment market`, part 3 (docs/market.md): the allocation mechanisms of
// Gutierrez-Garcia & Sim ("A family of heuristics for agent-based elastic Cloud bag-of-tasks
// concurrent scheduling", FGCS 2012), FixedAM and I-ElasticAM, billed per started hour, as in
// the paper, and per second after a 60 s minimum (docs/gutierrez2012.md, "Billing rules").
// Pure (no SimGrid): the table and the findings; experiment_agents.cpp runs them.
#include <limits>
#include <string>
#include <vector>

#include "campaign/findings.hpp"
#include "core/csv.hpp"

namespace botsim::papers {

constexpr int kMarketAgentsSeeds = 5;    // seeds 1-5 (--seed + k - 1) under each mechanism and rule
constexpr int kMarketAgentsTasks = 100;  // a uniform BoT (Table 4), the demo's heuristic
inline const std::vector<std::string> kMarketAgentsMechanisms{"fixed", "i-elastic"};

/// One agents run, as its summary.json and invoice.csv say.
struct MarketAgentsRun {
  std::string mechanism;  // one of kMarketAgentsMechanisms
  unsigned long long seed = 0;
  std::string billing;                                           // "per_started_unit", "per_second"
  double makespan_s = std::numeric_limits<double>::quiet_NaN();  // NaN: unfinished
  double spent = 0;
  long charged_hours = 0;  // hours begun (summary.json's charged_units)
  double charged_s = 0;    // the seconds paid for: invoice.csv's intervals
};

/// `agents_billing.csv`: per mechanism, seed and billing rule, the makespan, what was spent, the
/// hours begun and the seconds paid for.
CsvTable market_agents_table(const std::vector<MarketAgentsRun>& runs);

/// The findings on that table (docs/market.md, "Findings"), each with its threshold and margin.
std::vector<campaign::Finding> market_agents_findings(const CsvTable& table);

}  // namespace botsim::papers
