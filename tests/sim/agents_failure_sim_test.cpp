// A broker agent survives a resource failure (docs/gutierrez2012.md, "On failure"): numbers
// worked out by hand. Zero latency everywhere unless said: agents a-0 (CloudDirectory), a-1
// (BrokerAgent), a-3 (ServiceProviderAgent) and a-5 (ConsumerAgent, submits at 1 s); resources
// fast-0 (2 MI/s, $1/h) and slow-0 (1 MI/s, $0.5/h), both enlisted in a-3. fast-0 fails at a
// test's time (a SimGrid state profile) and is never repaired. Some tests add spare-0, a second
// resource of type "fast" in a-3 (2 MI/s, $0.8/h) behind a link of 1 s latency: every message
// between a-3 and its RA takes 1 s. The SPA proposes its free resource of a type enlisted first
// (fast-0 before spare-0), so spare-0 is only contracted to replace fast-0.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "agents/records.hpp"
#include "cloud/records.hpp"
#include "support/agents_sim_support.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
using botsim::agents::failed_cnps_of;
using botsim::agents::reason_of;
using botsim::agents::renewals_of;
namespace t = botsim::test;

namespace {

// fast-0 fails at `fail_at` (s); spare-0 only with `spare`.
std::string platform(const std::string& dir, const std::string& fail_at = "2501",
                     bool spare = false) {
  t::write_file(dir, "fast.txt", fail_at + " 0\n");
  std::string resources =
      t::agents_resource_zone("fast", "fast", "2Mf", "1.0", "", " state_file=\"fast.txt\"") +
      t::agents_resource_zone("slow", "slow", "1Mf", "0.5");
  std::vector<std::string> zones{"fast", "slow"};
  if (spare) {
    resources += t::agents_resource_zone("spare", "fast", "2Mf", "0.8", "", "", "1s");
    zones.push_back("spare");
  }
  return t::agents_platform(dir, resources, zones);
}

}  // namespace

// Tasks 9000, 1000, 1000 MI, (LtoS, MaxET), I-ElasticAM (as in the worked example of
// allocation), no replacement: fast runs the 9000 MI from 1 s, slow the two 1000 MI tasks
// (1-1001, 1001-2001). At 2501 fast-0 fails: its task is lost after 2500 s ($1/h: 2500/3600
// spent on it) and fast is charged the one hour it started ($1). The task goes to slow, idle
// since 2001: 2501-11501 (9000 s). Slow is renewed at its checks at 3541, 7141 and 10741 (busy)
// and released when the BoT ends at 11501: 4 started hours from 1 s, $2. $3 in all, 5 hours,
// 3 renewals.
const char* const kSlowRerun = R"(
      <prop id="sizes" value="9000,1000,1000"/><prop id="heuristic" value="LtoS,MaxET"/>
      <prop id="allocation" value="i-elastic"/>)";

TEST(AgentsFailure, TaskOfAFailedResourceRerunsOnAnother) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(platform(dir), t::agents_deployment(dir, std::string(kSlowRerun) + R"(
      <prop id="replace_failed" value="false"/>)"));
  ASSERT_TRUE(r.models_faults());
  ASSERT_EQ(r.users().size(), 1u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 3);
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s, 11501);
  EXPECT_DOUBLE_EQ(u.spent, 3);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 5);
  EXPECT_EQ(renewals_of(u), 3);
  EXPECT_EQ(reason_of(u), "resource fast-0 failed");
  EXPECT_EQ(failed_cnps_of(u), 0);  // no replacement was called for
  EXPECT_EQ(u.tasks_rerun, 1);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_DOUBLE_EQ(*u.spent_on_lost_work, 2500.0 / 3600);

  const auto& lost = r.records<LostRecord>();
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_EQ(lost[0].task, 0);
  EXPECT_EQ(lost[0].host, "fast-0");
  EXPECT_DOUBLE_EQ(lost[0].lost_s, 2501);
  EXPECT_EQ(lost[0].reason, "resource fast-0 failed");
  int attempts = 0;
  for (const auto& task : r.tasks())
    if (task.task == 0) {
      ++attempts;
      if (task.host == "slow-0") {
        EXPECT_DOUBLE_EQ(*task.start_s, 2501);
        EXPECT_DOUBLE_EQ(*task.end_s, 11501);
      } else {
        EXPECT_FALSE(task.end_s);
      }
    }
  EXPECT_EQ(attempts, 2);

  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 2u);
  EXPECT_EQ(inst[0].csv_row(), "CA0,fast-0,fast,1,2501,1,1");
  EXPECT_EQ(inst[1].csv_row(), "CA0,slow-0,slow,1,11501,4,2");
}

