// The broker's scheduler bookkeeping (Gutierrez-Garcia & Sim 2012, Section 4): remaining
// allocation times, renewals, resources joining or leaving during a run, ties, bad input.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <stdexcept>

#include "agents/scheduler.hpp"
#include "agents_replay.hpp"

using namespace botsim::agents;

namespace {
botsim::Rng rng_for_test() { return botsim::make_rng(1, "test"); }
}  // namespace

TEST(AgentsSchedulerBookkeeping, RemainingAllocationTimeFollowsTheClockAndRenewals) {
  Scheduler s(parse_heuristic("U,MaxCT"));
  s.add_resource({7, 2, 3600}, 0);
  EXPECT_DOUBLE_EQ(s.remaining_allocation(7, 0), 3600);
  EXPECT_DOUBLE_EQ(s.remaining_allocation(7, 1000), 2600);
  // I-ElasticAM renews at 3540 (threshold 60 s): one more hour.
  s.set_allocation_end(7, 7200);
  EXPECT_DOUBLE_EQ(s.remaining_allocation(7, 3540), 3660);
  EXPECT_DOUBLE_EQ(s.remaining_allocation(7, 7300), -100);  // past its end if not renewed
  EXPECT_THROW(s.remaining_allocation(8, 0), std::out_of_range);
}

TEST(AgentsSchedulerBookkeeping, OccupiedAndExpectedReadyTime) {
  Scheduler s(parse_heuristic("U,MaxCT"));
  s.add_resource({1, 4, 3600}, 10);
  s.add_tasks({{0, 800}});
  auto rng = rng_for_test();
  auto a = s.assign(100, rng);
  ASSERT_EQ(a.size(), 1u);
  // 800 MI at 4 MI/s from 100: expected end 300.
  EXPECT_DOUBLE_EQ(a[0].expected_end, 300);
  EXPECT_TRUE(s.resource(1).occupied);
  EXPECT_DOUBLE_EQ(s.resource(1).ready_time, 300);
  EXPECT_EQ(s.running_tasks(), 1u);
  EXPECT_FALSE(s.finished());
  s.resource_free(1, 300);
  EXPECT_FALSE(s.resource(1).occupied);
  EXPECT_TRUE(s.finished());
}

TEST(AgentsSchedulerBookkeeping, RenewalOfAnUnoccupiedResourceChangesMaxCT) {
  // Two free resources: 1 ends at 3600, 2 at 5000. MaxCT takes 2; once 1 is renewed to 7200
  // while unoccupied, MaxCT takes 1.
  auto pick_with = [](bool renew) {
    Scheduler s(parse_heuristic("U,MaxCT"));
    s.add_resource({1, 1, 3600}, 0);
    s.add_resource({2, 1, 5000}, 0);
    if (renew) s.set_allocation_end(1, 7200);
    s.add_tasks({{0, 400}});
    auto rng = rng_for_test();
    return s.assign(3540, rng).at(0).resource_id;
  };
  EXPECT_EQ(pick_with(false), 2);
  EXPECT_EQ(pick_with(true), 1);
}

TEST(AgentsSchedulerBookkeeping, ExpectedRemainingUsesRemainingMinusSizeOverSpeed) {
  // At t = 100: resource 1 (1 MI/s, end 3700) has 3600 s left; resource 2 (4 MI/s, end 2100)
  // has 2000 s. A 2000 MI task: expected 3600 - 2000 = 1600 on 1, 2000 - 500 = 1500 on 2.
  // MaxET -> 1, MinET -> 2, MaxCT -> 1, MinCT -> 2. A 400 MI task: 3200 vs 1900: same picks.
  // A 3000 MI task: 600 on 1, 2000 - 750 = 1250 on 2: MaxET -> 2, MinET -> 1, while the
  // current remaining times still say MaxCT -> 1, MinCT -> 2.
  auto pick = [](const char* h, double size) {
    Scheduler s(parse_heuristic(h));
    s.add_resource({1, 1, 3700}, 0);
    s.add_resource({2, 4, 2100}, 0);
    s.add_tasks({{0, size}});
    auto rng = rng_for_test();
    return s.assign(100, rng).at(0).resource_id;
  };
  EXPECT_EQ(pick("U,MaxET", 2000), 1);
  EXPECT_EQ(pick("U,MinET", 2000), 2);
  EXPECT_EQ(pick("U,MaxET", 3000), 2);
  EXPECT_EQ(pick("U,MinET", 3000), 1);
  EXPECT_EQ(pick("U,MaxCT", 3000), 1);
  EXPECT_EQ(pick("U,MinCT", 3000), 2);
}

