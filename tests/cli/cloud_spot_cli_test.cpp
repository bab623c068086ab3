// Spot instances from the command line (docs/cloud.md, "Spot instances"): example 9 gives the
// numbers its header states, and a bad spot prop or price trace is refused with exit code 2
// naming the file and the line (or the platform, the zone and the prop).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

const std::string kPlatform = "examples/09-spot-cloud.platform.xml";
const std::string kExample = "examples/09-spot-cloud.xml";

class SpotCli : public t::ScenarioCliTest {
 protected:
  t::CliResult run_example(const std::vector<std::string>& sets, const std::string& out) {
    std::vector<std::string> args{"run", kPlatform, kExample, "--out", dir_ + "/" + out, "--quiet"};
    for (const auto& s : sets) args.insert(args.end(), {"--set", s});
    return t::botsim(args);
  }
  nlohmann::json user(const std::string& out) {
    return nlohmann::json::parse(t::read_text(dir_ + "/" + out + "/summary.json"))["users"][0];
  }
  // Example 9's platform with its spot props replaced by `spot` and `prices` as the trace.
  t::CliResult run_with(const std::string& spot, const std::string& prices,
                        const std::string& deployment_from = "",
                        const std::string& deployment_to = "") {
    file("prices.csv", prices);
    std::string platform =
        t::replaced(t::read_text(t::source_path(kPlatform)),
                    R"(<prop id="spot_prices" value="09-spot-prices-generated.csv"/>
      <prop id="spot_notice" value="2min"/>)",
                    spot);
    std::string deployment = t::read_text(t::source_path(kExample));
    if (!deployment_from.empty())
      deployment = t::replaced(deployment, deployment_from, deployment_to);
    return run(platform, deployment);
  }
};

const std::string kPricesProp = R"(<prop id="spot_prices" value="prices.csv"/>)";

}  // namespace

TEST_F(SpotCli, ExampleNineGivesTheNumbersItsHeaderStates) {
  auto r = run_example({}, "fourteen");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto u = user("fourteen");
  EXPECT_EQ(u["policy"], "static:14xsmall:spot");
  EXPECT_DOUBLE_EQ(u["makespan_s"].get<double>(), 3600);
  EXPECT_DOUBLE_EQ(u["spent"].get<double>(), 0.434);
  EXPECT_TRUE(fs::exists(dir_ + "/fourteen/spot_instances.csv"));

  r = run_example({"U0.instances=8"}, "eight");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  u = user("eight");
  EXPECT_DOUBLE_EQ(u["makespan_s"].get<double>(), 6000);
  EXPECT_DOUBLE_EQ(u["spent"].get<double>(), 0.48);

  r = run_example({"U0.instances=8", "U0.max_price=0.04"}, "reclaimed");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  u = user("reclaimed");
  EXPECT_EQ(u["status"], "resources_failed");
  EXPECT_EQ(u["tasks_done"], 24);
  EXPECT_DOUBLE_EQ(u["spent"].get<double>(), 0.248);
  // 8 x (600 s x 0.029 + 120 s x 0.045) / 3600 = 0.050667 (results round to 1e-6).
  EXPECT_DOUBLE_EQ(u["spent_on_lost_work"].get<double>(), 0.050667);
  const std::string spot = t::read_text(dir_ + "/reclaimed/spot_instances.csv");
  EXPECT_NE(spot.find("U0,U0-i0001,small,0.04,0,4200,4320,4320,true,0.031\n"), std::string::npos)
      << spot;
}

TEST_F(SpotCli, AnOnDemandRunWritesNoSpotFile) {
  auto r = t::botsim({"run", "examples/04-silva-small-cloud.platform.xml",
                      "examples/07-static-cloud.xml", "--out", dir_ + "/od", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(dir_ + "/od/spot_instances.csv"));
  EXPECT_FALSE(fs::exists(dir_ + "/od/lost.csv"));
}

TEST_F(SpotCli, ABadTraceRowNamesTheFileAndTheLine) {
  auto r = run_with(kPricesProp, "time_s,price\n0,0.1\n60,cheap\n");
  t::expect_input_error(
      r, {"prices.csv", "line 3", "price 'cheap' is not a number", "spot_prices", "small"});
  r = run_with(kPricesProp, "time_s,price\n0,0.1\n60,0.2\n30,0.3\n");
  t::expect_input_error(r, {"prices.csv", "line 4", "time goes backwards"});
}

// Two export rows at the same Timestamp for one type and zone: time does not increase.
TEST_F(SpotCli, TwoExportRowsAtOneTimestampAreRefused) {
  const std::string header =
      "Timestamp,InstanceType,ProductDescription,SpotPrice,AvailabilityZone\n";
  auto r = run_with(kPricesProp + R"(<prop id="spot_zone" value="us-east-1a"/>)",
                    header +
                        "2024-03-01T12:00:00Z,small,Linux/UNIX,0.031,us-east-1a\n"
                        "2024-03-01T12:00:00Z,small,Linux/UNIX,0.032,us-east-1a\n");
  t::expect_input_error(r, {"prices.csv", "line 3", "time goes backwards"});
  // Another zone's row at the same time is not read.
  r = run_with(kPricesProp + R"(<prop id="spot_zone" value="us-east-1a"/>)",
               header +
                   "2024-03-01T12:00:00Z,small,Linux/UNIX,0.031,us-east-1a\n"
                   "2024-03-01T12:00:00Z,small,Linux/UNIX,0.032,us-east-1b\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(SpotCli, BadSpotPropsNameThePlatformTheZoneAndTheProp) {
  auto r = run_with(R"(<prop id="spot_notice" value="2min"/>)", "time_s,price\n0,0.1\n");
  t::expect_input_error(r, {"p.xml", "small", "spot_notice", "needs spot_prices"});
  r = run_with(kPricesProp + R"(<prop id="spot_notice" value="-5"/>)", "time_s,price\n0,0.1\n");
  t::expect_input_error(r, {"p.xml", "small", "spot_notice"});
  r = run_with(R"(<prop id="spot_prices" value="none.csv"/>)", "time_s,price\n0,0.1\n");
  t::expect_input_error(r, {"p.xml", "spot_prices", "none.csv"});
}

TEST_F(SpotCli, ASpotStartOfATypeWithoutSpotIsRefused) {
  auto r = run_with("", "time_s,price\n0,0.1\n");
  t::expect_input_error(r, {"market", "offers no spot instances"});
  r = run_with(kPricesProp, "time_s,price\n0,0.1\n", R"(<prop id="market" value="spot"/>)",
               R"(<prop id="max_price" value="0.2"/>)");
  t::expect_input_error(r, {"max_price", "market=spot"});
}