// The same run with replacement on (the default): at 2501 the broker calls a-3 for a "fast"
// resource, but fast-0 was its only one and a-3 refuses at once (zero latency). The BoT goes
// on with slow exactly as above, done at 11501 for $3; the failed CNP is in failed_cnps and
// the reason, after the failure it follows.
TEST(AgentsFailure, AReplacementRefusedLeavesTheBotOnTheOthers) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(platform(dir), t::agents_deployment(dir, kSlowRerun));
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.status(), "done");
  EXPECT_EQ(u.tasks_done, 3);
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s, 11501);
  EXPECT_DOUBLE_EQ(u.spent, 3);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 5);
  EXPECT_EQ(renewals_of(u), 3);
  EXPECT_EQ(failed_cnps_of(u), 1);
  EXPECT_EQ(reason_of(u),
            "resource fast-0 failed; no replacement for fast-0: every contractor refused (a-3)");
  EXPECT_EQ(u.tasks_rerun, 1);
  EXPECT_DOUBLE_EQ(*u.spent_on_lost_work, 2500.0 / 3600);
  ASSERT_EQ(r.records<cloud::InstanceRecord>().size(), 2u);
}

// Replacement contracted. Tasks 4000, 2000, 2000, 2000 MI (tasks 0-3), (LtoS, MaxET),
// I-ElasticAM, resources fast and slow; fast-0 fails at 1001; spare-0 (1 s from a-3) is free.
// - 1: both allocated until 3601. Task 0 (4000 MI), MaxET: fast 3601 - (1 + 2000) = 1600,
//   slow 3601 - (1 + 4000) = -400: fast, 1..2001. Task 1 on slow (the only one free), 1..2001.
// - 1001: fast-0 fails; the SPA tells the broker at once. Task 0 is lost after 1000 s
//   (1000 x $1/3600 on lost work); fast is charged its started hour ($1). Tasks 0, 2 and 3 are
//   unsent: the broker calls a-3 for a "fast" resource (call, proposal of spare-0 at $0.8,
//   award: all at 1001); a-3 allocates through spare-0's RA: Allocate arrives 1002, the RA's
//   acknowledgement 1003. The replacement is contracted at 1003, allocated until 4603.
// - 1003: spare-0 is the only free resource; LtoS takes task 0 first. Its hand-out reaches the
//   RA at 1004: 4000 MI at 2 MI/s, 1004..3004; the output reaches the broker at 3005.
// - 2001: slow is free: task 2, 2001..4001 (spare busy).
// - 3005: spare is free: task 3, reaches the RA at 3006, 3006..4006, output at the broker 4007.
// - 3541: slow's check: busy, renewed until 7201. (Spare's check would be at 4543.)
// - 4007: the BoT is done; slow and spare are released. Slow 1..4007: 2 started hours, $1;
//   spare 1003..4007: 1 hour, $0.8. Spare's release takes 2 s (to its RA and back), so the
//   consumer has its result at 4009: makespan 4008.
// $1 + $1 + $0.8 = $2.8, 4 hours, 3 instances, 1 renewal, 1 task re-run.
// Messages: look-ups 2 + 2, CNP with the BA 3; fast 6 (call, proposal, award, allocate and its
// acknowledgement, allocated) + ResourceFailed 1; slow and spare 10 each; task 0's lost
// hand-out 2 (BA->SPA, SPA->RA); 4 per finished task: 16; the renewal 2; the result 1: 55.
TEST(AgentsFailure, AFailedResourceIsReplacedThroughTheContractNet) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(platform(dir, "1001", true), t::agents_deployment(dir, R"(
      <prop id="sizes" value="4000,2000,2000,2000"/><prop id="heuristic" value="LtoS,MaxET"/>
      <prop id="resources" value="fast,slow"/>)"));
  ASSERT_TRUE(r.models_faults());
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.status(), "done");
  EXPECT_EQ(u.tasks_done, 4);
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s - u.start_s, 4008);
  EXPECT_DOUBLE_EQ(u.spent, 2.8);
  EXPECT_EQ(u.instances, 3);
  EXPECT_EQ(u.charged_units, 4);
  EXPECT_EQ(u.messages, 55);
  EXPECT_EQ(renewals_of(u), 1);
  EXPECT_EQ(failed_cnps_of(u), 0);
  EXPECT_EQ(reason_of(u), "resource fast-0 failed");
  EXPECT_EQ(u.tasks_rerun, 1);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_DOUBLE_EQ(*u.spent_on_lost_work, 1000.0 / 3600);

  const auto& lost = r.records<LostRecord>();
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_EQ(lost[0].task, 0);
  EXPECT_EQ(lost[0].host, "fast-0");
  EXPECT_DOUBLE_EQ(lost[0].lost_s, 1001);

  // Every finished attempt: (task, host) -> (start, end); the lost one has no end.
  std::map<std::pair<long, std::string>, std::pair<double, double>> ran;
  for (const auto& task : r.tasks()) {
    if (!task.end_s) {
      EXPECT_EQ(task.task, 0);
      EXPECT_EQ(task.host, "fast-0");
      continue;
    }
    ran[{task.task, task.host}] = {*task.start_s, *task.end_s};
  }
  using Span = std::pair<double, double>;
  EXPECT_EQ(ran.size(), 4u);
  EXPECT_EQ((ran[{0, "spare-0"}]), Span(1004, 3004));
  EXPECT_EQ((ran[{1, "slow-0"}]), Span(1, 2001));
  EXPECT_EQ((ran[{2, "slow-0"}]), Span(2001, 4001));
  EXPECT_EQ((ran[{3, "spare-0"}]), Span(3006, 4006));
  EXPECT_EQ(r.tasks().size(), 5u);

  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 3u);
  EXPECT_EQ(inst[0].csv_row(), "CA0,fast-0,fast,1,1001,1,1");
  EXPECT_EQ(inst[1].csv_row(), "CA0,slow-0,slow,1,4007,2,1");
  EXPECT_EQ(inst[2].csv_row(), "CA0,spare-0,fast,1003,4007,1,0.8");
}

