// The agents' decision points (task ordering, mapping, allocation mechanism) loaded with
// --plugin (docs/policies.md): the paper's (LtoS, MaxET) with I-ElasticAM written in C++ and in
// Python gives the built-in's results files, byte for byte; a policy that decides what it may
// not stops the run with exit code 2 and one message naming the file, the policy, the user, the
// simulated time and the problem, leaving no results.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

const std::string kSource = BOTSIM_SOURCE_DIR;
const std::string kAgentsCpp = EXAMPLE_AGENTS_SO;
const std::string kAgentsPy = kSource + "/examples/policies/agents.py";
const std::string kRaisesPy = kSource + "/tests/policies/python/agents_raises.py";

class AgentsPolicies : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir(); }
  void TearDown() override { fs::remove_all(dir_); }

  // The Gutierrez-Garcia & Sim demo (300 tasks, seven resource types) with CA0's heuristic and
  // allocation set, from DIR/<name>/, results in DIR/<name>/out.
  t::CliResult run(const std::string& name, const std::string& heuristic,
                   const std::string& allocation, const std::vector<std::string>& plugins) {
    const std::string here = dir_ + "/" + name;
    fs::create_directories(here);
    std::string text = t::read_text(kSource + "/deployments/gutierrez2012-demo.xml");
    text = t::replaced(text, "value=\"LtoS,MaxET\"", "value=\"" + heuristic + "\"");
    text = t::replaced(text, "<prop id=\"allocation\" value=\"i-elastic\"/>",
                       "<prop id=\"allocation\" value=\"" + allocation + "\"/>");
    t::write_text(here + "/d.xml", text);
    std::vector<std::string> args{
        "run", kSource + "/platforms/ec2-2012.xml", "d.xml", "--out", "out", "--quiet"};
    for (const auto& p : plugins) args.insert(args.end(), {"--plugin", p});
    return t::botsim(args, here, 120);
  }
  std::string dir_;
};

TEST_F(AgentsPolicies, ThePapersHeuristicThreeWaysSameResults) {
  auto a = run("builtin", "LtoS,MaxET", "i-elastic", {});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  auto want = t::files_under(dir_ + "/builtin/out");
  ASSERT_GE(want.size(), 3u);
  for (const std::string lang : {"cpp", "py"}) {
    auto r = run(lang, "ltos-" + lang + ",maxet-" + lang, "i-elastic-" + lang,
                 {lang == "cpp" ? kAgentsCpp : kAgentsPy});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto got = t::files_under(dir_ + "/" + lang + "/out");
    // summary.json names the policies it ran; every other byte is the same.
    ASSERT_TRUE(got.count("summary.json"));
    const std::string named = "ltos-" + lang + ",maxet-" + lang;
    ASSERT_NE(got["summary.json"].find(named), std::string::npos) << got["summary.json"];
    got["summary.json"] = t::replaced(got["summary.json"], named, "LtoS,MaxET");
    got["summary.json"] = t::replaced(got["summary.json"], "i-elastic-" + lang, "i-elastic");
    EXPECT_EQ(got, want) << lang;
  }
}

TEST_F(AgentsPolicies, TheSameNamesInAnotherOrderAreAnotherRun) {
  // A check that can fail: another ordering through the plug-in changes the tasks' order.
  auto a = run("builtin", "StoL,MaxET", "i-elastic", {});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  auto b = run("py", "ltos-py,maxet-py", "i-elastic", {kAgentsPy});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_NE(t::read_text(dir_ + "/builtin/out/tasks.csv"),
            t::read_text(dir_ + "/py/out/tasks.csv"));
}

TEST_F(AgentsPolicies, DecisionsAPolicyMayNotMake) {
  for (const auto& [heuristic, allocation, needles] :
       std::vector<std::tuple<std::string, std::string, std::vector<std::string>>>{
           {"LtoS,picks-a-stranger",
            "i-elastic",
            {"policy 'picks-a-stranger' (agents-mapping)", "user CA0", "choose() at",
             "chose resource 999 for task", "which it was not offered"}},
           {"LtoS,divides-by-zero",
            "i-elastic",
            {"policy 'divides-by-zero' (agents-mapping)", "ZeroDivisionError",
             "agents_raises.py, line 14, in choose"}},
           {"LtoS,returns-text",
            "i-elastic",
            {"returns-text", "choose() returned a value of type str, not a resource id"}},
           {"nan-rank,MaxET",
            "i-elastic",
            {"policy 'nan-rank' (agents-ordering)", "rank() at", "is NaN"}},
           {"LtoS,MaxET",
            "renews-negative",
            {"policy 'renews-negative' (agents-allocation)", "renew() at",
             "renew() returned -1 slots"}}}) {
    SCOPED_TRACE(heuristic + " " + allocation);
    auto r = run("bad", heuristic, allocation, {kRaisesPy});
    std::vector<std::string> all{"agents_raises.py"};
    all.insert(all.end(), needles.begin(), needles.end());
    t::expect_input_error(r, all);
    EXPECT_FALSE(fs::exists(dir_ + "/bad/out")) << "results were left";
    EXPECT_TRUE(t::temporary_files(dir_ + "/bad").empty());
    fs::remove_all(dir_ + "/bad");
  }
  // Refused before the run: an allocation of no slot, a name no file declares.
  auto r = run("bad", "LtoS,MaxET", "no-slot-first", {kRaisesPy});
  t::expect_input_error(r, {"d.xml", "allocation", "no-slot-first", "at least one slot"});
  fs::remove_all(dir_ + "/bad");
  r = run("bad", "LtoS,maxet-py", "i-elastic", {});
  t::expect_input_error(r, {"d.xml", "heuristic", "unknown heuristic 'LtoS,maxet-py'"});
}

}  // namespace
