// The spot strategies from the command line (docs/cloud.md, "Spot strategies"): example 10
// gives the numbers its header states, and a strategy's bad props are refused with exit code 2
// naming the prop; `experiment market` refuses more start days than its trace holds.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "core/csv.hpp"
#include "support/cli_support.hpp"

namespace t = botsim::test;

namespace {

const std::string kStrategiesPlatform = "examples/09-spot-cloud.platform.xml";
const std::string kStrategiesExample = "examples/10-spot-strategies.xml";

class SpotStrategiesCli : public t::ScenarioCliTest {
 protected:
  // Example 10 with `from` replaced by `to` in its deployment.
  t::CliResult run_changed(const std::string& from, const std::string& to) {
    file("09-spot-prices-generated.csv",
         t::read_text(t::source_path("examples/09-spot-prices-generated.csv")));
    return run(t::read_text(t::source_path(kStrategiesPlatform)),
               t::replaced(t::read_text(t::source_path(kStrategiesExample)), from, to));
  }
};

}  // namespace

// 8 spot instances until the notice at 4200 s, which rents 8 on-demand ones at once: they run
// the fifth round and the 8 lost tasks, ending at 6600 s; 8 spot hours at 0.031 and 8
// on-demand hours at 0.10.
TEST_F(SpotStrategiesCli, ExampleTenGivesTheNumbersItsHeaderStates) {
  auto r = t::botsim(
      {"run", kStrategiesPlatform, kStrategiesExample, "--out", dir_ + "/ten", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto u = nlohmann::json::parse(t::read_text(dir_ + "/ten/summary.json"))["users"][0];
  EXPECT_EQ(u["policy"], "spot-fallback:8xsmall");
  EXPECT_DOUBLE_EQ(u["makespan_s"].get<double>(), 6600);
  EXPECT_NEAR(u["spent"].get<double>(), 8 * 0.031 + 8 * 0.10, 1e-9);
  EXPECT_EQ(u["tasks_rerun"].get<long>(), 8);
}

TEST_F(SpotStrategiesCli, BadPropsAreRefusedNamingTheProp) {
  // spot-fallback needs its target.
  auto r = run_changed(R"(<prop id="target" value="2h"/>)", "");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("'target'"), std::string::npos) << r.err;
  // A slack that is not a duration.
  r = run_changed(R"(<prop id="slack" value="15min"/>)", R"(<prop id="slack" value="soon"/>)");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("'slack'"), std::string::npos) << r.err;
  // A prop the strategy does not read: on-demand has no maximum price.
  r = run_changed(R"(<prop id="policy" value="spot-fallback"/>)",
                  R"(<prop id="policy" value="on-demand"/>)");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("max_price"), std::string::npos) << r.err;
}

TEST_F(SpotStrategiesCli, ASpotStrategyNeedsASpotMarket) {
  file("09-spot-prices-generated.csv",
       t::read_text(t::source_path("examples/09-spot-prices-generated.csv")));
  const std::string platform =
      t::replaced(t::read_text(t::source_path(kStrategiesPlatform)),
                  R"(<prop id="spot_prices" value="09-spot-prices-generated.csv"/>
      <prop id="spot_notice" value="2min"/>)",
                  "");
  auto r = run(platform, t::read_text(t::source_path(kStrategiesExample)));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("offers no spot instances"), std::string::npos) << r.err;
}

