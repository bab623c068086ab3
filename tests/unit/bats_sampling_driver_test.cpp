// BaTS (Oprescu, Kielmann & Leahu 2011): the sampling phase on the master's machines without
// SimGrid (a fake backend): Fig. 3's replicated tasks, the intermediary machine after the
// regression (3.2), failures and refusals, and the standalone mode's implicit sampling.
#include <gtest/gtest.h>

#include <deque>
#include <numeric>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "bats/sampling_driver.hpp"
#include "bats_fake_backend.hpp"

using namespace botsim;
using namespace botsim::bats;
using botsim::bats::test::fake_type;
using botsim::bats::test::FakeBackend;

namespace {

// Clusters c1 ($1) and c2 ($3, twice as fast), at most 4 machines each, ATU 100 s; a bag of 20
// tasks in order 0..19; ns = 9 (the 7 replicated tasks and 2 others), `iw` machines each.
struct SamplingFixture {
  BatsParams params;
  FakeBackend backend;
  std::deque<long> bag;
  std::optional<MachineFleet> fleet;
  std::optional<SamplingDriver> driver;

  explicit SamplingFixture(int iw, BatsParams::Sampling sampling, long ns = 9,
                           std::optional<double> budget = std::nullopt) {
    params.types = {fake_type("c1", 1, 4), fake_type("c2", 3, 4)};
    params.types[1].speed = 2e9;
    params.clusters = {{"c1", 1, 4}, {"c2", 3, 4}};
    params.atu_s = 100;
    params.task_times.assign(20, 10);
    params.ns = ns;
    params.initial_workers = iw;
    params.sampling = sampling;
    params.budget = budget;
    bag.resize(20);
    std::iota(bag.begin(), bag.end(), 0L);
    fleet.emplace(backend, "U0", params.types, params.atu_s,
                  [this](long task, int cluster, int replicated) {
                    driver->task_lost(task, cluster, replicated);
                  });
    driver.emplace(params, *fleet, bag);
  }
  MachineFleet::Instance& machine(const std::string& name) { return backend.live().at(name); }
  void deliver_all() {
    for (auto& [name, inst] : backend.live()) inst.ready = true;
  }
  /// `name`'s task ends after `runtime_s`; the driver hears of it, then hands out tasks unless
  /// the user stops (as the master does).
  Next done(const std::string& name, double runtime_s) {
    backend.finish(name);
    int replicated = fleet->task_done(name, runtime_s);
    Next next = driver->task_done(fleet->machine(name).cluster, replicated, runtime_s);
    if (!std::holds_alternative<Stop>(next)) driver->dispatch();
    return next;
  }
};

bool goes_on(const Next& next) { return std::holds_alternative<GoOn>(next); }

}  // namespace

TEST(BatsSamplingDriver, Fig3TheReplicatedTasksGoFirstToEveryCluster) {
  SamplingFixture f(2, BatsParams::Sampling::LinearRegression);
  f.driver->start();
  // Fig. 3 line 2: the bag's first 7 tasks are replicated; iw = 2 machines per cluster, their
  // first ATUs paid apart (Table 1's S): 2 x $1 + 2 x $3.
  EXPECT_EQ(f.bag.front(), 7);
  EXPECT_EQ(f.backend.live().size(), 4u);
  EXPECT_DOUBLE_EQ(f.driver->spent(), 8);
  EXPECT_FALSE(f.driver->budget());
  f.deliver_all();
  f.driver->dispatch();
  ASSERT_EQ(f.backend.runs.size(), 4u);
  // m01, m02 on c1 and m03, m04 on c2 take replicated tasks 0 and 1 each.
  EXPECT_EQ(f.backend.task_of("m02"), 1);
  EXPECT_EQ(f.backend.task_of("m03"), 0);
  EXPECT_TRUE(f.backend.runs[3].replica);
  // At its ATU's end a machine goes on only to finish a replicated task.
  EXPECT_TRUE(f.driver->goes_on(f.machine("m01"), true));
  f.done("m01", 10);
  EXPECT_EQ(f.backend.task_of("m01"), 2);
  EXPECT_FALSE(f.driver->goes_on(f.machine("m01"), false));
  EXPECT_FALSE(f.driver->monitoring());
}

