// Gutierrez-Garcia & Sim (2012): the 14 heuristics of Section 4 and the five benchmarks of
// Section 5.1(b), each on one small instance worked out by hand.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "agents/heuristics.hpp"
#include "agents/scheduler.hpp"
#include "agents_replay.hpp"

using namespace botsim::agents;

namespace {

// The hand-worked instance. Resources (id, speed MI/s, allocation end s), all unoccupied at 0:
//   A = 1 (1 MI/s, 1000)   B = 2 (2 MI/s, 2400)   C = 3 (5 MI/s, 2000)
// Tasks in submission (U) order, MI: T0 800, T1 2000, T2 400, T3 1600, T4 1200.
//   LtoS: T1 T3 T4 T0 T2        StoL: T2 T0 T4 T3 T1
// Execution times (s) on A / B / C:
//   T0 800/400/160  T1 2000/1000/400  T2 400/200/80  T3 1600/800/320  T4 1200/600/240
// MaxCT prefers B > C > A, MinCT A > C > B (allocation ends). ET values are
// end - now - time; MinET takes the least value >= 0 (the task fits), else the greatest.
// The replay frees every resource completing at an instant before assigning again.
constexpr int A = 1, B = 2, C = 3;

Scheduler instance(const std::string& heuristic) {
  Scheduler s(parse_heuristic(heuristic));
  s.add_resource({A, 1, 1000}, 0);
  s.add_resource({B, 2, 2400}, 0);
  s.add_resource({C, 5, 2000}, 0);
  s.add_tasks({{0, 800}, {1, 2000}, {2, 400}, {3, 1600}, {4, 1200}});
  return s;
}

struct Expected {
  std::string heuristic;
  std::vector<int> resource;  // resource of T0..T4
  std::vector<int> order;     // task ids in dispatch order
  double makespan;
};

std::vector<int> resources_of(const botsim::agents::test::ReplayResult& r) {
  std::vector<int> out;
  for (int t = 0; t < 5; ++t) out.push_back(r.resource_of.at(t));
  return out;
}

std::vector<int> order_of(const botsim::agents::test::ReplayResult& r) {
  std::vector<int> out;
  for (const auto& a : r.log) out.push_back(a.task_id);
  return out;
}

void check(const Expected& e) {
  SCOPED_TRACE(e.heuristic);
  Scheduler s = instance(e.heuristic);
  botsim::Rng rng = botsim::make_rng(1, "test");
  auto r = botsim::agents::test::replay(s, rng);
  EXPECT_EQ(resources_of(r), e.resource);
  EXPECT_EQ(order_of(r), e.order);
  EXPECT_DOUBLE_EQ(r.makespan, e.makespan);
  EXPECT_TRUE(s.finished());
}

}  // namespace

TEST(AgentsHeuristicsByHand, UnorderedMappings) {
  // (U, MaxCT): t0 T0->B [0,400], T1->C [0,400], T2->A [0,400]; t400 all free:
  // T3->B [400,1200], T4->C [400,640]. Makespan 1200.
  check({"U,MaxCT", {B, C, A, B, C}, {0, 1, 2, 3, 4}, 1200});
  // (U, MaxET): t0 T0: A 200, B 2000, C 1840 -> B [0,400]; T1: A -1000, C 1600 -> C [0,400];
  // T2 -> A [0,400]. t400 all free: T3: A -1000, B 1200, C 1280 -> C [400,720];
  // T4: A -600, B 1400 -> B [400,1000]. Makespan 1000 (unlike MaxCT, T3 goes to fast C).
  check({"U,MaxET", {B, C, A, C, B}, {0, 1, 2, 3, 4}, 1000});
  // (U, MinCT): T0->A [0,800], T1->C [0,400], T2->B [0,200]; t200 T3->B [200,1000];
  // t400 T4->C [400,640]. Makespan 1000.
  check({"U,MinCT", {A, C, B, B, C}, {0, 1, 2, 3, 4}, 1000});
  // (U, MinET): T0: A 200 (least, fits) -> A [0,800]; T1: B 1400, C 1600 -> B [0,1000];
  // T2 -> C [0,80]; t80 T3->C [80,400]; t400 T4->C [400,640]. Makespan 1000.
  check({"U,MinET", {A, B, C, C, C}, {0, 1, 2, 3, 4}, 1000});
}

