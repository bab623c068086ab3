// Bad input and bad usage, as a user meets them: exit code 2 and one line naming the file and
// element, never a signal (docs/reference.md, "Exit codes and errors").
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "support/cli_support.hpp"

using botsim::test::CliResult;
namespace fs = std::filesystem;

namespace {

CliResult cli(const std::vector<std::string>& args) { return botsim::test::botsim(args); }

const std::string kHead = botsim::test::kXmlHead;
const std::string kTail = "</platform>\n";

std::string platform(const std::string& body) { return kHead + body + "\n" + kTail; }

const std::string kGoodPlatform = platform(
    "<zone id=\"site\" routing=\"Full\">\n"
    "  <host id=\"R0\" speed=\"1050Mf\" core=\"4\"/>\n"
    "</zone>");

// A deployment whose only actor names `function` on `host`.
std::string deployment(const std::string& host, const std::string& function) {
  return kHead + "<actor host=\"" + host + "\" function=\"" + function + "\"/>\n" + kTail;
}

class CliErrors : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = botsim::test::make_temp_dir(); }
  void TearDown() override { fs::remove_all(dir_); }

  std::string file(const std::string& name, const std::string& text) {
    std::string path = dir_ + "/" + name;
    botsim::test::write_text(path, text);
    return path;
  }

  std::string dir_;
};

// Exit code 2 and exactly one line on stderr, "botsim: ...", holding every `needle`.
using botsim::test::expect_input_error;

}  // namespace

TEST_F(CliErrors, MissingPlatformFile) {
  std::string d = file("d.xml", deployment("R0", "Broker"));
  auto r = cli({"run", dir_ + "/none.xml", d});
  expect_input_error(r, {dir_ + "/none.xml", "cannot open platform file"});
  EXPECT_TRUE(r.out.empty());
}

TEST_F(CliErrors, MissingDeploymentFile) {
  std::string p = file("p.xml", kGoodPlatform);
  expect_input_error(cli({"run", p, dir_ + "/none.xml"}),
                     {dir_ + "/none.xml", "cannot open deployment file"});
}

TEST_F(CliErrors, DirectoryInsteadOfPlatformFile) {
  std::string d = file("d.xml", deployment("R0", "Broker"));
  expect_input_error(cli({"validate", dir_, d}), {dir_, "cannot open platform file"});
}

TEST_F(CliErrors, MalformedPlatformXml) {
  // <host> never closed.
  std::string p = file("p.xml", platform("<zone id=\"z\" routing=\"Full\">\n"
                                         "<host id=\"R0\" speed=\"1Mf\">\n"
                                         "</zone>"));
  std::string d = file("d.xml", deployment("R0", "Broker"));
  expect_input_error(cli({"run", p, d}), {p + ":6", "Invalid XML", "</host>"});
}

TEST_F(CliErrors, EmptyPlatformFile) {
  std::string p = file("p.xml", "");
  std::string d = file("d.xml", deployment("R0", "Broker"));
  expect_input_error(cli({"validate", p, d}), {p, "Invalid XML"});
}

TEST_F(CliErrors, MalformedDeploymentXml) {
  std::string p = file("p.xml", kGoodPlatform);
  std::string d = file("d.xml", kHead + "<actor host=\"R0\" function=\"Broker\">\n" + kTail);
  expect_input_error(cli({"run", p, d}), {d + ":", "malformed XML"});
}

TEST_F(CliErrors, DeploymentWithAnUnexpectedElement) {
  std::string p = file("p.xml", kGoodPlatform);
  std::string d = file("d.xml", kHead + "<host id=\"R0\" speed=\"1Mf\"/>\n" + kTail);
  expect_input_error(cli({"validate", p, d}), {d, "<host>", "unexpected element"});
}

TEST_F(CliErrors, DeploymentWithoutActors) {
  std::string p = file("p.xml", kGoodPlatform);
  std::string d = file("d.xml", kHead + kTail);
  expect_input_error(cli({"validate", p, d}), {d, "deploys no actor"});
}

TEST_F(CliErrors, ActorWithoutFunction) {
  std::string p = file("p.xml", kGoodPlatform);
  std::string d = file("d.xml", kHead + "<actor host=\"R0\"/>\n" + kTail);
  expect_input_error(cli({"validate", p, d}), {d, "actor #1", "function="});
}

