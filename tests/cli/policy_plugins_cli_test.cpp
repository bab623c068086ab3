// C++ plug-ins loaded with --plugin (docs/policies.md): the same policy built in and as a C++
// plug-in gives byte-identical results files on the same scenario and seed, for each decision
// point; `botsim policies` lists them; and every bad plug-in, or bad decision, is exit code 2
// with one message naming the file, the policy and the problem, leaving no results.
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
  // The built-in policy and its C++ plug-in give the same files.
  void expect_both_ways(const std::string& platform, const std::string& deployment,
                        const std::string& builtin, const std::string& cpp_so,
                        const std::string& cpp) {
    auto a = run_as("builtin", platform, deployment, builtin, builtin);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    auto b = run_as("cpp", platform, deployment, builtin, cpp, {"--plugin", cpp_so});
    ASSERT_EQ(b.exit_code, 0) << b.err;
    const auto want = results("builtin");
    ASSERT_GE(want.size(), 3u);
    EXPECT_EQ(results("cpp"), want);
  }
  std::string dir_;
};

}  // namespace

TEST_F(PolicyPlugins, StaticProvisioningBothWaysSameResults) {
  expect_both_ways("examples/04-silva-small-cloud.platform.xml", "examples/07-static-cloud.xml",
                   "static", kStaticCpp, "static-cpp");
}

TEST_F(PolicyPlugins, StaticProvisioningBothWaysSameResultsWithFailingInstances) {
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
           {"builtin", "static", ""}, {"cpp", "static-cpp", kStaticCpp}}) {
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

TEST_F(PolicyPlugins, AuctionNoOptBothWaysSameResults) {
  // The shipped Sulistio & Buyya scenario, its six No-Opt users on the plug-in's No-Opt (which
  // draws from the users' streams), beside the Global and Local users.
  expect_both_ways("platforms/badg.xml", "deployments/sulistio2005.xml", "no-opt", kNoOptCpp,
                   "no-opt-cpp");
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
        "cloud-provisioning  silva", "cloud-provisioning  static"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  EXPECT_EQ(r.out.find("static-cpp"), std::string::npos);
  r = t::botsim({"policies", "--plugin", kStaticCpp, "--plugin", kNoOptCpp});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("cloud-provisioning  static-cpp  the built-in `static` as a C++ plug-in"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("[" + fs::canonical(kStaticCpp).string() + "]"), std::string::npos);
  EXPECT_NE(r.out.find("auction             no-opt-cpp"), std::string::npos) << r.out;
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
                      "examples/01-one-resource.xml", "--plugin", dir_ + "/nowhere.so"});
  t::expect_input_error(r, {dir_ + "/nowhere.so", "--plugin", "no such file"});
}

TEST_F(BadPlugins, AFileThatIsNoSharedLibrary) {
  t::write_text(dir_ + "/mine.txt", "hello");
  auto r = t::botsim({"policies", "--plugin", dir_ + "/mine.txt"});
  t::expect_input_error(r, {"mine.txt", "not a plug-in", ".so"});
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

TEST_F(BadPlugins, ANameTakenByABuiltInPolicy) {
  auto r = t::botsim({"policies", "--plugin", CLASH_SO});
  t::expect_input_error(r, {CLASH_SO, "policy 'Silva'", "botsim's built-in policy 'silva'"});
}

TEST_F(BadPlugins, AnExceptionInsideACppPolicyMidRun) {
  auto r = run_static("throws", MISBEHAVING_SO);
  t::expect_input_error(
      r, {MISBEHAVING_SO, "policy 'throws'", "at 1200 s", "the policy's own C++ exception"});
}

TEST_F(BadPlugins, DecisionsAPolicyMayNotMake) {
  auto r = run_static("negative-count", MISBEHAVING_SO);
  t::expect_input_error(r, {MISBEHAVING_SO, "negative-count", "at 1200 s",
                            "starts -1 instances of 'small' (a count is a whole number >= 0)"});
  r = run_static("unknown-type", MISBEHAVING_SO);
  t::expect_input_error(r, {"unknown-type",
                            "type 'huge', which the cloud does not offer "
                            "(it offers: small"});
  r = run_static("unknown-instance", MISBEHAVING_SO);
  t::expect_input_error(r, {"stops instance 'U0-i9999', which is not one of the user's live "
                            "instances"});
  r = run_static("nan-stop-time", MISBEHAVING_SO);
  t::expect_input_error(r, {"nan-stop-time", "at nan s, which is not a time to come"});
}

TEST_F(BadPlugins, AuctionDecisionsAPolicyMayNotMake) {
  for (const auto& [policy, plugin, needle] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"nan-bid", MISBEHAVING_SO, "bids nan on R0 (a bid is a finite number >= 0"},
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