TEST(AgentsHeuristicsByHand, LargeToSmallMappings) {
  // (LtoS, MaxCT): T1->B [0,1000], T3->C [0,320], T4->A [0,1200]; t320 T0->C [320,480];
  // t480 T2->C [480,560]. Makespan 1200 (A).
  check({"LtoS,MaxCT", {C, B, C, C, A}, {1, 3, 4, 0, 2}, 1200});
  // (LtoS, MaxET): T1: A -1000, B 1400, C 1600 -> C [0,400]; T3: A -600, B 1600 -> B [0,800];
  // T4 -> A [0,1200]; t400 T0->C [400,560]; t560 T2->C [560,640]. Makespan 1200.
  check({"LtoS,MaxET", {C, C, C, B, A}, {1, 3, 4, 0, 2}, 1200});
  // (LtoS, MinCT): T1->A [0,2000], T3->C [0,320], T4->B [0,600]; t320 T0->C; t480 T2->C.
  // Makespan 2000 (the largest task on the slowest resource).
  check({"LtoS,MinCT", {C, A, C, C, B}, {1, 3, 4, 0, 2}, 2000});
  // (LtoS, MinET): T1 fits B (1400) and C (1600), not A -> B [0,1000]; T3: A -600, C 1680
  // -> C [0,320]; T4 fits nowhere free (A: -200) -> A [0,1200]; t320 T0->C; t480 T2->C.
  // Makespan 1200.
  check({"LtoS,MinET", {C, B, C, C, A}, {1, 3, 4, 0, 2}, 1200});
}

TEST(AgentsHeuristicsByHand, SmallToLargeMappings) {
  // (StoL, MaxCT): T2->B [0,200], T0->C [0,160], T4->A [0,1200]; t160 T3->C [160,480];
  // t200 T1->B [200,1200]. Makespan 1200.
  check({"StoL,MaxCT", {C, B, B, C, A}, {2, 0, 4, 3, 1}, 1200});
  // (StoL, MaxET): T2: A 600, B 2200, C 1920 -> B; T0: A 200, C 1840 -> C; T4 -> A;
  // then as MaxCT. Makespan 1200.
  check({"StoL,MaxET", {C, B, B, C, A}, {2, 0, 4, 3, 1}, 1200});
  // (StoL, MinCT): T2->A [0,400], T0->C [0,160], T4->B [0,600]; t160 T3->C [160,480];
  // t400 T1->A [400,2400] (only A free). Makespan 2400.
  check({"StoL,MinCT", {C, A, A, C, B}, {2, 0, 4, 3, 1}, 2400});
  // (StoL, MinET): T2: A 600 (least) -> A; T0: B 2000, C 1840 -> C; T4 -> B; t160 T3->C;
  // t400 T1: only A free, does not fit (-1400) -> A [400,2400]. Makespan 2400.
  check({"StoL,MinET", {C, A, A, C, B}, {2, 0, 4, 3, 1}, 2400});
}

TEST(AgentsHeuristicsByHand, GreedyBenchmarks) {
  // Greedy-R: quickest tasks first (StoL) to the most powerful free resource (C > B > A).
  // T2->C [0,80], T0->B [0,400], T4->A [0,1200]; t80 T3->C [80,400]; t400 B and C free:
  // T1->C [400,800]. Makespan 1200.
  check({"greedy-r", {B, C, C, C, A}, {2, 0, 4, 3, 1}, 1200});
  // Greedy-P: to the least powerful free resource (A < B < C).
  // T2->A [0,400], T0->B [0,400], T4->C [0,240]; t240 T3->C [240,560]; t400 A and B free:
  // T1->A [400,2400]. Makespan 2400.
  check({"greedy-p", {B, A, A, C, C}, {2, 0, 4, 3, 1}, 2400});
}

