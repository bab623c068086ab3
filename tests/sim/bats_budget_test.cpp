// BaTS never spends more than its budget plus the accepted cushion (docs/bats2011.md, "The
// budget is never exceeded"), on randomized whole runs: random bags (a new one per seed),
// every proposed schedule, a budget taken directly, with and without the cushion, LR and
// implicit sampling, a start-up delay. Each parameter set is one simulation (one process).
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <tuple>

#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

namespace {

// cluster1: 1 Gf, $3, 8 machines; cluster2: 4 Gf, $9, 8 machines (S3-4 in small); ATU 30 min,
// start-up delay 2 min.
std::string platform(const std::string& dir) {
  auto cluster = [](const std::string& id, const std::string& speed, const std::string& price) {
    return "    <cluster id=\"" + id + "\" prefix=\"" + id +
           "-\" radical=\"0-7\" suffix=\"\" speed=\"" + speed +
           "\" core=\"1\" bw=\"10Gbps\" lat=\"0\" router_id=\"" + id +
           "-r\">\n      <prop id=\"instance_type\" value=\"" + id +
           "\"/>\n      <prop id=\"price\" value=\"" + price +
           "\"/>\n      <prop id=\"atu\" value=\"30min\"/>\n      <prop id=\"boot_time\" "
           "value=\"2min\"/>\n    </cluster>\n";
  };
  return t::write_file(
      dir, "cloud.xml",
      t::platform_xml("\n  <zone id=\"w\" routing=\"Full\">" + t::cloud_control_zone() + "\n" +
                      cluster("c1", "1Gf", "3") + cluster("c2", "4Gf", "9") +
                      R"(    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="c1" gw_src="gw" gw_dst="c1-r"><link_ctn id="bb"/></zoneRoute>
    <zoneRoute src="control" dst="c2" gw_src="gw" gw_dst="c2-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
}

std::string deployment(const std::string& dir, const std::map<std::string, std::string>& props) {
  std::string xml =
      "  <actor host=\"provider\" function=\"CloudProvider\"/>\n"
      "  <actor host=\"client\" function=\"BatsMaster\">\n";
  std::map<std::string, std::string> all{{"name", "U0"},           {"clusters", "c1,c2"},
                                         {"tasks", "200"},         {"task_time", "normal(300,120)"},
                                         {"initial_workers", "2"}, {"sample_size", "10"}};
  for (const auto& [k, v] : props) all[k] = v;
  for (const auto& [k, v] : all) xml += "    <prop id=\"" + k + "\" value=\"" + v + "\"/>\n";
  xml += "  </actor>";
  return t::write_file(dir, "deployment.xml", t::platform_xml(xml));
}

// (seed, how the budget is chosen, cushion)
using Case = std::tuple<int, std::string, std::string>;

std::map<std::string, std::string> props_of(const std::string& how, const std::string& cushion) {
  std::map<std::string, std::string> p{{"cushion", cushion}};
  if (how.rfind("sched", 0) == 0) p["schedule"] = how.substr(5);
  if (how == "budget") p["budget"] = "150";
  if (how == "implicit") {
    p["sampling"] = "implicit";
    p["budget"] = "200";
  }
  return p;
}

class BatsBudget : public ::testing::TestWithParam<Case> {};

}  // namespace

TEST_P(BatsBudget, NeverOverBudget) {
  const auto& [seed, how, cushion] = GetParam();
  std::string dir = t::temp_dir();
  const auto& r = t::run(platform(dir), deployment(dir, props_of(how, cushion)),
                         static_cast<unsigned long long>(seed));
  ASSERT_EQ(r.users().size(), 1u);
  const auto& u = r.users()[0];
  ASSERT_TRUE(u.budget);
  EXPECT_LE(u.spent, *u.budget + 1e-9);
  // The ledger agrees with the provider's bill: sampling (LR) plus execution is instances.csv.
  double billed = 0;
  for (const auto& i : r.records<cloud::InstanceRecord>()) billed += i.cost;
  EXPECT_NEAR(u.extra.at("total_spent").get<double>(), billed, 1e-9);
  // spent is everything the user paid: the sampling (paid apart with LR) and the execution.
  EXPECT_NEAR(u.spent, billed, 1e-9);
  EXPECT_NEAR(
      u.extra.at("sampling_spent").get<double>() + u.extra.at("execution_spent").get<double>(),
      billed, 1e-9);
  if (u.tasks_done < u.tasks_total) {
    EXPECT_FALSE(u.finish_s);
    EXPECT_FALSE(u.extra.at("incomplete_reason").get<std::string>().empty());
  } else {
    EXPECT_TRUE(u.finish_s);
  }
  long done = 0;
  for (const auto& task : r.tasks()) done += task.end_s ? 1 : 0;
  EXPECT_GE(done, u.tasks_done);
}

INSTANTIATE_TEST_SUITE_P(Randomized, BatsBudget,
                         ::testing::Combine(::testing::Values(1, 2, 3),
                                            ::testing::Values("sched1", "sched2", "sched3",
                                                              "sched4", "budget", "implicit"),
                                            ::testing::Values("accept", "refuse")));
