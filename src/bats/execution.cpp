#include "bats/execution.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "bats/sample_size.hpp"

namespace botsim::bats {

ExecutionBudget execution_budget(const Schedule& schedule, double budget, bool accept_cushion) {
  ExecutionBudget e;
  e.budget = budget;
  e.config = schedule.config;
  switch (schedule.risk) {
    case Risk::None:
      break;
    case Risk::RaisedBudget:  // case (a): the raise bought the configuration
      if (accept_cushion) {
        e.raise = schedule.raise;
        e.budget += schedule.raise;
      } else {
        e.config = schedule.initial;
      }
      break;
    case Risk::Cushion:  // case (b): money for delta_n tasks, kept apart from the plan
      if (accept_cushion) {
        e.cushion = schedule.cushion;
        e.cushion_tasks = schedule.delta_n;
      }
      break;
  }
  return e;
}

std::vector<int> running_per_cluster(const std::vector<MachineState>& machines,
                                     std::size_t n_clusters) {
  std::vector<int> running(n_clusters, 0);
  for (const MachineState& m : machines) {
    if (m.cluster < 0 || static_cast<std::size_t>(m.cluster) >= n_clusters)
      throw std::invalid_argument("running_per_cluster: machine of an unknown cluster");
    if (!m.marked) ++running[static_cast<std::size_t>(m.cluster)];
  }
  return running;
}

std::vector<int> keep_running(std::vector<int> target, const std::vector<int>& running,
                              const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                              long ne, double money, double atu_s, double tolerance) {
  if (target.size() != clusters.size() || running.size() != clusters.size())
    throw std::invalid_argument("keep_running: one count per cluster needed");
  if (!(tolerance >= 0 && tolerance < 1))
    throw std::invalid_argument("keep_running: tolerance must lie in [0, 1)");
  const Configuration wanted = evaluate(target, clusters, ti_s, ne, atu_s);
  bool swapped = true;
  while (swapped) {
    swapped = false;
    for (std::size_t a = 0; a < target.size() && !swapped; ++a) {
      if (target[a] >= running[a]) continue;  // a: the target releases a running machine
      for (std::size_t b = 0; b < target.size() && !swapped; ++b) {
        if (b == a || target[b] <= running[b]) continue;  // b: the target rents a new one
        // a's machine is as good as b's: no dearer, and no slower than the samples can tell.
        if (clusters[a].price_per_atu > clusters[b].price_per_atu ||
            ti_s[a] > ti_s[b] * (1 + tolerance))
          continue;
        std::vector<int> kept = target;
        ++kept[a];
        --kept[b];
        Configuration c = evaluate(kept, clusters, ti_s, ne, atu_s);
        if (c.makespan_atus <= wanted.makespan_atus && c.cost <= money) {
          target = kept;
          swapped = true;
        }
      }
    }
  }
  return target;
}

double speed_tolerance(const std::vector<ClusterStats>& stats) {
  double worst = 0;
  for (const ClusterStats& s : stats) {
    if (s.sample.size() < 2) continue;
    Moments m = moments(s.sample.sorted());
    if (m.mu > 0)
      worst = std::max(worst, m.sigma / (m.mu * std::sqrt(static_cast<double>(s.sample.size()))));
  }
  return std::min(worst, 0.5);
}

namespace {
// A running task's expected rest: Ti less what it has run, at least 0.
double rest_s(const MachineState& m, const std::vector<double>& ti_s) {
  return m.running
             ? std::max(0.0, ti_s.at(static_cast<std::size_t>(m.cluster)) - m.running_elapsed_s)
             : 0.0;
}
}  // namespace

bool outpaced(const MachineState& machine, const std::vector<MachineState>& others,
              const std::vector<double>& ti_s, long tasks_in_bag) {
  if (tasks_in_bag <= 0) return false;
  const double by = ti_s.at(static_cast<std::size_t>(machine.cluster));  // machine's first end
  long before = 0;  // tasks the others complete strictly before `by`
  for (const MachineState& o : others) {
    if (o.marked) continue;
    const double ti = ti_s.at(static_cast<std::size_t>(o.cluster));
    if (!(ti > 0)) continue;
    const double free_s = rest_s(o, ti_s);
    if (free_s >= by) continue;
    // k tasks end at free_s + k Ti < by: k = ceil((by - free_s) / Ti) - 1.
    before += static_cast<long>(std::ceil((by - free_s) / ti)) - 1;
    if (before >= tasks_in_bag) return true;
  }
  return false;
}

bool paid_first(const MachineState& machine, const std::vector<MachineState>& others,
                const std::vector<Cluster>& clusters, const std::vector<double>& ti_s,
                double money) {
  auto price = [&](const MachineState& m) {
    return clusters.at(static_cast<std::size_t>(m.cluster)).price_per_atu;
  };
  const double p = price(machine), rest = rest_s(machine, ti_s);
  for (const MachineState& o : others) {
    if (!o.running || o.marked || !o.paid_left_s || *o.paid_left_s > 1e-9) continue;
    const double po = price(o);
    if (po < p || (po == p && rest_s(o, ti_s) < rest)) money -= po;
  }
  return money >= p - 1e-9;
}

bool better_left_to_others(const MachineState& machine, const std::vector<MachineState>& others,
                           const std::vector<double>& ti_s, const std::vector<double>& sigma_s,
                           double z, long tasks_in_bag) {
  if (tasks_in_bag <= 0 || !machine.paid_left_s) return false;
  const auto c = static_cast<std::size_t>(machine.cluster);
  if (ti_s.at(c) + z * sigma_s.at(c) <= *machine.paid_left_s) return false;  // it fits
  long room = 0;  // tasks the others' paid time holds at the margin
  for (const MachineState& o : others) {
    if (o.marked || !o.paid_left_s) continue;
    const auto k = static_cast<std::size_t>(o.cluster);
    const double ti = ti_s.at(k);
    const double free_s = *o.paid_left_s - rest_s(o, ti_s) - z * sigma_s.at(k);
    if (!(ti > 0) || free_s < ti) continue;
    room += static_cast<long>(std::floor(free_s / ti));
    if (room >= tasks_in_bag) return true;
  }
  return false;
}

bool changes_machines(const ReconfigurationPlan& plan) {
  return !plan.mark.empty() || !plan.unmark.empty() ||
         std::any_of(plan.acquire.begin(), plan.acquire.end(), [](int n) { return n > 0; });
}

MonitoredExecution::MonitoredExecution(std::vector<Cluster> clusters, double atu_s,
                                       Schedule schedule, const ExecutionBudget& money,
                                       std::vector<ClusterStats> stats, double already_spent)
    : clusters_(std::move(clusters)),
      atu_s_(atu_s),
      schedule_(std::move(schedule)),
      money_(money),
      ledger_(money.budget, money.cushion),
      stats_(std::move(stats)),
      tolerance_(speed_tolerance(stats_)) {
  validate_clusters(clusters_, atu_s_);
  if (stats_.size() != clusters_.size())
    throw std::invalid_argument("execution: one statistics entry per cluster needed");
  for (const ClusterStats& st : stats_)
    sigma_s_.push_back(st.sample.size() < 2 ? 0.0 : moments(st.sample.sorted()).sigma);
  set_confidence(0.95);
  if (already_spent > 0) ledger_.pay(already_spent);
}

void MonitoredExecution::set_confidence(double alpha) {
  if (!(alpha > 0 && alpha < 1))
    throw std::invalid_argument("execution: confidence must lie in (0, 1)");
  // One-sided: Phi^-1(alpha) = Phi^-1((1 + (2 alpha - 1)) / 2); no margin below alpha = 0.5.
  z_ = alpha > 0.5 ? z_value(2 * alpha - 1) : 0.0;
}

void MonitoredExecution::task_done(int cluster, double runtime_s) {
  ClusterStats& s = stats_.at(static_cast<std::size_t>(cluster));
  s.rt_done_s += runtime_s;  // Ti's moving average (2.1)
  ++s.tasks_done;
}

std::vector<double> MonitoredExecution::ti_s() const {
  std::vector<double> ti;
  for (const ClusterStats& s : stats_)
    ti.push_back(cluster_ti(s.sample, s.rt_done_s, s.tasks_done, {}));
  return ti;
}

std::vector<int> MonitoredExecution::first_target(const std::vector<MachineState>& machines,
                                                  long n_tasks) const {
  if (money_.config.total_machines() == 0 || !rules_.keep_running) return money_.config.machines;
  return keep_running(money_.config.machines, running_per_cluster(machines, clusters_.size()),
                      clusters_, ti_s(), n_tasks, ledger_.left(), atu_s_, tolerance_);
}

double MonitoredExecution::committed(const std::vector<MachineState>& machines) const {
  const std::vector<double> ti = ti_s();
  double money = 0;
  for (const MachineState& m : machines) {
    if (!m.running || m.marked) continue;
    double left = std::max(0.0, ti.at(static_cast<std::size_t>(m.cluster)) - m.running_elapsed_s);
    if (m.uptime_s + left > current_atu_end_s(m.uptime_s, atu_s_))
      money += clusters_.at(static_cast<std::size_t>(m.cluster)).price_per_atu;
  }
  return money;
}

MachineAction MonitoredExecution::work_request(const MachineState& m,
                                               const std::vector<MachineState>& others,
                                               long tasks_in_bag) const {
  const std::vector<double> ti = ti_s();
  const double ti_m = ti.at(static_cast<std::size_t>(m.cluster));
  MachineAction a = on_work_request(m, ti_m, atu_s_, tasks_in_bag == 0);
  if (a != MachineAction::TakeTask) return a;
  if (!m.marked && rules_.wait_for_unpaid) {
    const auto c = static_cast<std::size_t>(m.cluster);
    const bool crossing = m.uptime_s + ti_m > current_atu_end_s(m.uptime_s, atu_s_);
    const bool may_overrun = rules_.better_left_to_others && m.paid_left_s &&
                             ti_m + z_ * sigma_s_.at(c) > *m.paid_left_s;
    // The money is looked at (O(machines)) only for a task that may run past the paid time.
    if ((crossing || may_overrun) &&
        ledger_.left_with_cushion() - committed(others) < clusters_.at(c).price_per_atu - 1e-9 &&
        (crossing || better_left_to_others(m, others, ti, sigma_s_, z_, tasks_in_bag)))
      return MachineAction::Wait;
  }
  if (rules_.end_game && outpaced(m, others, ti, tasks_in_bag)) return MachineAction::Wait;
  return a;
}

bool MonitoredExecution::goes_on(const MachineState& m, bool busy,
                                 const std::vector<MachineState>& others, long tasks_in_bag) const {
  const double price = clusters_.at(static_cast<std::size_t>(m.cluster)).price_per_atu;
  if (m.marked || (!busy && tasks_in_bag == 0)) return false;
  if (busy)
    return ledger_.can_pay(price) &&
           (!rules_.paid_first ||
            paid_first(m, others, clusters_, ti_s(), ledger_.left_with_cushion()));
  if (rules_.end_game && outpaced(m, others, ti_s(), tasks_in_bag)) return false;
  // As printed, an idle machine goes on when the ledger pays; botsim keeps the money the
  // others' running tasks commit (wait_for_unpaid).
  if (!rules_.wait_for_unpaid) return ledger_.can_pay(price);
  return ledger_.left_with_cushion() - committed(others) >= price - 1e-9;
}

MonitorReport MonitoredExecution::report(const std::vector<MachineState>& machines,
                                         long tasks_in_bag) const {
  return monitor(MonitorState{clusters_, atu_s_, stats_, machines, tasks_in_bag, ledger_.left(),
                              money_.cushion_tasks});  // 3.1
}

std::optional<std::vector<int>> MonitoredExecution::target(
    const MonitorReport& r, const std::vector<MachineState>& machines,
    const std::vector<bool>& gone) const {
  if (r.decision != Decision::Reconfigure) return std::nullopt;
  const std::vector<int> running = running_per_cluster(machines, clusters_.size());
  if (r.target.total_machines() > 0)
    return rules_.keep_running ? keep_running(r.target.machines, running, clusters_, r.ti_s, r.ne,
                                              std::max(0.0, r.budget_for_plan), atu_s_, tolerance_)
                               : r.target.machines;
  // As printed (3.1), the knapsack's answer is the configuration, empty or not: every machine
  // is released at its ATU's end (docs/bats2011.md, "Reconfiguring to nothing").
  if (!rules_.knapsack_fallback) return std::vector<int>(clusters_.size(), 0);
  // No configuration runs the Ne tasks within the budget: try with the accepted cushion, else
  // keep the machines running as far as the ledger pays (never over the budget), rather than
  // release them with money left (docs/bats2011.md, "When the knapsack finds nothing").
  double money = std::max(0.0, ledger_.left_with_cushion() - r.committed);
  KnapsackAnswer a = knapsack(clusters_, r.ti_s, r.ne, money, atu_s_);
  if (a.feasible)
    return rules_.keep_running ? keep_running(a.best.machines, running, clusters_, r.ti_s, r.ne,
                                              money, atu_s_, tolerance_)
                               : a.best.machines;
  if (!machines.empty()) return std::nullopt;
  // No machine left: the most profitable cluster's machine, if one ATU can still be paid.
  int best = most_profitable(r.ti_s, money, gone);
  if (best < 0) return std::nullopt;
  std::vector<int> one(clusters_.size(), 0);
  one[static_cast<std::size_t>(best)] = 1;
  return one;
}

void MonitoredExecution::reconfigured(const ReconfigurationPlan& plan) {
  if (changes_machines(plan)) ++reconfigurations_;
}

void MonitoredExecution::reconfigured(const ReconfigurationPlan& plan, double at_s,
                                      const std::vector<int>& target, long tasks_left,
                                      const std::vector<double>& ti_s) {
  reconfigured(plan);
  if (!changes_machines(plan)) return;
  const Configuration c = evaluate(target, clusters_, ti_s, std::max(0L, tasks_left), atu_s_);
  replanned_makespan_s_ =
      at_s + (tasks_left > 0 && c.speed > 0 ? static_cast<double>(tasks_left) / c.speed : 0.0);
}

void MonitoredExecution::signalled(double at_s) {
  ++signals_;
  if (!first_signal_s_) first_signal_s_ = at_s;
}

int MonitoredExecution::most_profitable(const std::vector<double>& ti_s, double money,
                                        const std::vector<bool>& gone) const {
  int best = -1;
  for (std::size_t c = 0; c < clusters_.size(); ++c) {
    double worth = ti_s[c] * clusters_[c].price_per_atu;
    if (!gone.at(c) && clusters_[c].price_per_atu <= money &&
        (best < 0 || worth < ti_s[static_cast<std::size_t>(best)] *
                                 clusters_[static_cast<std::size_t>(best)].price_per_atu))
      best = static_cast<int>(c);
  }
  return best;
}

}  // namespace botsim::bats
