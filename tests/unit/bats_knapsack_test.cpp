// BaTS (Oprescu, Kielmann & Leahu 2011), section 2.3: the modified bounded knapsack.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

#include "bats/knapsack.hpp"
#include "core/rng.hpp"

using namespace botsim::bats;

namespace {

// Every configuration 0 <= ai <= Ai, in real money: the fastest within the budget, and the
// cheapest run of any.
struct BruteForce {
  bool feasible = false;
  double speed = 0;
  double min_budget = std::numeric_limits<double>::infinity();
};

BruteForce brute_force(const std::vector<Cluster>& c, const std::vector<double>& ti, long n,
                       double budget, double atu) {
  BruteForce b;
  std::vector<int> a(c.size(), 0);
  while (true) {
    Configuration conf = evaluate(a, c, ti, n, atu);
    if (conf.speed > 0) {
      b.min_budget = std::min(b.min_budget, conf.cost);
      if (conf.cost <= budget + 1e-9 && conf.speed > b.speed) {
        b.feasible = true;
        b.speed = conf.speed;
      }
    }
    std::size_t i = 0;  // next configuration, odometer style
    while (i < a.size() && ++a[i] > c[i].max_machines) a[i++] = 0;
    if (i == a.size()) break;
  }
  return b;
}

// A per-ATU price: whole units, quarters or cents.
double random_price(botsim::Rng& rng) {
  int kind = std::uniform_int_distribution<int>(0, 2)(rng);
  if (kind == 0) return std::uniform_int_distribution<int>(1, 12)(rng);
  if (kind == 1) return std::uniform_int_distribution<int>(1, 48)(rng) * 0.25;
  return std::uniform_int_distribution<int>(1, 300)(rng) * 0.01;
}

}  // namespace

TEST(BatsKnapsack, HandExampleNonMonotoneFilter) {
  // A: $3, Ti 900 s (4 tasks/ATU); B: $9, Ti 225 s (16 tasks/ATU); 2 machines each; N = 100.
  // Runs (price * ceil(100 / tasks per ATU)): (1,0) 25*3 = 75; (2,0) 13*6 = 78; (0,1) 7*9 = 63;
  // (1,1) 5*12 = 60; (0,2) 4*18 = 72; (2,1) 5*15 = 75; (1,2) 3*21 = 63; (2,2) 3*24 = 72.
  std::vector<Cluster> c{{"A", 3, 2}, {"B", 9, 2}};
  std::vector<double> ti{900, 225};
  auto at = [&](double b) { return knapsack(c, ti, 100, b, 3600); };
  EXPECT_FALSE(at(59.99).feasible);
  EXPECT_DOUBLE_EQ(at(59.99).min_budget, 60);  // the cheapest run mixes both clusters
  EXPECT_EQ(at(60).best.machines, (std::vector<int>{1, 1}));
  EXPECT_EQ(at(60).best.makespan_atus, 5);
  EXPECT_DOUBLE_EQ(at(60).best.cost, 60);
  EXPECT_EQ(at(62).best.machines, (std::vector<int>{1, 1}));
  // At 63, (1,2) at 36 tasks/ATU beats (0,1) at the same price.
  EXPECT_EQ(at(63).best.machines, (std::vector<int>{1, 2}));
  EXPECT_EQ(at(71).best.machines, (std::vector<int>{1, 2}));
  EXPECT_EQ(at(72).best.machines, (std::vector<int>{2, 2}));
  EXPECT_EQ(at(72).best.makespan_atus, 3);
  EXPECT_DOUBLE_EQ(at(72).best.price_per_atu, 24);
  EXPECT_DOUBLE_EQ(at(72).best.speed, 2.0 / 900 + 2.0 / 225);
}

TEST(BatsKnapsack, MatchesBruteForceOnRandomInstances) {
  botsim::Rng rng = botsim::make_rng(2011, "bats-knapsack");
  int feasible = 0;
  for (int instance = 0; instance < 400; ++instance) {
    int nc = std::uniform_int_distribution<int>(1, 3)(rng);
    std::vector<Cluster> c;
    std::vector<double> ti;
    for (int i = 0; i < nc; ++i) {
      c.push_back({"c" + std::to_string(i), random_price(rng),
                   std::uniform_int_distribution<int>(1, 5)(rng)});
      ti.push_back(std::uniform_real_distribution<double>(60, 5000)(rng));
    }
    double atu = instance % 2 ? 3600 : 600;
    long n = std::uniform_int_distribution<long>(1, 300)(rng);
    std::vector<int> all;
    for (const Cluster& k : c) all.push_back(k.max_machines);
    double fastest = evaluate(all, c, ti, n, atu).cost;
    double budget = std::uniform_real_distribution<double>(0, 1.3 * fastest)(rng);
    if (instance % 5 == 0) budget = std::round(budget);  // budgets on the money grid too

    BruteForce b = brute_force(c, ti, n, budget, atu);
    KnapsackAnswer k = knapsack(c, ti, n, budget, atu);
    SCOPED_TRACE("instance " + std::to_string(instance));
    ASSERT_EQ(k.feasible, b.feasible);
    EXPECT_NEAR(k.min_budget, b.min_budget, 1e-9 * b.min_budget);
    if (!b.feasible) continue;
    ++feasible;
    EXPECT_NEAR(k.best.speed, b.speed, 1e-12 * b.speed);
    EXPECT_LE(k.best.cost, budget + 1e-9);  // never over the budget
    for (std::size_t i = 0; i < c.size(); ++i) {
      EXPECT_GE(k.best.machines[i], 0);
      EXPECT_LE(k.best.machines[i], c[i].max_machines);
    }
  }
  EXPECT_GT(feasible, 150);  // the instances exercise both answers
}