// No replacement to be had and nothing left. Tasks 2000, 2000, 9000 MI (tasks 0-2), (StoL,
// MaxET), fast only: 0 on 1..1001, 1 on 1001..2001, 2 from 2001. At 2501 fast-0 fails: task 2
// is lost after 500 s (500 x $1/3600), fast is charged its started hour ($1). The broker calls
// a-3 for a "fast" resource; fast-0 was its only one: refused at once. No resource left and no
// replacement coming: the BoT ends at 2501 with 2 tasks done, resources_failed.
TEST(AgentsFailure, WithNoReplacementAndNoneLeftTheBotEndsResourcesFailed) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(platform(dir), t::agents_deployment(dir, R"(
      <prop id="sizes" value="2000,2000,9000"/><prop id="heuristic" value="StoL,MaxET"/>
      <prop id="resources" value="fast"/>)"));
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.status(), "resources_failed");
  EXPECT_EQ(u.tasks_done, 2);
  EXPECT_FALSE(u.finish_s);
  EXPECT_DOUBLE_EQ(u.spent, 1);
  EXPECT_EQ(u.instances, 1);
  EXPECT_EQ(u.charged_units, 1);
  EXPECT_EQ(failed_cnps_of(u), 1);
  const std::string why =
      "resource fast-0 failed; no replacement for fast-0: every contractor refused (a-3)";
  EXPECT_EQ(reason_of(u), why);
  EXPECT_EQ(u.stop_reason, why);
  EXPECT_EQ(u.tasks_rerun, 0);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_DOUBLE_EQ(*u.spent_on_lost_work, 500.0 / 3600);
  const auto& lost = r.records<LostRecord>();
  ASSERT_EQ(lost.size(), 1u);
  EXPECT_EQ(lost[0].task, 2);
  EXPECT_DOUBLE_EQ(lost[0].lost_s, 2501);
  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 1u);
  EXPECT_EQ(inst[0].csv_row(), "CA0,fast-0,fast,1,2501,1,1");
}

// A replacement is paid from the budget like a renewal. The run above with a budget of $2.25:
// at 1001 fast's hour ($1) is spent and slow's first hour ($0.5, paid in advance) committed;
// spare-0's proposal ($0.8) would make $2.3: the broker rejects it. Slow goes on alone: task 1
// 1..2001, then task 0 (4000 s) 2001..6001 and task 2 from 6001. Its check at 3541 renews it
// ($1 + 2 x $0.5 = $2 <= $2.25); the one at 7141 would make $2.5: slow is released (2 started
// hours, $1) with task 2 running, and the BoT stops out_of_budget with 2 tasks done, $2 spent.
TEST(AgentsFailure, AReplacementTheBudgetCannotPayIsRejected) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(platform(dir, "1001", true), t::agents_deployment(dir, R"(
      <prop id="sizes" value="4000,2000,2000,2000"/><prop id="heuristic" value="LtoS,MaxET"/>
      <prop id="resources" value="fast,slow"/><prop id="budget" value="2.25"/>)"));
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.status(), "out_of_budget");
  EXPECT_EQ(u.tasks_done, 2);
  EXPECT_DOUBLE_EQ(u.spent, 2);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 3);
  EXPECT_EQ(renewals_of(u), 1);
  EXPECT_EQ(failed_cnps_of(u), 1);
  EXPECT_EQ(reason_of(u),
            "the budget (2.25) cannot pay for renewing slow-0; resource fast-0 failed; "
            "no replacement for fast-0: the budget (2.25) cannot pay for it");
  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 2u);
  EXPECT_EQ(inst[0].csv_row(), "CA0,fast-0,fast,1,1001,1,1");
  EXPECT_EQ(inst[1].csv_row(), "CA0,slow-0,slow,1,7141,2,1");
}

