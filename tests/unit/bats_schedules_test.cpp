// BaTS (Oprescu, Kielmann & Leahu 2011), 2.3 and 4.3: delta_n, Theorem 1, cushions, the four
// proposed schedules.
#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <stdexcept>
#include <string>

#include "bats/records.hpp"
#include "bats/schedules.hpp"
#include "core/rng.hpp"

using namespace botsim::bats;

namespace {
// 4.1's scenario S3-4 with the bag's true means: cluster1 $3, 15 min; cluster2 $9, 4x as fast.
const std::vector<Cluster> kS34{{"cluster1", 3, 32}, {"cluster2", 9, 32}};
const std::vector<double> kS34Ti{900, 225};
// S4-1: cluster2 $12, as fast as cluster1.
const std::vector<Cluster> kS41{{"cluster1", 3, 32}, {"cluster2", 12, 32}};
const std::vector<double> kS41Ti{900, 900};
}  // namespace

TEST(BatsDeltaN, ByHand) {
  // 4 machines of Ti 1300 s, N = 11, ATU 3600: 4 * 3600 / 1300 = 11.08 tasks per ATU, so M = 1;
  // but each machine completes only floor(3600 / 1300) = 2 whole tasks: delta_n = 11 - 8 = 3.
  std::vector<Cluster> c{{"a", 3, 4}};
  Configuration conf = evaluate({4}, c, {1300}, 11, 3600);
  EXPECT_EQ(conf.makespan_atus, 1);
  EXPECT_EQ(delta_n(conf, {1300}, 11, 3600), 3);
  // (1, 1) of 900 s and 200 s, N = 100: 4 + 18 = 22 tasks/ATU, M = 5 (18000 s);
  // n = 20 and 90: delta_n = 100 - 110 = -10.
  std::vector<Cluster> c2{{"a", 3, 4}, {"b", 9, 4}};
  Configuration conf2 = evaluate({1, 1}, c2, {900, 200}, 100, 3600);
  EXPECT_EQ(conf2.makespan_atus, 5);
  EXPECT_EQ(delta_n(conf2, {900, 200}, 100, 3600), -10);
}

TEST(BatsDeltaN, Theorem1OnRandomSchedules) {
  // delta_n <= sum ak for every configuration the knapsack proposes, and for any configuration
  // with M = ceil(N / (ATU * speed)) (Theorem 1's proof only uses N <= sum ak M / Tk).
  botsim::Rng rng = botsim::make_rng(1, "bats-theorem1");
  int risky = 0;
  for (int i = 0; i < 500; ++i) {
    int nc = std::uniform_int_distribution<int>(1, 4)(rng);
    std::vector<Cluster> c;
    std::vector<double> ti;
    std::vector<int> any;
    for (int k = 0; k < nc; ++k) {
      c.push_back({"c", static_cast<double>(std::uniform_int_distribution<int>(1, 12)(rng)),
                   std::uniform_int_distribution<int>(1, 8)(rng)});
      ti.push_back(std::uniform_real_distribution<double>(100, 7000)(rng));
      any.push_back(std::uniform_int_distribution<int>(0, c.back().max_machines)(rng));
    }
    long n = std::uniform_int_distribution<long>(1, 2000)(rng);
    double budget = std::uniform_real_distribution<double>(1, 3000)(rng);
    std::vector<Configuration> confs{evaluate(any, c, ti, n, 3600)};
    KnapsackAnswer a = knapsack(c, ti, n, budget, 3600);
    if (a.feasible) confs.push_back(a.best);
    for (const Configuration& conf : confs) {
      if (conf.total_machines() == 0) continue;
      long dn = delta_n(conf, ti, n, 3600);
      EXPECT_LE(dn, conf.total_machines()) << i;
      risky += dn > 0;
    }
  }
  EXPECT_GT(risky, 20);  // the bound is exercised by schedules that do have delta_n > 0
}

