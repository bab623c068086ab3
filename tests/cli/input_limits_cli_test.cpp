// Inputs that used to hang or crash botsim instead of being refused (docs/reliability.md,
// "Limits on inputs"): each is refused at reading with exit code 2, naming the file, the
// element and the problem. Each run has a time limit: a hang fails the test.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <string>
#include <vector>

#include "support/cli_support.hpp"

using botsim::test::CliResult;
using botsim::test::expect_input_error;
using botsim::test::read_text;
using botsim::test::replaced;
using botsim::test::source_path;

// A named namespace: the unity build puts several test files in one translation unit.
namespace input_limits {

constexpr int kTimeLimitS = 60;

const std::string kHead = botsim::test::kXmlHead;
const std::string kTail = "</platform>\n";

// An example's file from the source tree.
std::string example(const std::string& name) { return read_text(source_path("examples/" + name)); }

const std::string kBroker =
    "<actor host=\"u\" function=\"Broker\"><prop id=\"name\" value=\"U0\"/>"
    "<prop id=\"vo\" value=\"A\"/><prop id=\"policy\" value=\"global\"/>"
    "<prop id=\"deadline\" value=\"1h\"/><prop id=\"fund\" value=\"1000\"/>"
    "<prop id=\"tasks\" value=\"4\"/><prop id=\"task_length\" value=\"60000\"/></actor>\n";

// A GIS, R0's Auctioneer and a Broker on host u.
const std::string kGridDeployment =
    kHead +
    "<actor host=\"gis\" function=\"GridInformationService\"><prop id=\"vo\" value=\"A\"/>"
    "</actor>\n<actor host=\"R0\" function=\"Auctioneer\"/>\n" +
    kBroker + kTail;

// The hosts of kGridDeployment in one Full zone, with `routes` between them.
std::string grid_platform(const std::string& routes) {
  return kHead + R"(<zone id="z" routing="Full">
  <host id="R0" speed="1000Mf"><prop id="vo" value="A"/><prop id="min_bid" value="1"/>
    <prop id="max_bid" value="10"/></host>
  <host id="gis" speed="1000Mf"/>
  <host id="u" speed="1000Mf"/>
  <link id="l" bandwidth="1Gbps" latency="1ms"/>
)" + routes +
         "</zone>\n" + kTail;
}

const std::string kAllRoutes =
    "<route src=\"R0\" dst=\"gis\"><link_ctn id=\"l\"/></route>\n"
    "<route src=\"R0\" dst=\"u\"><link_ctn id=\"l\"/></route>\n"
    "<route src=\"gis\" dst=\"u\"><link_ctn id=\"l\"/></route>\n";

class InputLimits : public botsim::test::ScenarioCliTest {
 protected:
  InputLimits() { time_limit_s_ = kTimeLimitS; }
  // run() with its table on stdout.
  CliResult run(const std::string& platform_xml, const std::string& deployment_xml) {
    return botsim::test::botsim(
        {"run", file("p.xml", platform_xml), file("d.xml", deployment_xml), "--out", dir_ + "/out"},
        "", kTimeLimitS);
  }
  // Both validate and run refuse the scenario with the same message.
  void expect_refused(const std::string& platform_xml, const std::string& deployment_xml,
                      const std::vector<std::string>& needles) {
    CliResult v = validate(platform_xml, deployment_xml);
    expect_input_error(v, needles);
    CliResult r = run(platform_xml, deployment_xml);
    expect_input_error(r, needles);
    EXPECT_EQ(r.err, v.err);
  }
};

}  // namespace input_limits

using input_limits::InputLimits;
using namespace input_limits;

