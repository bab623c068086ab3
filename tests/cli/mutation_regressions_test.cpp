// Mutants of shipped scenarios that tests/fuzz/mutate_scenarios.py found crashing botsim, each
// run as a user would: bad input must end with exit code 2 and one clear line.
#include <gtest/gtest.h>

#include <string>

#include "support/cli_support.hpp"

namespace t = botsim::test;

namespace {

class MutationRegressions : public t::ScenarioCliTest {};

}  // namespace

// BaTS S4-3 with cluster1 priced 99999999999 per ATU: no money unit fits the knapsack's table,
// which threw in the middle of the run (after sampling) and aborted the process (exit 134). Such
// a price is beyond the cap on money now, refused at reading.
TEST_F(MutationRegressions, BatsClusterPriceTooHighToPlanIsRefusedBeforeTheRun) {
  std::string platform =
      t::replaced(t::read_text(t::source_path("platforms/bats-S4-3.xml")),
                  "<prop id=\"price\" value=\"3\"/>", "<prop id=\"price\" value=\"99999999999\"/>");
  auto r = run(platform, t::read_text(t::source_path("deployments/bats-S4-3.xml")));
  t::expect_input_error(r, {"zone 'cluster1'",
                            "property 'price': '99999999999' must be in [0, "
                            "1000000000]"});
}

// BaTS S1-4 with cluster1 priced 1e308 per ATU: its price on the money grid overflowed a long,
// the knapsack planned with a negative cost and threw on a negative budget in mid-run. Refused at
// reading now, as beyond the cap on money.
TEST_F(MutationRegressions, BatsClusterPriceOverflowingTheMoneyGridIsRefusedBeforeTheRun) {
  std::string platform =
      t::replaced(t::read_text(t::source_path("platforms/bats-S1-4.xml")),
                  "<prop id=\"price\" value=\"3\"/>", "<prop id=\"price\" value=\"1e308\"/>");
  auto r = run(platform, t::read_text(t::source_path("deployments/bats-S1-4.xml")));
  t::expect_input_error(
      r, {"zone 'cluster1'", "property 'price': '1e308' must be in [0, 1000000000]"});
}

// The auction scenario with a link of 1e308 Gbps: SimGrid's network model overflowed and
// aborted ("The Impossible Did Happen") at the first transfer.
TEST_F(MutationRegressions, LinkBandwidthTooLargeForSimGridIsRefusedBeforeTheRun) {
  std::string platform =
      t::replaced(t::read_text(t::source_path("platforms/badg.xml")),
                  "bandwidth=\"1Gbps\" latency=\"2ms\"", "bandwidth=\"1e308Gbps\" latency=\"2ms\"");
  auto r = run(platform, t::read_text(t::source_path("deployments/sulistio2005.xml")));
  t::expect_input_error(r, {"<link id='Melbourne'>", "bandwidth='1e308Gbps' is too large"});
}
