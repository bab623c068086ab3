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

TEST(Deployment, EmptyDeploymentIsStillAFile) {
  std::string xml = deployment_xml({}, "");
  EXPECT_NE(xml.find("<platform version=\"4.1\">\n</platform>"), std::string::npos);
  EXPECT_EQ(xml.find("<!--"), std::string::npos);
}