TEST(MarketCli, RefusesMoreStartDaysThanTheTraceHolds) {
  const std::string dir = botsim::test::make_temp_dir();
  auto r = t::botsim({"experiment", "market", "--reps", "29", "--out", dir + "/m"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("28 start days"), std::string::npos) << r.err;
}

// Reserved capacity's props (docs/cloud.md, "Reserved capacity"): a price without slots, and
// more slots than the type has.
TEST_F(SpotStrategiesCli, ReservedPropsAreChecked) {
  auto r =
      run_changed(R"(<prop id="instances" value="8"/>)",
                  R"(<prop id="instances" value="8"/><prop id="reserved_price" value="0.05"/>)");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("'reserved_price'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("needs `reserved`"), std::string::npos) << r.err;
  r = run_changed(R"(<prop id="instances" value="8"/>)",
                  R"(<prop id="instances" value="8"/><prop id="reserved" value="99"/>)");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("'reserved'"), std::string::npos) << r.err;
}

// Example 11: 8 of 14 instances on reserved slots ($0.48 for the hour), 6 on demand ($0.60);
// with 4 instances the 8 slots pay 4 hours each, $1.92.
TEST(ReservedCli, ExampleElevenGivesTheNumbersItsHeaderStates) {
  const std::string dir = botsim::test::make_temp_dir();
  for (const auto& [set, spent, makespan] :
       {std::tuple<std::string, double, double>{"", 1.08, 3600},
        std::tuple<std::string, double, double>{"U0.instances=4", 1.92, 12000}}) {
    std::vector<std::string> args{"run",
                                  "examples/04-silva-small-cloud.platform.xml",
                                  "examples/11-reserved-cloud.xml",
                                  "--out",
                                  dir + "/r" + set,
                                  "--quiet"};
    if (!set.empty()) args.insert(args.end(), {"--set", set});
    auto r = t::botsim(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto u = nlohmann::json::parse(t::read_text(dir + "/r" + set + "/summary.json"))["users"][0];
    EXPECT_NEAR(u["spent"].get<double>(), spent, 1e-9) << set;
    EXPECT_DOUBLE_EQ(u["makespan_s"].get<double>(), makespan) << set;
  }
}

// Silva's heuristic on the spot market (not in the paper): example 4's bag on example 9's cloud
// at most 0.04 an hour. Every instance started while the price is at most 0.04 is a spot one;
// the price passes 0.04 at 4200 s (0.045, then 0.12 from 5400 s, 0.036 from 7200 s), the
// spot instances still live are reclaimed at 4320 s, and the instances rented from 4200 to
// 7200 s are on demand (the fallback); the bag ends.
TEST(SilvaSpotCli, SpotWhileThePriceAllowsOnDemandElse) {
  const std::string dir = botsim::test::make_temp_dir();
  auto r = t::botsim({"run", "examples/09-spot-cloud.platform.xml",
                      "examples/04-silva-small-cloud.xml", "--set", "U0.market=spot", "--set",
                      "U0.max_price=0.04", "--out", dir + "/s", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto u = nlohmann::json::parse(t::read_text(dir + "/s/summary.json"))["users"][0];
  EXPECT_EQ(u["policy"], "cr=0.5,ir=0.5,spot");
  EXPECT_EQ(u["status"], "done");
  const auto invoice = botsim::read_csv(dir + "/s/invoice.csv");
  int spot = 0, on_demand = 0;
  for (const auto& row : invoice.rows) {
    const double from = std::stod(row[invoice.column("from_s")]);
    const std::string market = row[invoice.column("market")];
    // An instance's first row starts at its start request.
    if (market == "on_demand") {
      ++on_demand;
      EXPECT_TRUE(from >= 4200 && from < 7200) << from;
    } else if (from < 4200) {
      ++spot;
    }
  }
  EXPECT_EQ(spot, 13);
  EXPECT_EQ(on_demand, 3);
}

// Example 12: per-second billing after 60 s. 8 instances run 6000 s each: 8 x 6000 s at
// $0.10 an hour = $1.3333 (per started hour: $1.60); 14 instances run 48,000 s in all
// (12 x 3600 + 2 x 2400) = $1.3333 (per started hour: $1.40).
TEST(PerSecondCli, ExampleTwelveGivesTheNumbersItsHeaderStates) {
  const std::string dir = botsim::test::make_temp_dir();
  for (const auto& [set, spent, makespan] :
       {std::tuple<std::string, double, double>{"U0.instances=8", 48000 * 0.10 / 3600, 6000},
        std::tuple<std::string, double, double>{"U0.instances=14", 48000 * 0.10 / 3600, 3600}}) {
    auto r = t::botsim({"run", "examples/12-per-second-cloud.platform.xml",
                        "examples/12-per-second-cloud.xml", "--out", dir + "/r" + set, "--quiet",
                        "--set", set});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto u = nlohmann::json::parse(t::read_text(dir + "/r" + set + "/summary.json"))["users"][0];
    EXPECT_NEAR(u["spent"].get<double>(), spent, 1e-6) << set;
    EXPECT_DOUBLE_EQ(u["makespan_s"].get<double>(), makespan) << set;
  }
  // One invoice row per instance of 6000 s: 1.666667 hours at 0.1.
  const std::string invoice = t::read_text(dir + "/rU0.instances=8/invoice.csv");
  EXPECT_NE(invoice.find("U0,U0-i0001,small,on_demand,0,6000,1.666667,0.1,0.166667\n"),
            std::string::npos)
      << invoice;
}
