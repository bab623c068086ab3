// A scenario SimGrid cannot run is refused before the run (exit code 2), and a simulation that
// SimGrid aborts anyway ends with exit code 1, one line on stderr and nothing left behind
// (docs/reliability.md, "When SimGrid aborts").
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;
using t::CliResult;
using t::expect_input_error;

namespace {

class AbortCli : public t::ScenarioCliTest {
 protected:
  // The shipped file `relative` without the line holding `line`.
  std::string without(const std::string& relative, const std::string& line) {
    std::string text = t::read_text(t::source_path(relative));
    size_t at = text.find(line);
    EXPECT_NE(at, std::string::npos) << line;
    size_t start = text.rfind('\n', at) + 1;
    text.erase(start, text.find('\n', at) + 1 - start);
    return file(fs::path(relative).filename().string(), text);
  }
  // Only `out` (as it was) in the test's directory: no temporary file or directory.
  void expect_nothing_left(const std::string& keep) {
    for (const auto& e : fs::directory_iterator(dir_))
      EXPECT_TRUE(e.path().filename() == keep || e.path().extension() == ".xml") << e.path();
  }
};

// Exit code 1 and exactly `line` on stderr.
void expect_internal_error(const CliResult& r, const std::string& line) {
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.err, line + "\n");
}

}  // namespace

TEST_F(AbortCli, CloudInstancesWithoutARouteToTheirRenterAreRefused) {
  std::string p = without("platforms/utility-cloud.xml", "dst=\"paper.host\"");
  std::string d = t::source_path("deployments/silva2008-normal.xml");
  expect_input_error(t::botsim({"validate", p, d}),
                     {p, "no network route from 'paper-0' to 'client'",
                      "'paper-0' is one of the cloud instances that talk to 'client' in " + d});
  expect_input_error(t::botsim({"run", p, d, "--out", dir_ + "/out"}), {p, "'paper-0'"});
  EXPECT_FALSE(fs::exists(dir_ + "/out"));
}

TEST_F(AbortCli, ResourceAgentsWithoutARouteToTheirProviderAreRefused) {
  std::string p = without("platforms/ec2-2012.xml", "dst=\"spa-3.micro\"");
  std::string d = t::source_path("deployments/gutierrez2012-demo.xml");
  expect_input_error(t::botsim({"validate", p, d}),
                     {p, "no network route from 'ra-3-micro-0' to 'spa-3'",
                      "one of the resource agents that talk to 'spa-3'"});
}

TEST_F(AbortCli, ShippedScenariosHaveEveryRoute) {
  for (const auto& [p, d] :
       std::vector<std::pair<std::string, std::string>>{{"badg", "sulistio2005"},
                                                        {"utility-cloud", "silva2008-render"},
                                                        {"ec2-2012", "gutierrez2012-demo"},
                                                        {"bats-S4-3", "bats-S4-3"}}) {
    auto r = t::botsim({"validate", "platforms/" + p + ".xml", "deployments/" + d + ".xml"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
}

TEST_F(AbortCli, AbortInTheMiddleOfARunIsExitOneWithOneLineAndNoLeftovers) {
  // SimGrid dies (xbt_die) at t = 5000 s of the section-5 scenario, when bids.csv has rows
  // streamed to a temporary file next to out/; out/ holds an earlier run's results.
  fs::create_directories(dir_ + "/out");
  file("out/.botsim", "an earlier run's results\n");
  file("out/summary.json", "{\"earlier\": true}\n");
  setenv("BOTSIM_TEST_ABORT_AT", "5000", 1);
  auto r = t::botsim(
      {"run", "platforms/badg.xml", "deployments/sulistio2005.xml", "--out", dir_ + "/out"});
  unsetenv("BOTSIM_TEST_ABORT_AT");
  expect_internal_error(
      r, "botsim: internal error: the simulation aborted: BOTSIM_TEST_ABORT_AT: aborted at 5000 s");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(t::read_text(dir_ + "/out/summary.json"), "{\"earlier\": true}\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_ + "/out"), fs::directory_iterator()), 2);
  expect_nothing_left("out");
}

TEST_F(AbortCli, AbortAfterTheEndOfTheRunChangesNothing) {
  // The same hook after the scenario has ended (its last user finishes at 79054.1 s): no abort.
  setenv("BOTSIM_TEST_ABORT_AT", "90000", 1);
  auto r = t::botsim({"run", "platforms/badg.xml", "deployments/sulistio2005.xml", "--out",
                      dir_ + "/out", "--quiet"});
  unsetenv("BOTSIM_TEST_ABORT_AT");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(fs::exists(dir_ + "/out/bids.csv"));
}

TEST_F(AbortCli, FatalSignalInTheMiddleOfARunIsExitOneWithOneLineAndNoLeftovers) {
  // A SIGSEGV at t = 5000 s of the section-5 scenario, with bids.csv rows streamed meanwhile.
  setenv("BOTSIM_TEST_CRASH_AT", "5000", 1);
  auto r = t::botsim(
      {"run", "platforms/badg.xml", "deployments/sulistio2005.xml", "--out", dir_ + "/out"});
  unsetenv("BOTSIM_TEST_CRASH_AT");
  expect_internal_error(r, "botsim: internal error: the simulation crashed (a fatal signal)");
  EXPECT_FALSE(fs::exists(dir_ + "/out"));
  expect_nothing_left("");
}

TEST_F(AbortCli, CrashInsideAnActorIsExitOneWithOneLine) {
#ifdef BOTSIM_SANITIZE
  GTEST_SKIP() << "the sanitizer build's thread contexts take no stack size to overflow";
#endif
  // Actor stacks of 1 KiB overflow as soon as an actor runs: SIGSEGV inside the simulation.
  auto r = t::botsim({"run", "platforms/badg.xml", "deployments/sulistio2005.xml", "--out",
                      dir_ + "/out", "--cfg=contexts/stack-size:1"});
  expect_internal_error(r, "botsim: internal error: the simulation crashed (a fatal signal)");
  EXPECT_FALSE(fs::exists(dir_ + "/out"));
  expect_nothing_left("");
}
