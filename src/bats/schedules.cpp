#include "bats/schedules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "bats/estimates.hpp"
#include "core/names.hpp"

namespace botsim::bats {

namespace {

double round_up(double x, double step) {
  if (!(step > 0)) return x;
  return static_cast<double>(ceil_count(x / step)) * step;
}

// floor() that absorbs floating-point noise just below an integer (M * ATU / Tk lands on
// integers in hand-made cases).
long floor_count(double x) {
  double r = std::round(x);
  if (std::fabs(x - r) <= 1e-9 * std::max(1.0, std::fabs(x))) return static_cast<long>(r);
  return static_cast<long>(std::floor(x));
}

bool all_at_max(const Configuration& c, const std::vector<Cluster>& clusters) {
  for (std::size_t i = 0; i < clusters.size(); ++i)
    if (c.machines[i] < clusters[i].max_machines) return false;
  return true;
}

void validate_plan(const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                   long n_tasks, double atu_s) {
  if (n_tasks < 1) throw std::invalid_argument("the bag is empty: nothing to schedule");
  validate_clusters(clusters, atu_s);
  validate_ti(ti_s, clusters.size());
}

}  // namespace

const char* to_string(Risk r) {
  static constexpr const char* kNames[] = {"none", "raised-budget", "cushion"};
  return enum_name(r, kNames);
}

long delta_n(const Configuration& config, const std::vector<double>& ti_s, long n_tasks,
             double atu_s) {
  double span = static_cast<double>(config.makespan_atus) * atu_s;  // M in seconds
  long covered = 0;
  for (std::size_t k = 0; k < config.machines.size(); ++k)
    covered += config.machines[k] * floor_count(span / ti_s.at(k));  // ak * nk, nk = floor(M/Tk)
  return n_tasks - covered;                                          // 2.3, delta_n
}

double cushion_for(const Configuration& config, const std::vector<Cluster>& clusters,
                   const std::vector<double>& ti_s, long dn, double atu_s) {
  if (dn <= 0) return 0;
  std::vector<std::pair<double, int>> per_task;  // (cost of one more task on a machine, cluster)
  for (std::size_t k = 0; k < config.machines.size(); ++k)
    if (config.machines[k] > 0)
      per_task.emplace_back(
          clusters[k].price_per_atu * static_cast<double>(ceil_count(ti_s[k] / atu_s)),
          static_cast<int>(k));
  std::sort(per_task.begin(), per_task.end());
  double cushion = 0;
  for (const auto& [cost, k] : per_task) {
    long here = std::min<long>(dn, config.machines[k]);  // one leftover task per machine
    cushion += static_cast<double>(here) * cost;
    dn -= here;
    if (dn == 0) break;
  }
  // Theorem 1 (delta_n <= sum ak) leaves nothing over; a larger delta_n would be a bug.
  if (dn > 0) throw std::logic_error("cushion: delta_n exceeds the configuration's machines");
  return cushion;
}

double budget_min1(const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                   long n_tasks, double atu_s) {
  validate_plan(clusters, ti_s, n_tasks, atu_s);
  std::size_t best = 0;  // most profitable: the most tasks per money, least Ti * ci
  for (std::size_t i = 1; i < clusters.size(); ++i)
    if (ti_s[i] * clusters[i].price_per_atu < ti_s[best] * clusters[best].price_per_atu) best = i;
  std::vector<int> one(clusters.size(), 0);
  one[best] = 1;
  return evaluate(one, clusters, ti_s, n_tasks, atu_s).cost;
}

double budget_fastest(const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                      long n_tasks, double atu_s) {
  validate_plan(clusters, ti_s, n_tasks, atu_s);
  std::vector<int> all;
  for (const Cluster& c : clusters) all.push_back(c.max_machines);
  return evaluate(all, clusters, ti_s, n_tasks, atu_s).cost;
}

Schedule refine_schedule(const std::string& name, const std::vector<Cluster>& clusters,
                         const std::vector<double>& ti_s, long n_tasks, double atu_s, double budget,
                         double reference, const ScheduleOptions& options) {
  validate_plan(clusters, ti_s, n_tasks, atu_s);
  if (options.raise_step_percent < 1 || options.max_raise_percent < 0)
    throw std::invalid_argument("schedule: raise step must be >= 1 %, threshold >= 0 %");
  KnapsackAnswer first = knapsack(clusters, ti_s, n_tasks, budget, atu_s);
  if (!first.feasible) throw InfeasibleBudget(budget, first.min_budget);
  Schedule s{name, budget, 0, 0, first.best, first.best, 0, 0, Risk::None, 0};
  s.delta_n = s.delta_n_initial = delta_n(s.config, ti_s, n_tasks, atu_s);
  if (s.delta_n > 0 && !all_at_max(s.config, clusters)) {
    // Case (a): raise the input budget in steps until delta_n <= 0 or the threshold.
    for (int p = options.raise_step_percent; p <= options.max_raise_percent;
         p += options.raise_step_percent) {
      double raised = round_up(budget + reference * p / 100.0, options.budget_rounding);
      KnapsackAnswer a = knapsack(clusters, ti_s, n_tasks, raised, atu_s);
      long dn = delta_n(a.best, ti_s, n_tasks, atu_s);
      if (dn <= 0) {
        s.config = a.best;
        s.delta_n = dn;
        s.raise = raised - budget;
        s.risk = Risk::RaisedBudget;
        break;
      }
      if (all_at_max(a.best, clusters)) break;  // more money cannot buy a faster configuration
    }
  }
  if (s.delta_n > 0) {  // case (b), or case (a) beyond its threshold: pay delta_n more tasks
    s.cushion =
        round_up(cushion_for(s.config, clusters, ti_s, s.delta_n, atu_s), options.budget_rounding);
    s.risk = Risk::Cushion;
  }
  s.expected_makespan_s = static_cast<double>(n_tasks) / s.config.speed;  // Te
  return s;
}

std::vector<Schedule> propose_schedules(const std::vector<Cluster>& clusters,
                                        const std::vector<double>& ti_s, long n_tasks, double atu_s,
                                        const ScheduleOptions& options) {
  double bmin1 = budget_min1(clusters, ti_s, n_tasks, atu_s);
  double bfastest = budget_fastest(clusters, ti_s, n_tasks, atu_s);
  double cheapest = knapsack(clusters, ti_s, n_tasks, bmin1, atu_s).min_budget;
  auto at = [&](double reference, int percent) {  // integer percent: no 0.8 + 0.05 drift
    return std::max(round_up(reference * percent / 100.0, options.budget_rounding),
                    round_up(cheapest, options.budget_rounding));
  };
  return {refine_schedule("Sched1", clusters, ti_s, n_tasks, atu_s, bmin1, bmin1, options),
          refine_schedule("Sched2", clusters, ti_s, n_tasks, atu_s, at(bmin1, 120), bmin1, options),
          refine_schedule("Sched3", clusters, ti_s, n_tasks, atu_s, at(bfastest, 80), bfastest,
                          options),
          refine_schedule("Sched4", clusters, ti_s, n_tasks, atu_s, bfastest, bfastest, options)};
}

Schedule schedule_for_budget(const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                             long n_tasks, double atu_s, double budget,
                             const ScheduleOptions& options) {
  return refine_schedule("budget", clusters, ti_s, n_tasks, atu_s, budget, budget, options);
}

const Schedule& pick_schedule(const std::vector<Schedule>& schedules, int index) {
  if (index < 1 || index > static_cast<int>(schedules.size()))
    throw std::invalid_argument(
        fmt::format("schedule {} does not exist: pick 1 to {}", index, schedules.size()));
  return schedules[index - 1];
}

Schedule chosen_schedule(const std::vector<Schedule>& proposed, int index,
                         std::optional<double> budget, const std::vector<Cluster>& clusters,
                         const std::vector<double>& ti_s, long n_tasks, double atu_s,
                         std::string* infeasible) {
  if (!budget) return pick_schedule(proposed, index);
  try {
    return schedule_for_budget(clusters, ti_s, n_tasks, atu_s, *budget);
  } catch (const InfeasibleBudget& e) {
    if (infeasible) *infeasible = std::string("on the sample's estimates, ") + e.what();
    Schedule none;
    none.name = "none";
    none.budget = *budget;
    none.config.machines.assign(clusters.size(), 0);
    none.initial = none.config;
    return none;
  }
}

}  // namespace botsim::bats
