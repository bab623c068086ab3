// BaTS (Oprescu, Kielmann & Leahu 2011): a user's summary.json record from what the run did
// (docs/bats2011.md, "summary.json"), worked out by hand.
#include "bats/bats_summary.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bats/proposal.hpp"

using namespace botsim;
using namespace botsim::bats;

namespace {

// Two clusters, the second twice as fast; a bag of 10, 20 and 30 s on the first (mean 20,
// deviation 10); ns = 2, Sched2.
BatsParams summary_params() {
  BatsParams p;
  p.name = "U0";
  cloud::InstanceType slow, fast;
  slow.name = "c1";
  slow.speed = 1e9;
  slow.price = 1;
  slow.atu_s = 100;
  fast = slow;
  fast.name = "c2";
  fast.speed = 2e9;
  p.types = {slow, fast};
  p.clusters = {{"c1", 1, 4}, {"c2", 1, 4}};
  p.atu_s = 100;
  p.task_times = {10, 20, 30};
  p.ns = 2;
  return p;
}

// One cluster at $1 per ATU of 100 s, 4 machines, tasks of 60 s, 10 tasks, $6: case (a) raises
// it to $8 for all 4 machines (bats_execution_test.cpp works it out).
MonitoredExecution raised_execution() {
  const std::vector<Cluster> one{{"c1", 1, 4}};
  Schedule s = refine_schedule("Sched", one, {60}, 10, 100, 6, 6);
  ExecutionBudget money = execution_budget(s, s.budget, true);
  return MonitoredExecution(one, 100, s, money, {ClusterStats{SampleSet({60}), 60, 1}}, 0);
}

std::vector<std::string> keys_of(const UserRecord& r) {
  std::vector<std::string> keys;
  for (const auto& kv : r.extra.items()) keys.push_back(kv.key());
  return keys;
}

}  // namespace

TEST(BatsSummary, TheOpeningRecordNamesThePolicyAndTheBag) {
  BatsParams p = summary_params();
  p.budget = 50;
  p.sampling = BatsParams::Sampling::Implicit;
  p.deadline_s = 3600;
  UserRecord r = opening_record(p, 5);
  EXPECT_EQ(r.model, "bats");
  EXPECT_EQ(r.policy, "budget=50,implicit");
  EXPECT_EQ(r.tasks_total, 3);
  EXPECT_DOUBLE_EQ(r.start_s, 5);
  ASSERT_TRUE(r.spent_on_lost_work);
  EXPECT_DOUBLE_EQ(*r.spent_on_lost_work, 0);
  EXPECT_EQ(r.deadline_s, 3600);
}

TEST(BatsSummary, ABagDoneInTheExecutionPhase) {
  BatsParams p = summary_params();
  MonitoredExecution e = raised_execution();
  BatsOutcome o;
  o.tasks_done = 3;
  o.bag_done = true;
  o.last_finish_s = 400;
  o.instances = 5;
  o.charged_units = 9;
  o.spent = 9;
  o.sampling_spent = 2;  // the LR sampling's ATUs, paid apart
  o.sampling_end_s = 100;
  o.execution = &e;
  UserRecord r = opening_record(p, 0);
  close_record(r, p, o);
  ASSERT_TRUE(r.finish_s);
  EXPECT_DOUBLE_EQ(*r.finish_s, 400);
  EXPECT_EQ(r.instances, 5);
  EXPECT_EQ(r.charged_units, 9);
  EXPECT_DOUBLE_EQ(r.spent, 9);
  // The sampling apart ($2), the raised budget ($8) and no cushion apart.
  EXPECT_EQ(r.budget, 10);
  EXPECT_EQ(keys_of(r), (std::vector<std::string>{"schedule",
                                                  "schedule_budget",
                                                  "raise",
                                                  "cushion",
                                                  "risk",
                                                  "machines",
                                                  "expected_makespan_s",
                                                  "real_mu_s",
                                                  "real_sigma_s",
                                                  "ns",
                                                  "sampling_spent",
                                                  "sampling_end_s",
                                                  "total_spent",
                                                  "sampling_s",
                                                  "execution_spent",
                                                  "execution_makespan_s",
                                                  "reconfigurations",
                                                  "violation_signals",
                                                  "first_signal_s",
                                                  "replanned_makespan_s"}));
  EXPECT_EQ(r.extra["schedule"], "Sched");
  EXPECT_EQ(r.extra["schedule_budget"], 6.0);
  EXPECT_EQ(r.extra["raise"], 2.0);
  EXPECT_EQ(r.extra["cushion"], 0.0);  // the raise is no cushion
  EXPECT_EQ(r.extra["risk"], "raised-budget");
  EXPECT_EQ(r.extra["machines"].get<std::vector<int>>(), std::vector<int>{4});
  EXPECT_EQ(r.extra["real_mu_s"].get<std::vector<double>>(), (std::vector<double>{20, 10}));
  EXPECT_EQ(r.extra["real_sigma_s"].get<std::vector<double>>(), (std::vector<double>{10, 5}));
  EXPECT_EQ(r.extra["sampling_s"], 100.0);
  EXPECT_EQ(r.extra["execution_spent"], 7.0);
  EXPECT_EQ(r.extra["execution_makespan_s"], 300.0);
  EXPECT_EQ(r.extra["reconfigurations"], 0);
  EXPECT_TRUE(r.extra["first_signal_s"].is_null());
}

