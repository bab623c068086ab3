#pragma once
// `botsim experiment market`'s parts 1c and 1d (market_seed.hpp): plans Silva's heuristic and
// BaTS's schedules under both billing rules in the experiment's campaign, and reads them back.
#include <cstddef>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "campaign/campaign.hpp"
#include "papers/market/market_seed.hpp"

namespace botsim::papers {

class MarketSeedRuns {
 public:
  /// Adds the runs to `campaign`, the per-second platforms written into `scenarios`.
  void plan(campaign::Campaign& campaign, const std::filesystem::path& scenarios);
  /// Once the campaign ran: writes silva_billing.csv and bats_schedules.csv into `dir`, returns
  /// their findings.
  std::vector<campaign::Finding> write(const campaign::Campaign& campaign,
                                       const std::string& dir) const;

 private:
  std::vector<std::pair<std::size_t, SilvaBillingRun>> silva_;  // campaign index, the run
  std::vector<std::pair<std::size_t, BatsScheduleRun>> bats_;
};

}  // namespace botsim::papers