TEST(AgentsSchedulerBookkeeping, MinETPrefersFitThenLeastOverrun) {
  // t = 0, task 400 MI. Resource 1: 1 MI/s, end 100 -> 100 - 400 = -300. Resource 2: 2 MI/s,
  // end 150 -> 150 - 200 = -50. It fits nowhere: the least overrun, 2 (a literal minimum
  // would pick 1, the resource it overruns most). Add resource 3: 1 MI/s, end 1000 -> 600,
  // it fits: 3, although 600 is the largest value.
  Scheduler s(parse_heuristic("U,MinET"));
  s.add_resource({1, 1, 100}, 0);
  s.add_resource({2, 2, 150}, 0);
  s.add_tasks({{0, 400}});
  auto rng = rng_for_test();
  EXPECT_EQ(s.assign(0, rng).at(0).resource_id, 2);
  Scheduler t(parse_heuristic("U,MinET"));
  t.add_resource({1, 1, 100}, 0);
  t.add_resource({2, 2, 150}, 0);
  t.add_resource({3, 1, 1000}, 0);
  t.add_tasks({{0, 400}});
  EXPECT_EQ(t.assign(0, rng).at(0).resource_id, 3);
}

TEST(AgentsSchedulerBookkeeping, TiesGoToTheLowestResourceId) {
  // Same speed and end: every deterministic policy takes the lowest id (added last here).
  for (const char* h : {"U,MaxCT", "U,MinCT", "U,MaxET", "U,MinET", "greedy-r", "greedy-p"}) {
    SCOPED_TRACE(h);
    Scheduler s(parse_heuristic(h));
    s.add_resource({9, 2, 3600}, 0);
    s.add_resource({5, 2, 3600}, 0);
    s.add_tasks({{0, 400}});
    auto rng = rng_for_test();
    EXPECT_EQ(s.assign(0, rng).at(0).resource_id, 5);
  }
}

TEST(AgentsSchedulerDynamic, NewResourceJoinsWithoutRescheduling) {
  // (U, MaxCT), one resource 1 (1 MI/s, end 10000), three 400 MI tasks. t0: T0 -> 1 [0,400].
  // At t100 resource 2 (1 MI/s, end 20000) joins: T1 -> 2 [100,500] at once; T0 stays on 1.
  // t400: T2 -> 1 [400,800] (only 1 free). Makespan 800.
  Scheduler s(parse_heuristic("U,MaxCT"));
  s.add_resource({1, 1, 10000}, 0);
  s.add_tasks({{0, 400}, {1, 400}, {2, 400}});
  auto rng = rng_for_test();
  auto first = s.assign(0, rng);
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].resource_id, 1);
  EXPECT_TRUE(s.assign(50, rng).empty());  // Fig. 5 line 6: all occupied, wait
  s.add_resource({2, 1, 20000}, 100);
  auto joined = s.assign(100, rng);
  ASSERT_EQ(joined.size(), 1u);
  EXPECT_EQ(joined[0].task_id, 1);
  EXPECT_EQ(joined[0].resource_id, 2);
  EXPECT_EQ(s.resource(1).running->id, 0);
  s.resource_free(1, 400);
  auto last = s.assign(400, rng);
  ASSERT_EQ(last.size(), 1u);
  EXPECT_EQ(last[0].task_id, 2);
  EXPECT_EQ(last[0].resource_id, 1);
  EXPECT_DOUBLE_EQ(last[0].expected_end, 800);
}

