// The Silva 2008 model from the command line: bad input gets exit code 2 and one clear line;
// results files reconcile; runs are deterministic; the paper's headline finding holds.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/csv.hpp"
#include "support/cli_support.hpp"

using botsim::test::CliResult;
namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

const std::string kHead = botsim::test::kXmlHead;

// One instance type "vm" whose zone props are `type_props` (defaults below unless overridden).
std::string platform(const std::map<std::string, std::string>& overrides = {}) {
  std::map<std::string, std::string> props{
      {"instance_type", "vm"}, {"price", "0.1"}, {"atu", "1h"}, {"boot_time", "0"}};
  for (const auto& [k, v] : overrides) props[k] = v;
  std::string p;
  for (const auto& [k, v] : props) p += "      <prop id=\"" + k + "\" value=\"" + v + "\"/>\n";
  return kHead + R"(  <zone id="w" routing="Full">
    <zone id="control" routing="Full">
      <host id="provider" speed="1Gf"/>
      <host id="client" speed="1Gf"/>
      <link id="l" bandwidth="10Gbps" latency="0"/>
      <route src="provider" dst="client"><link_ctn id="l"/></route>
    </zone>
    <cluster id="vm" prefix="vm-" radical="0-19" suffix="" speed="1Gf" core="1" bw="10Gbps" lat="0" router_id="vm-r">
)" + p + R"(    </cluster>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="vm" gw_src="client" gw_dst="vm-r"><link_ctn id="bb"/></zoneRoute>
  </zone>
</platform>
)";
}

std::string deployment(const botsim::test::Props& overrides = {}) {
  botsim::test::Props defaults{{"instance_type", "vm"},
                               {"tasks", "20"},
                               {"task_time", "300"},
                               {"creation_ratio", "0.5"},
                               {"increase_ratio", "0.5"}};
  return botsim::test::cloud_client_deployment("SilvaCoordinator", defaults, overrides);
}

class SilvaCli : public t::ScenarioCliTest {};

using botsim::test::expect_input_error;

}  // namespace

TEST_F(SilvaCli, GoodScenarioRuns) {
  auto r = run(platform(), deployment());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir_ + "/out/instances.csv"));
}

TEST_F(SilvaCli, CreationRatioAboveOne) {
  expect_input_error(run(platform(), deployment({{"creation_ratio", "1.5"}})),
                     {"d.xml", "SilvaCoordinator", "creation_ratio"});
}

TEST_F(SilvaCli, IncreaseRatioBelowZero) {
  expect_input_error(run(platform(), deployment({{"increase_ratio", "-0.1"}})),
                     {"d.xml", "increase_ratio"});
}

TEST_F(SilvaCli, BudgetFactorBelowOne) {
  expect_input_error(run(platform(), deployment({{"budget_factor", "0.5"}})),
                     {"d.xml", "budget_factor"});
}

TEST_F(SilvaCli, UnknownInstanceType) {
  expect_input_error(run(platform(), deployment({{"instance_type", "m9.huge"}})),
                     {"d.xml", "instance_type", "m9.huge", "vm"});
}

TEST_F(SilvaCli, AtuZero) {
  expect_input_error(run(platform({{"atu", "0"}}), deployment()), {"p.xml", "zone 'vm'", "atu"});
}

TEST_F(SilvaCli, AtuNegative) {
  expect_input_error(run(platform({{"atu", "-1h"}}), deployment()), {"p.xml", "atu"});
}

TEST_F(SilvaCli, NegativeBootTime) {
  expect_input_error(run(platform({{"boot_time", "-5s"}}), deployment()),
                     {"p.xml", "zone 'vm'", "boot_time"});
}

TEST_F(SilvaCli, CheckIntervalTooShort) {
  expect_input_error(run(platform(), deployment({{"check_interval", "0.001"}})),
                     {"d.xml", "check_interval", "at least 1 s"});
}

TEST_F(SilvaCli, HourEndFinishWithABudget) {
  // Its hosts run past the hour the budget counts on.
  expect_input_error(run(platform(), deployment({{"hour_end", "finish"}, {"budget", "5"}})),
                     {"d.xml", "hour_end", "budget"});
}

