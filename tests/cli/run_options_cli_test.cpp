// `botsim run` run many ways: --set changes a deployment prop without editing the file, results
// directories get the user's umask, and the default directory never takes another deployment's.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/csv.hpp"
#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;
using botsim::test::CliResult;

namespace {

const std::string kPlatform = "platforms/utility-cloud.xml";
const std::string kDeployment = "deployments/silva2008-normal.xml";  // U0 on host 'client'

class RunOptionsCli : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir(); }
  void TearDown() override { fs::remove_all(dir_); }
  CliResult run(std::vector<std::string> extra, const std::string& out = "out") {
    std::vector<std::string> args{"run",   kPlatform,        kDeployment,
                                  "--out", dir_ + "/" + out, "--quiet"};
    args.insert(args.end(), extra.begin(), extra.end());
    return t::botsim(args);
  }
  nlohmann::json summary(const std::string& out = "out") {
    return nlohmann::json::parse(t::read_text(dir_ + "/" + out + "/summary.json"));
  }
  std::string dir_;
};

}  // namespace

TEST_F(RunOptionsCli, SetChangesAPropByNameOrHost) {
  auto r = run({"--set", "U0.tasks=16"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(summary()["users"][0]["tasks_total"], 16);
  EXPECT_EQ(summary()["set"], nlohmann::json::array({"U0.tasks=16"}));
  // By host, and the later of two settings of one prop wins.
  r = run({"--set", "client.tasks=8", "--set", "U0.tasks=12"}, "host");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(summary("host")["users"][0]["tasks_total"], 12);
  // Without --set: the file's 256 tasks, and no "set" in summary.json.
  r = run({}, "plain");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(summary("plain")["users"][0]["tasks_total"], 256);
  EXPECT_FALSE(summary("plain").contains("set"));
}

TEST_F(RunOptionsCli, SetIsValidatedLikeTheFilesProps) {
  t::expect_input_error(run({"--set", "U0.taks=16"}),
                        {kDeployment, "'SilvaCoordinator'", "property 'taks'", "--set U0.taks=16",
                         "unknown property"});
  t::expect_input_error(run({"--set", "U0.tasks=-3"}),
                        {kDeployment, "property 'tasks'", "--set U0.tasks=-3", "'-3' must be"});
  t::expect_input_error(run({"--set", "U9.tasks=16"}),
                        {kDeployment, "--set U9.tasks=16", "no actor is named 'U9'"});
  t::expect_input_error(run({"--set", "U0tasks"}), {"--set", "'U0tasks' is not ACTOR.PROP=VALUE"});
  t::expect_input_error(t::botsim({"validate", kPlatform, kDeployment, "--set", "U0.taks=1"}),
                        {"property 'taks'", "--set U0.taks=1"});
  EXPECT_FALSE(fs::exists(dir_ + "/out"));
}

TEST_F(RunOptionsCli, ResultsDirectoryGetsTheUsersUmask) {
  const mode_t before = umask(027);
  auto r = run({"--set", "U0.tasks=4"});
  umask(before);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(fs::status(dir_ + "/out").permissions() & fs::perms::all,
            fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
}

// Two deployments named d.xml in two folders: the second gets results/runs/d-2; each run again
// goes back to its own folder.
TEST_F(RunOptionsCli, DefaultDirectoryIsNeverAnotherDeployments) {
  const std::string text = t::read_text(t::source_path(kDeployment));
  fs::create_directories(dir_ + "/a");
  fs::create_directories(dir_ + "/b");
  t::write_text(dir_ + "/a/d.xml", text);
  t::write_text(dir_ + "/b/d.xml", text);
  const std::string platform = t::source_path(kPlatform);
  auto run_in = [&](const std::string& which, const std::string& tasks) {
    return t::botsim({"run", platform, which + "/d.xml", "--set", "U0.tasks=" + tasks}, dir_);
  };
  auto r = run_in("a", "4");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("results written to results/runs/d/"), std::string::npos) << r.out;
  r = run_in("b", "5");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("results written to results/runs/d-2/"), std::string::npos) << r.out;
  r = run_in("a", "6");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("results written to results/runs/d/"), std::string::npos) << r.out;
  auto tasks = [&](const std::string& out) {
    return nlohmann::json::parse(
        t::read_text(dir_ + "/" + out + "/summary.json"))["users"][0]["tasks_total"];
  };
  EXPECT_EQ(tasks("results/runs/d"), 6);
  EXPECT_EQ(tasks("results/runs/d-2"), 5);
  // A folder botsim did not mark (e.g. made by hand) is not taken either.
  fs::create_directories(dir_ + "/results/runs/e");
  t::write_text(dir_ + "/a/e.xml", text);
  r = t::botsim({"run", platform, "a/e.xml", "--set", "U0.tasks=4"}, dir_);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("results written to results/runs/e-2/"), std::string::npos) << r.out;
}