TEST(BatsSummary, ABagUndoneInTheSampling) {
  BatsParams p = summary_params();
  p.budget = 50;
  p.sampling = BatsParams::Sampling::Implicit;
  BatsOutcome o;
  o.tasks_done = 1;
  o.spent = 4;
  o.sampling_from_budget = true;  // the standalone mode's sampling is paid from the budget
  o.incomplete_reason = "deadline of 60 s passed";
  UserRecord r = opening_record(p, 0);
  close_record(r, p, o);
  EXPECT_FALSE(r.finish_s);
  EXPECT_EQ(r.budget, 50);  // the budget given, its sampling within it
  EXPECT_EQ(r.extra.count("schedule"), 0u);
  EXPECT_TRUE(r.extra["execution_makespan_s"].is_null());
  EXPECT_EQ(r.extra["execution_spent"], 4.0);
  EXPECT_EQ(r.extra["incomplete_reason"], "deadline of 60 s passed");
  EXPECT_EQ(r.status(), "unfinished");  // no model said why (UserRole::stop)
}

// The standalone mode with a budget of $9, with the numbers of bats_proposal_test.cpp: its
// implicit sampling paid $3 of it; for the $6 left (one cluster at $1 per ATU of 100 s, 4
// machines, 10 tasks of 60 s) the knapsack buys 3 machines, and case (a) raises the $6 by $2
// to buy all 4. The user may pay its $9 and the raise; the schedule's budget is $6 and its raise
// $2, which is what the record reports, not the $3 its sampling spent with it.
TEST(BatsSummary, TheStandaloneModeReportsItsRaise) {
  BatsParams p = summary_params();
  p.budget = 9;
  p.sampling = BatsParams::Sampling::Implicit;
  const std::vector<Cluster> one{{"c1", 1, 4}};
  Proposal proposal = propose(one, 100, {60}, 10, UserChoice{2, 9.0, true}, 6.0);
  MonitoredExecution e(one, 100, proposal.chosen, proposal.money,
                       {ClusterStats{SampleSet({60}), 60, 1}}, 3);
  BatsOutcome o;
  o.tasks_done = 3;
  o.bag_done = true;
  o.last_finish_s = 300;
  o.spent = 11;
  o.sampling_spent = 3;
  o.sampling_from_budget = true;
  o.sampling_end_s = 60;
  o.execution = &e;
  UserRecord r = opening_record(p, 0);
  close_record(r, p, o);
  EXPECT_EQ(r.budget, 11);  // the $9 and the raise
  EXPECT_EQ(r.extra["schedule_budget"], 6.0);
  EXPECT_EQ(r.extra["risk"], "raised-budget");
  // It reported $5 as its cushion: the ledger's $11 less the schedule's $6, the sampling's $3
  // taken for part of the raise.
  EXPECT_EQ(r.extra["raise"], 2.0);
  EXPECT_EQ(r.extra["cushion"], 0.0);
}