TEST_F(SilvaCli, HourEndMisspelt) {
  expect_input_error(run(platform(), deployment({{"hour_end", "finished"}})),
                     {"d.xml", "hour_end", "finished"});
}

TEST_F(SilvaCli, NegativePrice) {
  expect_input_error(run(platform({{"price", "-1"}}), deployment()), {"p.xml", "price"});
}

TEST_F(SilvaCli, MisspelledTypeProperty) {
  expect_input_error(run(platform({{"boot-time", "5"}}), deployment()), {"p.xml", "boot-time"});
}

TEST_F(SilvaCli, EmptyWorkloadFile) {
  std::string wl = file("empty.txt", "# nothing here\n\n");
  expect_input_error(
      run(platform(), deployment({{"tasks", "<none>"}, {"task_time", "<none>"}, {"workload", wl}})),
      {"empty.txt", "no tasks"});
}

TEST_F(SilvaCli, MalformedWorkloadFile) {
  std::string wl = file("bad.txt", "120\n150\nabc\n");
  expect_input_error(
      run(platform(), deployment({{"tasks", "<none>"}, {"task_time", "<none>"}, {"workload", wl}})),
      {"bad.txt:3", "abc"});
}

TEST_F(SilvaCli, NegativeRunTimeInWorkloadFile) {
  std::string wl = file("neg.txt", "120\n-3\n");
  expect_input_error(
      run(platform(), deployment({{"tasks", "<none>"}, {"task_time", "<none>"}, {"workload", wl}})),
      {"neg.txt:2"});
}

TEST_F(SilvaCli, TaskLongerThanThePaidHour) {
  expect_input_error(run(platform({{"boot_time", "10min"}}), deployment({{"task_time", "3500"}})),
                     {"d.xml", "task_time", "paid time"});
}

TEST_F(SilvaCli, MissingProvider) {
  expect_input_error(
      run(platform(), kHead + "  <actor host=\"client\" function=\"SilvaCoordinator\">\n"
                              "    <prop id=\"instance_type\" value=\"vm\"/>\n"
                              "    <prop id=\"tasks\" value=\"2\"/>\n"
                              "    <prop id=\"task_time\" value=\"10\"/>\n"
                              "  </actor>\n</platform>\n"),
      {"d.xml", "provider", "CloudProvider"});
}

// One naming rule for every model's users: `name` (Silva's older `user` still reads), and
// user names unique across the whole deployment.
TEST_F(SilvaCli, UserNamesAreUniqueWhateverTheSpelling) {
  std::string d = deployment({{"name", "U0"}});
  std::string second =
      "  <actor host=\"client\" function=\"SilvaCoordinator\">\n"
      "    <prop id=\"user\" value=\"U0\"/>\n"
      "    <prop id=\"instance_type\" value=\"vm\"/>\n"
      "    <prop id=\"tasks\" value=\"2\"/>\n"
      "    <prop id=\"task_time\" value=\"10\"/>\n"
      "  </actor>\n</platform>\n";
  d = d.substr(0, d.rfind("</platform>")) + second;
  expect_input_error(run(platform(), d), {"d.xml", "actor #3", "'U0'", "actor #2", "unique"});
}

TEST_F(SilvaCli, NameAndUserTogetherAreRefused) {
  expect_input_error(run(platform(), deployment({{"name", "U0"}, {"user", "U1"}})),
                     {"d.xml", "'user'", "once"});
}

