// The BaTS model from the command line (docs/bats2011.md): bad input gets exit code 2 and one
// clear line; the five shipped scenarios of section 4.1 run, write schedules.json with the four
// proposed schedules and stay within their budget; S3-4's summary matches its golden file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/csv.hpp"
#include "papers/bats2011/bats2011.hpp"  // kEstimateBound
#include "support/cli_support.hpp"

using botsim::test::CliResult;
namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

const std::string kHead = botsim::test::kXmlHead;

// Two clusters: "fast" (2 Gf, price 9) and "slow" (1 Gf, price `slow_price`), 4 machines each.
std::string platform(const std::string& slow_price = "3") {
  auto cluster = [](const std::string& id, const std::string& speed, const std::string& price) {
    std::string p = price.empty() ? "" : "      <prop id=\"price\" value=\"" + price + "\"/>\n";
    return "    <cluster id=\"" + id + "\" prefix=\"" + id +
           "-\" radical=\"0-3\" suffix=\"\" speed=\"" + speed +
           "\" core=\"1\" bw=\"10Gbps\" lat=\"0\" router_id=\"" + id +
           "-r\">\n      <prop id=\"instance_type\" value=\"" + id + "\"/>\n" + p +
           "      <prop id=\"atu\" value=\"1h\"/>\n    </cluster>\n";
  };
  return kHead + R"(  <zone id="w" routing="Full">
    <zone id="control" routing="Full">
      <host id="provider" speed="1Gf"/>
      <host id="client" speed="1Gf"/>
      <link id="l" bandwidth="10Gbps" latency="0"/>
      <route src="provider" dst="client"><link_ctn id="l"/></route>
    </zone>
)" + cluster("slow", "1Gf", slow_price) +
         cluster("fast", "2Gf", "9") + R"(    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="slow" gw_src="client" gw_dst="slow-r"><link_ctn id="bb"/></zoneRoute>
    <zoneRoute src="control" dst="fast" gw_src="client" gw_dst="fast-r"><link_ctn id="bb"/></zoneRoute>
  </zone>
</platform>
)";
}

std::string deployment(const botsim::test::Props& overrides = {}) {
  botsim::test::Props defaults{{"clusters", "slow,fast"},
                               {"tasks", "600"},
                               {"task_time", "normal(600,100)"},
                               {"initial_workers", "2"}};
  return botsim::test::cloud_client_deployment("BatsMaster", defaults, overrides);
}

class BatsCli : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir(); }
  void TearDown() override { fs::remove_all(dir_); }
  CliResult run(const std::string& platform_xml, const std::string& deployment_xml) {
    t::write_text(dir_ + "/p.xml", platform_xml);
    t::write_text(dir_ + "/d.xml", deployment_xml);
    return t::botsim({"run", dir_ + "/p.xml", dir_ + "/d.xml", "--out", dir_ + "/out", "--quiet"});
  }
  std::string dir_;
};

using botsim::test::expect_input_error;

}  // namespace

TEST_F(BatsCli, GoodScenarioRuns) {
  auto r = run(platform(), deployment());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = nlohmann::json::parse(t::read_text(dir_ + "/out/schedules.json"));
  EXPECT_EQ(s.at("schedules").size(), 4u);
}

TEST_F(BatsCli, BudgetBelowTheCheapestRun) {
  // 570 tasks of 600 s on average: the cheapest run is on "slow" (600 s at $3 beats 300 s at $9).
  expect_input_error(run(platform(), deployment({{"budget", "10"}})),
                     {"d.xml", "budget", "infeasible, needs at least"});
}

TEST_F(BatsCli, ScheduleIndexOutOfRange) {
  expect_input_error(run(platform(), deployment({{"schedule", "5"}})), {"d.xml", "schedule"});
  expect_input_error(run(platform(), deployment({{"schedule", "0"}})), {"d.xml", "schedule"});
}

TEST_F(BatsCli, ClusterWithoutPrice) {
  expect_input_error(run(platform(""), deployment()), {"p.xml", "price"});
}

TEST_F(BatsCli, ClusterWithZeroPrice) {
  expect_input_error(run(platform("0"), deployment()), {"d.xml", "clusters", "slow"});
}

TEST_F(BatsCli, ClusterWithoutMachines) {
  std::string p = platform();
  p.insert(p.find("<prop id=\"atu\""), "<prop id=\"max_count\" value=\"0\"/>\n      ");
  expect_input_error(run(p, deployment()), {"p.xml", "max_count"});
}