// --reps N: seeds seed..seed+N-1, each its own process and results directory, and per user the
// mean and deviation (printed, and in reps.csv).
TEST_F(RunOptionsCli, RepsRunsSeedsAndPrintsMeanAndDeviation) {
  auto r = run({"--set", "U0.tasks=8", "--seed", "5", "--reps", "3", "--jobs", "2"}, "reps");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<double> makespans;
  for (int seed : {5, 6, 7}) {
    auto s = summary("reps/seed-" + std::to_string(seed));
    EXPECT_EQ(s["seed"], seed);
    EXPECT_EQ(s["users"][0]["tasks_total"], 8);
    makespans.push_back(s["users"][0]["makespan_s"].get<double>());
  }
  EXPECT_FALSE(fs::exists(dir_ + "/reps/seed-8"));
  const double mean = (makespans[0] + makespans[1] + makespans[2]) / 3;
  double sd = 0;
  for (double m : makespans) sd += (m - mean) * (m - mean) / 2;
  sd = std::sqrt(sd);
  auto table = botsim::read_csv(dir_ + "/reps/reps.csv");
  ASSERT_EQ(table.rows.size(), 4u);  // U0: makespan_s, spent, budget, met_deadline
  EXPECT_EQ(table.rows[0][table.column("user")], "U0");
  EXPECT_EQ(table.rows[0][table.column("metric")], "makespan_s");
  EXPECT_EQ(table.rows[0][table.column("n")], "3");
  // Written to a millionth (botsim::kResultsResolution).
  EXPECT_NEAR(std::stod(table.rows[0][table.column("mean")]), mean, 5e-7);
  EXPECT_NEAR(std::stod(table.rows[0][table.column("sd")]), sd, 5e-7);
  // --quiet was given by the fixture: nothing printed; without it, one line for U0.
  EXPECT_TRUE(r.out.empty()) << r.out;
  r = t::botsim({"run", kPlatform, kDeployment, "--out", dir_ + "/reps2", "--set", "U0.tasks=8",
                 "--seed", "5", "--reps", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // A column per metric headed with its unit, "mean ± sd" in each cell, aligned, and a line
  // that says what ± is. A Silva user has no budget (its row in reps.csv is empty): no column.
  const std::string cell = fmt::format("{:.6g} ± {:.6g}", mean, sd);
  const std::string header = "user  runs  makespan_s (s)";
  // cell.size() counts "±" as its two bytes; the table pads by characters.
  EXPECT_EQ(
      r.out.rfind(header + std::string(cell.size() - 1 + 2 - 14, ' ') + "spent ($)  met_deadline\n",
                  0),
      0u)
      << r.out;
  EXPECT_NE(r.out.find("\nU0       3  " + cell + "  "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(each value: mean ± standard deviation over the runs)"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("budget"), std::string::npos) << r.out;
  EXPECT_EQ(table.rows[2][table.column("metric")], "budget");
  EXPECT_EQ(table.rows[2][table.column("n")], "0");
  t::expect_input_error(run({"--set", "U0.taks=8", "--reps", "3"}, "bad"),
                        {"property 'taks'", "--set U0.taks=8"});
  EXPECT_FALSE(fs::exists(dir_ + "/bad"));
}

// --transfers: every message of the run, in the order sent, and nothing else changes. One task
// on one instance takes six messages, worked out from the cloud protocol (docs/cloud.md):
// StartInstance and InstanceReady, the task to the instance's worker and TaskDone back, then
// StopInstance and InstanceStopped once the bag is done; control messages have no size.
TEST_F(RunOptionsCli, TransfersListsEveryMessageOfTheRun) {
  auto r = run({"--set", "U0.tasks=1", "--transfers"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("transfers.csv: 6 transfers; SimGrid's send signal: 6 sends"),
            std::string::npos)
      << r.err;
  // The task's end (its last field in tasks.csv) is when the last three are sent.
  std::string tasks = t::read_text(dir_ + "/out/tasks.csv");
  while (!tasks.empty() && tasks.back() == '\n') tasks.pop_back();
  const std::string end = tasks.substr(tasks.rfind(',') + 1);
  ASSERT_GT(std::stod(end), 0);
  EXPECT_EQ(t::read_text(dir_ + "/out/transfers.csv"),
            "time_s,from_actor,from_host,to_mailbox,to_host,bytes\n"
            "0,2,client,cloud-provider@provider,provider,0\n"
            "0,1,provider,silva@U0,client,0\n"
            "0,2,client,U0-i0001/core0,paper-0,0\n" +
                fmt::format("{0},4,paper-0,silva@U0,client,0\n"
                            "{0},2,client,cloud-provider@provider,provider,0\n"
                            "{0},1,provider,silva@U0,client,0\n",
                            end));
  // Without the option: the same results, and no transfers.csv.
  r = run({"--set", "U0.tasks=1"}, "plain");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(dir_ + "/plain/transfers.csv"));
  EXPECT_EQ(t::read_text(dir_ + "/plain/tasks.csv"), t::read_text(dir_ + "/out/tasks.csv"));
  EXPECT_EQ(r.err.find("transfers"), std::string::npos);
}

// An agents run: the provider's first Allocate to a resource agent went out before the agent's
// actor had opened its inbox, so transfers.csv named no receiving host for it (one row per
// resource), and the transfer floor could not replay the run.
TEST_F(RunOptionsCli, TransfersNameTheReceivingHostOfEveryAgentsMessage) {
  auto r = t::botsim({"run", "examples/06-agents.platform.xml", "examples/06-agents.xml",
                      "--transfers", "--out", dir_ + "/agents", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  botsim::CsvTable transfers = botsim::read_csv(dir_ + "/agents/transfers.csv");
  const size_t to_mailbox = transfers.column("to_mailbox"), to_host = transfers.column("to_host");
  size_t to_resources = 0;
  for (const auto& row : transfers.rows) {
    EXPECT_FALSE(row[to_host].empty()) << "to " << row[to_mailbox];
    if (row[to_mailbox].rfind("agents:ra:", 0) == 0) {
      ++to_resources;
      EXPECT_EQ(row[to_host], row[to_mailbox].substr(10));  // an RA's inbox is on its host
    }
  }
  EXPECT_GT(to_resources, 0u);
}