TEST(BatsCushion, CaseBLikeThePapersNineDollars) {
  // delta_n = 3 tasks of 1300 s, one per machine, each machine one more ATU at $3: $9 (4.3).
  std::vector<Cluster> c{{"a", 3, 4}};
  Configuration conf = evaluate({4}, c, {1300}, 11, 3600);
  EXPECT_DOUBLE_EQ(cushion_for(conf, c, {1300}, 3, 3600), 9);
  EXPECT_DOUBLE_EQ(cushion_for(conf, c, {1300}, 0, 3600), 0);
  // Two clusters: the cheaper per task first, one task per machine: 2 on "a" ($3 each, one
  // ATU), then 1 on "b" ($4 * ceil(4000 / 3600) = $8): 3 + 3 + 8 = 14.
  std::vector<Cluster> c2{{"a", 3, 2}, {"b", 4, 3}};
  Configuration conf2 = evaluate({2, 3}, c2, {1300, 4000}, 10, 3600);
  EXPECT_DOUBLE_EQ(cushion_for(conf2, c2, {1300, 4000}, 3, 3600), 14);
}

TEST(BatsSchedules, CaseBCushionWhenEveryMachineIsInUse) {
  std::vector<Cluster> c{{"a", 3, 4}};
  Schedule s = schedule_for_budget(c, {1300}, 11, 3600, 12);
  EXPECT_EQ(s.config.machines, std::vector<int>{4});
  EXPECT_EQ(s.risk, Risk::Cushion);
  EXPECT_EQ(s.delta_n, 3);
  EXPECT_DOUBLE_EQ(s.cushion, 9);
  EXPECT_DOUBLE_EQ(s.total_budget(), 21);
}

TEST(BatsSchedules, CaseARaisesTheBudgetInOnePercentSteps) {
  // 8 machines available: $12 buys 4 (delta_n 3). With a reference of $100 the budget goes
  // 13, 14, ... ; 15 buys 5 machines (10 tasks, delta_n 1), 18 buys 6 (12 tasks, delta_n -1).
  std::vector<Cluster> c{{"a", 3, 8}};
  Schedule s = refine_schedule("x", c, {1300}, 11, 3600, 12, 100);
  EXPECT_EQ(s.risk, Risk::RaisedBudget);
  EXPECT_EQ(s.delta_n_initial, 3);
  EXPECT_EQ(s.delta_n, -1);
  EXPECT_EQ(s.config.machines, std::vector<int>{6});
  EXPECT_DOUBLE_EQ(s.budget, 12);
  EXPECT_DOUBLE_EQ(s.raise, 6);  // 1.06 * ... : 12 + 6 % of 100
  EXPECT_DOUBLE_EQ(s.cushion, 0);
  EXPECT_DOUBLE_EQ(s.total_budget(), 18);
  // With the budget itself as reference, 20 % of 12 reaches 14.4 -> 15 only: delta_n stays 1 > 0
  // so the original 4 machines get a case-(b) cushion instead.
  Schedule t = schedule_for_budget(c, {1300}, 11, 3600, 12);
  EXPECT_EQ(t.risk, Risk::Cushion);
  EXPECT_EQ(t.config.machines, std::vector<int>{4});
  EXPECT_DOUBLE_EQ(t.cushion, 9);
  EXPECT_DOUBLE_EQ(t.raise, 0);
}

TEST(BatsSchedules, ScenarioS34WithTrueMeans) {
  // Bmin1: cluster2 is the most profitable (225 * 9 < 900 * 3); 1000 * 225 / 3600 = 62.5 -> 63
  // ATUs * $9 = $567. Bfastest = 2 ATUs * (96 + 288) = $768 (Table 2).
  EXPECT_DOUBLE_EQ(budget_min1(kS34, kS34Ti, 1000, 3600), 567);
  EXPECT_DOUBLE_EQ(budget_fastest(kS34, kS34Ti, 1000, 3600), 768);
  auto s = propose_schedules(kS34, kS34Ti, 1000, 3600);
  ASSERT_EQ(s.size(), 4u);
  // Sched1: (1, 31) = 40 tasks/ATU, 2 ATUs, $564; delta_n = 1000 - (8 + 31 * 32) = 0.
  EXPECT_EQ(s[0].config.machines, (std::vector<int>{1, 31}));
  EXPECT_DOUBLE_EQ(s[0].config.cost, 564);
  EXPECT_EQ(s[0].delta_n, 0);
  EXPECT_EQ(s[0].risk, Risk::None);
  // Sched2: ceil(1.2 * 567) = ceil(680.4) = 681 -> (17, 32), $678.
  EXPECT_DOUBLE_EQ(s[1].budget, 681);
  EXPECT_EQ(s[1].config.machines, (std::vector<int>{17, 32}));
  // Sched3: ceil(0.8 * 768) = ceil(614.4) = $615 -> (6, 32), 2 ATUs: Table 2's Sched3.
  EXPECT_DOUBLE_EQ(s[2].budget, 615);
  EXPECT_EQ(s[2].config.machines, (std::vector<int>{6, 32}));
  EXPECT_EQ(s[2].config.makespan_atus, 2);
  // Sched4: every machine, 2 ATUs, $768: Table 2's Sched4.
  EXPECT_EQ(s[3].config.machines, (std::vector<int>{32, 32}));
  EXPECT_EQ(s[3].config.makespan_atus, 2);
  EXPECT_DOUBLE_EQ(s[3].budget, 768);
  for (const Schedule& x : s) EXPECT_LE(x.config.cost, x.total_budget());
}