TEST_F(BatsCli, UnknownCluster) {
  expect_input_error(run(platform(), deployment({{"clusters", "slow,none"}})),
                     {"d.xml", "clusters", "none"});
}

TEST_F(BatsCli, NoCluster) {
  expect_input_error(run(platform(), deployment({{"clusters", ""}})), {"d.xml", "clusters"});
}

TEST_F(BatsCli, DeltaOutOfRange) {
  expect_input_error(run(platform(), deployment({{"delta", "0"}})), {"d.xml", "delta"});
  expect_input_error(run(platform(), deployment({{"delta", "1.5"}})), {"d.xml", "delta"});
}

TEST_F(BatsCli, ConfidenceOutOfRange) {
  expect_input_error(run(platform(), deployment({{"confidence", "1"}})), {"d.xml", "confidence"});
  expect_input_error(run(platform(), deployment({{"confidence", "-0.5"}})),
                     {"d.xml", "confidence"});
}

TEST_F(BatsCli, EmptyBag) {
  expect_input_error(run(platform(), deployment({{"tasks", "0"}})), {"d.xml", "tasks"});
}

TEST_F(BatsCli, BagTooSmallForTheSampleFormula) {
  expect_input_error(run(platform(), deployment({{"tasks", "100"}})), {"d.xml", "tasks", "600"});
}

TEST_F(BatsCli, BudgetAndScheduleTogether) {
  expect_input_error(run(platform(), deployment({{"budget", "900"}, {"schedule", "1"}})),
                     {"d.xml", "budget", "schedule"});
}

TEST_F(BatsCli, MisspelledProperty) {
  expect_input_error(run(platform(), deployment({{"cushon", "accept"}})), {"d.xml", "cushon"});
}

TEST_F(BatsCli, BadCushion) {
  expect_input_error(run(platform(), deployment({{"cushion", "maybe"}})), {"d.xml", "cushion"});
}

TEST_F(BatsCli, BadEndGame) {
  expect_input_error(run(platform(), deployment({{"end_game", "maybe"}})), {"d.xml", "end_game"});
}

TEST_F(BatsCli, BadRules) {
  expect_input_error(run(platform(), deployment({{"rules", "printed"}})),
                     {"d.xml", "rules", "botsim", "paper"});
  expect_input_error(run(platform(), deployment({{"paid_first", "yes"}})), {"d.xml", "paid_first"});
}

// The five scenarios of section 4.1, as shipped.
class BatsScenarioCli : public ::testing::TestWithParam<std::string> {};