TEST_F(CliErrors, UnknownActorFunction) {
  std::string p = file("p.xml", kGoodPlatform);
  std::string d = file("d.xml", deployment("R0", "NoSuchActor"));
  expect_input_error(cli({"run", p, d}), {d, "actor #1 'NoSuchActor' on host 'R0'",
                                          "unknown actor function 'NoSuchActor'", "known: "});
}

TEST_F(CliErrors, ActorOnHostNotInPlatform) {
  std::string p = file("p.xml", kGoodPlatform);
  std::string d = file("d.xml", deployment("R9", "Broker"));
  expect_input_error(cli({"run", p, d}),
                     {d, "actor #1 'Broker' on host 'R9'", "host 'R9' is not in platform " + p});
}

TEST_F(CliErrors, HostWithoutSpeed) {
  std::string p = file("p.xml", platform("<zone id=\"z\" routing=\"Full\">\n"
                                         "<host id=\"R0\" core=\"4\"/>\n"
                                         "</zone>"));
  std::string d = file("d.xml", deployment("R0", "Broker"));
  expect_input_error(cli({"run", p, d}), {p + ":5", "speed", "host"});
}

TEST_F(CliErrors, HostWithZeroSpeed) {
  std::string p = file("p.xml", platform("<zone id=\"z\" routing=\"Full\">\n"
                                         "<host id=\"R0\" speed=\"0Mf\"/>\n"
                                         "</zone>"));
  std::string d = file("d.xml", deployment("R0", "Broker"));
  expect_input_error(cli({"run", p, d}), {p, "<host id='R0'>", "speed='0Mf' must be > 0"});
}

TEST_F(CliErrors, HostWithoutCores) {
  // SimGrid itself would abort on this one.
  std::string p = file("p.xml", platform("<zone id=\"z\" routing=\"Full\">\n"
                                         "<host id=\"R0\" speed=\"1Mf\" core=\"0\"/>\n"
                                         "</zone>"));
  std::string d = file("d.xml", deployment("R0", "Broker"));
  expect_input_error(cli({"validate", p, d}),
                     {p, "<host id='R0'>", "core='0' must be a whole number >= 1"});
}

TEST_F(CliErrors, UnknownZoneRouting) {
  // SimGrid itself would abort on this one.
  std::string p = file("p.xml", platform("<zone id=\"z\" routing=\"Shortest\">\n"
                                         "<host id=\"R0\" speed=\"1Mf\"/>\n"
                                         "</zone>"));
  std::string d = file("d.xml", deployment("R0", "Broker"));
  expect_input_error(cli({"validate", p, d}),
                     {p, "<zone id='z'>", "unknown routing 'Shortest'", "Full"});
}

TEST_F(CliErrors, RouteToUnknownHostIsOneLine) {
  // SimGrid's own message for this spans two lines; botsim prints it as one.
  std::string p =
      file("p.xml", platform("<zone id=\"z\" routing=\"Full\">\n"
                             "<host id=\"R0\" speed=\"1Mf\"/>\n"
                             "<link id=\"l\" bandwidth=\"1MBps\" latency=\"1ms\"/>\n"
                             "<route src=\"R0\" dst=\"R9\"><link_ctn id=\"l\"/></route>\n"
                             "</zone>"));
  std::string d = file("d.xml", deployment("R0", "Broker"));
  expect_input_error(cli({"validate", p, d}), {p, "R9", "'R0'"});
}

TEST_F(CliErrors, DeploymentGivenAsPlatform) {
  // SimGrid itself would abort on this one (it starts actors named in platform files).
  std::string d = file("d.xml", deployment("R0", "Broker"));
  expect_input_error(cli({"validate", d, d}), {d, "<actor>", "deployment file"});
}

TEST_F(CliErrors, OtherSimGridAbortsAreInputErrorsToo) {
  // A route given twice in a Floyd zone: SimGrid dies with its own message; botsim then exits
  // with code 2 naming the file instead of ending by SIGABRT.
  std::string p =
      file("p.xml", platform("<zone id=\"z\" routing=\"Floyd\">\n"
                             "<host id=\"R0\" speed=\"1Mf\"/>\n"
                             "<host id=\"R1\" speed=\"1Mf\"/>\n"
                             "<link id=\"l\" bandwidth=\"1MBps\" latency=\"1ms\"/>\n"
                             "<route src=\"R0\" dst=\"R1\"><link_ctn id=\"l\"/></route>\n"
                             "<route src=\"R0\" dst=\"R1\"><link_ctn id=\"l\"/></route>\n"
                             "</zone>"));
  std::string d = file("d.xml", deployment("R0", "Broker"));
  auto r = cli({"validate", p, d});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  std::string last_line = r.err.substr(r.err.rfind('\n', r.err.size() - 2) + 1);
  EXPECT_EQ(last_line, "botsim: " + p + ": SimGrid rejected it (its message is above)\n");
}

