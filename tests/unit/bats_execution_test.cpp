// BaTS (Oprescu, Kielmann & Leahu 2011), sections 3 and 4.3: the monitored execution phase
// between the schedule the user picked and the monitor's reconfigurations, worked out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "bats/execution.hpp"

using namespace botsim::bats;

namespace {

// One cluster at $1 per ATU of 100 s, 4 machines, every sample task 60 s; 10 tasks.
// The knapsack at $6: 1 machine runs 10 x 60 s in 6 ATUs ($6), 2 in 3 ($6), 3 in 2 ($6), 4 in
// 2 ($8): 3 machines, M = 2 ATUs. delta_n = 10 - 3 floor(200 / 60) = 1 > 0 with a machine to
// spare: case (a) raises by 1 % of $6, rounded up to whole dollars: $7 (1 % to 16 %) still
// buys 3 machines; at 17 %, 6 + 1.02 = 7.02 -> $8 buys all 4 (M = 2, $8), delta_n =
// 10 - 4 x 3 = -2. The schedule: budget $6, raise $2, 4 machines.
const std::vector<Cluster> kOne{{"c1", 1, 4}};
constexpr double kAtu = 100;

Schedule raised_schedule() { return refine_schedule("Sched", kOne, {60}, 10, kAtu, 6, 6); }

std::vector<ClusterStats> sixty(std::size_t clusters) {
  std::vector<ClusterStats> s;
  for (std::size_t c = 0; c < clusters; ++c)
    s.push_back(ClusterStats{SampleSet({60, 60, 60}), 180, 3});
  return s;
}

// Samples of 50, 60 and 70 s: mu 60, sigma 10, so the mean is known to 10 / (60 sqrt(3)) =
// 9.6 % (speed_tolerance).
std::vector<ClusterStats> spread(std::size_t clusters) {
  std::vector<ClusterStats> s;
  for (std::size_t c = 0; c < clusters; ++c)
    s.push_back(ClusterStats{SampleSet({50, 60, 70}), 180, 3});
  return s;
}

// The 4 machines 5 s after they started, each 5 s into its first task; 6 tasks in the bag.
std::vector<MachineState> first_tick() {
  return std::vector<MachineState>(4, MachineState{0, 0, 0, 5, true, 5, false});
}

// A monitor report whose knapsack answer is [0, 4] (4 machines of c2) for 6 tasks within $4.
MonitorReport reconfigure_to_c2(const std::vector<Cluster>& two, const std::vector<double>& ti) {
  MonitorReport r;
  r.ti_s = ti;
  r.ne = 6;
  r.budget_for_plan = 4;
  r.decision = Decision::Reconfigure;
  r.target = evaluate({0, 4}, two, ti, 6, kAtu);
  return r;
}

}  // namespace

TEST(BatsExecution, TheRaisedScheduleWorkedOutByHand) {
  Schedule s = raised_schedule();
  EXPECT_EQ(s.risk, Risk::RaisedBudget);
  EXPECT_DOUBLE_EQ(s.budget, 6);
  EXPECT_DOUBLE_EQ(s.raise, 2);
  EXPECT_DOUBLE_EQ(s.cushion, 0);  // the raise is no cushion
  EXPECT_EQ(s.config.machines, (std::vector<int>{4}));
  EXPECT_EQ(s.initial.machines, (std::vector<int>{3}));
  EXPECT_EQ(s.delta_n, -2);
}