TEST(BatsKnapsack, MoneyGrid) {
  // EC2-like prices: exact on a 0.001 grid.
  std::vector<Cluster> c{{"small", 0.085, 4}, {"large", 0.34, 2}};
  KnapsackAnswer a = knapsack(c, {1200, 400}, 50, 2.0, 3600);  // 50 tasks need >= $1.42
  EXPECT_DOUBLE_EQ(a.money_unit, 0.001);
  ASSERT_TRUE(a.feasible);
  EXPECT_LE(a.best.cost, 2.0);
  EXPECT_FALSE(knapsack(c, {1200, 400}, 50, 1.0, 3600).feasible);
  // Whole prices: a grid of 1.
  EXPECT_DOUBLE_EQ(knapsack({{"a", 3, 2}}, {900}, 10, 100, 3600).money_unit, 1);
  // A price no power of ten divides: rounded up on the grid, so still never over budget.
  std::vector<Cluster> third{{"t", 1.0 / 3, 3}};
  for (double budget : {1.0, 2.0, 10.0 / 3, 5.0}) {
    KnapsackAnswer t = knapsack(third, {1000}, 30, budget, 3600);
    if (t.feasible) {
      EXPECT_LE(t.best.cost, budget) << budget;
    }
  }
}

TEST(BatsKnapsack, NoTaskNeedsNoMachine) {
  KnapsackAnswer a = knapsack({{"a", 3, 2}}, {900}, 0, 0, 3600);
  EXPECT_TRUE(a.feasible);
  EXPECT_EQ(a.best.machines, std::vector<int>{0});
  EXPECT_DOUBLE_EQ(a.best.cost, 0);
}

TEST(BatsKnapsack, BadInputIsRefused) {
  std::vector<Cluster> ok{{"a", 3, 2}};
  auto message = [](auto f) -> std::string {
    try {
      f();
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(message([&] { knapsack(ok, {900}, 10, -1, 3600); }).find("budget"), std::string::npos);
  EXPECT_NE(message([&] { knapsack(ok, {900}, 10, NAN, 3600); }).find("budget"), std::string::npos);
  EXPECT_NE(message([&] {
              knapsack({{"free", 0, 2}}, {900}, 10, 9, 3600);
            }).find("free: price"),
            std::string::npos);
  EXPECT_NE(message([&] {
              knapsack({{"none", 3, 0}}, {900}, 10, 9, 3600);
            }).find("none: needs"),
            std::string::npos);
  EXPECT_NE(message([&] { knapsack({}, {}, 10, 9, 3600); }).find("no cluster"), std::string::npos);
  EXPECT_NE(message([&] { knapsack(ok, {900}, 10, 9, 0); }).find("ATU"), std::string::npos);
  EXPECT_THROW(knapsack(ok, {0}, 10, 9, 3600), std::invalid_argument);
  EXPECT_THROW(knapsack(ok, {900, 1}, 10, 9, 3600), std::invalid_argument);
  EXPECT_THROW(knapsack(ok, {900}, -1, 9, 3600), std::invalid_argument);
  EXPECT_NE(message([&] { fastest_within(ok, {900}, 0, 9, 3600); }).find("empty"),
            std::string::npos);
}

TEST(BatsKnapsack, BudgetBelowTheCheapestRunNamesWhatItNeeds) {
  // 10 tasks of 900 s: one machine does 4 per ATU, 3 ATUs for $9; two do 8, 2 ATUs for $12.
  std::vector<Cluster> c{{"a", 3, 2}};
  EXPECT_EQ(fastest_within(c, {900}, 10, 9, 3600).machines, std::vector<int>{1});
  try {
    fastest_within(c, {900}, 10, 8.5, 3600);
    FAIL() << "a budget of 8.5 was accepted";
  } catch (const InfeasibleBudget& e) {
    EXPECT_DOUBLE_EQ(e.needed(), 9);
    EXPECT_STREQ(e.what(), "budget 8.5 is infeasible, needs at least 9");
  }
}
