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

// A Python policy that sees the spot market and falls back on demand when noticed (its
// asserts stop botsim with exit code 2 if what it sees is wrong). Example 9's bag on 8 spot
// instances at most 0.04: four rounds from 0 s; at 4200 s every instance is noticed (reclaim
// at 4320 s) and the policy rents 8 on-demand instances, which take the 8 tasks still waiting
// (4200-5400 s). The reclaim loses the 8 tasks of the fourth round (from 3600 s), run again on
// the on-demand instances from 5400 s to 6600 s. Spot: one hour each at 0.031 (the second
// is cut short, free), 0.248; on demand: one hour each from 4200 s, 0.80; lost work
// 8 x (600 x 0.029 + 120 x 0.045) / 3600.
TEST_F(SpotCli, APolicySeesTheNoticeAndFallsBackOnDemand) {
  const std::string policy = file("fallback.py", R"(import botsim


@botsim.provisioning("fallback-py", "8 spot instances, 8 on demand when noticed")
class Fallback:
    def __init__(self, props, setup):
        assert setup.task_type.spot
        # Example 9's props for the static choice, not used here.
        props.integer("instances")
        props.text("market")
        self.lost = 0

    def start(self, view):
        assert abs(view.spot_price("small") - 0.031) < 1e-12
        return botsim.CloudDecision().start_spot_instances("small", 8, 0.04)

    def interruption_notice(self, view, instance):
        assert view.now == 4200 and instance.reclaim_s == 4320, (view.now, instance.reclaim_s)
        assert instance.market == "spot" and instance.max_price == 0.04
        assert abs(view.spot_price("small") - 0.045) < 1e-12
        return botsim.CloudDecision().start_instances("small", 1)

    def instance_lost(self, view, loss):
        assert loss.interrupted and not loss.refused and len(loss.lost_tasks) == 1
        self.lost += 1
        return None

    def after_dispatch(self, view):
        if view.tasks_waiting > 0:
            return None
        decision = botsim.CloudDecision()
        for instance in view.idle_instances:
            decision.stop_instance(instance.name)
        return decision
)");
  auto r = t::botsim({"run", kPlatform, kExample, "--out", dir_ + "/fb", "--quiet", "--plugin",
                      policy, "--set", "U0.policy=fallback-py"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto u = user("fb");
  EXPECT_EQ(u["status"], "done");
  EXPECT_EQ(u["tasks_done"], 40);
  EXPECT_DOUBLE_EQ(u["makespan_s"].get<double>(), 6600);
  EXPECT_EQ(u["instances"], 16);
  EXPECT_DOUBLE_EQ(u["spent"].get<double>(), 1.048);
  EXPECT_DOUBLE_EQ(u["spent_on_lost_work"].get<double>(), 0.050667);
  EXPECT_EQ(u["tasks_rerun"], 8);
  const std::string invoice = t::read_text(dir_ + "/fb/invoice.csv");
  EXPECT_NE(invoice.find("U0,U0-i0001,small,spot,0,3600,1,0.031,0.031\n"), std::string::npos)
      << invoice;
  EXPECT_NE(invoice.find("U0,U0-i0009,small,on_demand,4200,7800,1,0.1,0.1\n"), std::string::npos)
      << invoice;
}

// A policy asking a type without spot instances for one is refused for good by the provider,
// saying why (example 7's platform has no spot market).
TEST_F(SpotCli, TheProviderRefusesASpotStartOfATypeWithoutSpotForGood) {
  const std::string policy = file("spot.py", R"(import botsim


@botsim.provisioning("spot-anyway", "one spot instance of a type without spot")
class SpotAnyway:
    def __init__(self, props, setup):
        assert not setup.task_type.spot
        props.integer("instances")

    def start(self, view):
        assert view.spot_price("small") is None
        return botsim.CloudDecision().start_spot_instances("small", 1)

    def instance_lost(self, view, loss):
        assert loss.refused and loss.for_good and not loss.interrupted
        return botsim.CloudDecision().stop_user("resources_failed", loss.reason)
)");
  auto r = t::botsim({"run", "examples/04-silva-small-cloud.platform.xml",
                      "examples/07-static-cloud.xml", "--out", dir_ + "/no", "--quiet", "--plugin",
                      policy, "--set", "U0.policy=spot-anyway"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto u = user("no");
  EXPECT_EQ(u["status"], "resources_failed");
  EXPECT_EQ(u["status_reason"], "instance type 'small' offers no spot instances (no spot_prices)");
  EXPECT_DOUBLE_EQ(u["spent"].get<double>(), 0);
}