TEST(BatsExecution, TheRaiseIsTheBudgetTheMonitorSees) {
  // 4.3: the raise is the schedule's new budget: the ledger holds $8 and no cushion.
  Schedule s = raised_schedule();
  ExecutionBudget money = execution_budget(s, s.budget, true);
  EXPECT_DOUBLE_EQ(money.budget, 8);
  EXPECT_DOUBLE_EQ(money.raise, 2);
  EXPECT_DOUBLE_EQ(money.cushion, 0);
  EXPECT_EQ(money.cushion_tasks, 0);
  EXPECT_EQ(money.config.machines, (std::vector<int>{4}));
  MonitoredExecution run(kOne, kAtu, s, money, sixty(1), 0);
  run.ledger().pay(4);  // the 4 first ATUs
  // Each machine: tau_e = 60, up_e = 5 + 55 = 60, v = 1/60, delta = 40, ft = 0, eta = 40; its
  // next ATU starts in 95 s. The $4 left funds one more ATU of each: np = floor((100 + 40) /
  // 60) = 2, Np = 8 >= Ne = 6 - 0: the configuration is kept.
  MonitorReport r = run.report(first_tick(), 6);
  EXPECT_EQ(r.ne, 6);
  EXPECT_EQ(r.np, 8);
  EXPECT_EQ(r.decision, Decision::Keep);
  EXPECT_FALSE(run.target(r, first_tick(), {false}));
  // Monitored against the unraised $6 (the raise as a cushion), $2 funds two machines' next
  // ATUs only: Np = 2 + 2 + 0 + 0 = 4 < 6, a needless reconfiguration to fewer machines.
  ExecutionBudget unraised{6, 0, 2, 0, s.config};
  MonitoredExecution before(kOne, kAtu, s, unraised, sixty(1), 0);
  before.ledger().pay(4);
  MonitorReport b = before.report(first_tick(), 6);
  EXPECT_EQ(b.np, 4);
  EXPECT_EQ(b.decision, Decision::Reconfigure);
}

TEST(BatsExecution, ARefusedRaiseRunsTheKnapsacksOwnAnswer) {
  Schedule s = raised_schedule();
  ExecutionBudget money = execution_budget(s, s.budget, false);
  EXPECT_DOUBLE_EQ(money.budget, 6);
  EXPECT_DOUBLE_EQ(money.raise, 0);
  EXPECT_DOUBLE_EQ(money.cushion, 0);
  EXPECT_EQ(money.config.machines, (std::vector<int>{3}));
}

TEST(BatsExecution, ACaseBCushionStaysApartFromTheBudget) {
  Schedule s;
  s.budget = 10;
  s.cushion = 3;
  s.delta_n = 2;
  s.risk = Risk::Cushion;
  s.config.machines = {2};
  ExecutionBudget accepted = execution_budget(s, 10, true);
  EXPECT_DOUBLE_EQ(accepted.budget, 10);
  EXPECT_DOUBLE_EQ(accepted.cushion, 3);
  EXPECT_EQ(accepted.cushion_tasks, 2);
  ExecutionBudget refused = execution_budget(s, 10, false);
  EXPECT_DOUBLE_EQ(refused.cushion, 0);
  EXPECT_EQ(refused.cushion_tasks, 0);
  EXPECT_EQ(refused.config.machines, (std::vector<int>{2}));
}

// Two clusters of equal price ($1) and speed, 4 machines each; their Ti estimates differ by
// noise: c1 60 s, c2 59 s. Two machines of c1 run; the monitor asks for 6 tasks with $4.
// The knapsack's fastest: 4 machines of c2, 6 / (4 / 59) = 88.5 s, 1 ATU, $4.
TEST(BatsExecution, AReconfigurationBetweenEqualClustersKeepsTheRunningMachines) {
  const std::vector<Cluster> two{{"c1", 1, 4}, {"c2", 1, 4}};
  const std::vector<double> ti{60, 59};
  // c1's 60 s is within 2.7 % of c2's 59 s. Kept [1, 3]: 6 / (1/60 + 3/59) = 88.9 s, 1 ATU,
  // $4; kept [2, 2]: 89.3 s, 1 ATU, $4.
  EXPECT_EQ(keep_running({0, 4}, {2, 0}, two, ti, 6, 4, kAtu, 0.027), (std::vector<int>{2, 2}));
  // Without a tolerance, the 1.7 % is a difference: the target stands.
  EXPECT_EQ(keep_running({0, 4}, {2, 0}, two, ti, 6, 4, kAtu, 0), (std::vector<int>{0, 4}));
  // Through the execution: a report whose knapsack answer is [0, 4] on those machines.
  Schedule s;
  s.config.machines = {2, 0};
  MonitoredExecution run(two, kAtu, s, ExecutionBudget{8, 0, 0, 0, s.config}, spread(2), 0);
  std::vector<MachineState> machines(2, MachineState{0, 1, 60, 150, true, 30, false});
  MonitorReport r = reconfigure_to_c2(two, ti);
  std::optional<std::vector<int>> target = run.target(r, machines, {false, false});
  ASSERT_TRUE(target);
  EXPECT_EQ(*target, (std::vector<int>{2, 2}));
  // No running machine is released; two of c2 are rented, none pays a fresh ATU in vain.
  ReconfigurationPlan plan = plan_reconfiguration(machines, *target, kAtu);
  EXPECT_TRUE(plan.mark.empty());
  EXPECT_EQ(plan.acquire, (std::vector<int>{0, 2}));
}