TEST(BatsSchedules, ScenarioS41WithTrueMeans) {
  // Bmin1 = 1000 * 900 / 3600 = 250 ATUs * $3 = $750; the knapsack stretches it over 25
  // machines of cluster1 for 10 ATUs. Sched2 at $900 is (32, 1) for 8 ATUs as in Table 2.
  auto s = propose_schedules(kS41, kS41Ti, 1000, 3600);
  EXPECT_DOUBLE_EQ(s[0].budget, 750);
  EXPECT_EQ(s[0].config.machines, (std::vector<int>{25, 0}));
  EXPECT_EQ(s[0].config.makespan_atus, 10);
  EXPECT_DOUBLE_EQ(s[1].budget, 900);
  EXPECT_EQ(s[1].config.machines, (std::vector<int>{32, 1}));
  EXPECT_EQ(s[1].config.makespan_atus, 8);
  EXPECT_DOUBLE_EQ(s[3].budget, 1920);
  EXPECT_EQ(s[3].config.makespan_atus, 4);
}

TEST(BatsSchedules, PickAndJson) {
  auto s = propose_schedules(kS34, kS34Ti, 1000, 3600);
  EXPECT_EQ(pick_schedule(s, 3).name, "Sched3");
  EXPECT_THROW(pick_schedule(s, 0), std::invalid_argument);
  EXPECT_THROW(pick_schedule(s, 5), std::invalid_argument);
  SamplingSummary sum{30, kNlr, 0, {{0, 1}, {0, 0.25}}, {{900, 134}, {225, 33.5}}, kS34Ti};
  nlohmann::json j = schedules_json(s, kS34, 3600, sum);
  ASSERT_EQ(j["schedules"].size(), 4u);
  EXPECT_EQ(j["schedules"][2]["budget"], 615.0);
  EXPECT_EQ(j["schedules"][2]["machines"], nlohmann::json({6, 32}));
  EXPECT_EQ(j["schedules"][2]["makespan_atus"], 2);
  EXPECT_EQ(j["schedules"][2]["cushion"], 0.0);
  EXPECT_EQ(j["schedules"][2]["raise"], 0.0);
  EXPECT_EQ(j["clusters"][1]["beta"]["beta1"], 0.25);
  EXPECT_EQ(j["clusters"][1]["ti_s"], 225.0);
  EXPECT_EQ(j["ns"], 30);
  EXPECT_EQ(j["base_cluster"], "cluster1");
}

TEST(BatsSchedules, BadInputIsRefused) {
  try {
    schedule_for_budget(kS34, kS34Ti, 1000, 3600, 500);
    FAIL() << "a budget of 500 was accepted";
  } catch (const InfeasibleBudget& e) {
    // The cheapest run: (1, 31) for 2 ATUs, $564.
    EXPECT_DOUBLE_EQ(e.needed(), 564);
    EXPECT_NE(std::string(e.what()).find("infeasible, needs at least 564"), std::string::npos);
  }
  EXPECT_THROW(propose_schedules(kS34, kS34Ti, 0, 3600), std::invalid_argument);
  EXPECT_THROW(propose_schedules({{"x", 3, 0}}, {900}, 10, 3600), std::invalid_argument);
  EXPECT_THROW(propose_schedules({{"x", 0, 3}}, {900}, 10, 3600), std::invalid_argument);
  EXPECT_THROW(propose_schedules(kS34, {900}, 10, 3600), std::invalid_argument);
}
