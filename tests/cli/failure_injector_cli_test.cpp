// The FailureInjector from the command line (docs/reliability.md, "Fault models"): its props
// are checked before the run; the same seed gives byte-identical results, another seed other
// failure times; each failure and repair is one the seeded model draws for that host; every
// task still ends done, each lost attempt reported with its reason.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/csv.hpp"
#include "core/failures.hpp"
#include "support/cli_support.hpp"

using botsim::test::CliResult;
namespace t = botsim::test;

namespace {

const std::string kHead = botsim::test::kXmlHead;

// Instance type "vm": 4 hosts, $0.1 per hour; the provider, a user host and a spare host.
const std::string kPlatform = kHead + R"(  <zone id="w" routing="Full">
    <zone id="control" routing="Full">
      <host id="provider" speed="1Gf"/><host id="client" speed="1Gf"/><host id="faults" speed="1Gf"/>
      <router id="gw"/><link id="l" bandwidth="10Gbps" latency="0"/>
      <route src="provider" dst="gw"><link_ctn id="l"/></route>
      <route src="client" dst="gw"><link_ctn id="l"/></route>
      <route src="faults" dst="gw"><link_ctn id="l"/></route>
      <route src="provider" dst="client"><link_ctn id="l"/></route>
      <route src="provider" dst="faults"><link_ctn id="l"/></route>
      <route src="client" dst="faults"><link_ctn id="l"/></route>
    </zone>
    <cluster id="vm" prefix="vm-" radical="0-3" suffix="" speed="1Gf" core="1" bw="10Gbps" lat="0" router_id="vm-r">
      <prop id="instance_type" value="vm"/><prop id="price" value="0.1"/>
    </cluster>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="vm" gw_src="gw" gw_dst="vm-r"><link_ctn id="bb"/></zoneRoute>
  </zone>
</platform>
)";

std::string deployment(const std::map<std::string, std::string>& injector) {
  std::string props;
  for (const auto& [k, v] : injector) props += "<prop id=\"" + k + "\" value=\"" + v + "\"/>";
  return kHead + R"(  <actor host="provider" function="CloudProvider"/>
  <actor host="client" function="SilvaCoordinator">
    <prop id="name" value="U0"/><prop id="instance_type" value="vm"/>
    <prop id="tasks" value="40"/><prop id="task_time" value="600"/>
  </actor>
  <actor host="faults" function="FailureInjector">)" +
         props + R"(</actor>
</platform>
)";
}

const std::map<std::string, std::string> kInjector{
    {"hosts", "vm-*"}, {"mtbf", "1h"}, {"repair", "10min"}, {"repair_law", "fixed"}};

class FailureInjectorCli : public t::ScenarioCliTest {
 protected:
  CliResult run_seed(const std::string& out, int seed,
                     const std::map<std::string, std::string>& injector = kInjector) {
    return t::botsim({"run", file("p.xml", kPlatform), file("d.xml", deployment(injector)), "--out",
                      dir_ + "/" + out, "--seed", std::to_string(seed), "--quiet"});
  }
  std::string text(const std::string& path) { return t::read_text(dir_ + "/" + path); }
};

}  // namespace

TEST_F(FailureInjectorCli, SameSeedSameResultsOtherSeedOtherFailures) {
  ASSERT_EQ(run_seed("a", 1).exit_code, 0);
  ASSERT_EQ(run_seed("b", 1).exit_code, 0);
  ASSERT_EQ(run_seed("c", 2).exit_code, 0);
  for (const char* f : {"failures.csv", "lost.csv", "tasks.csv", "instances.csv"})
    EXPECT_EQ(text(std::string("a/") + f), text(std::string("b/") + f)) << f;
  EXPECT_NE(text("a/failures.csv"), text("c/failures.csv"));
}

TEST_F(FailureInjectorCli, FailuresAreTheModelsDrawsAndEveryTaskEnds) {
  ASSERT_EQ(run_seed("a", 5).exit_code, 0);
  // Each host's changes are, in order, outages its own stream draws: an "off" at a failure
  // time (the host was rented then), the "on" at that outage's repair.
  botsim::CsvTable f = botsim::read_csv(dir_ + "/a/failures.csv");
  ASSERT_FALSE(f.rows.empty()) << "40 h of work on 1-h MTBF hosts: failures must happen";
  std::map<std::string, std::pair<botsim::Rng, botsim::Outage>> drawn;
  botsim::FailureModel m{3600, 600, botsim::RepairLaw::Fixed};
  for (const auto& row : f.rows) {
    const std::string& host = row[1];
    auto it = drawn.find(host);
    if (it == drawn.end()) {
      botsim::Rng rng = botsim::make_rng(5, "failures:" + host);
      botsim::Outage first = botsim::next_outage(m, 0, rng);
      it = drawn.emplace(host, std::make_pair(rng, first)).first;
    }
    auto& [rng, outage] = it->second;
    double time = std::stod(row[0]);
    if (row[2] == "off") {
      while (outage.fail_s < time - 1e-6) outage = botsim::next_outage(m, outage.repair_s, rng);
      EXPECT_NEAR(time, outage.fail_s, 1e-6) << host;
    } else {
      EXPECT_EQ(row[2], "on");
      EXPECT_NEAR(time, outage.repair_s, 1e-6) << host;
    }
  }
  // Every task done; each lost attempt (a tasks.csv row with no end) has its lost.csv row.
  auto summary = nlohmann::json::parse(text("a/summary.json"));
  const auto& u = summary["users"][0];
  EXPECT_EQ(u["tasks_done"], 40);
  botsim::CsvTable tasks = botsim::read_csv(dir_ + "/a/tasks.csv");
  botsim::CsvTable lost = botsim::read_csv(dir_ + "/a/lost.csv");
  long unfinished = 0;
  for (const auto& row : tasks.rows) unfinished += row[tasks.column("end_s")].empty() ? 1 : 0;
  EXPECT_EQ(static_cast<long>(lost.rows.size()), unfinished);
  EXPECT_EQ(u["tasks_rerun"], unfinished);
  EXPECT_EQ(static_cast<long>(tasks.rows.size()), 40 + unfinished);
  EXPECT_GE(u["spent_on_lost_work"].get<double>(), 0.0);
}

TEST_F(FailureInjectorCli, BadPropsAreRefusedBeforeTheRun) {
  auto with = [](const std::string& key, const std::string& value) {
    auto p = kInjector;
    p[key] = value;
    return p;
  };
  t::expect_input_error(run_seed("x", 1, with("mtbf", "0")), {"d.xml", "FailureInjector", "mtbf"});
  t::expect_input_error(run_seed("x", 1, with("hosts", "nope*")),
                        {"d.xml", "hosts", "'nope*' names no host"});
  t::expect_input_error(run_seed("x", 1, with("hosts", "faults")), {"hosts", "own host"});
  t::expect_input_error(run_seed("x", 1, with("repair_law", "weibull")), {"repair_law"});
  t::expect_input_error(run_seed("x", 1, with("mtbff", "1h")), {"mtbff"});
}