TEST(BatsExecution, AMachineIsNotKeptWhenItWouldCostAnAtu) {
  // c2 twice as fast (Ti 30 s), same price; 12 tasks, $8. Target [0, 4]: 12 / (4/30) = 90 s,
  // 1 ATU, $4. Keeping one c1 machine, [1, 3]: 12 / (1/60 + 3/30) = 102.9 s, 2 ATUs: the swap
  // would lengthen the run, so the target stands.
  const std::vector<Cluster> two{{"c1", 1, 4}, {"c2", 1, 4}};
  EXPECT_EQ(keep_running({0, 4}, {2, 0}, two, {60, 30}, 12, 8, kAtu, 0.5),
            (std::vector<int>{0, 4}));
  // Nor when it is dearer: equal Ti, a c1 machine at $2 kept costs $5 an ATU against $4.
  const std::vector<Cluster> dear{{"c1", 2, 4}, {"c2", 1, 4}};
  EXPECT_EQ(keep_running({0, 4}, {2, 0}, dear, {60, 60}, 6, 8, kAtu, 0.5),
            (std::vector<int>{0, 4}));
  EXPECT_THROW(keep_running({0}, {2, 0}, two, {60, 30}, 12, 8, kAtu, 0), std::invalid_argument);
  EXPECT_THROW(keep_running({0, 4}, {2, 0}, two, {60, 30}, 12, 8, kAtu, 1), std::invalid_argument);
}

TEST(BatsExecution, AMachineIsNotKeptWhenItsClusterIsSlowerThanTheSampleCanTell) {
  // c1 at Ti 60 s, c2 at 50 s, both $1; 6 tasks. Target [0, 4]: 4/50 = 0.08 tasks/s, 75 s,
  // 1 ATU. c1 is 20 % slower: with a 2.7 % tolerance it is another machine and the target
  // stands; were the samples too small to tell 20 % (tolerance 0.2), [2, 2] runs in 81.8 s,
  // still 1 ATU, and keeps both.
  const std::vector<Cluster> two{{"c1", 1, 4}, {"c2", 1, 4}};
  const std::vector<double> ti{60, 50};
  EXPECT_EQ(keep_running({0, 4}, {2, 0}, two, ti, 6, 4, kAtu, 0.027), (std::vector<int>{0, 4}));
  EXPECT_EQ(keep_running({0, 4}, {2, 0}, two, ti, 6, 4, kAtu, 0.2), (std::vector<int>{2, 2}));
}

TEST(BatsExecution, SpeedToleranceIsTheSamplesRelativeStandardError) {
  EXPECT_NEAR(speed_tolerance(spread(2)), 10 / (60 * std::sqrt(3.0)), 1e-12);
  EXPECT_DOUBLE_EQ(speed_tolerance(sixty(1)), 0);
}

TEST(BatsExecution, AReconfigurationThatChangesNothingIsNotCounted) {
  Schedule s;
  s.config.machines = {2};
  MonitoredExecution run(kOne, kAtu, s, ExecutionBudget{8, 0, 0, 0, s.config}, sixty(1), 0);
  ReconfigurationPlan nothing;
  nothing.acquire = {0};
  EXPECT_FALSE(changes_machines(nothing));
  run.reconfigured(nothing);
  EXPECT_EQ(run.reconfigurations(), 0);
  ReconfigurationPlan shrink = nothing;
  shrink.mark = {1};
  run.reconfigured(shrink);
  ReconfigurationPlan grow;
  grow.acquire = {1};
  run.reconfigured(grow);
  EXPECT_EQ(run.reconfigurations(), 2);
}

