#include "bats/knapsack.hpp"

#include <fmt/format.h>

#include <climits>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "bats/estimates.hpp"

namespace botsim::bats {

namespace {

constexpr double kMaxOps = 2e8;    // (sum Ai) * W: the DP's time
constexpr double kMaxCells = 2e7;  // (clusters + 1) * W: the DP's memory
constexpr double kSameSpeed = 1e-12;

long units_up(double price, double unit) {
  return static_cast<long>(std::ceil(price / unit - 1e-9));
}

bool exact_on(double price, double unit) {
  double q = price / unit;
  return std::fabs(q - std::round(q)) <= 1e-9 * std::max(1.0, q);
}

bool fits(const std::vector<Cluster>& clusters, double unit) {
  double machines = 0, w = 0;
  for (const Cluster& c : clusters) {
    machines += c.max_machines;
    // In double: a price such as 1e308 would overflow units_up's long.
    w += static_cast<double>(c.max_machines) * std::ceil(c.price_per_atu / unit - 1e-9);
  }
  return machines * w <= kMaxOps && (static_cast<double>(clusters.size()) + 1) * w <= kMaxCells;
}

double choose_unit(const std::vector<Cluster>& clusters) {
  double finest_fitting = 0;
  for (int k = 6; k >= -6; --k) {  // units 1e6 ... 1e-6, coarse to fine
    double unit = std::pow(10.0, k);
    if (!fits(clusters, unit)) break;
    finest_fitting = unit;
    bool exact = true;
    for (const Cluster& c : clusters) exact = exact && exact_on(c.price_per_atu, unit);
    if (exact) return unit;
  }
  if (finest_fitting == 0) {
    double low = clusters.front().price_per_atu, high = low, machines = 0;
    for (const Cluster& c : clusters) {
      low = std::min(low, c.price_per_atu);
      high = std::max(high, c.price_per_atu);
      machines += c.max_machines;
    }
    throw std::invalid_argument(fmt::format(
        "the knapsack cannot plan for {:g} machines priced {:g} to {:g} per ATU: no money unit "
        "keeps its table within its size limit (prices too high or too far apart)",
        machines, low, high));
  }
  return finest_fitting;
}

// The 0-1 DP over machines (2.3's P(i, w)), on exact costs: best[w] is the highest speed of a
// configuration costing exactly w units per ATU; count[i][w] how many machines of cluster i it
// holds once clusters 0..i are packed (to read the configuration back).
struct Frontier {
  std::vector<double> best;
  std::vector<std::vector<int>> count;
};

Frontier pack(const std::vector<long>& cost, const std::vector<double>& profit,
              const std::vector<int>& bound) {
  long w_max = 0;
  for (std::size_t i = 0; i < cost.size(); ++i) w_max += cost[i] * bound[i];
  Frontier f{std::vector<double>(w_max + 1, -1.0), {}};
  f.best[0] = 0;
  for (std::size_t i = 0; i < cost.size(); ++i) {
    std::vector<int> cnt(w_max + 1, 0);
    for (int m = 0; m < bound[i]; ++m)  // every machine is one 0-1 item
      for (long w = w_max; w >= cost[i]; --w) {
        double take = f.best[w - cost[i]];
        if (take >= 0 &&
            take + profit[i] > f.best[w]) {  // P(i,w) = max{P(i-1,w), pi + P(i-1,w-ci)}
          f.best[w] = take + profit[i];
          cnt[w] = cnt[w - cost[i]] + 1;
        }
      }
    f.count.push_back(std::move(cnt));
  }
  return f;
}

}  // namespace

double money_unit_for(const std::vector<Cluster>& clusters) { return choose_unit(clusters); }

int Configuration::total_machines() const {
  return std::accumulate(machines.begin(), machines.end(), 0);
}

Configuration evaluate(const std::vector<int>& machines, const std::vector<Cluster>& clusters,
                       const std::vector<double>& ti_s, long n_tasks, double atu_s) {
  Configuration c{machines, 0, 0, 0, 0};
  for (std::size_t i = 0; i < machines.size(); ++i) {
    c.speed += machines[i] / ti_s.at(i);
    c.price_per_atu += machines[i] * clusters.at(i).price_per_atu;
  }
  if (n_tasks <= 0) return c;
  if (!(c.speed > 0)) {
    c.makespan_atus = LONG_MAX;
    c.cost = std::numeric_limits<double>::infinity();
    return c;
  }
  c.makespan_atus = ceil_count(static_cast<double>(n_tasks) / (atu_s * c.speed));  // M, 2.3
  c.cost = c.price_per_atu * static_cast<double>(c.makespan_atus);
  return c;
}

KnapsackAnswer knapsack(const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                        long n_tasks, double budget, double atu_s, double money_unit) {
  validate_clusters(clusters, atu_s);
  validate_ti(ti_s, clusters.size());
  if (n_tasks < 0) throw std::invalid_argument("knapsack: negative number of tasks");
  if (!(budget >= 0) || !std::isfinite(budget))
    throw std::invalid_argument(fmt::format("budget must be >= 0, got {:g}", budget));
  KnapsackAnswer a;
  a.money_unit = money_unit > 0 ? money_unit : choose_unit(clusters);
  if (n_tasks == 0) {
    a.feasible = true;
    a.best = evaluate(std::vector<int>(clusters.size(), 0), clusters, ti_s, 0, atu_s);
    return a;
  }
  std::vector<long> cost;
  std::vector<double> profit;
  std::vector<int> bound;
  for (std::size_t i = 0; i < clusters.size(); ++i) {
    cost.push_back(std::max(1L, units_up(clusters[i].price_per_atu, a.money_unit)));
    profit.push_back(1 / ti_s[i]);  // tasks per second of one machine
    bound.push_back(clusters[i].max_machines);
  }
  Frontier f = pack(cost, profit, bound);
  double budget_units = std::floor(budget / a.money_unit + 1e-9);
  double n = static_cast<double>(n_tasks);
  double min_run = std::numeric_limits<double>::infinity(), best_run = 0, best_speed = 0;
  long best_w = -1;
  for (long w = 1; w < static_cast<long>(f.best.size()); ++w) {
    if (!(f.best[w] > 0)) continue;
    // 2.3's filter: price * ceil(N / (ATU * Pcand)) <= B, on the money grid.
    double run = static_cast<double>(w) * static_cast<double>(ceil_count(n / (atu_s * f.best[w])));
    min_run = std::min(min_run, run);
    if (run > budget_units) continue;
    bool faster = f.best[w] > best_speed * (1 + kSameSpeed);
    bool as_fast_cheaper = f.best[w] >= best_speed * (1 - kSameSpeed) && run < best_run;
    if (best_w < 0 || faster || as_fast_cheaper) {
      best_w = w;
      best_speed = f.best[w];
      best_run = run;
    }
  }
  a.min_budget = min_run * a.money_unit;
  if (best_w < 0) return a;
  std::vector<int> machines(clusters.size(), 0);
  for (std::size_t i = clusters.size(); i-- > 0;) {  // read the configuration back
    machines[i] = f.count[i][best_w];
    best_w -= machines[i] * cost[i];
  }
  a.best = evaluate(machines, clusters, ti_s, n_tasks, atu_s);
  a.feasible = true;
  return a;
}

Configuration fastest_within(const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                             long n_tasks, double budget, double atu_s) {
  if (n_tasks < 1) throw std::invalid_argument("the bag is empty: nothing to schedule");
  KnapsackAnswer a = knapsack(clusters, ti_s, n_tasks, budget, atu_s);
  if (!a.feasible) throw InfeasibleBudget(budget, a.min_budget);
  return a.best;
}

}  // namespace botsim::bats