TEST_F(SilvaCli, NameIsTheUsersNameInTheResults) {
  auto r = run(platform(), deployment({{"name", "alice"}}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto summary = nlohmann::json::parse(t::read_text(dir_ + "/out/summary.json"));
  EXPECT_EQ(summary["users"][0]["name"], "alice");
}

TEST_F(SilvaCli, InstancesAndInvoiceReconcileWithSummary) {
  // The normal job of the paper on the shipped platform, a few seeds.
  for (int seed : {1, 2, 3}) {
    std::string out = dir_ + "/run" + std::to_string(seed);
    auto r = t::botsim({"run", "platforms/utility-cloud.xml", "deployments/silva2008-normal.xml",
                        "--seed", std::to_string(seed), "--out", out, "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto summary = nlohmann::json::parse(t::read_text(out + "/summary.json"));
    const auto& u = summary["users"][0];
    auto inst = botsim::read_csv(out + "/instances.csv");
    size_t cu = inst.column("charged_units"), cc = inst.column("cost"),
           cstart = inst.column("start_s"), cstop = inst.column("stop_s");
    long units = 0;
    double cost = 0;
    for (const auto& row : inst.rows) {
      units += std::stol(row[cu]);
      cost += std::stod(row[cc]);
      ASSERT_FALSE(row[cstop].empty());  // every instance was stopped
      double used = std::stod(row[cstop]) - std::stod(row[cstart]);
      EXPECT_LE(used, 3600 * std::stod(row[cu]) + 1e-6);  // stopped within its charged units
      EXPECT_DOUBLE_EQ(std::stod(row[cc]), 0.1 * std::stod(row[cu]));
    }
    // invoice.csv: one row per instance, its amount the instance's cost, adding up to spent
    // to the cent.
    auto invoice = botsim::read_csv(out + "/invoice.csv");
    EXPECT_EQ(invoice.header,
              (std::vector<std::string>{"user", "instance", "type", "market", "from_s", "to_s",
                                        "units", "unit_price", "amount"}));
    ASSERT_EQ(invoice.rows.size(), inst.rows.size());
    double invoiced = 0;
    for (size_t k = 0; k < inst.rows.size(); ++k) {
      const auto& row = invoice.rows[k];
      EXPECT_EQ(row[invoice.column("instance")], inst.rows[k][inst.column("instance")]);
      EXPECT_EQ(row[invoice.column("market")], "on_demand");
      EXPECT_EQ(row[invoice.column("units")], inst.rows[k][cu]);
      EXPECT_EQ(row[invoice.column("amount")], inst.rows[k][cc]);
      // Paid from the start request to the end of its last unit.
      EXPECT_NEAR(std::stod(row[invoice.column("to_s")]) - std::stod(row[invoice.column("from_s")]),
                  3600 * std::stod(inst.rows[k][cu]), 2e-6);  // each written to a microsecond
      invoiced += std::stod(row[invoice.column("amount")]);
    }
    EXPECT_NEAR(u["spent"].get<double>(), invoiced, 0.005);
    EXPECT_EQ(u["instances"].get<long>(), static_cast<long>(inst.rows.size()));
    EXPECT_EQ(u["charged_units"].get<long>(), units);
    EXPECT_NEAR(u["spent"].get<double>(), cost, 1e-9);
    EXPECT_EQ(u["tasks_done"].get<long>(), 256);
    // tasks.csv: one finished attempt per task.
    auto tasks = botsim::read_csv(out + "/tasks.csv");
    long finished = 0;
    for (const auto& row : tasks.rows) finished += !row[tasks.column("end_s")].empty();
    EXPECT_EQ(finished, 256);
  }
}

TEST_F(SilvaCli, SameSeedSameFilesOtherSeedOtherPopulation) {
  auto go = [&](const std::string& out, int seed) {
    auto r = t::botsim({"run", "platforms/utility-cloud.xml", "deployments/silva2008-normal.xml",
                        "--seed", std::to_string(seed), "--out", out, "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  };
  go(dir_ + "/a", 7);
  go(dir_ + "/b", 7);
  go(dir_ + "/c", 8);
  for (const char* f : {"summary.json", "tasks.csv", "instances.csv"})
    EXPECT_EQ(t::read_text(dir_ + "/a/" + f), t::read_text(dir_ + "/b/" + f)) << f;
  EXPECT_NE(t::read_text(dir_ + "/a/tasks.csv"), t::read_text(dir_ + "/c/tasks.csv"));
}

TEST_F(SilvaCli, SeededRandomTaskOrder) {
  // 30 distinct constant-time... tasks numbered 0..29: the hand-out order is a permutation that
  // depends on the seed only.
  auto order = [&](int seed) {
    std::string out = dir_ + "/o" + std::to_string(seed);
    auto r = t::botsim({"run", file("p.xml", platform()),
                        file("d.xml", deployment({{"tasks", "30"}, {"task_time", "100"}})),
                        "--seed", std::to_string(seed), "--out", out, "--quiet"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    auto tasks = botsim::read_csv(out + "/tasks.csv");
    std::vector<std::pair<double, long>> starts;
    for (const auto& row : tasks.rows)
      starts.push_back(
          {std::stod(row[tasks.column("start_s")]), std::stol(row[tasks.column("task")])});
    std::stable_sort(starts.begin(), starts.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<long> ids;
    for (const auto& s : starts) ids.push_back(s.second);
    return ids;
  };
  auto a = order(1), b = order(1), c = order(2);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  auto sorted = a;
  std::sort(sorted.begin(), sorted.end());
  for (long i = 0; i < 30; ++i) EXPECT_EQ(sorted[static_cast<size_t>(i)], i);
  std::vector<long> identity(30);
  for (long i = 0; i < 30; ++i) identity[static_cast<size_t>(i)] = i;
  EXPECT_NE(a, identity);  // random, not file order
}

TEST_F(SilvaCli, HeadlineFindingOnTheNormalJob) {
  // Section 5: with creationRatio = increaseRatio = 0.5 the host count stays within ~12 % of
  // the optimum (11 one-hour hosts for 256 x N(150, 30) s) and the speedup near the host count.
  // 20 populations.
  double hosts = 0, speedup_ratio = 0;
  const int n = 20;
  for (int seed = 1; seed <= n; ++seed) {
    std::string out = dir_ + "/h" + std::to_string(seed);
    auto r = t::botsim({"run", "platforms/utility-cloud.xml", "deployments/silva2008-normal.xml",
                        "--seed", std::to_string(seed), "--out", out, "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto summary = nlohmann::json::parse(t::read_text(out + "/summary.json"));
    const auto& u = summary["users"][0];
    auto tasks = botsim::read_csv(out + "/tasks.csv");
    double work = 0;
    for (const auto& row : tasks.rows)
      if (!row[tasks.column("end_s")].empty())
        work += std::stod(row[tasks.column("end_s")]) - std::stod(row[tasks.column("start_s")]);
    double h = u["instances"].get<double>();
    hosts += h;
    speedup_ratio += work / u["makespan_s"].get<double>() / h;
  }
  double mean_hosts = hosts / n;
  EXPECT_GE(mean_hosts, 11 * 0.88);
  EXPECT_LE(mean_hosts, 11 * 1.12);
  EXPECT_GT(speedup_ratio / n, 0.8);  // speedup close to the host count
}

TEST_F(SilvaCli, ActorOnAnInstanceHost) {
  std::string d = deployment();
  auto pos = d.find("host=\"client\"");
  d.replace(pos, std::string("host=\"client\"").size(), "host=\"vm-3\"");
  expect_input_error(run(platform(), d), {"d.xml", "vm-3", "instance slot"});
}

TEST_F(SilvaCli, HugeBudgetFactorDoesNotFloodTheProvider) {
  // hostProcessingTime 3.6 ms: necessaryComputers is in the millions; requests are capped at
  // the type's 20 slots and the job still finishes.
  auto r = run(platform(), deployment({{"budget_factor", "1000000"}}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto summary = nlohmann::json::parse(t::read_text(dir_ + "/out/summary.json"));
  EXPECT_EQ(summary["users"][0]["tasks_done"].get<long>(), 20);
  EXPECT_LE(summary["users"][0]["instances"].get<long>(), 40);
}

TEST_F(SilvaCli, ExperimentWritesTablesAndFigures) {
  auto list = t::botsim({"experiment", "--list"});
  EXPECT_EQ(list.exit_code, 0);
  EXPECT_NE(list.out.find("silva2008"), std::string::npos);
  std::string out = dir_ + "/exp";
  // One replication: 20 populations per setting.
  auto r = t::botsim({"experiment", "silva2008", "--reps", "1", "--jobs", "2", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* f : {"runs.csv", "settings.csv", "fig1.csv", "check_interval.csv"})
    EXPECT_TRUE(fs::exists(out + "/" + f)) << f;
  // Botsim's default and Fig. 3 as printed (rules="paper"), each with its figures.
  t::expect_figures(
      out, {"fig1", "fig5_render_hosts", "fig5_render_timespan", "fig6_normal_hosts",
            "fig6_normal_timespan", "fig7_normal", "fig7_render", "fig2_render_like_job",
            "check_interval_normal", "check_interval_render", "fig5_render_hosts_as_printed",
            "fig5_render_timespan_as_printed", "fig6_normal_hosts_as_printed",
            "fig6_normal_timespan_as_printed", "fig7_normal_as_printed", "fig7_render_as_printed",
            "check_interval_normal_as_printed", "check_interval_render_as_printed"});
  // The check interval's study: 2 jobs x 3 intervals x 5 creationRatios, at increaseRatio 0.5,
  // under each rule set.
  auto intervals = botsim::read_csv(out + "/check_interval.csv");
  EXPECT_EQ(intervals.rows.size(), 60u);
  EXPECT_EQ(intervals.header.front(), "rules");
  // Each of the 22 claims as printed, then with botsim's rules.
  auto found = botsim::read_csv(out + "/findings.csv");
  ASSERT_EQ(found.rows.size(), 44u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(found.rows[i][found.column("id")], "fig1 25 hosts");
    EXPECT_EQ(found.rows[i][found.column("verdict")], "yes");
    EXPECT_EQ(found.rows[2 + i][found.column("id")], "fig1 simulated");
  }
  EXPECT_EQ(found.rows[0][found.column("rules")], "paper");
  EXPECT_EQ(found.rows[1][found.column("rules")], "botsim");
  // One replication: no spread.
  EXPECT_EQ(found.rows[4][found.column("id")], "fig6 every run finishes (normal)");
  EXPECT_EQ(found.rows[4][found.column("n")], "");
  auto runs = botsim::read_csv(out + "/runs.csv");
  // 2 rule sets x 2 jobs x 25 settings x 20 populations
  EXPECT_EQ(runs.rows.size(), 2u * 2 * 25 * 20);
  // The summary table: per rule set and job, the mean timespan and hosts of each setting
  // (view/console_tables, as the report page shows it).
  EXPECT_NE(r.out.find("Fig. 5, render-like job, with botsim's rules (the default): 20 runs per "
                       "setting; optimum 3.00 hosts"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Fig. 6, normal job, with botsim's rules (the default): 20 runs per "
                       "setting"),
            std::string::npos);
  EXPECT_NE(r.out.find("Fig. 5, render-like job, as printed (rules=\"paper\""), std::string::npos)
      << r.out;
  // The groups' line: blank over creationRatio (13 characters and 2 between columns).
  EXPECT_NE(r.out.find("\n" + std::string(15, ' ') +
                       "mean timespan (s) per increaseRatio  mean hosts per increaseRatio\n"),
            std::string::npos)
      << r.out;
  auto settings = botsim::read_csv(out + "/settings.csv");
  EXPECT_EQ(settings.rows.size(), 100u);
  for (const auto& row : runs.rows) {
    long hosts = std::stol(row[runs.column("hosts")]);
    EXPECT_EQ(hosts, std::stol(row[runs.column("charged_units")]));  // one ATU per instance
    if (row[runs.column("finished")] == "yes")
      EXPECT_GE(hosts, std::stol(row[runs.column("optimum_hosts")]) - 1);
    else  // as printed only: botsim's liveness rule finishes every job
      EXPECT_EQ(row[runs.column("rules")], "paper");
  }
  auto fig1 = botsim::read_csv(out + "/fig1.csv");
  ASSERT_GE(fig1.rows.size(), 25u);
  EXPECT_EQ(fig1.rows[24][fig1.column("hosts")], "25");
  EXPECT_EQ(fig1.rows[24][fig1.column("charged_hours")], "25");
  EXPECT_EQ(fig1.rows[24][fig1.column("speedup")], "25");
  // Simulated by StaticProvisioning: 25 instances run 12 rounds of 300 s in their first hour.
  EXPECT_EQ(fig1.rows[24][fig1.column("simulated_charged_hours")], "25");
  EXPECT_EQ(fig1.rows[24][fig1.column("simulated_makespan_s")], "3600");
  EXPECT_TRUE(fs::exists(out + "/deployments/fig1-static-25.xml"));
  // The per-run directories are gone; the generated deployments stay.
  EXPECT_FALSE(fs::exists(out + ".work"));
  EXPECT_TRUE(fs::exists(out + "/deployments/normal-cr050-ir050.xml"));
  EXPECT_NE(t::read_text(out + "/deployments/normal-cr050-ir050-paper.xml")
                .find("<prop id=\"rules\" value=\"paper\"/>"),
            std::string::npos);
}
