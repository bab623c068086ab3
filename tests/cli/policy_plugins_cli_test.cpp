// Policies loaded with --plugin (docs/policies.md): the same policy built in, as a C++ plug-in
// and in Python gives byte-identical results files on the same scenario and seed, for each
// decision point; `botsim policies` lists them; and every bad plug-in, or bad decision, is exit
// code 2 with one message naming the file, the policy and the problem, leaving no results.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

const std::string kSource = BOTSIM_SOURCE_DIR;
const std::string kStaticCpp = EXAMPLE_STATIC_CHOICE_SO;
const std::string kNoOptCpp = EXAMPLE_NO_OPT_SO;
const std::string kStaticPy = kSource + "/examples/policies/static_choice.py";
const std::string kNoOptPy = kSource + "/examples/policies/no_opt.py";
const std::string kTestPython = kSource + "/tests/policies/python/";

class PolicyPlugins : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir(); }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs `deployment` (a file of the source tree) with every `from` policy renamed `to`, from
  // DIR/<name>/ (so that summary.json names the same "d.xml"), results in DIR/<name>/out.
  t::CliResult run_as(const std::string& name, const std::string& platform,
                      const std::string& deployment, const std::string& from, const std::string& to,
                      const std::vector<std::string>& extra = {}, const std::string& remove = "") {
    const std::string here = dir_ + "/" + name;
    fs::create_directories(here);
    std::string text = t::read_text(kSource + "/" + deployment);
    if (!remove.empty()) text = t::replaced(text, remove, "");
    const std::string needle = "<prop id=\"policy\" value=\"" + from + "\"/>";
    const std::string named = "<prop id=\"policy\" value=\"" + to + "\"/>";
    if (to != from && text.find(needle) == std::string::npos) {
      // A StaticProvisioning without a `policy` prop: its default, `static`.
      EXPECT_EQ(from, "static");
      text = t::replaced(text, "function=\"StaticProvisioning\">",
                         "function=\"StaticProvisioning\">" + named);
    }
    if (to != from)
      for (size_t at; (at = text.find(needle)) != std::string::npos;)
        text.replace(at, needle.size(), named);
    t::write_text(here + "/d.xml", text);
    std::vector<std::string> args{"run",    kSource + "/" + platform, "d.xml", "--out", "out",
                                  "--quiet"};
    args.insert(args.end(), extra.begin(), extra.end());
    return t::botsim(args, here, 120);
  }
  std::map<std::string, std::string> results(const std::string& name) {
    return t::files_under(dir_ + "/" + name + "/out");
  }
  // The built-in policy, its C++ plug-in and its Python file give the same files.
  void expect_three_ways(const std::string& platform, const std::string& deployment,
                         const std::string& builtin, const std::string& cpp_so,
                         const std::string& cpp, const std::string& py_file,
                         const std::string& py) {
    auto a = run_as("builtin", platform, deployment, builtin, builtin);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    auto b = run_as("cpp", platform, deployment, builtin, cpp, {"--plugin", cpp_so});
    ASSERT_EQ(b.exit_code, 0) << b.err;
    auto c = run_as("py", platform, deployment, builtin, py, {"--plugin", py_file});
    ASSERT_EQ(c.exit_code, 0) << c.err;
    const auto want = results("builtin");
    ASSERT_GE(want.size(), 3u);
    EXPECT_EQ(results("cpp"), want);
    EXPECT_EQ(results("py"), want);
  }
  std::string dir_;
};

}  // namespace

TEST_F(PolicyPlugins, StaticProvisioningThreeWaysSameResults) {
  expect_three_ways("examples/04-silva-small-cloud.platform.xml", "examples/07-static-cloud.xml",
                    "static", kStaticCpp, "static-cpp", kStaticPy, "static-py");
}