TEST(BatsExecution, AMachineDoesNotStartATaskIntoAnAtuNobodyPays) {
  // $8, $7 spent: $1 left. m0 at uptime 80 s would run a 60 s task into its second ATU.
  Schedule s;
  s.config.machines = {2};
  MonitoredExecution run(kOne, kAtu, s, ExecutionBudget{8, 0, 0, 0, s.config}, sixty(1), 0);
  run.ledger().pay(7);
  MachineState asking{0, 1, 60, 80, false, 0, false};
  // Alone, the $1 pays that ATU: it takes the task.
  EXPECT_EQ(run.work_request(asking, {}, 5), MachineAction::TakeTask);
  // m1, 50 s into its ATU and 20 s into a task (expected to end at 90 s): no commitment.
  MachineState inside{0, 0, 0, 50, true, 20, false};
  EXPECT_DOUBLE_EQ(run.committed({inside}), 0);
  EXPECT_EQ(run.work_request(asking, {inside}, 5), MachineAction::TakeTask);
  // m1 90 s into its ATU, 10 s into a task (expected to end at 140 s): it commits the $1.
  MachineState crossing{0, 0, 0, 90, true, 10, false};
  EXPECT_DOUBLE_EQ(run.committed({crossing}), 1);
  EXPECT_EQ(run.work_request(asking, {crossing}, 5), MachineAction::Wait);
  // A task that ends within the paid time is taken whatever the money.
  MachineState early{0, 0, 0, 20, false, 0, false};
  EXPECT_EQ(run.work_request(early, {crossing}, 5), MachineAction::TakeTask);
  // At the end of its ATU an idle machine goes on only with uncommitted money; a busy one when
  // the ledger pays.
  EXPECT_FALSE(run.goes_on(asking, false, {crossing}, 5));
  EXPECT_TRUE(run.goes_on(asking, false, {inside}, 5));
  EXPECT_TRUE(run.goes_on(asking, true, {crossing}, 5));
  EXPECT_FALSE(run.goes_on(asking, false, {}, 0));  // nothing to do
}

// The end game, by hand: the asking machine of c2 (Ti 900 s) against machines of c1 (Ti 225 s).
// An idle c1 machine completes tasks at 225, 450 and 675 s, before 900: 3 each. One 100 s
// into a task ends it at 125 s, then two more (350, 575) and a third at 800: 3 as well. A tie
// (a c1 Ti of 300 s: its third task would end at 900, with the asking machine's) goes to the
// asking machine. A machine of the asking one's own speed completes none before it; a marked
// machine counts for nothing.
TEST(BatsExecution, AMachineOutpacedByTheOthersLeavesThemTheLastTasks) {
  const std::vector<double> ti{225, 900};
  MachineState slow{1, 0, 0, 0, false, 0, false};
  MachineState idle{0, 0, 0, 0, false, 0, false};
  MachineState busy{0, 0, 0, 0, true, 100, false};
  MachineState marked{0, 0, 0, 0, false, 0, true};
  MachineState peer{1, 0, 0, 0, false, 0, false};
  EXPECT_FALSE(outpaced(slow, {idle, busy}, ti, 7));  // 3 + 3 = 6 before 900 s: 7 need it
  EXPECT_TRUE(outpaced(slow, {idle, busy}, ti, 6));
  EXPECT_TRUE(outpaced(slow, {idle}, ti, 1));
  EXPECT_FALSE(outpaced(slow, {idle}, ti, 0));  // nothing left to take
  EXPECT_FALSE(outpaced(slow, {peer, marked}, ti, 1));
  EXPECT_FALSE(outpaced(slow, {idle}, {300, 900}, 3));  // 300, 600 and a tie at 900
  EXPECT_TRUE(outpaced(slow, {idle}, {300, 900}, 2));
  // A task that has overrun its Ti: its machine is taken as free now.
  EXPECT_TRUE(outpaced(slow, {MachineState{0, 0, 0, 0, true, 400, false}}, ti, 3));

  // In the execution: the slow machine waits while the others are expected to finish the bag
  // first, and at the end of its ATU it is released rather than paid to idle; with the end game
  // off (Fig. 4 as printed) it takes a task and goes on.
  const std::vector<Cluster> two{{"c1", 1, 4}, {"c2", 1, 4}};
  std::vector<ClusterStats> stats{ClusterStats{SampleSet({225, 225, 225}), 675, 3},
                                  ClusterStats{SampleSet({900, 900, 900}), 2700, 3}};
  Schedule s;
  s.config.machines = {1, 1};
  MonitoredExecution run(two, 3600, s, ExecutionBudget{100, 0, 0, 0, s.config}, stats, 0);
  EXPECT_EQ(run.work_request(slow, {idle, busy}, 6), MachineAction::Wait);
  EXPECT_EQ(run.work_request(slow, {idle, busy}, 7), MachineAction::TakeTask);
  EXPECT_FALSE(run.goes_on(slow, false, {idle, busy}, 6));
  EXPECT_TRUE(run.goes_on(slow, true, {idle, busy}, 6));  // busy: its task goes on
  run.set_end_game(false);
  EXPECT_EQ(run.work_request(slow, {idle, busy}, 6), MachineAction::TakeTask);
  EXPECT_TRUE(run.goes_on(slow, false, {idle, busy}, 6));
}

