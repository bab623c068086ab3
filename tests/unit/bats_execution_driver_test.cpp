// BaTS (Oprescu, Kielmann & Leahu 2011): the execution phase on the master's machines without
// SimGrid (a fake backend): the schedule's configuration on the sampling's machines, Fig. 4's
// work requests with the guard of a paid time that ends now, and 3.1's ticks.
#include <gtest/gtest.h>

#include <deque>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "bats/execution_driver.hpp"
#include "bats_fake_backend.hpp"

using namespace botsim;
using namespace botsim::bats;
using botsim::bats::test::fake_type;
using botsim::bats::test::FakeBackend;

namespace {

// One cluster at $1 per ATU of 100 s, at most 4 machines, sample tasks of 60 s; 10 tasks left
// in the bag. The sampling left one machine, m01 (paid apart), ready and idle at 0.
struct ExecutionFixture {
  BatsParams params;
  FakeBackend backend;
  std::deque<long> bag;
  std::optional<MachineFleet> fleet;
  std::optional<ExecutionDriver> driver;

  ExecutionFixture() {
    params.types = {fake_type("c1", 1, 4)};
    params.clusters = {{"c1", 1, 4}};
    params.atu_s = 100;
    bag.resize(10);
    std::iota(bag.begin(), bag.end(), 0L);
    fleet.emplace(backend, "U0", params.types, params.atu_s,
                  [this](long task, int, int) { bag.push_front(task); });
    MachineFleet::Instance& m01 = *fleet->acquire(0);
    backend.deliver(m01.name);
  }
  void start(Schedule schedule, const ExecutionBudget& money) {
    std::vector<ClusterStats> stats{ClusterStats{SampleSet({60, 60, 60}), 180, 3}};
    driver.emplace(params, *fleet, bag, std::move(schedule), money, std::move(stats), 0, 0);
    driver->start(static_cast<long>(bag.size()));
  }
  /// A schedule of one machine with a budget of $1.
  void start_one_dollar() {
    Schedule s;
    s.name = "S";
    s.budget = 1;
    s.config.machines = {1};
    s.initial = s.config;
    start(s, execution_budget(s, s.budget, true));
  }
  const BudgetLedger& ledger() const { return driver->execution().ledger(); }
};

}  // namespace

// The knapsack at $6 buys 3 machines, raised to $8 for all 4 (bats_execution_test.cpp): the
// sampling's machine goes on, 3 more are rented from the execution's ledger.
TEST(BatsExecutionDriver, TheScheduleStartsOnTheSamplingsMachines) {
  ExecutionFixture f;
  const std::vector<Cluster> one{{"c1", 1, 4}};
  Schedule s = refine_schedule("Sched", one, {60}, 10, 100, 6, 6);
  f.start(s, execution_budget(s, s.budget, true));
  EXPECT_EQ(f.backend.live().size(), 4u);
  EXPECT_DOUBLE_EQ(f.ledger().spent(), 3);
  EXPECT_DOUBLE_EQ(f.fleet->spent_apart(), 1);  // the sampling's
  ASSERT_EQ(f.backend.runs.size(), 1u);         // m01 took a task at once
  EXPECT_EQ(f.backend.runs[0].machine, "m01");
  for (const char* name : {"m02", "m03", "m04"}) f.backend.deliver(name);
  f.driver->dispatch();
  EXPECT_EQ(f.backend.task_of("m04"), 3);
  EXPECT_EQ(f.bag.size(), 6u);
  // At the end of its ATU a busy machine goes on: the ledger pays its next ATU.
  f.backend.clock = 100;
  EXPECT_TRUE(f.driver->goes_on(f.backend.live().at("m01"), true));
}

