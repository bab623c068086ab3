// Whole BaTS simulations (docs/bats2011.md) with outcomes worked out by hand on tiny platforms:
// fixed task times, no start-up delay and zero-latency control messages unless a test says
// otherwise. Each TEST runs one simulation (ctest runs every TEST in its own process).
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

namespace {

// c1: 1 Gf, $1 per ATU, 2 machines; c2: 3 Gf (3 times as fast), $2 per ATU, 2 machines.
// The ATU is `atu` for both.
std::string platform(const std::string& dir, const std::string& atu) {
  auto cluster = [&](const std::string& id, const std::string& speed, const std::string& price) {
    return "    <cluster id=\"" + id + "\" prefix=\"" + id +
           "-\" radical=\"0-1\" suffix=\"\" speed=\"" + speed +
           "\" core=\"1\" bw=\"10Gbps\" lat=\"0\" router_id=\"" + id +
           "-r\">\n      <prop id=\"instance_type\" value=\"" + id +
           "\"/>\n      <prop id=\"price\" value=\"" + price +
           "\"/>\n      <prop id=\"atu\" value=\"" + atu + "\"/>\n    </cluster>\n";
  };
  return t::write_file(
      dir, "cloud.xml",
      t::platform_xml("\n  <zone id=\"w\" routing=\"Full\">" + t::cloud_control_zone() + "\n" +
                      cluster("c1", "1Gf", "1") + cluster("c2", "3Gf", "2") +
                      R"(    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="c1" gw_src="gw" gw_dst="c1-r"><link_ctn id="bb"/></zoneRoute>
    <zoneRoute src="control" dst="c2" gw_src="gw" gw_dst="c2-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
}

std::string deployment(const std::string& dir, const std::map<std::string, std::string>& props) {
  std::string xml =
      "  <actor host=\"provider\" function=\"CloudProvider\"/>\n"
      "  <actor host=\"client\" function=\"BatsMaster\">\n";
  std::map<std::string, std::string> all{{"name", "U0"}, {"initial_workers", "1"}};
  for (const auto& [k, v] : props) all[k] = v;
  for (const auto& [k, v] : all) xml += "    <prop id=\"" + k + "\" value=\"" + v + "\"/>\n";
  xml += "  </actor>";
  return t::write_file(dir, "deployment.xml", t::platform_xml(xml));
}

const Results& run(const std::string& atu, std::map<std::string, std::string> props,
                   const std::string& workload = "") {
  std::string dir = t::temp_dir();
  if (!workload.empty()) props["workload"] = t::write_file(dir, "tasks.txt", workload);
  return t::run(platform(dir, atu), deployment(dir, props));
}

// The standalone mode on c1 alone: 10 tasks of 25 s, ATU 100 s, ns = 1, with `key` (a budget
// or a schedule) set to `value`.
const Results& standalone_ten_tasks(const std::string& key, const std::string& value) {
  return run("100s", {{"clusters", "c1"},
                      {"tasks", "10"},
                      {"task_time", "25"},
                      {"sampling", "implicit"},
                      {"sample_size", "1"},
                      {key, value}});
}

double file_cost(const Results& r) {
  double sum = 0;
  for (const auto& i : r.records<cloud::InstanceRecord>()) sum += i.cost;
  return sum;
}

// Both standalone runs below: A alone runs the 10 tasks, 0-250, in 3 ATUs ($3).
void expect_one_machine_ran_the_bag(const Results& r) {
  const auto& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 10);
  EXPECT_NEAR(*u.finish_s, 250, 1e-6);
  EXPECT_DOUBLE_EQ(u.spent, 3);
  EXPECT_EQ(*u.instances, 1);
  EXPECT_EQ(*u.charged_units, 3);
  EXPECT_DOUBLE_EQ(file_cost(r), 3);
}

}  // namespace

TEST(BatsScenario, LinearRegressionSamplingThenSched2) {
  // 15 tasks in file order: the 7 replicated ones take 60, 70, ..., 120 s on c1, the 8 others
  // 90 s; c2 runs each in a third of the time. ATU 700 s, one machine per cluster, ns = 7.
  // Sampling (Fig. 3): A (c1) runs the replicated tasks back to back, ending at 630 s; B (c2)
  // ends them at 210 s and waits (no other sample task). Sampling costs $1 + $2 = $3.
  // LR: beta1 = 1/3; Ti = 90 s (c1), 30 s (c2); 8 tasks left. Ti*ci: 90 vs 60, so c2 is the
  // most profitable: Bmin1 = 8 tasks on one c2 = 240 s = 1 ATU = $2; Sched2 = ceil(2.4) = $3;
  // Bfastest = all four machines for 1 ATU = $6; Sched3 = ceil(4.8) = $5.
  // Sched2's knapsack: within $3 the fastest is 1 c1 + 1 c2 ($3, 1 ATU): A and B go on.
  // From 630: A runs task 7 (630-720); B runs 8, 9, 10 (630-720). At 700 both are busy: each
  // enters its second ATU, paid from the budget ($1 + $2 = $3). At 720 the 4 tasks left go to
  // A (one, 720-810) and B (three, 720-810), whichever takes first: the bag ends at 810.
  std::string tasks = "60\n70\n80\n90\n100\n110\n120\n";
  for (int i = 0; i < 8; ++i) tasks += "90\n";
  const auto& r =
      run("700s",
          {{"clusters", "c1,c2"}, {"sample_size", "7"}, {"task_order", "given"}, {"schedule", "2"}},
          tasks);
  ASSERT_EQ(r.users().size(), 1u);
  const auto& u = r.users()[0];
  EXPECT_EQ(u.model, "bats");
  EXPECT_EQ(u.policy, "sched2");
  EXPECT_EQ(u.tasks_done, 15);
  ASSERT_TRUE(u.finish_s);
  EXPECT_NEAR(*u.finish_s, 810, 1e-6);
  // The user's money in all: the sampling's $3 and Sched2's $3.
  EXPECT_DOUBLE_EQ(*u.budget, 6);
  EXPECT_DOUBLE_EQ(u.spent, 6);
  EXPECT_DOUBLE_EQ(u.extra.at("execution_spent").get<double>(), 3);
  EXPECT_NEAR(u.extra.at("sampling_s").get<double>(), 630, 1e-6);
  EXPECT_NEAR(u.extra.at("execution_makespan_s").get<double>(), 810 - 630, 1e-6);
  EXPECT_EQ(*u.instances, 2);
  EXPECT_EQ(*u.charged_units, 4);
  EXPECT_DOUBLE_EQ(u.extra.at("sampling_spent").get<double>(), 3);
  EXPECT_DOUBLE_EQ(u.extra.at("total_spent").get<double>(), 6);
  EXPECT_DOUBLE_EQ(file_cost(r), 6);
  EXPECT_EQ(u.extra.at("schedule").get<std::string>(), "Sched2");
  EXPECT_NEAR(u.extra.at("sampling_end_s").get<double>(), 630, 1e-6);
  EXPECT_EQ(r.tasks().size(), 22u);  // 7 replicated tasks ran twice

  auto s = nlohmann::json::parse(r.files().at("schedules.json"));
  ASSERT_EQ(s.at("schedules").size(), 4u);
  std::vector<double> budgets;
  for (const auto& sc : s.at("schedules")) budgets.push_back(sc.at("budget").get<double>());
  EXPECT_EQ(budgets, (std::vector<double>{2, 3, 5, 6}));
  EXPECT_EQ(s.at("schedules")[1].at("machines"), (nlohmann::json{1, 1}));
  EXPECT_NEAR(s.at("clusters")[1].at("beta").at("beta1").get<double>(), 1.0 / 3,
              5e-7);  // to a millionth
  EXPECT_NEAR(s.at("clusters")[0].at("ti_s").get<double>(), 90, 1e-9);
  EXPECT_NEAR(s.at("clusters")[1].at("ti_s").get<double>(), 30, 1e-9);
}

TEST(BatsScenario, AfterTheRegressionOneMachineOfTheMostProfitableTypeFinishesTheSample) {
  // 3.2: 9 tasks in file order, ns = 9 (nlr = 7 replicated, 2 others), ATU 110 s, one machine
  // per cluster. Replicated tasks take 30, 45, ..., 120 s on c1 (10, 15, ..., 40 s on c2); the
  // two others 300 s on c1 (100 s on c2).
  // B (c2) ends its replicated tasks at 175 s (going on at 110, busy with one: $2) and takes
  // task 7 (175-275). At 220 its ATU ends with a sample task running and no regression yet: it
  // is released (2 ATUs, $4) and task 7 goes back to the bag.
  // A (c1) ends its replicated tasks at 525 s (going on at 110, 220, 330, 440: 5 ATUs, $5).
  // The regression is ready: beta1 = 1/3, Ti = 75 s (c1), 25 s (c2); Ti * ci: 75 vs 50, so
  // c2 is the intermediary type. No c2 machine is left: C is rented at 525 ($2). A, marked,
  // would end a task of Ti = 75 s after its paid time (550): it waits and is released at 550.
  // C runs task 7 (525-625) and task 8 (625-725), going on at 635 ($2) as the intermediary.
  // The sample is complete at 725 and so is the bag: $13 of sampling, 9 ATUs, 3 machines.
  std::string tasks = "30\n45\n60\n75\n90\n105\n120\n300\n300\n";
  const auto& r =
      run("110s",
          {{"clusters", "c1,c2"}, {"sample_size", "9"}, {"task_order", "given"}, {"schedule", "2"}},
          tasks);
  const auto& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 9);
  ASSERT_TRUE(u.finish_s);
  EXPECT_NEAR(*u.finish_s, 725, 1e-6);
  EXPECT_NEAR(u.extra.at("sampling_end_s").get<double>(), 725, 1e-6);
  EXPECT_DOUBLE_EQ(u.extra.at("sampling_spent").get<double>(), 13);
  EXPECT_DOUBLE_EQ(file_cost(r), 13);
  EXPECT_EQ(*u.instances, 3);
  EXPECT_EQ(*u.charged_units, 9);
  long lost = 0;
  for (const auto& task : r.tasks()) lost += task.end_s ? 0 : 1;
  EXPECT_EQ(lost, 1);
  EXPECT_EQ(r.tasks().size(), 17u);  // 7 replicated tasks twice, task 7 twice, task 8
}