// As printed (rules="paper": Section 3 only renews or releases), the replacement run above has
// no replacement: fast-0 fails at 1001 and task 0 goes back. Slow runs task 1 until 2001, then
// by LtoS task 0 (4000 MI at 1 MI/s) 2001..6001, task 2 6001..8001 and task 3 8001..10001. Slow
// is renewed at its checks at 3541 and 7141 (busy) and released at 10001: 1..10001 is 3
// started hours, $1.5; fast's hour $1. $2.5, 4 hours, 2 instances, 2 renewals, no CNP failed.
TEST(AgentsFailure, AsPrintedAFailedResourceIsNotReplaced) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(platform(dir, "1001", true), t::agents_deployment(dir, R"(
      <prop id="sizes" value="4000,2000,2000,2000"/><prop id="heuristic" value="LtoS,MaxET"/>
      <prop id="resources" value="fast,slow"/><prop id="rules" value="paper"/>)"));
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.policy, "LtoS,MaxET/i-elastic,paper");
  EXPECT_EQ(u.status(), "done");
  EXPECT_EQ(u.tasks_done, 4);
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s - u.start_s, 10000);
  EXPECT_DOUBLE_EQ(u.spent, 2.5);
  EXPECT_EQ(u.instances, 2);
  EXPECT_EQ(u.charged_units, 4);
  EXPECT_EQ(renewals_of(u), 2);
  EXPECT_EQ(failed_cnps_of(u), 0);
  EXPECT_EQ(reason_of(u), "resource fast-0 failed");
  EXPECT_EQ(u.tasks_rerun, 1);
  std::map<std::pair<long, std::string>, std::pair<double, double>> ran;
  for (const auto& task : r.tasks())
    if (task.end_s) ran[{task.task, task.host}] = {*task.start_s, *task.end_s};
  using Span = std::pair<double, double>;
  EXPECT_EQ(ran.size(), 4u);
  EXPECT_EQ((ran[{1, "slow-0"}]), Span(1, 2001));
  EXPECT_EQ((ran[{0, "slow-0"}]), Span(2001, 6001));
  EXPECT_EQ((ran[{2, "slow-0"}]), Span(6001, 8001));
  EXPECT_EQ((ran[{3, "slow-0"}]), Span(8001, 10001));
}

// A rule's own prop overrides `rules`: rules="paper" with replace_failed="true" contracts
// spare-0 exactly as AFailedResourceIsReplacedThroughTheContractNet does (the other rules,
// off, change nothing in this run): done 4008 s after submission for $2.8, 3 instances.
TEST(AgentsFailure, AsPrintedWithReplacementOnReplacesAsBotsimDoes) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(platform(dir, "1001", true), t::agents_deployment(dir, R"(
      <prop id="sizes" value="4000,2000,2000,2000"/><prop id="heuristic" value="LtoS,MaxET"/>
      <prop id="resources" value="fast,slow"/><prop id="rules" value="paper"/>
      <prop id="replace_failed" value="true"/>)"));
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.policy, "LtoS,MaxET/i-elastic,no-same-instant-wait,no-least-overrun");
  ASSERT_TRUE(u.finish_s);
  EXPECT_DOUBLE_EQ(*u.finish_s - u.start_s, 4008);
  EXPECT_DOUBLE_EQ(u.spent, 2.8);
  EXPECT_EQ(u.instances, 3);
  EXPECT_EQ(u.charged_units, 4);
  EXPECT_EQ(u.messages, 55);
  EXPECT_EQ(failed_cnps_of(u), 0);
  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 3u);
  EXPECT_EQ(inst[2].csv_row(), "CA0,spare-0,fast,1003,4007,1,0.8");
}