TEST_F(PolicyPlugins, StaticProvisioningThreeWaysSameResultsWithFailingInstances) {
  // Instances fail and are repaired (a FailureInjector): lost tasks, instance_lost.
  const std::string deployment = "examples/07-static-cloud.xml";
  std::string text = t::read_text(kSource + "/" + deployment);
  text = t::replaced(text, "</platform>",
                     "  <actor host=\"client\" function=\"FailureInjector\">\n"
                     "    <prop id=\"hosts\" value=\"small-*\"/><prop id=\"mtbf\" value=\"40min\"/>"
                     "<prop id=\"repair\" value=\"10min\"/>\n  </actor>\n</platform>");
  fs::create_directories(dir_ + "/src/examples");
  t::write_text(dir_ + "/src/examples/07-failing.xml", text);
  const std::string platform = kSource + "/examples/04-silva-small-cloud.platform.xml";
  std::map<std::string, std::string> want;
  for (const auto& [name, policy, plugin] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"builtin", "static", ""},
           {"cpp", "static-cpp", kStaticCpp},
           {"py", "static-py", kStaticPy}}) {
    fs::create_directories(dir_ + "/" + name);
    t::write_text(dir_ + "/" + name + "/d.xml",
                  t::replaced(text, "function=\"StaticProvisioning\">",
                              "function=\"StaticProvisioning\">\n    <prop id=\"policy\" value=\"" +
                                  policy + "\"/>"));
    std::vector<std::string> args{"run", platform, "d.xml", "--out", "out", "--quiet"};
    if (!plugin.empty()) args.insert(args.end(), {"--plugin", plugin});
    auto r = t::botsim(args, dir_ + "/" + name, 120);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    if (name == "builtin") {
      want = results(name);
      ASSERT_TRUE(want.count("failures.csv")) << "no failure happened";
      ASSERT_NE(want.at("failures.csv").find("small-"), std::string::npos);
    } else {
      EXPECT_EQ(results(name), want) << name;
    }
  }
}

TEST_F(PolicyPlugins, AuctionNoOptThreeWaysSameResults) {
  // The shipped Sulistio & Buyya scenario, its six No-Opt users on the plug-ins' No-Opt (which
  // draws from the users' streams), beside the Global and Local users.
  expect_three_ways("platforms/badg.xml", "deployments/sulistio2005.xml", "no-opt", kNoOptCpp,
                    "no-opt-cpp", kNoOptPy, "no-opt-py");
}

TEST_F(PolicyPlugins, RepsLoadThePlugInInEveryRun) {
  auto r =
      run_as("reps", "examples/04-silva-small-cloud.platform.xml", "examples/07-static-cloud.xml",
             "static", "static-cpp", {"--plugin", kStaticCpp, "--reps", "2", "--jobs", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir_ + "/reps/out/seed-1/summary.json"));
  EXPECT_TRUE(fs::exists(dir_ + "/reps/out/seed-2/summary.json"));
}

