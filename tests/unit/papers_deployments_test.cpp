// The scenarios the experiments generate (each paper's experiment.hpp): the deployments of
// bats2011, gutierrez2012 and vo-policies, and vo-policies' platforms.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "papers/bats2011/experiment.hpp"
#include "papers/gutierrez2012/experiment.hpp"
#include "papers/vo_policies/experiment.hpp"

using namespace botsim;
using namespace botsim::papers;

TEST(Bats2011Runs, TheDeploymentReplacesTheShippedSchedule) {
  std::vector<ActorSpec> shipped{{"provider", "CloudProvider", {}, 1},
                                 {"client",
                                  "BatsMaster",
                                  {{"name", "U0"},
                                   {"tasks", "1000"},
                                   {"sampling", "lr"},
                                   {"initial_workers", "7"},
                                   {"schedule", "2"},
                                   {"cushion", "accept"},
                                   {"budget", "900"}},
                                  2}};
  auto actors = bats2011_deployment(shipped, {{"schedule", "4"}, {"cushion", "refuse"}});
  ASSERT_EQ(actors.size(), 2u);
  EXPECT_TRUE(actors[0].props.empty());
  // sampling, initial_workers and budget are dropped: BaTS's defaults apply.
  EXPECT_EQ(actors[1].props,
            (std::map<std::string, std::string>{
                {"name", "U0"}, {"tasks", "1000"}, {"schedule", "4"}, {"cushion", "refuse"}}));
}

TEST(Gutierrez2012Experiment, TheDeploymentHasTheAgentsOfTables5To11) {
  auto actors = gutierrez2012::deployment(
      {gutierrez2012::Consumer{"LtoS,MaxET", "fixed", "uniform", 100, 1},
       gutierrez2012::Consumer{"fcfs", "i-elastic", "normal", 300, 1.01}});
  ASSERT_EQ(actors.size(), 1u + 5u + 5u + 2u);
  EXPECT_EQ(actors[0].function, "CloudDirectory");
  EXPECT_EQ(actors[5].host, "ba-4");
  EXPECT_EQ(actors[10].function, "ServiceProviderAgent");
  EXPECT_TRUE(actors[10].props.empty());
  EXPECT_EQ(actors[12].host, "ca-1");
  EXPECT_EQ(actors[12].index, 13);
  EXPECT_EQ(actors[12].props, (std::map<std::string, std::string>{{"name", "CA1"},
                                                                  {"tasks", "300"},
                                                                  {"distribution", "normal"},
                                                                  {"heuristic", "fcfs"},
                                                                  {"allocation", "i-elastic"},
                                                                  {"fixed_hours", "10"},
                                                                  {"submit_at", "1.01"}}));
}

TEST(VoPolicies, DeploymentHasEveryActor) {
  VoSetting s{4, true, 0.5, 1.1};
  auto actors = vo_deployment(s);
  // 4 GIS + 8 Auctioneers + 4 domains x 2 policies x 2 users
  ASSERT_EQ(actors.size(), 4u + 8u + 16u);
  EXPECT_EQ(actors[0].function, "GridInformationService");
  EXPECT_EQ(actors[4].function, "Auctioneer");
  EXPECT_EQ(actors[4].host, "RA0");
  const auto& u = actors[12];
  EXPECT_EQ(u.function, "Broker");
  EXPECT_EQ(u.props.at("name"), "A-global-0");
  EXPECT_EQ(u.props.at("policy"), "global");
  EXPECT_EQ(u.props.at("deadline"), "15720s");  // 1.1 x 14285.7 s = 15714.3 s: 262 min
  EXPECT_EQ(actors.back().props.at("name"), "D-local-1");
  EXPECT_EQ(s.tag(), "V4-spread-s50-d1.1");
  std::string xml = vo_platform_xml(s);
  EXPECT_NE(xml.find("<host id=\"RD1\" speed=\"1575Mf\" core=\"2\">"), std::string::npos) << xml;
  EXPECT_NE(xml.find("<prop id=\"surcharge\" value=\"0.5\"/>"), std::string::npos);
}
