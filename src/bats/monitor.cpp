#include "bats/monitor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>

#include "bats/budget_ledger.hpp"
#include "core/names.hpp"

namespace botsim::bats {

namespace {

void validate_state(const MonitorState& s) {
  validate_clusters(s.clusters, s.atu_s);
  if (s.stats.size() != s.clusters.size())
    throw std::invalid_argument("monitor: one statistics entry per cluster needed");
  for (const MachineState& m : s.machines) {
    if (m.cluster < 0 || m.cluster >= static_cast<int>(s.clusters.size()))
      throw std::invalid_argument(fmt::format("monitor: machine of unknown cluster {}", m.cluster));
    if (m.tasks_done < 0 || m.busy_s < 0 || m.uptime_s < 0 || m.running_elapsed_s < 0)
      throw std::invalid_argument("monitor: negative machine statistics");
  }
  if (s.tasks_in_bag < 0) throw std::invalid_argument("monitor: negative bag size");
}

std::vector<double> current_ti(const MonitorState& s) {
  std::vector<std::vector<double>> running(s.clusters.size());
  for (const MachineState& m : s.machines)
    if (m.running) running[m.cluster].push_back(m.running_elapsed_s);
  std::vector<double> ti;
  for (std::size_t i = 0; i < s.clusters.size(); ++i)
    ti.push_back(cluster_ti(s.stats[i].sample, s.stats[i].rt_done_s, s.stats[i].tasks_done,
                            running[i]));  // 2.1, modified CMA
  return ti;
}

// up_e, v, delta, ft, eta of one machine (3.1); nr and np come once the budget is known.
MachineEstimate estimate(const MachineState& m, const SampleSet& sample, double ti_s,
                         double atu_s) {
  MachineEstimate e;
  e.tau_e = m.running ? sample.tail_estimate(m.running_elapsed_s) : 0;
  e.up_e =
      m.uptime_s + (m.running ? e.tau_e - m.running_elapsed_s : 0);  // up_e = up + (tau_e - tau)
  double busy = m.busy_s + e.tau_e;
  long done = m.tasks_done + (m.running ? 1 : 0);
  e.v = done > 0 && busy > 0 ? static_cast<double>(done) / busy  // v = (nt + 1) / (rt + tau_e)
                             : 1 / ti_s;  // nothing run yet: the cluster's speed
  if (m.marked) {
    // Released at the end of the current ATU: only that paid time counts.
    double end = current_atu_end_s(m.uptime_s, atu_s);
    e.preempted = m.running && e.up_e > end;
    e.delta = e.preempted ? 0 : end - e.up_e;
  } else {
    e.delta = atu_s - std::fmod(e.up_e, atu_s);  // delta = ATU - up_e mod ATU
    e.extra_atus = atu_index(e.up_e, atu_s) - atu_index(m.uptime_s, atu_s);
    e.next_atu_s = current_atu_end_s(e.up_e, atu_s) - m.uptime_s;
  }
  e.ft = static_cast<long>(std::floor(e.delta * e.v + 1e-9));  // ft = floor(delta * v)
  e.eta = m.marked ? 0 : std::max(0.0, e.delta - static_cast<double>(e.ft) / e.v);
  return e;
}

}  // namespace

double monitoring_interval_s(double atu_s, double fraction) {
  if (!(atu_s > 0) || !std::isfinite(atu_s))
    throw std::invalid_argument(fmt::format("ATU must be > 0 seconds, got {:g}", atu_s));
  if (!(fraction > 0 && fraction <= 1))
    throw std::invalid_argument(
        fmt::format("monitoring fraction of the ATU must be in (0, 1], got {:g}", fraction));
  return std::max(300.0, fraction * atu_s);
}

const char* to_string(Decision d) {
  static constexpr const char* kNames[] = {"keep", "keep-cushion", "reconfigure"};
  return enum_name(d, kNames);
}

// A count of ATUs or tasks as a long, saturated far above any bag (at most 1e8 tasks): a large
// budget over a tiny price must not overflow the counts ("negative number of tasks").
static long saturated_count(double x) { return static_cast<long>(std::min(x, 1e15)); }

std::vector<long> atus_funded(const std::vector<double>& next_start_s,
                              const std::vector<double>& price, double money, double atu_s) {
  if (next_start_s.size() != price.size())
    throw std::invalid_argument("atus_funded: one price per machine needed");
  if (!(atu_s > 0)) throw std::invalid_argument("atus_funded: ATU must be > 0 seconds");
  for (double p : price)
    if (!(p > 0)) throw std::invalid_argument("atus_funded: prices must be > 0");
  std::vector<long> nr(price.size(), 0);
  // Rounding noise in the money left is forgiven relative to what is bought.
  auto affords = [&](double cost) { return cost <= money + kMoneyTolerance * cost; };
  // Next ATUs by start time (ties by machine index, as the ledger would meet them).
  std::multimap<double, std::size_t> next;
  for (std::size_t j = 0; j < price.size(); ++j) next.emplace(next_start_s[j], j);
  while (!next.empty() && money > 0) {
    if (next.rbegin()->first - next.begin()->first < atu_s) {
      // Every next ATU starts within one ATU of the earliest: from here the order is a
      // round robin in this order, so whole rounds are funded at once.
      double round = 0;
      for (const auto& [start, j] : next) round += price[j];
      long whole = saturated_count(std::floor(money / round + kMoneyTolerance));
      for (const auto& [start, j] : next) nr[j] += whole;
      money -= static_cast<double>(whole) * round;
      std::multimap<double, std::size_t> still;  // the last, partial round
      for (const auto& [start, j] : next)
        if (affords(price[j])) {
          money -= price[j];
          ++nr[j];
          still.emplace(start + atu_s, j);
        }
      if (still.size() == next.size()) break;  // every one paid: the money is spent
      next.swap(still);
      continue;
    }
    auto first = next.begin();  // the ATU that starts first
    auto [start, j] = *first;
    next.erase(first);
    if (!affords(price[j])) continue;  // not paid: the machine stops there
    money -= price[j];
    ++nr[j];
    next.emplace(start + atu_s, j);
  }
  return nr;
}

MonitorReport monitor(const MonitorState& s) {
  validate_state(s);
  MonitorReport r;
  r.ti_s = current_ti(s);
  long ft_sum = 0, preempted = 0;
  std::vector<double> next_start, price;  // of the machines that go on
  std::vector<std::size_t> going_on;
  for (std::size_t j = 0; j < s.machines.size(); ++j) {
    const MachineState& m = s.machines[j];
    MachineEstimate e = estimate(m, s.stats[m.cluster].sample, r.ti_s[m.cluster], s.atu_s);
    double p = s.clusters[m.cluster].price_per_atu;
    // tau_ke's cost (3.1): the ATUs a running task takes its machine into are paid first; ft
    // counts the tasks that follow it in the last of them.
    r.committed += static_cast<double>(e.extra_atus) * p;
    if (!m.marked) {
      next_start.push_back(e.next_atu_s);
      price.push_back(p);
      going_on.push_back(j);
    }
    ft_sum += e.ft;
    preempted += e.preempted ? 1 : 0;
    r.machines.push_back(e);
  }
  r.budget_for_plan = s.budget_left - r.committed;
  // nr: the rest funds the next ATUs machine by machine, in the order they start.
  std::vector<long> nr = atus_funded(next_start, price, std::max(0.0, r.budget_for_plan), s.atu_s);
  for (std::size_t k = 0; k < going_on.size(); ++k) {
    MachineEstimate& e = r.machines[going_on[k]];
    e.nr = nr[k];
    e.np = saturated_count(  // 3.1: floor((nr * ATU + eta) * v)
        std::floor((static_cast<double>(e.nr) * s.atu_s + e.eta) * e.v + 1e-9));
    r.np += e.np;
    r.atus_planned += e.nr;
  }
  r.ne = s.tasks_in_bag - ft_sum + preempted;  // Ne = Nr - sum ft
  if (r.ne <= r.np) {
    r.decision = Decision::Keep;
  } else if (s.cushion_tasks > 0 && r.ne <= r.np + s.cushion_tasks) {
    r.decision = Decision::KeepCushion;  // the rounding problem, paid by the cushion (3.1)
  } else {
    r.decision = Decision::Reconfigure;  // BKP with the remaining budget, no cushion
    KnapsackAnswer a =
        knapsack(s.clusters, r.ti_s, r.ne, std::max(0.0, r.budget_for_plan), s.atu_s);
    r.target = a.feasible ? a.best
                          : evaluate(std::vector<int>(s.clusters.size(), 0), s.clusters, r.ti_s,
                                     r.ne, s.atu_s);
  }
  return r;
}

}  // namespace botsim::bats