TEST_F(PolicyPlugins, PoliciesListsBuiltInAndLoadedOnesWithTheirDecisionPoint) {
  auto r = t::botsim({"policies"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* line :
       {"auction             no-opt", "auction             global", "auction             local",
        "cloud-provisioning  silva", "cloud-provisioning  static", "agents-ordering     LtoS",
        "agents-mapping      MaxET", "agents-allocation   i-elastic"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  EXPECT_EQ(r.out.find("static-py"), std::string::npos);
  r = t::botsim({"policies", "--plugin", kStaticPy, "--plugin", kNoOptCpp});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("cloud-provisioning  static-py      the built-in `static` in Python"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("[" + fs::canonical(kStaticPy).string() + "]"), std::string::npos);
  EXPECT_NE(r.out.find("auction             no-opt-cpp"), std::string::npos) << r.out;
}

// An edited policy file is another policy: a sweep's runs made with the file before its edit
// are not resumed as runs of the new one.
TEST_F(PolicyPlugins, ASweepWithAnEditedPlugInIsAnotherSweep) {
  const std::string mine = dir_ + "/mine.py", spec = dir_ + "/spec.json";
  t::write_text(mine, t::read_text(kStaticPy));
  t::write_text(spec, R"({
  "platform": ")" + kSource +
                          R"(/examples/04-silva-small-cloud.platform.xml",
  "deployment": ")" + kSource +
                          R"(/examples/07-static-cloud.xml",
  "plugins": ["mine.py"],
  "parameters": {"U0.policy": ["static-py"]},
  "metrics": ["makespan_s"]
})");
  const std::vector<std::string> sweep{"sweep", spec, "--out", dir_ + "/sweep", "--quiet"};
  ASSERT_EQ(t::botsim(sweep, "", 300).exit_code, 0);
  // Run again unchanged: resumed.
  auto r = t::botsim(sweep, "", 300);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  t::write_text(mine, t::read_text(mine) + "# edited\n");
  r = t::botsim(sweep, "", 300);
  t::expect_input_error(r, {dir_ + "/sweep", "another sweep"});
  r = t::botsim({"sweep", spec, "--out", dir_ + "/sweep", "--quiet", "--fresh"}, "", 300);
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(PolicyPlugins, SweepRunsAPolicyOfAPlugInNamedInItsSpec) {
  const std::string spec = dir_ + "/spec.json";
  t::write_text(spec, R"({
  "platform": ")" + kSource +
                          R"(/examples/04-silva-small-cloud.platform.xml",
  "deployment": ")" + kSource +
                          R"(/examples/07-static-cloud.xml",
  "plugins": [")" + kStaticPy +
                          R"("],
  "parameters": {"U0.policy": ["static", "static-py"]},
  "metrics": ["makespan_s", "spent"]
})");
  auto r = t::botsim({"sweep", spec, "--out", dir_ + "/sweep", "--jobs", "2", "--quiet"}, "", 300);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string runs = t::read_text(dir_ + "/sweep/runs.csv");
  // Both settings: 3600 s and $1.40 (example 7's numbers).
  EXPECT_NE(runs.find("1,static,1,U0,3600,1.4\n"), std::string::npos) << runs;
  EXPECT_NE(runs.find("2,static-py,1,U0,3600,1.4\n"), std::string::npos) << runs;
  // A policy no plug-in declares is refused before any run, naming the value.
  t::write_text(spec, t::replaced(t::read_text(spec), "\"static-py\"", "\"static-pie\""));
  r = t::botsim({"sweep", spec, "--out", dir_ + "/sweep2", "--quiet"}, "", 120);
  t::expect_input_error(r, {"static-pie", "U0.policy"});
  EXPECT_FALSE(fs::exists(dir_ + "/sweep2/runs.csv"));
}

// ---- bad plug-ins: exit code 2, one message naming the file and the problem ----

class BadPlugins : public PolicyPlugins {
 protected:
  // Example 7 with the policy `policy` (instead of `static`, whose prop `instances` it does not
  // take), loading `plugin`: nothing may be left in `out`.
  t::CliResult run_static(const std::string& policy, const std::string& plugin,
                          const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args{"--plugin", plugin};
    args.insert(args.end(), extra.begin(), extra.end());
    auto r =
        run_as("bad", "examples/04-silva-small-cloud.platform.xml", "examples/07-static-cloud.xml",
               "static", policy, args, "<prop id=\"instances\" value=\"14\"/>");
    if (policy != "static") {
      EXPECT_FALSE(fs::exists(dir_ + "/bad/out")) << "results were left";
    }
    EXPECT_TRUE(t::temporary_files(dir_ + "/bad").empty());
    return r;
  }
};

TEST_F(BadPlugins, AMissingFile) {
  auto r = t::botsim({"run", "examples/01-one-resource.platform.xml",
                      "examples/01-one-resource.xml", "--plugin", dir_ + "/nowhere.py"});
  t::expect_input_error(r, {dir_ + "/nowhere.py", "--plugin", "no such file"});
}

TEST_F(BadPlugins, AFileThatIsNeitherASharedLibraryNorPython) {
  t::write_text(dir_ + "/mine.txt", "hello");
  auto r = t::botsim({"policies", "--plugin", dir_ + "/mine.txt"});
  t::expect_input_error(r, {"mine.txt", "not a plug-in", ".so", ".py"});
}

TEST_F(BadPlugins, ASharedLibraryThatIsNoBotsimPlugIn) {
  auto r = t::botsim({"policies", "--plugin", NOT_A_PLUGIN_SO});
  t::expect_input_error(r, {NOT_A_PLUGIN_SO, "not a botsim plug-in", "BOTSIM_PLUGIN"});
  // Nor is a file named .so that is no shared library at all.
  t::write_text(dir_ + "/fake.so", "not ELF");
  r = t::botsim({"policies", "--plugin", dir_ + "/fake.so"});
  t::expect_input_error(r, {"fake.so", "cannot load this shared library"});
}

TEST_F(BadPlugins, APlugInOfAnotherVersionIsRefusedByNameAndVersion) {
  auto r = t::botsim({"policies", "--plugin", OLD_VERSION_SO});
  t::expect_input_error(r, {OLD_VERSION_SO, "plug-in 'static-choice'", "built against botsim 0.9.0",
                            "this is botsim", "rebuild it"});
}

TEST_F(BadPlugins, APythonSyntaxError) {
  auto r = t::botsim({"policies", "--plugin", kTestPython + "syntax_error.py"});
  t::expect_input_error(r, {"syntax_error.py", "line 5", "SyntaxError"});
}

TEST_F(BadPlugins, ANameTakenByABuiltInPolicy) {
  auto r = t::botsim({"policies", "--plugin", kTestPython + "clash.py"});
  t::expect_input_error(r, {"clash.py", "line 4",
                            "policy 'static' (cloud-provisioning): the name is taken by "
                            "botsim's built-in policy 'static'"});
  r = t::botsim({"policies", "--plugin", CLASH_SO});
  t::expect_input_error(r, {CLASH_SO, "policy 'Silva'", "botsim's built-in policy 'silva'"});
}

TEST_F(BadPlugins, AFileThatDeclaresNoPolicy) {
  auto r = t::botsim({"policies", "--plugin", kTestPython + "declares_nothing.py"});
  t::expect_input_error(r, {"declares_nothing.py", "declares no policy"});
  r = t::botsim({"policies", "--plugin", DECLARES_NOTHING_SO});
  t::expect_input_error(r, {DECLARES_NOTHING_SO, "declares no policy"});
}

TEST_F(BadPlugins, AnExceptionInsideAPythonPolicyMidRun) {
  auto r = run_static("divides-by-zero", kTestPython + "raises.py");
  // The first task ends at 1200 s.
  t::expect_input_error(
      r, {"raises.py", "policy 'divides-by-zero' (cloud-provisioning)", "user U0",
          "task_ended() at 1200 s (simulated)", "ZeroDivisionError: division by zero",
          "raises.py, line 11, in task_ended"});
}

TEST_F(BadPlugins, AnExceptionInsideACppPolicyMidRun) {
  auto r = run_static("throws", MISBEHAVING_SO);
  t::expect_input_error(
      r, {MISBEHAVING_SO, "policy 'throws'", "at 1200 s", "the policy's own C++ exception"});
}

TEST_F(BadPlugins, DecisionsAPolicyMayNotMake) {
  auto r = run_static("negative-count-py", kTestPython + "raises.py");
  t::expect_input_error(r, {"raises.py", "negative-count-py", "at 1200 s",
                            "starts -2 instances of 'small' (a count is a whole number >= 0)"});
  r = run_static("negative-count", MISBEHAVING_SO);
  t::expect_input_error(r, {"negative-count", "starts -1 instances"});
  r = run_static("unknown-type", MISBEHAVING_SO);
  t::expect_input_error(r, {"unknown-type",
                            "type 'huge', which the cloud does not offer "
                            "(it offers: small"});
  r = run_static("unknown-instance", MISBEHAVING_SO);
  t::expect_input_error(r, {"stops instance 'U0-i9999', which is not one of the user's live "
                            "instances"});
  r = run_static("nan-stop-time", MISBEHAVING_SO);
  t::expect_input_error(r, {"nan-stop-time", "at nan s, which is not a time to come"});
  r = run_static("wrong-type-returned", kTestPython + "raises.py");
  t::expect_input_error(r, {"wrong-type-returned",
                            "start() returned a value of type int, not a "
                            "botsim.CloudDecision (or None)"});
  r = run_static("keeps-the-view", kTestPython + "raises.py");
  t::expect_input_error(r, {"keeps-the-view", "not valid after it"});
}

TEST_F(BadPlugins, AuctionDecisionsAPolicyMayNotMake) {
  for (const auto& [policy, plugin, needle] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"nan-bid", MISBEHAVING_SO, "bids nan on R0 (a bid is a finite number >= 0"},
           {"nan-bid-py", kTestPython + "raises.py", "bids nan on R0"},
           {"unknown-resource", MISBEHAVING_SO,
            "opens an account on resource 99, which it was not offered (resources 0 to 0)"}}) {
    std::string text = t::read_text(kSource + "/examples/01-one-resource.xml");
    text = t::replaced(text, "<prop id=\"policy\" value=\"no-opt\"/>",
                       "<prop id=\"policy\" value=\"" + policy + "\"/>");
    text = t::replaced(text, "<prop id=\"bid\" value=\"10\"/>", "");
    t::write_text(dir_ + "/d.xml", text);
    auto r = t::botsim({"run", "examples/01-one-resource.platform.xml", dir_ + "/d.xml", "--out",
                        dir_ + "/out", "--plugin", plugin});
    t::expect_input_error(
        r, {policy, "(auction)", "user U0", "start() at 30.0520577 s (simulated)", needle});
    EXPECT_FALSE(fs::exists(dir_ + "/out"));
  }
}