TEST(BatsExecutionDriver, NoTaskForAMachineWhosePaidTimeEndsNow) {
  ExecutionFixture f;
  f.start_one_dollar();
  EXPECT_EQ(f.backend.task_of("m01"), 0);
  // Its task ends as its paid ATU does, at 100 s: its AtuEnding is on the way.
  f.backend.clock = 100;
  f.backend.finish("m01");
  f.fleet->task_done("m01", 100);
  // Marked (a reconfiguration releases it at this ATU's end): it idles; its ATU's end will
  // release it.
  f.fleet->machine("m01").marked = true;
  f.driver->dispatch();
  EXPECT_EQ(f.backend.runs.size(), 1u);
  EXPECT_TRUE(f.backend.stops.empty());
  // Unmarked but the ledger cannot pay its next ATU: a task would only be lost with it.
  f.fleet->machine("m01").marked = false;
  MachineFleet::Instance* m02 = f.fleet->acquire(0);  // spends the $1
  ASSERT_NE(m02, nullptr);
  f.driver->dispatch();
  EXPECT_EQ(f.backend.runs.size(), 1u);
  // With the money back, it takes a task into its next ATU.
  f.backend.forget("m02");
  f.fleet->refused("m02");
  EXPECT_DOUBLE_EQ(f.ledger().spent(), 0);
  f.driver->dispatch();
  EXPECT_EQ(f.backend.task_of("m01"), 1);
}

TEST(BatsExecutionDriver, WithNoMachineLeftATickRentsOneIfTheMoneyPaysIt) {
  ExecutionFixture f;
  f.start_one_dollar();
  EXPECT_EQ(f.backend.task_of("m01"), 0);
  // m01 fails with its task: no machine, 10 tasks in the bag. The $1 pays one more machine.
  f.backend.clock = 30;
  f.backend.forget("m01");
  f.fleet->stopped("m01", {0});
  EXPECT_EQ(f.bag.size(), 10u);
  EXPECT_TRUE(std::holds_alternative<GoOn>(f.driver->tick(10)));
  EXPECT_EQ(f.driver->execution().signals(), 1);
  EXPECT_EQ(f.driver->execution().reconfigurations(), 1);
  ASSERT_EQ(f.backend.live().count("m02"), 1u);
  EXPECT_DOUBLE_EQ(f.ledger().spent(), 1);
  // It fails too: nothing pays a machine for the bag any more.
  f.backend.forget("m02");
  f.fleet->stopped("m02", {});
  Next next = f.driver->tick(10);
  const Stop* stop = std::get_if<Stop>(&next);
  ASSERT_TRUE(stop);
  EXPECT_STREQ(stop->status, user_status::kOutOfBudget);
  EXPECT_EQ(stop->reason, "the budget left cannot pay for a machine to run the remaining tasks");
}

// The phase as the master drives it: a refused machine changes nothing (its money is back in
// the ledger already); a task lost goes back to the front of the bag; the last machine gone
// with tasks left has the phase plan at once, as a tick does, and stop the user when nothing
// pays a machine any more.
TEST(BatsExecutionDriver, TheLastMachineGoneWithTasksLeftPlansAtOnce) {
  ExecutionFixture f;
  f.start_one_dollar();
  Phase& phase = *f.driver;
  EXPECT_TRUE(phase.monitoring());
  EXPECT_TRUE(std::holds_alternative<GoOn>(phase.machine_refused("no host", false)));
  EXPECT_EQ(f.backend.task_of("m01"), 0);
  phase.task_lost(0, 0, -1);  // as if m01 had lost it
  EXPECT_EQ(f.bag.front(), 0);
  f.bag.pop_front();
  // m01 fails with task 0: no machine left. With no task left, nothing to plan.
  f.backend.clock = 30;
  f.backend.forget("m01");
  f.fleet->stopped("m01", {0});
  EXPECT_TRUE(std::holds_alternative<GoOn>(phase.machine_stopped(true, 0)));
  EXPECT_EQ(f.backend.live().size(), 0u);
  // With 10 tasks left it plans at once: the $1 pays one more machine.
  EXPECT_TRUE(std::holds_alternative<GoOn>(phase.machine_stopped(true, 10)));
  EXPECT_EQ(f.driver->execution().signals(), 1);
  ASSERT_EQ(f.backend.live().count("m02"), 1u);
  EXPECT_DOUBLE_EQ(f.ledger().spent(), 1);
  // It fails too: nothing pays a machine for the bag any more.
  f.backend.forget("m02");
  f.fleet->stopped("m02", {});
  Next next = phase.machine_stopped(true, 10);
  const Stop* stop = std::get_if<Stop>(&next);
  ASSERT_TRUE(stop);
  EXPECT_STREQ(stop->status, user_status::kOutOfBudget);
}