// Who is paid at a common ATU end, by hand: c1 at $3 and c2 at $12 per ATU, Ti 900 s on both,
// $12 left. Three busy machines' paid time ends now: a c1 one with 60 s of its task to go, a
// c1 one with 120 s, a c2 one with 30 s. The money goes to the cheaper ATUs first, then to
// the task nearer its end: c1 (60 s) from $12, c1 (120 s) from $12 - $3 = $9, and c2 would
// need $12 of the $12 - $3 - $3 = $6 left: its task is lost, the two c1 tasks are kept (the
// other way round, $12 on c2 would keep one task and lose two).
TEST(BatsExecution, AtACommonAtuEndTheMoneyKeepsTheMostRunningTasks) {
  const std::vector<Cluster> priced{{"c1", 3, 4}, {"c2", 12, 4}};
  const std::vector<double> ti{900, 900};
  MachineState c1_near{0, 0, 0, 3600, true, 840, false, 0.0};
  MachineState c1_far{0, 0, 0, 3600, true, 780, false, 0.0};
  MachineState c2{1, 0, 0, 3600, true, 870, false, 0.0};
  EXPECT_TRUE(paid_first(c1_near, {c1_far, c2}, priced, ti, 12));
  EXPECT_TRUE(paid_first(c1_far, {c1_near, c2}, priced, ti, 12));
  EXPECT_FALSE(paid_first(c2, {c1_near, c1_far}, priced, ti, 12));
  EXPECT_TRUE(paid_first(c2, {c1_near, c1_far}, priced, ti, 18));  // money for all three
  // Once c1_near is paid (its paid time runs on), it claims nothing more: c1_far comes next.
  MachineState c1_paid = c1_near;
  c1_paid.paid_left_s = 3600;
  EXPECT_TRUE(paid_first(c1_far, {c1_paid, c2}, priced, ti, 9));
  EXPECT_FALSE(paid_first(c2, {c1_paid, c1_far}, priced, ti, 9));
  // An idle, a marked, or an unknown machine claims nothing.
  MachineState idle = c1_near, marked = c1_near, unknown = c1_near;
  idle.running = false;
  marked.marked = true;
  unknown.paid_left_s.reset();
  EXPECT_TRUE(paid_first(c2, {idle, marked, unknown}, priced, ti, 12));

  // In the execution: a busy c2 machine at its ATU's end goes on alone, not before the c1 ones.
  std::vector<ClusterStats> stats{ClusterStats{SampleSet({900, 900, 900}), 2700, 3},
                                  ClusterStats{SampleSet({900, 900, 900}), 2700, 3}};
  Schedule s;
  s.config.machines = {2, 1};
  MonitoredExecution run(priced, 3600, s, ExecutionBudget{30, 0, 0, 0, s.config}, stats, 0);
  run.ledger().pay(18);  // $12 left
  EXPECT_TRUE(run.goes_on(c2, true, {}, 0));
  EXPECT_FALSE(run.goes_on(c2, true, {c1_near, c1_far}, 0));
  EXPECT_TRUE(run.goes_on(c1_far, true, {c1_near, c2}, 0));
}