TEST(BatsScenario, StandaloneModeWithABudget) {
  // Implicit sampling on c1 alone: 10 tasks of 25 s, ATU 100 s, budget $4, ns = 1.
  // A (c1) is rented at 0 ($1 of the budget) and runs task 0 (0-25): the sample is complete.
  // 9 tasks left, Ti = 25 s, $3 left: 2 machines would need 2 ATUs ($4), 1 machine needs
  // 3 ATUs ($3): the knapsack keeps A alone. A runs the 9 tasks 25-250, entering its ATUs at
  // 100 and 200 ($1 each, $3 in all) and is released at 250: 3 ATUs, under the budget.
  const auto& r = standalone_ten_tasks("budget", "4");
  const auto& u = r.users()[0];
  expect_one_machine_ran_the_bag(r);
  EXPECT_EQ(u.policy, "budget=4,implicit");
  EXPECT_DOUBLE_EQ(*u.budget, 4);
  EXPECT_EQ(u.extra.at("machines"), (nlohmann::ordered_json{1}));
}

TEST(BatsScenario, StandaloneModeWithASchedule) {
  // Implicit sampling on c1 alone, no budget given: the sampling is paid apart (Table 1 without
  // LR), then the proposed schedule runs. 10 tasks of 25 s, ATU 100 s, ns = 1, Sched1.
  // A (c1) is rented at 0 ($1, sampling) and runs task 0 (0-25): the sample is complete.
  // 9 tasks left, Ti = 25 s: Bmin1 = ceil(9 x 25 / 100) = 3 ATUs of $1 = $3; within $3 two
  // machines would need 2 ATUs ($4): Sched1 is A alone. A runs the 9 tasks 25-250, entering
  // its ATUs at 100 and 200 ($1 each from Sched1's $3) and is released at 250.
  const auto& r = standalone_ten_tasks("schedule", "1");
  const auto& u = r.users()[0];
  expect_one_machine_ran_the_bag(r);
  EXPECT_EQ(u.policy, "sched1,implicit");
  EXPECT_DOUBLE_EQ(*u.budget, 4);  // $1 of sampling + Sched1's $3
  EXPECT_DOUBLE_EQ(u.extra.at("sampling_spent").get<double>(), 1);
  EXPECT_DOUBLE_EQ(u.extra.at("execution_spent").get<double>(), 2);
  EXPECT_DOUBLE_EQ(u.extra.at("schedule_budget").get<double>(), 3);
  EXPECT_NEAR(u.extra.at("execution_makespan_s").get<double>(), 225, 1e-6);
}