TEST_F(BadPlugins, APythonPolicyThatNeverReturnsIsStoppedByThePolicyTimeout) {
  auto r = run_static("never-returns", kTestPython + "raises.py", {"--policy-timeout", "1"});
  t::expect_input_error(r, {"never-returns",
                            "start() did not return within 1 s of wall-clock "
                            "time (--policy-timeout)"});
  // A file that never finishes loading, likewise.
  r = t::botsim({"policies", "--plugin", kTestPython + "loops_at_load.py", "--policy-timeout", "1"},
                "", 60);
  t::expect_input_error(r, {"loops_at_load.py", "did not finish loading within 1"});
}

TEST_F(BadPlugins, APythonPolicysOwnPropIsCheckedLikeBotsimsOwn) {
  std::string text = t::read_text(kSource + "/examples/07-static-cloud.xml");
  text =
      t::replaced(text, "<prop id=\"instances\" value=\"14\"/>",
                  "<prop id=\"policy\" value=\"reads-a-prop\"/><prop id=\"spare\" value=\"9\"/>");
  t::write_text(dir_ + "/d.xml", text);
  auto r = t::botsim({"validate", "examples/04-silva-small-cloud.platform.xml", dir_ + "/d.xml",
                      "--plugin", kTestPython + "bad_prop.py"});
  t::expect_input_error(r, {dir_ + "/d.xml", "StaticProvisioning", "'spare'", "[0, 5]"});
  // A prop nobody reads is a typo.
  t::write_text(dir_ + "/d.xml", t::replaced(text, "\"spare\"", "\"sparre\""));
  r = t::botsim({"validate", "examples/04-silva-small-cloud.platform.xml", dir_ + "/d.xml",
                 "--plugin", kTestPython + "bad_prop.py"});
  t::expect_input_error(r, {"sparre"});
}

// The README's five lines (examples/policies/one_more.py) on example 4's bag: one instance at
// 0 s, and one more at each completion while more tasks wait than instances live. Instances
// double every 20 minutes (1, 2, 4, 8, 16: the type's maximum at 4800 s); done tasks 1, 3, 7,
// 15, 31, 40 at 1200, ..., 7200 s. Hours: two for each of the four instances of before 3600 s,
// one for each of the twelve later ones: 20, $2.00.
TEST_F(PolicyPlugins, ReadmesOwnPolicyGivesTheNumbersItStates) {
  auto r = t::botsim({"run", "examples/04-silva-small-cloud.platform.xml",
                      "examples/policies/one-more.xml", "--plugin", "examples/policies/one_more.py",
                      "--out", dir_ + "/out", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string summary = t::read_text(dir_ + "/out/summary.json");
  for (const char* field :
       {"\"policy\": \"one-more\"", "\"tasks_done\": 40", "\"makespan_s\": 7200.0",
        "\"instances\": 16", "\"charged_units\": 20", "\"spent\": 2.0"})
    EXPECT_NE(summary.find(field), std::string::npos) << field << "\n" << summary;
}
