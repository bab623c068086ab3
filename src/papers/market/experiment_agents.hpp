#pragma once
// `botsim experiment market`, part 3 (docs/market.md): the runs of the agents' allocations
// (market_agents.hpp) added to the experiment's campaign, and read back once it has run.
#include <cstddef>
#include <filesystem>
#include <vector>

#include "campaign/campaign.hpp"
#include "papers/market/market_agents.hpp"

namespace botsim::papers {

/// The agents' runs added to a campaign: what each is, and its index in the campaign.
struct MarketAgentsPlan {
  std::vector<MarketAgentsRun> runs;
  std::vector<std::size_t> indices;
};

/// Adds FixedAM and I-ElasticAM on kMarketAgentsSeeds seeds under each billing rule: the
/// shipped platforms/ec2-2012.xml as it is, and with per-second billing after 60 s on every
/// RA zone (written into `scenarios`), one consumer with a kMarketAgentsTasks-task uniform BoT.
MarketAgentsPlan add_market_agents_runs(campaign::Campaign& campaign,
                                        const std::filesystem::path& scenarios);

/// The planned runs with what their summary.json and invoice.csv say.
std::vector<MarketAgentsRun> read_market_agents_runs(const campaign::Campaign& campaign,
                                                     const MarketAgentsPlan& plan);

}  // namespace botsim::papers
