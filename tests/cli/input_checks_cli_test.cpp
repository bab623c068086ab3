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

const std::string kHead = botsim::test::kXmlHead;
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

class InputChecks : public botsim::test::ScenarioCliTest {};

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

// One test per class of bad input, on the auction model's Broker (the other models' actors
// read their props through the same PropReader).
TEST_F(InputChecks, MisspeltPropertyNamesTheNearestValidOne) {
  std::string broker = kBroker;
  broker.replace(broker.find("\"deadline\""), 10, "\"dedline\"");
  expect_input_error(validate(grid_platform(), grid_deployment(broker)),
                     {dir_ + "/d.xml", "actor #3 'Broker' on host 'user'",
                      "property 'dedline': unknown property: did you mean 'deadline'? "
                      "('deadline' is required)"});
  broker = kBroker + "<prop id=\"bid_intervall\" value=\"5min\"/>";
  expect_input_error(validate(grid_platform(), grid_deployment(broker)),
                     {dir_ + "/d.xml", "actor #3 'Broker' on host 'user'",
                      "property 'bid_intervall': unknown property: did you mean 'bid_interval'?"});
}

TEST_F(InputChecks, MissingRequiredProperty) {
  std::string broker = kBroker;
  broker.erase(broker.find("<prop id=\"policy\""),
               std::string("<prop id=\"policy\" value=\"global\"/>").size());
  expect_input_error(validate(grid_platform(), grid_deployment(broker)),
                     {dir_ + "/d.xml", "'Broker'", "property 'policy': is required but missing"});
}

TEST_F(InputChecks, ValueOutOfRange) {
  expect_input_error(validate(grid_platform(),
                              grid_deployment(kBroker + "<prop id=\"bid_interval\" value=\"0\"/>")),
                     {dir_ + "/d.xml", "property 'bid_interval': '0' must be in [1, 604800] s"});
}

TEST_F(InputChecks, UnknownUnit) {
  std::string broker = kBroker;
  broker.replace(broker.find("\"1h\""), 4, "\"2days\"");
  expect_input_error(validate(grid_platform(), grid_deployment(broker)),
                     {dir_ + "/d.xml", "property 'deadline'",
                      "'2days' is not a duration (a number with s, min or h)"});
}

TEST_F(InputChecks, AbsurdSizeIsRefusedBeforeAllocating) {
  std::string broker = kBroker;
  broker.replace(broker.find("\"4\""), 3, "\"1e12\"");
  expect_input_error(validate(grid_platform(), grid_deployment(broker)),
                     {dir_ + "/d.xml", "property 'tasks': '1e12' must be in [1, 100000000]"});
}

TEST_F(InputChecks, DuplicateUserName) {
  std::string d = grid_deployment(kBroker);
  d.replace(d.find("</platform>"), 0,
            "<actor host=\"user\" function=\"Broker\">" + kBroker + "</actor>\n");
  expect_input_error(validate(grid_platform(), d),
                     {dir_ + "/d.xml", "actor #4", "user 'U0' is already deployed"});
}

TEST_F(InputChecks, ActorOnAHostThatDoesNotExist) {
  std::string d = grid_deployment(kBroker);
  d.replace(d.find("host=\"user\""), 11, "host=\"usr\"");
  expect_input_error(validate(grid_platform(), d),
                     {dir_ + "/d.xml", "actor #3 'Broker' on host 'usr'",
                      "host 'usr' is not in platform " + dir_ + "/p.xml"});
}

TEST_F(InputChecks, BadWorkloadLineNamesFileAndLine) {
  file("w.txt", "# sizes in MI\n60000\n6e4x\n");
  std::string broker = kBroker;
  broker.replace(broker.find("<prop id=\"tasks\""), std::string::npos, "");
  expect_input_error(validate(grid_platform(),
                              grid_deployment(broker + "<prop id=\"workload\" value=\"w.txt\"/>")),
                     {dir_ + "/w.txt:3", "task size", "'6e4x' is not a number"});
}
