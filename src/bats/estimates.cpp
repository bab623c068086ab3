#include "bats/estimates.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace botsim::bats {

SampleSet::SampleSet(std::vector<double> runtimes_s) : sorted_(std::move(runtimes_s)) {
  if (sorted_.empty()) throw std::invalid_argument("empty sample set");
  for (double t : sorted_)
    if (!(t >= 0) || !std::isfinite(t))
      throw std::invalid_argument(fmt::format("sample run time must be >= 0, got {:g}", t));
  std::sort(sorted_.begin(), sorted_.end());
  suffix_sum_.assign(sorted_.size() + 1, 0.0);
  for (std::size_t i = sorted_.size(); i-- > 0;) suffix_sum_[i] = suffix_sum_[i + 1] + sorted_[i];
  sum_ = suffix_sum_[0];
}

double SampleSet::tail_estimate(double elapsed_s) const {
  if (sorted_.empty()) throw std::invalid_argument("tail estimate from an empty sample set");
  // k: the first sample time strictly greater than the elapsed time tau_j (2.1).
  auto k = static_cast<std::size_t>(std::upper_bound(sorted_.begin(), sorted_.end(), elapsed_s) -
                                    sorted_.begin());
  if (k == sorted_.size()) return elapsed_s;                        // beyond the sample's tail
  return suffix_sum_[k] / static_cast<double>(sorted_.size() - k);  // 2.1, tau_je
}

double modified_cma(double rt_done_s, long tasks_done, const std::vector<double>& running_tau_e_s) {
  if (rt_done_s < 0 || tasks_done < 0)
    throw std::invalid_argument("Ti: negative run time or task count");
  double sum = rt_done_s;
  for (double t : running_tau_e_s) sum += t;
  long count = tasks_done + static_cast<long>(running_tau_e_s.size());
  if (count == 0) throw std::invalid_argument("Ti: no finished or running task yet");
  return sum / static_cast<double>(count);  // 2.1, modified cumulative moving average
}

double cluster_ti(const SampleSet& sample, double rt_done_s, long tasks_done,
                  const std::vector<double>& running_elapsed_s) {
  std::vector<double> tau_e;
  tau_e.reserve(running_elapsed_s.size());
  for (double e : running_elapsed_s) tau_e.push_back(sample.tail_estimate(e));
  return modified_cma(rt_done_s, tasks_done, tau_e);
}

double makespan_estimate(long n_tasks, const std::vector<int>& machines,
                         const std::vector<double>& ti_s) {
  if (machines.size() != ti_s.size())
    throw std::invalid_argument("makespan estimate: one machine count per cluster needed");
  double speed = 0;  // tasks per second
  for (std::size_t i = 0; i < machines.size(); ++i) speed += machines[i] / ti_s[i];
  if (!(speed > 0)) return std::numeric_limits<double>::infinity();
  return static_cast<double>(n_tasks) / speed;  // 2.3, Te
}

long ceil_count(double x) {
  double r = std::round(x);
  if (std::fabs(x - r) <= 1e-9 * std::max(1.0, std::fabs(x))) return static_cast<long>(r);
  return static_cast<long>(std::ceil(x));
}

double budget_estimate(long n_tasks, const std::vector<int>& machines,
                       const std::vector<double>& ti_s, const std::vector<Cluster>& clusters,
                       double atu_s) {
  if (clusters.size() != machines.size())
    throw std::invalid_argument("budget estimate: one machine count per cluster needed");
  double te = makespan_estimate(n_tasks, machines, ti_s);
  if (n_tasks == 0) return 0;
  if (!std::isfinite(te)) throw std::invalid_argument("budget estimate: no machine allocated");
  double price = 0;
  for (std::size_t i = 0; i < machines.size(); ++i)
    price += machines[i] * clusters[i].price_per_atu;
  return static_cast<double>(ceil_count(te / atu_s)) * price;  // 2.3, Be
}

}  // namespace botsim::bats