TEST(AgentsHeuristicsByHand, MinMin) {
  // Classic Min-min from ready times (0, 0, 0): earliest completion of each unassigned task,
  // take the minimum, update the resource's ready time.
  //  1: T0 160@C, T1 400@C, T2 80@C, T3 320@C, T4 240@C -> T2 on C (ready C 80)
  //  2: T0 240@C, T1 480@C, T3 400@C, T4 320@C -> T0 on C (240)
  //  3: T1 640@C, T3 560@C, T4 480@C -> T4 on C (480)
  //  4: T1 min(2000, 1000, 880) = 880@C; T3 min(1600, 800, 800) = 800, tie B/C -> lowest
  //     id B -> T3 on B (800)
  //  5: T1 min(2000, 1800, 880) -> C (880)
  // Execution: t0 B takes T3, C takes T2 (resources in id order; A has nothing planned);
  // C then T0 [80,240], T4 [240,480], T1 [480,880]. Makespan 880.
  check({"min-min", {C, C, C, B, C}, {3, 2, 0, 4, 1}, 880});
}

TEST(AgentsHeuristicsByHand, MaxMin) {
  // Classic Max-min: take the task whose earliest completion is the maximum.
  //  1: T0 160, T1 400, T2 80, T3 320, T4 240 (all @C) -> T1 on C (ready C 400)
  //  2: T0 400@B, T2 200@B, T3 720@C, T4 600@B -> T3 on C (720)
  //  3: T0 400@B, T2 200@B, T4 600@B -> T4 on B (600)
  //  4: T0 min(800, 1000, 880) = 800@A, T2 min(400, 800, 800) = 400@A -> T0 on A (800)
  //  5: T2 min(1200, 800, 800): tie B/C -> B (800)
  // Execution: t0 A T0, B T4, C T1; t400 C T3 [400,720]; t600 B T2 [600,800]. Makespan 800.
  check({"max-min", {A, C, B, C, B}, {0, 4, 1, 3, 2}, 800});
}

// R draws among unoccupied resources, so the hand-worked instances use two identical
// resources (1 MI/s, same allocation end): which one gets a task cannot change the times.
TEST(AgentsHeuristicsByHand, RandomMappingsOnIdenticalResources) {
  struct Case {
    std::string heuristic;
    std::vector<double> starts;  // start of each dispatch, in order
    std::vector<int> order;
    double makespan;
  };
  const std::vector<Case> cases = {
      // FCFS = (U, R): T0 [0,800], T1 [0,2000]; t800 T2 [800,1200]; t1200 T3 [1200,2800];
      // t2000 T4 [2000,3200]. Makespan 3200.
      {"fcfs", {0, 0, 800, 1200, 2000}, {0, 1, 2, 3, 4}, 3200},
      // (LtoS, R): T1 [0,2000], T3 [0,1600]; t1600 T4 [1600,2800]; t2000 T0 [2000,2800];
      // t2800 T2 [2800,3200]. Makespan 3200.
      {"LtoS,R", {0, 0, 1600, 2000, 2800}, {1, 3, 4, 0, 2}, 3200},
      // (StoL, R): T2 [0,400], T0 [0,800]; t400 T4 [400,1600]; t800 T3 [800,2400];
      // t1600 T1 [1600,3600]. Makespan 3600.
      {"StoL,R", {0, 0, 400, 800, 1600}, {2, 0, 4, 3, 1}, 3600},
  };
  for (const auto& c : cases) {
    for (std::uint64_t seed : {1, 2, 3, 4, 5}) {
      SCOPED_TRACE(c.heuristic + " seed " + std::to_string(seed));
      Scheduler s(parse_heuristic(c.heuristic));
      s.add_resource({10, 1, 10000}, 0);
      s.add_resource({11, 1, 10000}, 0);
      s.add_tasks({{0, 800}, {1, 2000}, {2, 400}, {3, 1600}, {4, 1200}});
      botsim::Rng rng = botsim::make_rng(seed, "test");
      auto r = botsim::agents::test::replay(s, rng);
      std::vector<double> starts;
      for (const auto& a : r.log) starts.push_back(a.start);
      EXPECT_EQ(starts, c.starts);
      EXPECT_EQ(order_of(r), c.order);
      EXPECT_DOUBLE_EQ(r.makespan, c.makespan);
    }
  }
}