// One machine per cluster: m01 (c1) and m02 (c2) run the replicated tasks, c1 in 10 + 2r s and
// c2 in half that. m01 ends its last one first and takes the first other sample task (task 7);
// when m02 ends its own at 99 s, the regression is ready: c1 is the intermediary type (Ti 16 x
// $1 < 8 x $3), and m01 carries the sampling on. m02, 1 s of paid time left, takes no task of
// 8 s and is released at its ATU's end.
TEST(BatsSamplingDriver, AfterTheRegressionTheIntermediaryMachineCarriesOn) {
  SamplingFixture f(1, BatsParams::Sampling::LinearRegression);
  f.driver->start();
  f.deliver_all();
  f.driver->dispatch();
  for (int r = 0; r < kNlr; ++r) {
    EXPECT_TRUE(goes_on(f.done("m01", 10 + 2 * r)));
    if (r < kNlr - 1) {
      EXPECT_TRUE(goes_on(f.done("m02", (10 + 2 * r) / 2.0)));
    }
  }
  EXPECT_EQ(f.backend.task_of("m01"), 7);
  f.backend.clock = 99;
  EXPECT_TRUE(goes_on(f.done("m02", 11)));
  EXPECT_EQ(f.backend.task_of("m02"), -1);
  EXPECT_TRUE(f.driver->goes_on(f.machine("m01"), true));
  EXPECT_FALSE(f.driver->goes_on(f.machine("m02"), false));
  EXPECT_FALSE(f.driver->complete());

  // m01 fails with task 7: back to the bag, and a new machine of c1 ($1) carries the sampling
  // on; the failure has the monitoring tick look at the sampling.
  f.backend.clock = 99.5;
  f.backend.forget("m01");
  f.fleet->stopped("m01", {7});
  EXPECT_EQ(f.bag.front(), 7);
  EXPECT_TRUE(goes_on(f.driver->machine_stopped(true, 13)));
  EXPECT_TRUE(f.driver->monitoring());
  ASSERT_EQ(f.backend.live().count("m03"), 1u);
  EXPECT_EQ(f.fleet->machine("m03").cluster, 0);
  EXPECT_DOUBLE_EQ(f.driver->spent(), 5);
  f.machine("m03").ready = true;
  f.driver->dispatch();
  EXPECT_EQ(f.backend.task_of("m03"), 7);
  EXPECT_TRUE(goes_on(f.done("m03", 16)));
  EXPECT_EQ(f.backend.task_of("m03"), 8);
  EXPECT_TRUE(std::holds_alternative<PhaseOver>(f.done("m03", 16)));  // the sample is complete
  EXPECT_TRUE(f.driver->complete());

  std::variant<SamplingResult, Stop> result = f.driver->conclude();
  ASSERT_TRUE(std::holds_alternative<SamplingResult>(result));
  const SamplingResult& sample = std::get<SamplingResult>(result);
  EXPECT_EQ(sample.summary.ns, 9);
  ASSERT_EQ(sample.stats.size(), 2u);
  EXPECT_EQ(sample.stats[1].tasks_done, 9);  // 7 replicated, 2 transferred (2.2)
  EXPECT_NEAR(sample.summary.ti_s[0], (112.0 + 32) / 9, 1e-9);
}