// A Full zone answers an empty route, not an error, for two hosts no <route> links: SimGrid
// aborted at the first message ("no connecting path"), an internal error.
TEST_F(InputLimits, HostsWithoutARouteAreRefused) {
  expect_refused(
      grid_platform(""), kGridDeployment,
      {dir_ + "/p.xml", "no network route from 'gis' to 'R0'",
       "no <route> or <zoneRoute> links them", "both hosts run actors of " + dir_ + "/d.xml"});
  const std::string one_missing =
      replaced(kAllRoutes, "<route src=\"gis\" dst=\"u\"><link_ctn id=\"l\"/></route>\n", "");
  expect_refused(grid_platform(one_missing), kGridDeployment,
                 {dir_ + "/p.xml", "no network route from 'gis' to 'u'"});
  auto ok = validate(grid_platform(kAllRoutes), kGridDeployment);
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
}

TEST_F(InputLimits, AuctionExampleWithoutOneOfItsRoutesIsRefused) {
  std::string platform = replaced(
      example("01-one-resource.platform.xml"),
      "<route src=\"R0\" dst=\"gis-A\"><link_ctn id=\"R0-link\"/><link_ctn id=\"gis-link\"/>"
      "</route>",
      "");
  expect_refused(platform, example("01-one-resource.xml"),
                 {dir_ + "/p.xml", "no network route from 'gis-A' to 'R0'"});
}

// At 1e300 s a timer's period no longer moves the clock: a run that got there never ended.
TEST_F(InputLimits, StartBeyondTheHorizonIsRefused) {
  const std::string horizon = "is beyond the horizon of a simulated century (3155760000 s)";
  std::string d = replaced(kGridDeployment, "<prop id=\"name\" value=\"U0\"/>",
                           "<prop id=\"name\" value=\"U0\"/><prop id=\"start\" value=\"1e300\"/>");
  expect_refused(
      grid_platform(kAllRoutes), d,
      {dir_ + "/d.xml", "actor #3 'Broker' on host 'u'", "property 'start'", "'1e300' " + horizon});
  // The horizon itself is a start like any other: the run ends as soon.
  d = replaced(kGridDeployment, "<prop id=\"name\" value=\"U0\"/>",
               "<prop id=\"name\" value=\"U0\"/><prop id=\"start\" value=\"876600h\"/>");
  auto r = run(grid_platform(kAllRoutes), d);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3155760000.0"), std::string::npos) << r.out;
}

TEST_F(InputLimits, BatsTaskTimeAndBootTimeBeyondTheHorizonAreRefused) {
  const std::string platform = example("05-bats-two-clusters.platform.xml");
  const std::string deployment = example("05-bats-two-clusters.xml");
  expect_refused(platform, replaced(deployment, "normal(900,134.164)", "1e300"),
                 {dir_ + "/d.xml", "actor #2 'BatsMaster' on host 'client'",
                  "property 'task_time': '1e300' is beyond the largest task size, 3155760000 "
                  "(a simulated century in seconds, or in MI at 1 MIPS)"});
  expect_refused(platform, replaced(deployment, "normal(900,134.164)", "normal(900,1e300)"),
                 {dir_ + "/d.xml",
                  "property 'task_time': 'normal(900,1e300)' is beyond the "
                  "largest task size"});
  expect_refused(
      replaced(platform, "<prop id=\"atu\" value=\"60min\"/>", "<prop id=\"atu\" value=\"1e-3\"/>"),
      deployment,
      {dir_ + "/p.xml", "zone 'cluster1'",
       "property 'atu': must be at least 1 s (the accountable time unit, e.g. 1h)"});
  expect_refused(replaced(platform, "<prop id=\"boot_time\" value=\"0\"/>",
                          "<prop id=\"boot_time\" value=\"1e300\"/>"),
                 deployment,
                 {dir_ + "/p.xml", "zone 'cluster1'",
                  "property 'boot_time': '1e300' is beyond the horizon of a simulated century"});
}