TEST(AgentsHeuristicsRandom, DrawsEveryUnoccupiedResourceAndRepeatsPerSeed) {
  // The first task of the hand-worked instance under (U, R): over 300 seeds each of the three
  // resources should get it about 100 times; fewer than 60 means R is not uniform.
  std::map<int, int> first;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    Scheduler s = instance("fcfs");
    botsim::Rng rng = botsim::make_rng(seed, "test");
    first[s.assign(0, rng).at(0).resource_id]++;
  }
  for (int id : {A, B, C}) EXPECT_GT(first[id], 60) << "resource " << id;
  // Same seed, same schedule.
  Scheduler s1 = instance("LtoS,R"), s2 = instance("LtoS,R");
  botsim::Rng r1 = botsim::make_rng(9, "x"), r2 = botsim::make_rng(9, "x");
  EXPECT_EQ(botsim::agents::test::replay(s1, r1).resource_of,
            botsim::agents::test::replay(s2, r2).resource_of);
}

TEST(AgentsHeuristicNames, ParsesEveryNameAndRoundTrips) {
  auto names = all_heuristic_names();
  ASSERT_EQ(names.size(), 19u);  // 14 of Section 4 + 5 benchmarks
  std::set<std::string> distinct(names.begin(), names.end());
  EXPECT_EQ(distinct.size(), 19u);
  for (const auto& n : names) EXPECT_EQ(heuristic_name(parse_heuristic(n)), n);
  EXPECT_EQ(distinct.count("U,R"), 0u);  // it is fcfs
}

TEST(AgentsHeuristicNames, AcceptsCaseAndThePapersSpelling) {
  EXPECT_EQ(parse_heuristic("u,maxet"), parse_heuristic("U,MaxET"));
  EXPECT_EQ(parse_heuristic("(LtoS, MinCT)"), parse_heuristic("LtoS,MinCT"));
  EXPECT_EQ(parse_heuristic("U,R"), parse_heuristic("fcfs"));  // Section 4
  EXPECT_EQ(parse_heuristic("Min-Min").kind, HeuristicKind::MinMin);
  EXPECT_EQ(parse_heuristic("GREEDY-P").mapping, MappingPolicy::Slowest);
  Heuristic h = parse_heuristic("StoL,MaxCT");
  EXPECT_EQ(h.kind, HeuristicKind::Fig5);
  EXPECT_EQ(h.ordering, TaskOrdering::StoL);
  EXPECT_EQ(h.mapping, MappingPolicy::MaxCT);
}

TEST(AgentsHeuristicNames, UnknownNameListsTheValidOnes) {
  for (const char* bad : {"", "U", "U,Foo", "minmin", "LtoS,Quickest", "greedy", "U,MaxET,R"}) {
    SCOPED_TRACE(bad);
    try {
      parse_heuristic(bad);
      ADD_FAILURE() << "accepted";
    } catch (const std::invalid_argument& e) {
      std::string what = e.what();
      EXPECT_NE(what.find("unknown heuristic"), std::string::npos) << what;
      // Each name quoted, so that a comma inside a name is not read as one between names.
      EXPECT_NE(what.find(" 'StoL,MinCT' 'fcfs' "), std::string::npos) << what;
      EXPECT_NE(what.find("'max-min'; or ORDER,MAPPING with ORDER one of U LtoS StoL and "
                          "MAPPING one of "),
                std::string::npos)
          << what;
      EXPECT_EQ(what.find(", U,"), std::string::npos) << what;
    }
  }
}