TEST(AgentsSchedulerDynamic, MinMinReplansUnsentTasksWhenAResourceJoins) {
  // Min-min, resource 1 (1 MI/s), two 400 MI tasks: both planned on 1 (T0 [0,400],
  // T1 [400,800]). At t100 resource 2 (1 MI/s) joins: T1 is replanned from ready times
  // 1: 400, 2: 100 -> on 2, [100,500].
  Scheduler s(parse_heuristic("min-min"));
  s.add_resource({1, 1, 10000}, 0);
  s.add_tasks({{0, 400}, {1, 400}});
  auto rng = rng_for_test();
  ASSERT_EQ(s.assign(0, rng).size(), 1u);
  s.add_resource({2, 1, 10000}, 100);
  auto a = s.assign(100, rng);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].task_id, 1);
  EXPECT_EQ(a[0].resource_id, 2);
  EXPECT_DOUBLE_EQ(a[0].expected_end, 500);
}

TEST(AgentsSchedulerDynamic, RemovingABusyResourceRequeuesItsTask) {
  // StoL, MaxCT: T1 (400) goes first to 2 (end 9000); 2 is released while running it: T1
  // comes back ahead of T0 (800) and goes to 1 when 1 is free.
  Scheduler s(parse_heuristic("StoL,MaxCT"));
  s.add_resource({1, 1, 5000}, 0);
  s.add_resource({2, 1, 9000}, 0);
  s.add_tasks({{0, 800}, {1, 400}});
  auto rng = rng_for_test();
  auto a = s.assign(0, rng);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].task_id, 1);
  EXPECT_EQ(a[0].resource_id, 2);
  auto lost = s.remove_resource(2);
  ASSERT_TRUE(lost.has_value());
  EXPECT_EQ(lost->id, 1);
  EXPECT_EQ(s.unsent_tasks(), 1u);
  EXPECT_EQ(s.running_tasks(), 1u);
  EXPECT_FALSE(s.has_resource(2));
  s.resource_free(1, 800);
  auto b = s.assign(800, rng);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0].task_id, 1);
  EXPECT_EQ(b[0].resource_id, 1);
  // An unoccupied resource leaves without a task.
  s.add_resource({3, 1, 9000}, 800);
  EXPECT_FALSE(s.remove_resource(3).has_value());
  EXPECT_EQ(s.unoccupied_resources(), 0u);
}

TEST(AgentsSchedulerBadInput, RefusedClearly) {
  Scheduler s(parse_heuristic("fcfs"));
  EXPECT_THROW(s.add_resource({1, 0, 3600}, 0), std::invalid_argument);
  EXPECT_THROW(s.add_resource({1, -2, 3600}, 0), std::invalid_argument);
  s.add_resource({1, 1, 3600}, 0);
  EXPECT_THROW(s.add_resource({1, 2, 3600}, 0), std::invalid_argument);  // same id
  EXPECT_THROW(s.add_tasks({{0, 0}}), std::invalid_argument);
  EXPECT_THROW(s.add_tasks({{0, -400}}), std::invalid_argument);
  EXPECT_THROW(s.resource_free(1, 10), std::logic_error);  // not occupied
  EXPECT_THROW(s.set_allocation_end(2, 10), std::out_of_range);
  EXPECT_EQ(s.unsent_tasks(), 0u);  // the bad tasks were not added
}

TEST(AgentsSchedulerDynamic, NoResourceMeansWait) {
  for (const char* h : {"U,MaxET", "max-min"}) {
    Scheduler s(parse_heuristic(h));
    s.add_tasks({{0, 400}});
    auto rng = rng_for_test();
    EXPECT_TRUE(s.assign(0, rng).empty());
    s.add_resource({1, 1, 3600}, 5);
    EXPECT_EQ(s.assign(5, rng).size(), 1u) << h;
  }
}