// A task that may overrun into an ATU nobody pays, by hand: Ti 60 s, samples 50, 60, 70 s
// (sigma 10 s), confidence 0.95 (one-sided z 1.645): a task needs 60 + 16.45 = 76.45 s to end
// in the paid time at that margin. The asking machine has 70 s left: it is expected to finish
// (60 <= 70) but may not. Another machine, idle with 90 s left, holds one task at the margin
// (90 - 16.45 >= 60); one with 150 s left and 20 s of a task to go holds floor((150 - 20 -
// 16.45) / 60) = 1. One task in the bag: left to the others; three: the asking one takes one.
TEST(BatsExecution, ATaskThatMayOverrunAnUnpaidAtuIsLeftToMachinesWithRoom) {
  const std::vector<double> ti{60}, sigma{10};
  const double z = 1.6448536269514722;
  MachineState asking{0, 0, 0, 30, false, 0, false, 70.0};
  MachineState roomy{0, 0, 0, 10, false, 0, false, 90.0};
  MachineState busy{0, 0, 0, 50, true, 40, false, 150.0};
  EXPECT_TRUE(better_left_to_others(asking, {roomy}, ti, sigma, z, 1));
  EXPECT_FALSE(better_left_to_others(asking, {roomy}, ti, sigma, z, 2));
  EXPECT_TRUE(better_left_to_others(asking, {roomy, busy}, ti, sigma, z, 2));
  EXPECT_FALSE(better_left_to_others(asking, {roomy, busy}, ti, sigma, z, 3));
  MachineState tight = roomy;  // 75 s left: 75 - 16.45 < 60, no room at the margin
  tight.paid_left_s = 75.0;
  EXPECT_FALSE(better_left_to_others(asking, {tight}, ti, sigma, z, 1));
  MachineState fits = asking;  // 77 s left: 76.45 fits, it takes the task
  fits.paid_left_s = 77.0;
  EXPECT_FALSE(better_left_to_others(fits, {roomy}, ti, sigma, z, 1));
  EXPECT_FALSE(better_left_to_others(asking, {}, ti, sigma, z, 1));  // nobody else: it runs

  // In the execution (kOne: ATU 100 s, $1): with no money for the next ATU the asking machine
  // waits for the roomy one; with $1 uncommitted it takes the task (an overrun would be paid).
  Schedule s;
  s.config.machines = {2};
  MonitoredExecution run(kOne, kAtu, s, ExecutionBudget{8, 0, 0, 0, s.config}, spread(1), 0);
  run.ledger().pay(7);
  EXPECT_EQ(run.work_request(asking, {roomy}, 1), MachineAction::TakeTask);
  run.ledger().pay(1);
  EXPECT_EQ(run.work_request(asking, {roomy}, 1), MachineAction::Wait);
  EXPECT_EQ(run.work_request(asking, {roomy}, 2), MachineAction::TakeTask);
  run.set_confidence(0.5);  // no margin: Fig. 4's expected end alone
  EXPECT_EQ(run.work_request(asking, {roomy}, 1), MachineAction::TakeTask);
}

// Each rule botsim adds, turned off alone, changes only what it names; all off is Fig. 4 and
// section 3.1 as printed (docs/bats2011.md, "Rules botsim adds"). The cases are the ones worked
// out by hand above.
namespace {
MonitoredExecution with_rules(const std::vector<Cluster>& clusters, double atu, int machines,
                              double budget, std::vector<ClusterStats> stats,
                              ExecutionRules rules) {
  Schedule s;
  s.config.machines = std::vector<int>(clusters.size(), 0);
  s.config.machines[0] = machines;
  MonitoredExecution run(clusters, atu, s, ExecutionBudget{budget, 0, 0, 0, s.config},
                         std::move(stats), 0);
  run.set_rules(rules);
  return run;
}
ExecutionRules without(bool ExecutionRules::*rule) {
  ExecutionRules r;
  r.*rule = false;
  return r;
}
}  // namespace

TEST(BatsExecutionRules, PaperTurnsEveryRuleOff) {
  const ExecutionRules paper = ExecutionRules::paper();
  EXPECT_FALSE(paper.end_game || paper.wait_for_unpaid || paper.better_left_to_others ||
               paper.paid_first || paper.keep_running || paper.knapsack_fallback ||
               paper.replica_wait);
  const ExecutionRules botsim;
  EXPECT_TRUE(botsim.end_game && botsim.wait_for_unpaid && botsim.better_left_to_others &&
              botsim.paid_first && botsim.keep_running && botsim.knapsack_fallback &&
              botsim.replica_wait);
}