TEST_F(CliErrors, FailedRunLeavesEarlierResultsUntouched) {
  std::string p = file("p.xml", kGoodPlatform);
  std::string d = file("d.xml", deployment("R0", "NoSuchActor"));
  fs::create_directories(dir_ + "/out");
  file("out/summary.json", "{\"earlier\": true}\n");
  auto r = cli({"run", p, d, "--out", dir_ + "/out"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(botsim::test::read_text(dir_ + "/out/summary.json"), "{\"earlier\": true}\n");
  size_t entries = 0;
  for (const auto& e : fs::directory_iterator(dir_)) entries += e.is_directory() ? 1 : 0;
  EXPECT_EQ(entries, 1u);  // no temporary directory left next to out/
}

TEST_F(CliErrors, UsageErrors) {
  std::string p = file("p.xml", kGoodPlatform);
  // `botsim` alone prints the help, as --help does.
  auto alone = cli({});
  EXPECT_EQ(alone.exit_code, 0) << alone.err;
  EXPECT_EQ(alone.out, cli({"--help"}).out);
  EXPECT_NE(alone.out.find("experiment"), std::string::npos) << alone.out;
  expect_input_error(cli({"run"}), {"platform is required"});
  expect_input_error(cli({"run", p}), {"deployment is required"});
  expect_input_error(cli({"validate"}), {"platform is required"});
  expect_input_error(cli({"run", p, p, "--bogus"}), {"--bogus"});
  expect_input_error(cli({"frobnicate"}), {"unknown command 'frobnicate'"});
  expect_input_error(cli({"--bogus"}), {"unknown command '--bogus'"});
  expect_input_error(cli({"run", p, p, "--seed", "abc"}), {"--seed", "abc"});
  expect_input_error(cli({"experiment"}), {"experiment", "NAME", "--list"});
  expect_input_error(cli({"experiment", "x", "--reps", "0"}), {"--reps"});
  expect_input_error(cli({"run", p, p, "--log-level", "loud"}), {"--log-level", "loud"});
}

TEST_F(CliErrors, SeedsAreWholeNumbersThatFit) {
  std::string p = file("p.xml", kGoodPlatform);
  expect_input_error(cli({"run", p, p, "--seed", "-1"}),
                     {"--seed: '-1' is not a whole number in [0, 18446744073709551615]"});
  expect_input_error(cli({"run", p, p, "--seed", "18446744073709551616"}),
                     {"--seed: '18446744073709551616' is not a whole number"});
  expect_input_error(cli({"experiment", "x", "--seed", "1.5"}),
                     {"--seed: '1.5' is not a whole number"});
}

TEST_F(CliErrors, UnknownSimGridOptionIsBadUsage) {
  std::string p = file("p.xml", kGoodPlatform);
  std::string d = file("d.xml", deployment("R0", "Broker"));
  expect_input_error(cli({"validate", p, d, "--cfg=no/such-key:1"}),
                     {"--cfg=no/such-key:1: Bad config key: no/such-key"});
}

TEST_F(CliErrors, SimGridAbortOnOptionsIsBadUsage) {
  // SimGrid dies on these with its own message; botsim exits with code 2 naming the option.
  std::string p = file("p.xml", kGoodPlatform);
  std::string d = file("d.xml", deployment("R0", "Broker"));
  for (const std::string opt : {"--cfg=missing-colon", "--log=nonsense", "--cfg=network/model:X"}) {
    auto r = cli({"validate", p, d, opt});
    EXPECT_EQ(r.exit_code, 2) << opt << ": " << r.err;
    EXPECT_NE(r.err.find("botsim: " + opt + ": SimGrid rejected it"), std::string::npos) << r.err;
  }
}

TEST_F(CliErrors, UnknownExperiment) {
  expect_input_error(cli({"experiment", "nope"}),
                     {"experiment", "unknown experiment 'nope'", "known: "});
}

TEST(CliHelp, HelpAndVersionExitZero) {
  auto help = cli({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  for (const char* word : {"run", "validate", "experiment", "plot"})
    EXPECT_NE(help.out.find(word), std::string::npos) << word;
  EXPECT_TRUE(help.err.empty());

  auto run_help = cli({"run", "--help"});
  EXPECT_EQ(run_help.exit_code, 0);
  EXPECT_NE(run_help.out.find("--seed"), std::string::npos);
  EXPECT_NE(run_help.out.find("--out"), std::string::npos);

  auto exp_help = cli({"experiment", "--help"});
  EXPECT_EQ(exp_help.exit_code, 0);
  EXPECT_NE(exp_help.out.find("--reps"), std::string::npos);
  EXPECT_NE(exp_help.out.find("--jobs"), std::string::npos);
  // Each experiment's default --reps.
  for (const char* line :
       {"  sulistio2005: 10 (the paper reports one run; Figs 2-5 show the first)\n",
        "  silva2008: 10 per setting and rule set, each 20 populations (the paper's 200)\n",
        "  bats2011: 10 per scenario and rule set\n",
        "  gutierrez2012: 10 per configuration and rule set\n", "  vo-policies: 10\n"})
    EXPECT_NE(exp_help.out.find(line), std::string::npos) << line << exp_help.out;

  auto version = cli({"--version"});
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind("botsim ", 0), 0u);
  EXPECT_EQ(std::count(version.out.begin(), version.out.end(), '\n'), 1);
}

// SimGrid's --help-models was refused as an unknown command: it lists SimGrid's models, the
// values --cfg=network/model:... takes, and exits 0.
TEST(CliHelp, HelpModelsListsSimGridsModels) {
  auto r = cli({"--help-models"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Long description of the network models"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("CM02"), std::string::npos) << r.out;
  EXPECT_NE(cli({"run", "--help"}).out.find("--help-models"), std::string::npos);
}

TEST(CliHelp, HelpCommandIsTheHelpFlag) {
  EXPECT_EQ(cli({"help"}).out, cli({"--help"}).out);
  auto run_help = cli({"help", "run"});
  EXPECT_EQ(run_help.exit_code, 0);
  EXPECT_EQ(run_help.out, cli({"run", "--help"}).out);
  EXPECT_NE(run_help.out.find("--seed"), std::string::npos);
  expect_input_error(cli({"help", "nope"}), {"unknown command 'nope'"});
}

// --log-level info tells a run's story on stderr, a line per event: bids that change (auction),
// instances started and stopped with what they cost (clouds).
TEST(CliLog, InfoTellsTheStory) {
  const std::string dir = botsim::test::make_temp_dir();
  auto grid = cli({"run", "examples/01-one-resource.platform.xml", "examples/01-one-resource.xml",
                   "--out", dir + "/grid", "--log-level", "info"});
  ASSERT_EQ(grid.exit_code, 0) << grid.err;
  EXPECT_NE(grid.err.find("U0 on R0: bid 0.0 -> 10.0 cents/min"), std::string::npos) << grid.err;
  EXPECT_NE(grid.err.find("U0 done: 3 tasks"), std::string::npos) << grid.err;
  auto cloud = cli({"run", "platforms/utility-cloud.xml", "deployments/silva2008-normal.xml",
                    "--out", dir + "/cloud", "--log-level", "info"});
  ASSERT_EQ(cloud.exit_code, 0) << cloud.err;
  EXPECT_NE(cloud.err.find("U0: instance U0-i0001 ready on host"), std::string::npos);
  // One ATU, singular, and the amount in the model's money (docs/units.md).
  EXPECT_NE(cloud.err.find("U0: instance U0-i0001 stopped: 1 ATU charged, 0.10 $"),
            std::string::npos)
      << cloud.err;
  EXPECT_EQ(cli({"run", "examples/01-one-resource.platform.xml", "examples/01-one-resource.xml",
                 "--out", dir + "/quiet"})
                .err,
            "");
}

TEST(CliHelp, ExperimentListExitsZero) {
  auto r = cli({"experiment", "--list"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(r.err.empty());
  // One line per experiment: its name, about how long it takes on two cores, and what it
  // reproduces, each in its column.
  EXPECT_NE(r.out.find("silva2008      9 min  Silva"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("vo-policies    25 s   Sulistio"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("sulistio2005   2 s    Sulistio"), std::string::npos) << r.out;
}

// Found by mutating the shipped scenario: text inside an <actor> (which SimGrid's parser
// rejects while botsim's own check let it through) and a platform without a route between two
// hosts that run actors (SimGrid threw from inside the simulation and aborted).
TEST_F(CliErrors, TextInsideAnActorIsBadInput) {
  std::string shipped =
      botsim::test::read_text(botsim::test::source_path("deployments/sulistio2005.xml"));
  std::string bad = shipped;
  bad.replace(bad.find("<prop id=\"name\" value=\"U2\"/>"), 0, "5 ");
  std::string d = file("d.xml", bad);
  auto r = cli({"run", botsim::test::source_path("platforms/badg.xml"), d, "--out", dir_ + "/out"});
  expect_input_error(r, {d, "Unexpected character"});
  EXPECT_FALSE(fs::exists(dir_ + "/out"));
}

TEST_F(CliErrors, MissingRouteBetweenActorHostsIsBadInput) {
  std::string shipped = botsim::test::read_text(botsim::test::source_path("platforms/badg.xml"));
  std::string route = "<route src=\"users-A\" dst=\"AARNet\"><link_ctn id=\"Sydney\"/></route>";
  ASSERT_NE(shipped.find(route), std::string::npos);
  std::string bad = shipped;
  bad.erase(bad.find(route), route.size());
  std::string p = file("p.xml", bad);
  std::string d = botsim::test::source_path("deployments/sulistio2005.xml");
  expect_input_error(cli({"validate", p, d}), {p, "no network route", "users-A"});
  expect_input_error(cli({"run", p, d, "--out", dir_ + "/out"}), {p, "no network route"});
}

// Messages a student reads: a range that only excludes zero says "positive"; a speed in MIPS
// says how SimGrid writes it.
TEST_F(CliErrors, MessagesSayWhatToWrite) {
  const std::string example = botsim::test::source_path("examples/01-one-resource.xml");
  const std::string platform = botsim::test::source_path("examples/01-one-resource.platform.xml");
  expect_input_error(cli({"validate", platform, example, "--set", "U0.deadline=-5min"}),
                     {"property 'deadline'", "'-5min' must be positive"});
  std::string text = botsim::test::read_text(platform);
  text.replace(text.find("speed=\"1000Mf\""), 14, "speed=\"1000MIPS\"");
  std::string p = file("p.xml", text);
  expect_input_error(cli({"validate", p, example}),
                     {p, "unknown unit: MIPS", "MIPS are written Mf", "speed=\"1000Mf\""});
}

// A No-Opt user that bids other than its `bid` is told why at the default log level (here:
// 500 is above R0's 100, and G$10 then pays for 45.45 cents/min over the 22 minutes until the
// next top-up: 1000 / 22); --log-level debug shows the inputs of every first bid.
TEST_F(CliErrors, ANoOptUserIsToldWhyItBidsOtherThanItsBid) {
  const std::string example = botsim::test::source_path("examples/01-one-resource.xml");
  const std::string platform = botsim::test::source_path("examples/01-one-resource.platform.xml");
  auto r = cli({"run", platform, example, "--set", "U0.bid=500", "--out", dir_ + "/o", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err,
            "[    30.052] [Broker@users-A] warning: U0 on R0: bids 45.45 cents/min, not its bid of "
            "500.00: the resource takes bids in [1, 100] cents/min; then its money pays no more: "
            "G$10.00 in hand, a bid costs G$0.2200 per cent/min until the next top-up\n");
  r = cli({"run", platform, example, "--out", dir_ + "/o", "--quiet"});
  EXPECT_EQ(r.err, "");  // its own bid, within range and money: nothing to say
  r = cli({"run", platform, example, "--out", dir_ + "/o", "--quiet", "--log-level", "debug"});
  EXPECT_NE(r.err.find("U0 on R0: first bid 10.00 cents/min (the resource takes [1, 100], "
                       "surcharge 0, C_r 1000 MIPS, local)"),
            std::string::npos)
      << r.err;
}

// `experiment NAME --reps 2` without --out rewrote the shipped results/NAME (13 files): a
// setting other than the defaults now needs --out, and the refusal says where the defaults
// go. Run in an empty directory, so that nothing shipped could be touched if it did not.
TEST(CliExperiment, AtOtherSettingsNeedsAnOutDirectory) {
  const std::string dir = botsim::test::make_temp_dir();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"experiment", "sulistio2005", "--reps", "2"},
        std::vector<std::string>{"experiment", "sulistio2005", "--seed", "5"},
        std::vector<std::string>{"experiment", "sulistio2005", "--data-dir", dir}}) {
    auto r = botsim::test::botsim(args, dir);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("experiment sulistio2005: results/sulistio2005 holds the results at the "
                         "default --reps, --seed and data: give --out DIR for other settings"),
              std::string::npos)
        << r.err;
    EXPECT_TRUE(fs::is_empty(dir)) << args[2];
  }
}