TEST_P(BatsScenarioCli, RunsWithinBudgetAndProposesFourSchedules) {
  std::string out = t::make_temp_dir() + "/run";
  auto r = t::botsim({"run", "platforms/bats-" + GetParam() + ".xml",
                      "deployments/bats-" + GetParam() + ".xml", "--out", out, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto s = nlohmann::json::parse(t::read_text(out + "/schedules.json"));
  EXPECT_GE(s.at("schedules").size(), 4u);
  auto u = nlohmann::json::parse(t::read_text(out + "/summary.json")).at("users").at(0);
  EXPECT_EQ(u.at("model"), "bats");
  EXPECT_EQ(u.at("policy"), "sched2");
  // The user's money in all: the sampling's, then Sched2's budget plus its accepted cushion (or
  // raise); never exceeded.
  const auto& sched2 = s.at("schedules").at(1);
  EXPECT_DOUBLE_EQ(u.at("budget").get<double>(), u.at("sampling_spent").get<double>() +
                                                     sched2.at("budget").get<double>() +
                                                     sched2.at("cushion").get<double>());
  EXPECT_LE(u.at("spent").get<double>(), u.at("budget").get<double>() + 1e-9);
  for (const char* key : {"budget", "spent", "instances", "charged_units", "tasks_done"})
    EXPECT_TRUE(u.contains(key) && !u.at(key).is_null()) << key;
  fs::remove_all(fs::path(out).parent_path());
}

INSTANTIATE_TEST_SUITE_P(Section41, BatsScenarioCli,
                         ::testing::Values("S1-1", "S1-4", "S4-1", "S3-4", "S4-3"),
                         [](const auto& info) {
                           std::string n = info.param;
                           n.erase(std::remove(n.begin(), n.end(), '-'), n.end());
                           return n;
                         });

// The schedules the paper runs (4.3, Figs 6 and 7: S3-4's four, S4-1's Sched2-4 and Sched4
// without its cushion; S1-1's Sched4, Table 1's F.M.) on the shipped scenarios over seeds 1-10:
// every bag completes within its budget, a reconfiguration only follows a violation signal and
// few are needed, and the execution phase ends within `bound` of the schedule's Te (of the
// last reconfiguration's plan where one changed the machines: S4-1's Sched4 without its
// cushion on seed 3 moves to (32, 22) at its first signal, as the paper's run did). The bound
// is the findings' one, 1.15 Te (kEstimateBound), and the runs beyond it are named: S3-4's
// Sched1, whose plan ($534 of $537) fills its two ATUs, ends beyond it on seeds 4 and 9, where
// the sample underestimates the bag's mean by 3.7 and 4.4 % (the sample's standard error is
// 2.7 %) and the tasks left when the money ends run on the sampling machines' later paid time:
// 1.156 and 1.188 Te (docs/bats2011.md, "Where botsim disagrees with the paper").
struct Sweep {
  std::string scenario;
  int schedule;
  std::vector<int> late_seeds;  // the seeds that end beyond 1.15 Te
  std::string cushion = "accept";
};
void PrintTo(const Sweep& w, std::ostream* os) {
  *os << w.scenario << " Sched" << w.schedule << " cushion " << w.cushion;
}
class BatsSweepCli : public ::testing::TestWithParam<Sweep> {};

TEST_P(BatsSweepCli, EveryBagCompletesNearItsEstimate) {
  const Sweep& w = GetParam();
  std::string dir = t::make_temp_dir();
  for (int seed = 1; seed <= 10; ++seed) {
    std::string out = dir + "/seed-" + std::to_string(seed);
    auto r = t::botsim(
        {"run", "platforms/bats-" + w.scenario + ".xml", "deployments/bats-" + w.scenario + ".xml",
         "--set", "U0.schedule=" + std::to_string(w.schedule), "--set", "U0.cushion=" + w.cushion,
         "--seed", std::to_string(seed), "--out", out, "--quiet", "--log-level", "error"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto u = nlohmann::json::parse(t::read_text(out + "/summary.json")).at("users").at(0);
    const std::string what = w.scenario + " Sched" + std::to_string(w.schedule) + " cushion " +
                             w.cushion + " seed " + std::to_string(seed);
    EXPECT_EQ(u.at("tasks_done"), u.at("tasks_total")) << what;
    EXPECT_LE(u.at("spent").get<double>(), u.at("budget").get<double>() + 1e-9) << what;
    const long reconfigurations = u.at("reconfigurations").get<long>();
    EXPECT_LE(reconfigurations, 3) << what;
    EXPECT_LE(reconfigurations, u.at("violation_signals").get<long>()) << what;
    if (u.at("execution_makespan_s").is_null()) continue;
    const auto& replanned = u.at("replanned_makespan_s");
    EXPECT_EQ(replanned.is_null(), reconfigurations == 0) << what;
    const double expected =
        replanned.is_null() ? u.at("expected_makespan_s").get<double>() : replanned.get<double>();
    const bool late =
        std::find(w.late_seeds.begin(), w.late_seeds.end(), seed) != w.late_seeds.end();
    EXPECT_EQ(
        u.at("execution_makespan_s").get<double>() > botsim::papers::kEstimateBound * expected,
        late)
        << what;
  }
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(PaperSchedules, BatsSweepCli,
                         ::testing::Values(Sweep{"S3-4", 1, {4, 9}}, Sweep{"S3-4", 2, {}},
                                           Sweep{"S3-4", 3, {}}, Sweep{"S3-4", 4, {}},
                                           Sweep{"S4-1", 2, {}}, Sweep{"S4-1", 3, {}},
                                           Sweep{"S4-1", 4, {}}, Sweep{"S4-1", 4, {}, "refuse"},
                                           Sweep{"S1-1", 4, {}}),
                         [](const auto& info) {
                           std::string n = info.param.scenario + "_Sched" +
                                           std::to_string(info.param.schedule) +
                                           (info.param.cushion == "accept" ? "" : "_NoCushion");
                           n.erase(std::remove(n.begin(), n.end(), '-'), n.end());
                           return n;
                         });

// docs/bats2011.md's capacity argument for S3-4 Sched1 on seeds 4 and 9, counted from the runs'
// files: the machine time the fleet holds from the end of the sampling to 1.15 Te, in
// cluster2-seconds (a cluster1 second is a quarter of one), against the work left after the
// sampling. Every machine counts until its paid time ends: the 22 new cluster2 machines (2 ATUs
// each, 158,400 s), the sampling machines kept, and the sampling machines released, whose paid
// time after the sampling (2,440 and 2,782 s) makes the slack 2.2 and 1.5 %, not 1.1 and 0.2.
TEST(BatsCapacity, Sched1SlackOnTheSeedsThatEndLate) {
  const std::string dir = t::make_temp_dir();
  struct Seed {
    int seed;
    double work, released, slack_percent;
  };
  for (const Seed& want : {Seed{4, 217213, 2440, 2.18}, Seed{9, 219064, 2782, 1.49}}) {
    const std::string out = dir + "/seed-" + std::to_string(want.seed);
    auto r = t::botsim({"run", "platforms/bats-S3-4.xml", "deployments/bats-S3-4.xml", "--set",
                        "U0.schedule=1", "--seed", std::to_string(want.seed), "--out", out,
                        "--quiet", "--log-level", "error"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto u = nlohmann::json::parse(t::read_text(out + "/summary.json")).at("users").at(0);
    const double from = u.at("sampling_end_s").get<double>(),
                 to = from +
                      botsim::papers::kEstimateBound * u.at("expected_makespan_s").get<double>();
    const auto instances = botsim::read_csv(out + "/instances.csv");
    const auto tasks = botsim::read_csv(out + "/tasks.csv");
    std::map<std::string, double> worth;  // cluster2-seconds per second of each instance
    double capacity = 0, released = 0, work = 0;
    for (const auto& row : instances.rows) {
      const double start = std::stod(row[instances.column("start_s")]),
                   paid = start + 3600 * std::stod(row[instances.column("charged_units")]);
      const double w = row[instances.column("type")] == "cluster2" ? 1 : 0.25;
      worth[row[instances.column("instance")]] = w;
      const double held = std::max(0.0, std::min(paid, to) - std::max(start, from)) * w;
      capacity += held;
      if (start < from && paid < to) released += held;  // a sampling machine released
    }
    for (const auto& row : tasks.rows) {
      // An attempt cut off when its machine stopped did no work the bag kept.
      if (row[tasks.column("end_s")].empty()) continue;
      const double start = std::stod(row[tasks.column("start_s")]),
                   end = std::stod(row[tasks.column("end_s")]);
      if (end > from) work += (end - std::max(start, from)) * worth.at(row[tasks.column("host")]);
    }
    EXPECT_NEAR(work, want.work, 1) << want.seed;
    EXPECT_NEAR(released, want.released, 1) << want.seed;
    EXPECT_NEAR(100 * (capacity / work - 1), want.slack_percent, 0.01) << want.seed;
  }
  fs::remove_all(dir);
}

// The end game is what keeps S3-4 near its estimate: Sched4, seed 9, runs its execution phase in
// 1.21 Te when every machine that asks gets a task (Fig. 4 as printed: a cluster1 machine, four
// times slower, starts a 15-minute task as the bag empties), within 1.1 Te with it.
TEST(BatsEndGameCli, SlowMachinesLeaveTheLastTasksToFastOnes) {
  std::string dir = t::make_temp_dir();
  auto ratio = [&](const std::string& end_game) {
    std::string out = dir + "/" + end_game;
    auto r = t::botsim({"run", "platforms/bats-S3-4.xml", "deployments/bats-S3-4.xml", "--set",
                        "U0.schedule=4", "--set", "U0.end_game=" + end_game, "--seed", "9", "--out",
                        out, "--quiet", "--log-level", "error"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    auto u = nlohmann::json::parse(t::read_text(out + "/summary.json")).at("users").at(0);
    EXPECT_EQ(u.at("tasks_done"), 1000) << end_game;
    EXPECT_EQ(u.at("policy"), end_game == "on" ? "sched4" : "sched4,no-end-game");
    return u.at("execution_makespan_s").get<double>() / u.at("expected_makespan_s").get<double>();
  };
  EXPECT_GT(ratio("off"), 1.15);
  EXPECT_LT(ratio("on"), 1.1);
  fs::remove_all(dir);
}

// rules="paper" runs Fig. 4 and 3.1 as printed: every rule botsim adds off, named in the policy;
// a rule's own prop overrides it. On S3-4 Sched4 seed 9 the printed algorithm ends later (no
// end game), as in BatsEndGameCli above.
TEST(BatsRulesCli, PaperTurnsEveryAdditionOffAndSaysSo) {
  std::string dir = t::make_temp_dir();
  auto run = [&](const std::string& name, std::vector<std::string> set) {
    std::vector<std::string> args{"run",
                                  "platforms/bats-S3-4.xml",
                                  "deployments/bats-S3-4.xml",
                                  "--set",
                                  "U0.schedule=4",
                                  "--seed",
                                  "9",
                                  "--out",
                                  dir + "/" + name,
                                  "--quiet",
                                  "--log-level",
                                  "error"};
    for (const auto& s : set) args.insert(args.end(), {"--set", s});
    auto r = t::botsim(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(t::read_text(dir + "/" + name + "/summary.json"))
        .at("users")
        .at(0);
  };
  auto paper = run("paper", {"U0.rules=paper"});
  EXPECT_EQ(paper.at("policy"), "sched4,paper");
  // Without the z sigma margin (better_left_to_others off) the sample is still 2.1's 30 tasks;
  // the old way to drop the margin, confidence 0.5, also cut it to 7.
  EXPECT_EQ(paper.at("ns"), 30);
  EXPECT_EQ(run("confidence", {"U0.confidence=0.5"}).at("ns"), 7);
  EXPECT_GT(paper.at("execution_makespan_s").get<double>() /
                paper.at("expected_makespan_s").get<double>(),
            1.15);
  auto paper_end_game = run("paper-end-game", {"U0.rules=paper", "U0.end_game=on"});
  EXPECT_EQ(paper_end_game.at("policy"),
            "sched4,no-wait-for-unpaid,no-better-left-to-others,no-paid-first,no-keep-running,"
            "no-knapsack-fallback,no-replica-wait");
  auto one_off = run("no-paid-first", {"U0.paid_first=off"});
  EXPECT_EQ(one_off.at("policy"), "sched4,no-paid-first");
  EXPECT_EQ(run("no-replica-wait", {"U0.replica_wait=off"}).at("policy"), "sched4,no-replica-wait");
  fs::remove_all(dir);
}

// S4-1 Sched4 without its cushion, seed 5: its money pays exactly four ATUs of every machine.
// Task 84 (1108.6 s; Ti about 900 s) was started at 16121 s on a machine whose paid time ended
// 1103 s later and was lost there with its work, while the sampling machines' paid time ran
// 776 s longer: the bag ended a task short. It was then also handed at once to one machine
// after another whose paid time ended at that instant (15 lost attempts, then 1). Now a task
// that may overrun (Ti + z sigma) an ATU nobody pays is left to machines with room: no attempt
// is lost and the bag completes.
TEST(BatsExecutionCli, ATaskThatMayOverrunAnUnpaidAtuGoesToAMachineWithRoom) {
  std::string out = t::make_temp_dir() + "/run";
  auto r = t::botsim({"run", "platforms/bats-S4-1.xml", "deployments/bats-S4-1.xml", "--set",
                      "U0.schedule=4", "--set", "U0.cushion=refuse", "--seed", "5", "--out", out,
                      "--quiet", "--log-level", "error"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream tasks(t::read_text(out + "/tasks.csv"));
  std::string line;
  long unfinished = 0;
  while (std::getline(tasks, line))
    if (!line.empty() && line.back() == ',') ++unfinished;  // no end_s
  EXPECT_EQ(unfinished, 0);
  auto u = nlohmann::json::parse(t::read_text(out + "/summary.json")).at("users").at(0);
  EXPECT_EQ(u.at("tasks_done"), 1000);
  EXPECT_LE(u.at("spent").get<double>(), u.at("budget").get<double>());
  fs::remove_all(fs::path(out).parent_path());
}

// S4-1 Sched3, seed 7: 49 machines' paid time ends at one instant with $36 left. The ledger
// paid whichever came first, three cluster2 machines ($12 each), and 7 cluster1 machines ($3)
// lost tasks 11 to 13 minutes in: the bag ended at 1.213 Te. The money now goes to the
// cheapest ATUs first (12 cluster1 tasks kept for the price of 3 cluster2 ones): 1.09 Te.
TEST(BatsExecutionCli, AtACommonAtuEndTheCheapestRunningTasksArePaidFirst) {
  std::string out = t::make_temp_dir() + "/run";
  auto r =
      t::botsim({"run", "platforms/bats-S4-1.xml", "deployments/bats-S4-1.xml", "--set",
                 "U0.schedule=3", "--seed", "7", "--out", out, "--quiet", "--log-level", "error"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto u = nlohmann::json::parse(t::read_text(out + "/summary.json")).at("users").at(0);
  EXPECT_EQ(u.at("tasks_done"), 1000);
  EXPECT_LT(u.at("execution_makespan_s").get<double>(),
            1.1 * u.at("expected_makespan_s").get<double>());
  fs::remove_all(fs::path(out).parent_path());
}

TEST(BatsGolden, S3_4SummaryMatches) {
  std::string out = t::make_temp_dir() + "/run";
  auto r = t::botsim(
      {"run", "platforms/bats-S3-4.xml", "deployments/bats-S3-4.xml", "--out", out, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto actual = nlohmann::json::parse(t::read_text(out + "/summary.json"));
  auto golden =
      nlohmann::json::parse(t::read_text(t::source_path("tests/golden/bats-S3-4/summary.json")));
  actual.erase("botsim_version");
  golden.erase("botsim_version");
  EXPECT_EQ(actual, golden) << "results changed: see tests/golden/README.md";
}

TEST(BatsExperiment, OneReplicationWritesEveryTableAndStaysWithinBudget) {
  std::string out = t::make_temp_dir() + "/bats2011";
  auto r = t::botsim({"experiment", "bats2011", "--reps", "1", "--jobs", "2", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* f : {"fig5_estimates.csv", "table1_costs.csv", "table2_schedules.csv",
                        "fig6_schedules.csv", "fig7_cushion.csv", "findings.csv"})
    EXPECT_TRUE(fs::exists(out + "/" + f)) << f;
  t::expect_figures(
      out, {"fig5_estimates", "table1_costs", "fig6_makespans", "fig6_rules", "fig7_cushion"});
  EXPECT_TRUE(fs::exists(out + "/fig6_rules.csv"));
  // Every finding is printed, as printed and then with botsim's rules, with where the docs
  // explain a "no".
  EXPECT_NE(r.out.find("bats2011: findings.csv, each claim as printed, then with botsim's rules "
                       "(a \"no\": docs/bats2011.md#where-botsim-disagrees-with-the-paper)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  [as printed] fig5 mu LR finds almost perfect estimates of the bag's mean "
                       "(4.2): mu within "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n  fig5 mu LR finds almost perfect estimates of the bag's mean (4.2): mu "
                       "within "),
            std::string::npos)
      << r.out;
  // findings.csv: the shared columns, one row per claim and rule set (fields with commas
  // quoted), the as-printed runs first.
  const botsim::CsvTable findings = botsim::read_csv(out + "/findings.csv");
  ASSERT_EQ(findings.rows.size(), 30u);
  const size_t verdict = findings.column("verdict"), rules = findings.column("rules");
  EXPECT_EQ(findings.rows[4][0], "table1 S");
  EXPECT_EQ(findings.rows[4][rules], "paper");
  EXPECT_EQ(findings.rows[5][rules], "botsim");
  EXPECT_EQ(findings.rows[8][0], "runs");
  for (const auto& row : findings.rows)
    EXPECT_TRUE(row[verdict] == "yes" || row[verdict] == "no" || row[verdict] == "partly")
        << row[0];
  // The runs are quiet: an incomplete bag is counted in the experiment's own summary line,
  // not warned about once per run. One replication per rule set: 5 scenarios x (4 schedules
  // with LR + 2 without) + S4-1's Sched4 without its cushion = 31 runs; Fig. 7 runs S4-1's
  // Sched4 with and without its cushion on 29 more seeds: 58.
  EXPECT_EQ(r.err.find("bag incomplete"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("bats2011 [paper]: 89 runs, 0 over budget, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bats2011 [botsim]: 89 runs, 0 over budget, "), std::string::npos) << r.out;
  fs::remove_all(fs::path(out).parent_path());
}