TEST(BatsExecutionRules, WithoutWaitForUnpaidAMachineStartsATaskIntoAnAtuNobodyPays) {
  // AMachineDoesNotStartATaskIntoAnAtuNobodyPays, with the rule off: $1 left, committed by m1.
  MachineState asking{0, 1, 60, 80, false, 0, false};
  MachineState crossing{0, 0, 0, 90, true, 10, false};
  MachineState early{0, 0, 0, 20, false, 0, false};
  auto run = with_rules(kOne, kAtu, 2, 8, sixty(1), without(&ExecutionRules::wait_for_unpaid));
  run.ledger().pay(7);
  EXPECT_EQ(run.work_request(asking, {crossing}, 5), MachineAction::TakeTask);  // was Wait
  EXPECT_TRUE(run.goes_on(asking, false, {crossing}, 5));  // the ledger pays: it goes on
  // Unchanged: what the rule does not name.
  EXPECT_EQ(run.work_request(early, {crossing}, 5), MachineAction::TakeTask);
  EXPECT_TRUE(run.goes_on(asking, true, {crossing}, 5));
  EXPECT_FALSE(run.goes_on(asking, false, {}, 0));
  run.ledger().pay(1);  // nothing left: an idle machine is not paid into its next ATU
  EXPECT_FALSE(run.goes_on(asking, false, {}, 5));
}

TEST(BatsExecutionRules, WithoutBetterLeftToOthersAMachineTakesATaskThatMayOverrun) {
  // ATaskThatMayOverrunAnUnpaidAtuIsLeftToMachinesWithRoom, no money left, the rule off.
  MachineState asking{0, 0, 0, 30, false, 0, false, 70.0};
  MachineState roomy{0, 0, 0, 10, false, 0, false, 90.0};
  auto run =
      with_rules(kOne, kAtu, 2, 8, spread(1), without(&ExecutionRules::better_left_to_others));
  run.ledger().pay(8);
  EXPECT_EQ(run.work_request(asking, {roomy}, 1), MachineAction::TakeTask);  // was Wait
  // Unchanged: a task expected (Ti) to cross into the unpaid ATU still waits.
  MachineState late{0, 0, 0, 80, false, 0, false, 20.0};
  EXPECT_EQ(run.work_request(late, {roomy}, 1), MachineAction::Wait);
}

TEST(BatsExecutionRules, WithoutPaidFirstTheLedgerPaysWhoeverComesFirst) {
  // AtACommonAtuEndTheMoneyKeepsTheMostRunningTasks, the rule off: c2 is paid if it comes first.
  const std::vector<Cluster> priced{{"c1", 3, 4}, {"c2", 12, 4}};
  std::vector<ClusterStats> stats{ClusterStats{SampleSet({900, 900, 900}), 2700, 3},
                                  ClusterStats{SampleSet({900, 900, 900}), 2700, 3}};
  MachineState c1_near{0, 0, 0, 3600, true, 840, false, 0.0};
  MachineState c1_far{0, 0, 0, 3600, true, 780, false, 0.0};
  MachineState c2{1, 0, 0, 3600, true, 870, false, 0.0};
  auto run = with_rules(priced, 3600, 2, 30, stats, without(&ExecutionRules::paid_first));
  run.ledger().pay(18);                                      // $12 left
  EXPECT_TRUE(run.goes_on(c2, true, {c1_near, c1_far}, 0));  // was false
  run.ledger().pay(12);                                      // what it took: $0 left
  EXPECT_FALSE(run.goes_on(c1_far, true, {c1_near}, 0));
}

TEST(BatsExecutionRules, WithoutKeepRunningAReconfigurationTakesTheKnapsacksAnswer) {
  // AReconfigurationBetweenEqualClustersKeepsTheRunningMachines, the rule off.
  const std::vector<Cluster> two{{"c1", 1, 4}, {"c2", 1, 4}};
  const std::vector<double> ti{60, 59};
  auto run = with_rules(two, kAtu, 2, 8, spread(2), without(&ExecutionRules::keep_running));
  std::vector<MachineState> machines(2, MachineState{0, 1, 60, 150, true, 30, false});
  MonitorReport r = reconfigure_to_c2(two, ti);
  std::optional<std::vector<int>> target = run.target(r, machines, {false, false});
  ASSERT_TRUE(target);
  EXPECT_EQ(*target, (std::vector<int>{0, 4}));  // was {2, 2}
  run.set_rules(ExecutionRules{});
  EXPECT_EQ(*run.target(r, machines, {false, false}), (std::vector<int>{2, 2}));
}