// A type's billing rule (docs/cloud.md, "Billing rules"): a negative minimum and an unknown
// rule are refused, naming the platform, the zone and the property.
TEST_F(InputLimits, BadBillingRulesAreRefused) {
  const std::string platform = example("05-bats-two-clusters.platform.xml");
  const std::string deployment = example("05-bats-two-clusters.xml");
  const std::string atu = "<prop id=\"atu\" value=\"60min\"/>";
  auto with = [&](const std::string& props) { return replaced(platform, atu, atu + props); };
  expect_refused(
      with("<prop id=\"billing_minimum\" value=\"-60s\"/>"), deployment,
      {dir_ + "/p.xml", "zone 'cluster1'", "property 'billing_minimum': '-60s' must be >= 0 s"});
  expect_refused(
      with("<prop id=\"billing\" value=\"per_minute\"/>"), deployment,
      {dir_ + "/p.xml", "zone 'cluster1'", "property 'billing': unknown value 'per_minute'",
       "per_started_unit", "per_second"});
  // Both good: the run goes.
  auto r = run(with("<prop id=\"billing\" value=\"per_second\"/>"
                    "<prop id=\"billing_minimum\" value=\"1min\"/>"),
               deployment);
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

// Within the horizon, a boot of about a year: the ATUs charged while the instances booted were
// caught up at one instant, each by a timer actor, and the stacks of 133,000 actors exhausted
// the memory mappings (exit 1, "Failed to protect stack"). Each ATU is now paid as it ends,
// booting or not: the execution spends its budget on cluster1 machines still booting and stops
// out of budget, within it (docs/bats2011.md, "Where a run ends").
TEST_F(InputLimits, BatsInstancesBootingForAYearRun) {
  auto r = run(
      replaced(example("05-bats-two-clusters.platform.xml"), "<prop id=\"boot_time\" value=\"0\"/>",
               "<prop id=\"boot_time\" value=\"3e7\"/>"),
      example("05-bats-two-clusters.xml"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("409/600"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("100575.00  100575.00"), std::string::npos) << r.out;  // spent, budget
}

TEST_F(InputLimits, AgentSizesBeyondTheLargestTaskOrNotFiniteAreRefused) {
  const std::string platform = example("06-agents.platform.xml");
  const std::string deployment = example("06-agents.xml");
  const std::string sizes =
      "value=\"4000,400,2400,800,3600,1200,2000,1600,2800,3200,400,4000,"
      "4000,400,2400,800,3600,1200,2000,1600,2800,3200,400,4000\"";
  const std::string element = "actor #4 'ConsumerAgent' on host 'ca-0'";
  expect_refused(platform, replaced(deployment, sizes, "value=\"400,1e300\""),
                 {dir_ + "/d.xml", element,
                  "property 'sizes': '1e300' is beyond the largest task size, 3155760000"});
  expect_refused(platform, replaced(deployment, sizes, "value=\"400,inf\""),
                 {dir_ + "/d.xml", element, "property 'sizes': 'inf' is out of range"});
  expect_refused(platform, replaced(deployment, sizes, "value=\"400,nan\""),
                 {dir_ + "/d.xml", element, "property 'sizes': 'nan' is out of range"});
  // A bag of 10^12 tasks ran out of memory (std::bad_alloc, exit 1).
  expect_refused(
      platform,
      replaced(deployment, "<prop id=\"sizes\" " + sizes, "<prop id=\"tasks\" value=\"1e12\""),
      {dir_ + "/d.xml", element, "property 'tasks': '1e12' must be in [1, 100000000]"});
  // FixedAM's allocation is no longer than the horizon either.
  expect_refused(
      platform,
      replaced(deployment, "<prop id=\"allocation\" value=\"i-elastic\"/>",
               "<prop id=\"allocation\" value=\"fixed\"/>"
               "<prop id=\"fixed_hours\" value=\"876601\"/>"),
      {dir_ + "/d.xml", element, "property 'fixed_hours': '876601' must be in [1, 876600]"});
}

// A FailureInjector with an mtbf of a microsecond: the clock hardly moved between failures.
TEST_F(InputLimits, FailuresMoreOftenThanEverySecondAreRefused) {
  const std::string injector =
      "<actor host=\"gis\" function=\"FailureInjector\"><prop id=\"hosts\" value=\"R0\"/>"
      "<prop id=\"mtbf\" value=\"1e-6\"/><prop id=\"repair\" value=\"1e-6\"/></actor>\n";
  const std::string d = replaced(kGridDeployment, "</platform>", injector + "</platform>");
  expect_refused(grid_platform(kAllRoutes), d,
                 {dir_ + "/d.xml", "actor #4 'FailureInjector' on host 'gis'",
                  "property 'mtbf': must be at least 1 s (the mean time between failures)"});
}

// A budget of 1e308 overflowed the monitor's counts of tasks ("knapsack: negative number").
TEST_F(InputLimits, MoneyBeyondTheCapIsRefused) {
  const std::string bats =
      replaced(example("05-bats-two-clusters.xml"), "<prop id=\"schedule\" value=\"2\"/>",
               "<prop id=\"budget\" value=\"1e308\"/>");
  expect_refused(example("05-bats-two-clusters.platform.xml"), bats,
                 {dir_ + "/d.xml", "actor #2 'BatsMaster' on host 'client'",
                  "property 'budget': '1e308' must be in [0, 1000000000]"});
  std::string broker = replaced(kGridDeployment, "value=\"1000\"", "value=\"1e10\"");
  expect_refused(grid_platform(kAllRoutes), broker,
                 {dir_ + "/d.xml", "property 'fund': '1e10' must be in [0, 1000000000]"});
  expect_refused(
      replaced(example("06-agents.platform.xml"), "<prop id=\"price\" value=\"0.02\"/>",
               "<prop id=\"price\" value=\"1e300\"/>"),
      example("06-agents.xml"),
      {dir_ + "/p.xml", "zone 'spa-0.micro'", "property 'price': '1e300' must be in [0, "});
}

TEST_F(InputLimits, ResourceClusterOfAServiceProviderThatIsNoHostIsRefused) {
  std::string platform = replaced(example("06-agents.platform.xml"),
                                  "<prop id=\"spa\" value=\"spa-0\"/> <prop id=\"resource_type\" "
                                  "value=\"micro\"/>",
                                  "<prop id=\"spa\" value=\"spa-9\"/> <prop id=\"resource_type\" "
                                  "value=\"micro\"/>");
  expect_refused(platform, example("06-agents.xml"),
                 {dir_ + "/p.xml", "zone 'spa-0.micro'",
                  "property 'spa': names host 'spa-9', which is not in the platform"});
}

// A FIFO with no writer blocked botsim for ever on opening it: only regular files are read.
TEST_F(InputLimits, FifoInsteadOfAFileIsRefused) {
  const std::string fifo = dir_ + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const std::string workload = replaced(kGridDeployment,
                                        "<prop id=\"tasks\" value=\"4\"/><prop id=\"task_length\" "
                                        "value=\"60000\"/>",
                                        "<prop id=\"workload\" value=\"fifo\"/>");
  const std::string not_regular = "not a regular file (a directory, FIFO or device)";
  expect_input_error(validate(grid_platform(kAllRoutes), workload),
                     {fifo, "cannot open workload file: " + not_regular});
  const std::string p = file("p.xml", grid_platform(kAllRoutes));
  const std::string d = file("d.xml", kGridDeployment);
  expect_input_error(botsim::test::botsim({"validate", fifo, d}, "", kTimeLimitS),
                     {fifo, "cannot open platform file: " + not_regular});
  expect_input_error(botsim::test::botsim({"run", p, fifo}, "", kTimeLimitS),
                     {fifo, "cannot open deployment file: " + not_regular});
  expect_input_error(botsim::test::botsim({"sweep", fifo, "--out", dir_ + "/s"}, "", kTimeLimitS),
                     {fifo, "cannot open sweep spec: " + not_regular});
  expect_input_error(
      validate(replaced(grid_platform(kAllRoutes), "<host id=\"gis\" speed=\"1000Mf\"/>",
                        "<host id=\"gis\" speed=\"1000Mf\" state_file=\"fifo\"/>"),
               kGridDeployment),
      {dir_ + "/p.xml", "<host id='gis'>", "state_file='fifo': " + not_regular});
}

// Two hosts naming one state_file made SimGrid abort with its backtrace ("Refusing to define
// trace down.txt twice"); so did one file as a host's state_file and speed_file, and a <trace
// file> that a host's state_file also names. Each is one line naming both uses.
TEST_F(InputLimits, OneProfileFileNamedTwiceIsRefused) {
  file("down.txt", "PERIODICITY -1\n0 1\n100 0\n");
  const std::string gis = "<host id=\"gis\" speed=\"1000Mf\"/>";
  const std::string u = "<host id=\"u\" speed=\"1000Mf\"/>";
  const std::string two_hosts =
      replaced(replaced(grid_platform(kAllRoutes), gis,
                        "<host id=\"gis\" speed=\"1000Mf\" state_file=\"down.txt\"/>"),
               u, "<host id=\"u\" speed=\"1000Mf\" state_file=\"down.txt\"/>");
  expect_input_error(validate(two_hosts, kGridDeployment),
                     {dir_ + "/p.xml", "<host id='u'>", "state_file='down.txt'",
                      "<host id='gis'> state_file already names this file"});
  const std::string one_host = replaced(
      grid_platform(kAllRoutes), gis,
      "<host id=\"gis\" speed=\"1000Mf\" state_file=\"down.txt\" speed_file=\"down.txt\"/>");
  expect_input_error(validate(one_host, kGridDeployment),
                     {"<host id='gis'>", "speed_file='down.txt'", "state_file already names"});
  const std::string with_trace =
      replaced(replaced(grid_platform(kAllRoutes), gis,
                        "<host id=\"gis\" speed=\"1000Mf\" state_file=\"down.txt\"/>"),
               "<link id=\"l\"",
               "<trace id=\"t\" file=\"down.txt\" periodicity=\"-1\"/>\n"
               "<trace_connect kind=\"HOST_AVAIL\" trace=\"t\" element=\"u\"/>\n<link id=\"l\"");
  expect_input_error(validate(with_trace, kGridDeployment),
                     {"<trace id='t'>", "file='down.txt'", "<host id='gis'> state_file"});
  // Two names of one file are two profiles to SimGrid, as is a copy: both are accepted.
  file("down-copy.txt", "PERIODICITY -1\n0 1\n100 0\n");
  const std::string copies =
      replaced(replaced(grid_platform(kAllRoutes), gis,
                        "<host id=\"gis\" speed=\"1000Mf\" state_file=\"down.txt\"/>"),
               u, "<host id=\"u\" speed=\"1000Mf\" state_file=\"down-copy.txt\"/>");
  auto ok = validate(copies, kGridDeployment);
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
}

// `botsim plot DIR` reads the results files of a directory the user names: a FIFO there too.
TEST_F(InputLimits, FifoInAResultsDirectoryIsRefusedByPlot) {
  ASSERT_EQ(run(grid_platform(kAllRoutes), kGridDeployment).exit_code, 0);
  const std::string tasks = dir_ + "/out/tasks.csv";
  ASSERT_EQ(std::remove(tasks.c_str()), 0);
  ASSERT_EQ(mkfifo(tasks.c_str(), 0600), 0);
  expect_input_error(botsim::test::botsim({"plot", dir_ + "/out"}, "", kTimeLimitS),
                     {"cannot open " + tasks + ": not a regular file"});
}

// A workload line of 10 MB was quoted whole in the error: a 10 MB line on stderr.
TEST_F(InputLimits, HugeBadValueIsQuotedCut) {
  file("w.txt", "60000\n" + std::string(10000000, '6') + "x\n");
  const std::string d = replaced(kGridDeployment,
                                 "<prop id=\"tasks\" value=\"4\"/><prop id=\"task_length\" "
                                 "value=\"60000\"/>",
                                 "<prop id=\"workload\" value=\"w.txt\"/>");
  auto r = validate(grid_platform(kAllRoutes), d);
  expect_input_error(r,
                     {dir_ + "/w.txt:2", "task size",
                      "'" + std::string(40, '6') + "...' (10000001 characters) is out of range"});
  EXPECT_LT(r.err.size(), 200u) << r.err.size();
  const std::string host(1000000, 'h');
  r = validate(grid_platform(kAllRoutes),
               replaced(kGridDeployment, "host=\"u\"", "host=\"" + host + "\""));
  expect_input_error(
      r, {dir_ + "/d.xml", "on host '" + std::string(40, 'h') + "...' (1000000 characters)"});
  EXPECT_LT(r.err.size(), 400u) << r.err.size();
}

// 2,000 nested zones corrupted the heap inside SimGrid's platform parser (glibc aborted, which
// botsim's abort guard turned into exit 2); a million nested elements overflowed botsim's own
// tree reading. A streaming pre-check refuses more than 100 levels before either reads the file.
TEST_F(InputLimits, DeeplyNestedFilesAreRefusedBeforeTheyAreParsed) {
  auto nested = [](int n) {
    std::string zones;
    for (int i = 0; i < n; ++i)
      zones += "<zone id=\"z" + std::to_string(i) + "\" routing=\"Full\">\n";
    zones += "<host id=\"gis\" speed=\"1000Mf\"/>\n";
    for (int i = 0; i < n; ++i) zones += "</zone>\n";
    return input_limits::kHead + zones + input_limits::kTail;
  };
  const std::string too_deep =
      "elements nested more than 100 deep (zones in zones?): more than botsim reads, or "
      "SimGrid's parser could";
  for (int n : {99, 2000}) {
    CliResult r = validate(nested(n), kGridDeployment);
    expect_input_error(r, {dir_ + "/p.xml", too_deep});
    EXPECT_EQ(r.err.find("malloc"), std::string::npos) << r.err;
    expect_input_error(run(nested(n), kGridDeployment), {dir_ + "/p.xml", too_deep});
  }
  // 98 zones nest 100 deep with <platform> and the host: read, and refused only for its hosts.
  expect_input_error(validate(nested(98), kGridDeployment),
                     {dir_ + "/d.xml", "host 'R0' is not in platform"});
  std::string deep_deployment = input_limits::kHead;
  for (int i = 0; i < 1000000; ++i) deep_deployment += "<actor>";
  expect_input_error(validate(grid_platform(kAllRoutes), deep_deployment),
                     {dir_ + "/d.xml", too_deep});
}

// A resource whose state profile turns it off and on every millisecond: a message of its
// Auctioneer lost on the wire made the GIS throw (internal error, exit 1), and a profile that
// loops every few milliseconds never let the run end. The first runs; the second is refused.
TEST_F(InputLimits, HostsFlappingEveryMillisecond) {
  std::string flaps;
  for (int i = 0; i < 20000; ++i)
    flaps += std::to_string(i) + "e-3 " + std::to_string((i + 1) % 2) + "\n";
  file("flaps.txt", flaps);
  const std::string platform =
      replaced(grid_platform(kAllRoutes), "<host id=\"R0\" speed=\"1000Mf\">",
               "<host id=\"R0\" speed=\"1000Mf\" state_file=\"flaps.txt\">");
  auto r = run(platform, kGridDeployment);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  file("flaps.txt", "0 1\n0.001 0\n0.002 1\nLOOPAFTER 0.001\n");
  expect_refused(
      platform, kGridDeployment,
      {dir_ + "/p.xml", "host 'R0'", "its state profile repeats every 0.003 s, less than 1 s"});
}