TEST(BatsSamplingDriver, EqualReplicatedTimesStopTheUser) {
  SamplingFixture f(1, BatsParams::Sampling::LinearRegression);
  f.driver->start();
  f.deliver_all();
  f.driver->dispatch();
  for (int r = 0; r < kNlr - 1; ++r) {
    EXPECT_TRUE(goes_on(f.done("m01", 10)));
    EXPECT_TRUE(goes_on(f.done("m02", 5)));
  }
  EXPECT_TRUE(goes_on(f.done("m01", 10)));
  // No slope (2.2): the regression, needed for the intermediary type, fails.
  Next next = f.done("m02", 5);
  const Stop* stop = std::get_if<Stop>(&next);
  ASSERT_TRUE(stop);
  EXPECT_STREQ(stop->status, user_status::kUnfinished);
  EXPECT_EQ(stop->reason.rfind("linear regression failed (use sampling=implicit): ", 0), 0u)
      << stop->reason;
}

TEST(BatsSamplingDriver, ARefusedMachineIsAskedForAgainAtTheTick) {
  SamplingFixture f(1, BatsParams::Sampling::LinearRegression);
  f.driver->start();  // m01 on c1, m02 on c2
  f.backend.forget("m02");
  EXPECT_EQ(f.fleet->refused("m02"), 1);
  EXPECT_TRUE(goes_on(f.driver->machine_refused("no host", false)));
  EXPECT_TRUE(f.driver->monitoring());
  EXPECT_DOUBLE_EQ(f.driver->spent(), 1);  // m02's ATU refunded
  // c2 still owes every replicated task: asked for again.
  EXPECT_TRUE(goes_on(f.driver->tick(20)));
  ASSERT_EQ(f.backend.live().count("m03"), 1u);
  EXPECT_EQ(f.fleet->machine("m03").cluster, 1);
  // With no machine left and none to be had, the user stops.
  f.backend.forget("m01");
  f.fleet->stopped("m01", {});
  f.backend.forget("m03");
  f.fleet->refused("m03");
  f.fleet->mark_gone(0);
  f.fleet->mark_gone(1);
  Next next = f.driver->tick(20);
  const Stop* stop = std::get_if<Stop>(&next);
  ASSERT_TRUE(stop);
  EXPECT_STREQ(stop->status, user_status::kOutOfBudget);
}

// A cluster whose hosts have all failed for good: the sampling asked for its machine because it
// needs one (a replicated task still owed there), so the user stops, for the provider's reason.
TEST(BatsSamplingDriver, AClusterGoneForGoodStopsTheSampling) {
  SamplingFixture f(1, BatsParams::Sampling::LinearRegression);
  f.driver->start();  // m01 on c1, m02 on c2
  f.backend.forget("m02");
  f.fleet->refused("m02");
  f.fleet->mark_gone(1);
  Phase& phase = *f.driver;  // as the master sees it
  Next next = phase.machine_refused("every host of c2 failed for good", true);
  const Stop* stop = std::get_if<Stop>(&next);
  ASSERT_TRUE(stop);
  EXPECT_STREQ(stop->status, user_status::kResourcesFailed);
  EXPECT_EQ(stop->reason, "every host of c2 failed for good; the sampling needs a machine of it");
  EXPECT_FALSE(phase.monitoring());  // no tick asks for c2 again
}

// The standalone mode with a budget of $10, ns = 2: one machine per cluster runs tasks of the
// bag, paid from the budget, until each cluster has finished 2.
TEST(BatsSamplingDriver, TheImplicitSamplingIsPaidFromTheBudget) {
  SamplingFixture f(1, BatsParams::Sampling::Implicit, 2, 10.0);
  f.driver->start();
  ASSERT_TRUE(f.driver->budget());
  EXPECT_DOUBLE_EQ(f.driver->budget()->spent(), 4);
  EXPECT_DOUBLE_EQ(f.fleet->spent_apart(), 0);
  EXPECT_EQ(f.bag.front(), 0);  // nothing replicated
  f.deliver_all();
  f.driver->dispatch();
  EXPECT_EQ(f.backend.task_of("m01"), 0);
  EXPECT_EQ(f.backend.task_of("m02"), 1);
  EXPECT_FALSE(f.backend.runs[0].replica);
  EXPECT_TRUE(f.driver->goes_on(f.machine("m02"), false));  // tasks in the bag
  f.done("m01", 12);
  f.done("m02", 5);
  f.done("m02", 7);
  EXPECT_FALSE(f.driver->complete());
  EXPECT_TRUE(std::holds_alternative<PhaseOver>(f.done("m01", 8)));
  EXPECT_TRUE(f.driver->complete());
  EXPECT_DOUBLE_EQ(f.driver->spent(), 0);  // S is what the budget paid once the sampling ends
  std::variant<SamplingResult, Stop> result = f.driver->conclude();
  const SamplingResult& sample = std::get<SamplingResult>(result);
  EXPECT_EQ(sample.summary.nlr, 0);
  EXPECT_EQ(sample.summary.ti_s, (std::vector<double>{10, 6}));
  EXPECT_DOUBLE_EQ(f.driver->spent(), 4);
}