// "When the knapsack finds nothing", worked out by hand: one cluster at $1 per 100 s ATU, 4
// machines, Ti 60 s, 6 tasks (360 s of work). A configuration costs at least $4: 1 machine
// runs 360 s in 4 ATUs, 2 run 180 s in 2 ATUs each, 3 run 120 s in 2 each ($6), 4 run 90 s in
// 1 each. The monitor's knapsack, on the budget without the cushion ($2), found nothing.
namespace {
// A Reconfigure report for 6 tasks whose knapsack found no configuration.
MonitorReport nothing_fits() {
  MonitorReport r;
  r.ti_s = {60};
  r.ne = 6;
  r.decision = Decision::Reconfigure;
  return r;
}
// The execution with budget $2 and an accepted cushion of `cushion`, 2 machines to start with.
MonitoredExecution short_of_money(double cushion, ExecutionRules rules) {
  Schedule s;
  s.config.machines = {2};
  MonitoredExecution run(kOne, kAtu, s, ExecutionBudget{2, 0, cushion, 1, s.config}, sixty(1), 0);
  run.set_rules(rules);
  return run;
}
}  // namespace

TEST(BatsExecution, WhenTheKnapsackFindsNothingTheCushionTheMachinesOrOneMachine) {
  const std::vector<MachineState> two(2, MachineState{0, 1, 60, 150, true, 30, false});
  // With the $3 cushion, $5: 4 machines run the 6 tasks in 1 ATU ($4).
  EXPECT_EQ(*short_of_money(3, {}).target(nothing_fits(), {}, {false}), (std::vector<int>{4}));
  // With $1 of cushion, $3 pays no configuration: the two running machines are kept (no
  // reconfiguration, the ledger stops them when the money ends) ...
  EXPECT_FALSE(short_of_money(1, {}).target(nothing_fits(), two, {false}));
  // ... and with no machine left, one of the most profitable cluster is rented ($1 an ATU).
  EXPECT_EQ(*short_of_money(1, {}).target(nothing_fits(), {}, {false}), (std::vector<int>{1}));
  // Its hosts gone for good: none.
  EXPECT_FALSE(short_of_money(1, {}).target(nothing_fits(), {}, {true}));
}

TEST(BatsExecutionRules, WithoutKnapsackFallbackNothingFoundIsTheEmptyConfiguration) {
  // WhenTheKnapsackFindsNothingTheCushionTheMachinesOrOneMachine, the rule off: each of its
  // three answers becomes the empty configuration (every machine released at its ATU's end).
  const ExecutionRules off = without(&ExecutionRules::knapsack_fallback);
  const std::vector<MachineState> two(2, MachineState{0, 1, 60, 150, true, 30, false});
  const std::vector<int> none{0};
  EXPECT_EQ(*short_of_money(3, off).target(nothing_fits(), {}, {false}), none);   // was {4}
  EXPECT_EQ(*short_of_money(1, off).target(nothing_fits(), two, {false}), none);  // was kept
  EXPECT_EQ(*short_of_money(1, off).target(nothing_fits(), {}, {false}), none);   // was {1}
  // Unchanged: a configuration the knapsack found, through keep_running, and no reconfiguration.
  const std::vector<Cluster> two_clusters{{"c1", 1, 4}, {"c2", 1, 4}};
  auto run = with_rules(two_clusters, kAtu, 2, 8, spread(2), off);
  MonitorReport r = reconfigure_to_c2(two_clusters, {60, 59});
  EXPECT_EQ(*run.target(r, two, {false, false}), (std::vector<int>{2, 2}));
  MonitorReport keep = nothing_fits();
  keep.decision = Decision::Keep;
  EXPECT_FALSE(short_of_money(1, off).target(keep, two, {false}));
}