// Fig. 5 line 6 with outputs that take time to come. (U, MinCT), every allocation ending at
// 3600, so ties go to the lowest id: at 0, resource 1 (2 MI/s) takes a 200 MI task and
// resource 2 (1 MI/s) a 100 MI one: neither can end before 100. Resource 3 (4 MI/s) takes a
// 1000 MI task: not before 250. Three 60 MI tasks wait.
TEST(AgentsSchedulerOutputs, AMappingWaitsForTheOutputsThatMayShareItsInstant) {
  auto started = [](const char* h) {
    auto s = std::make_unique<Scheduler>(parse_heuristic(h));
    s->add_resource({1, 2, 3600}, 0);
    s->add_resource({2, 1, 3600}, 0);
    s->add_resource({3, 4, 3600}, 0);
    s->add_tasks({{0, 200}, {1, 100}, {2, 1000}, {3, 60}, {4, 60}, {5, 60}});
    auto rng = rng_for_test();
    EXPECT_EQ(s->assign(0, rng).size(), 3u);
    return s;
  };
  auto s = started("U,MinCT");
  EXPECT_FALSE(s->awaiting_outputs());  // no output yet
  // Resource 1's task ended at 100.2 (it started 0.2 after it was sent); its output comes at
  // 100.4. Resource 2's task may have ended by 100.2 (earliest end 100): wait for it.
  s->resource_free(1, 100.4, 100.2);
  EXPECT_TRUE(s->awaiting_outputs());
  // Resource 2's output (ended at 100.2 too) comes at 100.9; resource 3 cannot have ended by
  // 100.2: the mapping goes ahead and sees both resources.
  s->resource_free(2, 100.9, 100.2);
  EXPECT_FALSE(s->awaiting_outputs());
  auto rng = rng_for_test();
  auto a = s->assign(100.9, rng);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].resource_id, 1);
  EXPECT_EQ(a[1].resource_id, 2);
  EXPECT_FALSE(s->awaiting_outputs());  // assign() starts a new instant
  // Resource 1 ends at 131.1 (earliest 130.9); 2 cannot before 160.9, 3 before 250: no wait.
  s->resource_free(1, 131.3, 131.1);
  EXPECT_FALSE(s->awaiting_outputs());

  // Resource 3's output (ended at 250.1): 1 and 2 (earliest ends 100) may be free, their
  // outputs slower: wait for both, whatever their own instants.
  auto u = started("U,MinCT");
  u->resource_free(3, 250.5, 250.1);
  EXPECT_TRUE(u->awaiting_outputs());
  u->resource_free(1, 250.6, 100.3);
  EXPECT_TRUE(u->awaiting_outputs());
  u->resource_free(2, 250.7, 100.3);
  EXPECT_FALSE(u->awaiting_outputs());

  // A released resource's task sends no output: nothing to wait for.
  auto v = started("U,MinCT");
  v->resource_free(1, 100.4, 100.2);
  v->remove_resource(2);
  EXPECT_FALSE(v->awaiting_outputs());

  // Min-min and Max-min plan whatever is free: no wait.
  auto w = started("max-min");
  w->resource_free(1, 100.4, 100.2);
  EXPECT_FALSE(w->awaiting_outputs());
}

