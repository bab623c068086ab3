// What botsim checks in its input files before it runs anything (docs/reliability.md, "Input
// checks"): one CLI test per class of bad input, and the warnings that do not stop a run.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/cli_support.hpp"

using botsim::test::CliResult;
using botsim::test::expect_input_error;

namespace {

const std::string kHead =
    "<?xml version='1.0'?>\n"
    "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n";
const std::string kTail = "</platform>\n";

// One resource R0 of `speed`, a GIS host and a user host, linked.
std::string grid_platform(const std::string& speed = "1000Mf") {
  return kHead + R"(<zone id="z" routing="Full">
  <host id="R0" speed=")" +
         speed + R"(" core="2">
    <prop id="vo" value="A"/><prop id="min_bid" value="1"/><prop id="max_bid" value="10"/>
  </host>
  <host id="gis" speed="1000Mf"/>
  <host id="user" speed="1000Mf"/>
  <link id="l" bandwidth="1Gbps" latency="1ms"/>
  <route src="R0" dst="gis"><link_ctn id="l"/></route>
  <route src="R0" dst="user"><link_ctn id="l"/></route>
  <route src="gis" dst="user"><link_ctn id="l"/></route>
</zone>
)" + kTail;
}

// A GIS, R0's Auctioneer and one Broker whose props are `broker_props` (XML <prop>s).
std::string grid_deployment(const std::string& broker_props) {
  return kHead +
         "<actor host=\"gis\" function=\"GridInformationService\"><prop id=\"vo\" value=\"A\"/>"
         "</actor>\n<actor host=\"R0\" function=\"Auctioneer\"/>\n"
         "<actor host=\"user\" function=\"Broker\">\n" +
         broker_props + "</actor>\n" + kTail;
}

const std::string kBroker =
    "<prop id=\"name\" value=\"U0\"/><prop id=\"vo\" value=\"A\"/>"
    "<prop id=\"policy\" value=\"global\"/><prop id=\"deadline\" value=\"1h\"/>"
    "<prop id=\"fund\" value=\"1000\"/><prop id=\"tasks\" value=\"4\"/>"
    "<prop id=\"task_length\" value=\"60000\"/>";

class InputChecks : public botsim::test::ScenarioCliTest {
 protected:
  CliResult validate(const std::string& platform_xml, const std::string& deployment_xml) {
    return botsim::test::botsim(
        {"validate", file("p.xml", platform_xml), file("d.xml", deployment_xml)});
  }
};

}  // namespace

TEST_F(InputChecks, SpeedInFlopsIsWarnedAbout) {
  auto r = validate(grid_platform("1000"), grid_deployment(kBroker));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  for (const std::string& needle : std::vector<std::string>{
           dir_ + "/p.xml", "<host id='R0'>", "speed='1000' is 0.001 MIPS (1000 flop/s)",
           "implausibly slow", "speed=\"1000Mf\" is 1000 MIPS"})
    EXPECT_NE(r.err.find(needle), std::string::npos) << needle << " in " << r.err;
}

TEST_F(InputChecks, OneMipsAndMoreIsNotWarnedAbout) {
  for (const std::string speed : {"1Mf", "1000Mf", "2Gf"}) {
    auto r = validate(grid_platform(speed), grid_deployment(kBroker));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "") << speed;
  }
  auto r = validate(grid_platform("999kf"), grid_deployment(kBroker));
  EXPECT_NE(r.err.find("speed='999kf' is 0.999 MIPS"), std::string::npos) << r.err;
}
