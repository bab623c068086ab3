// Deployment files: what experiments write, botsim reads back the same.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/error.hpp"
#include "platform/deployment.hpp"
#include "support/files.hpp"

using namespace botsim;

TEST(Deployment, WrittenFileReadsBackWithEscapedValues) {
  ActorSpec provider{"provider", "CloudProvider", {}, 1};
  ActorSpec user{"client",
                 "SilvaCoordinator",
                 {{"name", "U<0> & \"friends\""}, {"workload", "/tmp/a b/w.txt"}},
                 2};
  std::string dir = test::make_temp_dir("botsim-deployment");
  std::string path = dir + "/d.xml";
  test::write_text(path, deployment_xml({provider, user}, "made by a test"));
  auto actors = read_deployment(path);
  ASSERT_EQ(actors.size(), 2u);
  EXPECT_EQ(actors[0].host, "provider");
  EXPECT_EQ(actors[0].function, "CloudProvider");
  EXPECT_TRUE(actors[0].props.empty());
  EXPECT_EQ(actors[1].index, 2);
  EXPECT_EQ(actors[1].props, user.props);
  EXPECT_NE(test::read_text(path).find("<!-- made by a test -->"), std::string::npos);
  std::filesystem::remove_all(dir);
}

// The fuzzer's find: two ids differing only in a control character (0x16), which XML 1.0 does
// not allow, were read as two properties, and deployment_xml wrote them back as one id given
// twice. Such a file is refused, naming the file, the actor and the character.
TEST(Deployment, AControlCharacterIsRefused) {
  std::string dir = test::make_temp_dir("botsim-deployment");
  const auto refusal = [&](const std::string& actor) -> std::string {
    test::write_text(dir + "/d.xml", "<?xml version='1.0'?>\n<platform version=\"4.1\">\n" +
                                         actor + "\n</platform>\n");
    try {
      read_deployment(dir + "/d.xml");
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  const std::string twice = refusal(
      "<actor host=\"client\" function=\"SilvaCoordinator\"><prop id=\"budget_fa tor\" "
      "value=\"1\"/><prop id=\"budget_fa\x16" "tor\" value=\"2\"/></actor>");
  EXPECT_NE(twice.find(dir + "/d.xml"), std::string::npos) << twice;
  EXPECT_NE(twice.find("actor #1"), std::string::npos) << twice;
  EXPECT_NE(twice.find("has the control character 0x16, which XML 1.0 does not allow"),
            std::string::npos)
      << twice;
  EXPECT_NE(refusal("<actor host=\"cli\x01" "ent\" function=\"CloudProvider\"/>")
                .find("host= has the control character 0x01"),
            std::string::npos);
  EXPECT_NE(refusal("<actor host=\"client\" function=\"CloudProvider\"><prop id=\"name\" "
                    "value=\"U\x1f" "0\"/></actor>")
                .find("value has the control character 0x1F"),
            std::string::npos);
  // Tab, newline and carriage return are XML's own: kept.
  EXPECT_EQ(refusal("<actor host=\"client\" function=\"CloudProvider\"><prop id=\"name\" "
                    "value=\"U\t0\"/></actor>"),
            "");
  std::filesystem::remove_all(dir);
}

TEST(Deployment, EmptyDeploymentIsStillAFile) {
  std::string xml = deployment_xml({}, "");
  EXPECT_NE(xml.find("<platform version=\"4.1\">\n</platform>"), std::string::npos);
  EXPECT_EQ(xml.find("<!--"), std::string::npos);
}

// --set ACTOR.PROP=VALUE: the prop after the last dot, ACTOR by name prop, else by host.
TEST(PropSetting, ReadsActorPropAndValue) {
  PropSetting s = parse_prop_setting("U0.deadline=2h", "--set");
  EXPECT_EQ(s.actor, "U0");
  EXPECT_EQ(s.prop, "deadline");
  EXPECT_EQ(s.value, "2h");
  s = parse_prop_setting("node.example.org.task_length=uniform(1,2)", "--set");
  EXPECT_EQ(s.actor, "node.example.org");
  EXPECT_EQ(s.prop, "task_length");
  EXPECT_EQ(s.value, "uniform(1,2)");
  EXPECT_EQ(parse_prop_setting("U0.fund=", "--set").value, "");
  for (const char* bad : {"U0deadline=2h", "U0.deadline", ".deadline=2h", "U0.=2h"})
    EXPECT_THROW(parse_prop_setting(bad, "--set"), InputError) << bad;
}

TEST(PropSetting, FindsActorsByNameThenHostAndRecordsOrigins) {
  std::vector<ActorSpec> actors{{"gis", "GridInformationService", {{"vo", "A"}}, 1},
                                {"users", "Broker", {{"name", "U0"}}, 2},
                                {"users", "Broker", {{"name", "U1"}}, 3},
                                {"U1", "Auctioneer", {}, 4}};
  EXPECT_EQ(find_actor(actors, "U0", "d.xml", "--set"), 2);
  EXPECT_EQ(find_actor(actors, "U1", "d.xml", "--set"), 3);  // the name wins over the host
  EXPECT_EQ(find_actor(actors, "gis", "d.xml", "--set"), 1);
  EXPECT_THROW(find_actor(actors, "users", "d.xml", "--set"), InputError);  // two actors
  EXPECT_THROW(find_actor(actors, "U7", "d.xml", "--set"), InputError);
  SetOrigins origins = apply_prop_settings(
      actors, {parse_prop_setting("U0.bid=30", "--set"), parse_prop_setting("gis.vo=B", "--set")},
      "d.xml", "--set");
  EXPECT_EQ(actors[1].props.at("bid"), "30");
  EXPECT_EQ(actors[0].props.at("vo"), "B");
  EXPECT_EQ(origins.at(2).at("bid"), "--set U0.bid=30");
  EXPECT_EQ(origins.at(1).at("vo"), "--set gis.vo=B");
  try {
    find_actor(actors, "users", "d.xml", "--set users.bid=1");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "d.xml: --set users.bid=1: 'users' names several actors (actor #2 'Broker' on "
                 "host 'users', actor #3 'Broker' on host 'users'); give one's name prop");
  }
}