// The wait of Fig. 5 line 6 counts each resource's shortest hand-out latency seen (the time
// from sending a task to its start, reported with its output). (U, MinCT), two 1 MI/s
// resources until 3600. At 0: task 0 (100 MI) to 1, task 1 (100 MI) to 2; each starts 0.5
// after it was sent and ends at 100.5; the outputs come at 100.7 and 100.8. At 100.8: task 2
// (100 MI) to 1, task 3 (`size` MI) to 2, both starting at 101.3. Resource 1's output (ended
// 201.3) comes at 201.5. Resource 2's task cannot end before 100.8 + 0.5 + size: it is waited
// for if that is at or before 201.3, i.e. for size 100, not for 100.3 (it ends at 201.6, after
// that instant). Without the start times (handout_latency=zero) it cannot end before
// 100.8 + size = 201.1: waited for with either size.
TEST(AgentsSchedulerOutputs, TheWaitCountsTheShortestHandOutLatencySeen) {
  auto waits_after_first_output = [](double size, bool report_starts) {
    Scheduler s(parse_heuristic("U,MinCT"));
    s.add_resource({1, 1, 3600}, 0);
    s.add_resource({2, 1, 3600}, 0);
    s.add_tasks({{0, 100}, {1, 100}, {2, 100}, {3, size}, {4, 100}});
    auto rng = rng_for_test();
    EXPECT_EQ(s.assign(0, rng).size(), 2u);
    auto started = [&](double t) { return report_starts ? std::optional(t) : std::nullopt; };
    s.resource_free(1, 100.7, 100.5, started(0.5));
    EXPECT_TRUE(s.awaiting_outputs());  // resource 2's latency is not known yet: 0
    s.resource_free(2, 100.8, 100.5, started(0.5));
    EXPECT_FALSE(s.awaiting_outputs());
    auto a = s.assign(100.8, rng);
    EXPECT_EQ(a.size(), 2u);
    s.resource_free(1, 201.5, 201.3, started(101.3));
    return s.awaiting_outputs();
  };
  EXPECT_FALSE(waits_after_first_output(100.3, true));
  EXPECT_TRUE(waits_after_first_output(100, true));
  EXPECT_TRUE(waits_after_first_output(100.3, false));
}

// The instant a mapping waits for is that of the outputs that came with the first one since
// the last mapping; outputs that come while it waits are seen but not waited for, so one wait
// does not chain into the next. (U, MinCT) as above, started at 0, no start times: resource 3's
// output (ended 250.1) comes at 250.5: resources 1 and 2 (earliest end 100) are waited for.
// Resource 1's output comes at 256; its task ended at 255.5 (its host slowed down, say):
// resource 4's task (earliest end 255) is not waited for, as it would be if the instant moved
// to 255.5. At 256.1 resource 2's output (ended 100.3) ends the wait.
TEST(AgentsSchedulerOutputs, AnOutputThatComesDuringTheWaitDoesNotMoveItsInstant) {
  Scheduler s(parse_heuristic("U,MinCT"));
  s.add_resource({1, 2, 3600}, 0);
  s.add_resource({2, 1, 3600}, 0);
  s.add_resource({3, 4, 3600}, 0);
  s.add_resource({4, 1, 3600}, 0);
  // Resource 4 (1 MI/s) takes task 3, 255 MI: not before 255.
  s.add_tasks({{0, 200}, {1, 100}, {2, 1000}, {3, 255}, {4, 60}});
  auto rng = rng_for_test();
  ASSERT_EQ(s.assign(0, rng).size(), 4u);
  s.resource_free(3, 250.5, 250.1);
  EXPECT_TRUE(s.awaiting_outputs());
  s.resource_free(1, 256, 255.5);  // a later instant: 4 (255) is not waited for
  EXPECT_TRUE(s.awaiting_outputs());
  s.resource_free(2, 256.1, 100.3);
  EXPECT_FALSE(s.awaiting_outputs());
  // Outputs that come together are one instant: the latest end among them counts.
  Scheduler u(parse_heuristic("U,MinCT"));
  for (int id = 1; id <= 4; ++id) u.add_resource({id, 1, 3600}, 0);
  u.add_tasks({{0, 100}, {1, 100}, {2, 255}, {3, 300}, {4, 60}});
  ASSERT_EQ(u.assign(0, rng).size(), 4u);
  u.resource_free(1, 100.5, 100.1);
  u.resource_free(2, 100.5, 260);  // same arrival: the instant is 260, 3 (255) is waited for
  EXPECT_TRUE(u.awaiting_outputs());
  u.resource_free(3, 255.4, 255);
  EXPECT_FALSE(u.awaiting_outputs());
}