TEST(BatsScenario, EstimatesSayInfeasibleSoTheMachineIsMarkedThenBatsReplans) {
  // Standalone on c1: 12 tasks of 25 s in file order, ATU 100 s, budget $3 (the cheapest run
  // of 12 tasks: one machine, 3 ATUs), cushion refused.
  // 0-25: A (rented at 0, $1) runs task 0; the sample is complete (ns = 1), Ti = 25 s.
  // 25: $2 left for 11 tasks: one machine needs 275 s = 3 ATUs ($3), two need 2 ATUs ($4):
  //     infeasible on the estimates, so no ATU is planned and A is marked: it finishes its
  //     paid ATU, taking a task only if one of Ti fits: tasks 1, 2, 3 (25-100).
  // 100: A's ATU ends (its paid time ends at that instant: it takes no task then); A is
  //     released, charged 1 ATU. With no machine left, the
  //     monitor plans at once: Ne = 8 tasks, $2 left: one machine needs 200 s = 2 ATUs ($2),
  //     two need 100 s = 1 ATU ($2): the faster wins. B and C are rented at 100 and run four
  //     tasks each, 100-200, released at the end of their first ATU.
  // All 12 tasks done at 200; $3 spent in 3 ATUs on 3 machines; no task lost.
  std::string tasks;
  for (int i = 0; i < 12; ++i) tasks += "25\n";
  const auto& r = run("100s",
                      {{"clusters", "c1"},
                       {"sampling", "implicit"},
                       {"sample_size", "1"},
                       {"task_order", "given"},
                       {"budget", "3"},
                       {"cushion", "refuse"}},
                      tasks);
  const auto& u = r.users()[0];
  EXPECT_EQ(u.policy, "budget=3,implicit,no-cushion");
  EXPECT_EQ(u.tasks_done, 12);
  ASSERT_TRUE(u.finish_s);
  EXPECT_NEAR(*u.finish_s, 200, 1e-6);
  EXPECT_DOUBLE_EQ(u.spent, 3);
  EXPECT_DOUBLE_EQ(*u.budget, 3);
  EXPECT_EQ(*u.instances, 3);
  EXPECT_EQ(*u.charged_units, 3);
  EXPECT_EQ(u.extra.at("schedule").get<std::string>(), "none");
  EXPECT_EQ(u.extra.at("reconfigurations").get<long>(), 1);
  long lost = 0;
  for (const auto& task : r.tasks()) lost += task.end_s ? 0 : 1;
  EXPECT_EQ(lost, 0);
  EXPECT_EQ(r.tasks().size(), 12u);
}