// Machines booting past their first ATU (not in the paper) have run nothing yet: in the LR
// sampling one goes on while its cluster's replicated tasks wait, where a ready idle machine is
// released.
TEST(BatsSamplingDriver, ABootingMachineGoesOnWhileItsClusterIsNeeded) {
  SamplingFixture f(1, BatsParams::Sampling::LinearRegression);
  f.driver->start();
  EXPECT_TRUE(f.driver->goes_on(f.machine("m01"), false));  // booting, c1 needed
  f.machine("m01").ready = true;
  EXPECT_FALSE(f.driver->goes_on(f.machine("m01"), false));  // ready and idle
}

// ABootingMachineGoesOnWhileItsClusterIsNeeded with replica_wait off (as printed, Fig. 3 and
// 3.2): at the end of its ATU a booting machine, running no replicated task, is released as an
// idle one is.
TEST(BatsSamplingDriver, WithoutReplicaWaitABootingMachineIsReleased) {
  SamplingFixture f(1, BatsParams::Sampling::LinearRegression);
  f.params.rules.replica_wait = false;
  f.driver->start();
  EXPECT_FALSE(f.driver->goes_on(f.machine("m01"), false));  // booting, c1 needed: was true
  // Unchanged: a ready machine running a replicated task goes on, an idle one does not.
  f.deliver_all();
  f.driver->dispatch();
  ASSERT_EQ(f.backend.runs.size(), 2u);
  EXPECT_TRUE(f.backend.runs[0].replica);
  EXPECT_TRUE(f.driver->goes_on(f.machine("m01"), true));
  f.machine("m02").ready = false;  // c2's machine, still booting: released too
  EXPECT_FALSE(f.driver->goes_on(f.machine("m02"), false));
  f.params.rules.replica_wait = true;
  EXPECT_TRUE(f.driver->goes_on(f.machine("m02"), false));
}

// The standalone mode with $2 (c1 at $1, c2 at $3): the sampling's c2 machine cannot be paid,
// and its c1 machine, released still booting at the end of its paid time, leaves no machine
// and no money for another: the user stops rather than waits for nothing.
TEST(BatsSamplingDriver, ReleasedWithNoMoneyForAnotherMachineTheUserStops) {
  SamplingFixture f(1, BatsParams::Sampling::Implicit, 2, 2.0);
  f.driver->start();
  ASSERT_EQ(f.backend.live().size(), 1u);  // m01 on c1, $1
  f.backend.clock = 100;
  EXPECT_TRUE(f.fleet->pay_next_atu(f.machine("m01")));  // $2
  f.backend.clock = 200;
  EXPECT_FALSE(f.fleet->pay_next_atu(f.machine("m01")));
  f.fleet->stop(f.machine("m01"));
  f.backend.forget("m01");
  f.fleet->stopped("m01", {});
  const Next next = f.driver->machine_stopped(false, 20);
  const Stop* stop = std::get_if<Stop>(&next);
  ASSERT_TRUE(stop);
  EXPECT_STREQ(stop->status, user_status::kOutOfBudget);
  EXPECT_EQ(stop->reason, "the budget left cannot pay for a machine to finish the sampling");
}
