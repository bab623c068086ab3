// StaticProvisioning from the command line: example 7 gives the numbers its header states, and a
// bad `instances` is refused with exit code 2 naming the prop.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

const std::string kStaticPlatform = "examples/04-silva-small-cloud.platform.xml";
const std::string kStaticExample = "examples/07-static-cloud.xml";

class StaticProvisioningCli : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir(); }
  void TearDown() override { fs::remove_all(dir_); }
  t::CliResult run(const std::vector<std::string>& sets, const std::string& out) {
    std::vector<std::string> args{"run", kStaticPlatform, kStaticExample, "--out", dir_ + "/" + out,
                                  "--quiet"};
    for (const auto& s : sets) args.insert(args.end(), {"--set", s});
    return t::botsim(args);
  }
  nlohmann::json user(const std::string& out) {
    return nlohmann::json::parse(t::read_text(dir_ + "/" + out + "/summary.json"))["users"][0];
  }
  std::string dir_;
};

}  // namespace

// 40 tasks of 1200 s. 14 instances: 42 task slots of one hour, three rounds, 3600 s, 14 ATUs
// of $0.10. 8 instances: five rounds (8 x 5 = 40), 6000 s, two ATUs each, $1.60.
TEST_F(StaticProvisioningCli, ExampleSevenGivesTheNumbersItsHeaderStates) {
  auto r = run({}, "fourteen");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto u = user("fourteen");
  EXPECT_EQ(u["model"], "static");
  EXPECT_EQ(u["policy"], "static:14xsmall");
  EXPECT_EQ(u["tasks_done"], 40);
  EXPECT_DOUBLE_EQ(u["makespan_s"].get<double>(), 3600);
  EXPECT_EQ(u["charged_units"], 14);
  EXPECT_DOUBLE_EQ(u["spent"].get<double>(), 1.4);
  r = run({"U0.instances=8"}, "eight");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  u = user("eight");
  EXPECT_DOUBLE_EQ(u["makespan_s"].get<double>(), 6000);
  EXPECT_EQ(u["charged_units"], 16);
  EXPECT_DOUBLE_EQ(u["spent"].get<double>(), 1.6);
}

TEST_F(StaticProvisioningCli, InstancesMustBeAtLeastOneAndAtMostTheTypesCount) {
  t::expect_input_error(run({"U0.instances=0"}, "zero"), {"instances"});
  t::expect_input_error(run({"U0.instances=17"}, "many"), {"instances"});  // "small": 16 hosts
  t::expect_input_error(run({"U0.task_order=sorted"}, "order"), {"task_order"});
}
