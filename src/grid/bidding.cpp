#include "grid/bidding.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "grid/auction.hpp"

namespace botsim::grid {

size_t slowest_resource(const std::vector<ResourceView>& resources) {
  size_t best = 0;
  for (size_t i = 1; i < resources.size(); ++i)
    if (resources[i].capability() < resources[best].capability()) best = i;
  return best;
}

double estimated_time(double avg_length_mi, const ResourceView& slowest) {
  return avg_length_mi * slowest.pe / slowest.capability();
}

double initial_bid(double est_time, double deadline_s, const ResourceView& r) {
  return est_time > deadline_s ? r.max_bid : r.avg_bid();  // eq. 4
}

double finish_time(double remaining_mi, double share_mips) {
  if (remaining_mi <= 0) return 0;
  if (share_mips <= 0) return std::numeric_limits<double>::infinity();
  return remaining_mi / share_mips;  // eq. 5
}

BidCase classify(double finish_time_s, double time_left_s) {
  if (finish_time_s >= time_left_s) return BidCase::Increase;
  if (finish_time_s <= time_left_s / 2) return BidCase::Decrease;
  return BidCase::Keep;
}

double adjusted_bid(double finish_time_s, double time_left_s, double bid, const ResourceView& r) {
  if (time_left_s <= 0) return r.max_bid;  // eq. 6, D has passed
  if (classify(finish_time_s, time_left_s) == BidCase::Keep)
    return clamp_bid(bid, r.min_bid, r.max_bid);
  if (std::isinf(finish_time_s)) return r.max_bid;
  return clamp_bid(finish_time_s / time_left_s * bid, r.min_bid, r.max_bid);  // eq. 6
}

int kappa(int tasks, int resources) { return resources > 0 ? tasks / resources : 0; }

size_t tasks_that_fit(double l_total, double share_mips, const std::vector<double>& lengths,
                      double limit_s) {
  return tasks_that_fit(
      l_total, share_mips, lengths.size(), [&lengths](size_t j) { return lengths[j]; }, limit_s);
}

size_t tasks_that_fit(double l_total, double share_mips, size_t count,
                      const std::function<double(size_t)>& length, double limit_s) {
  if (share_mips <= 0) return 0;
  double l_task = 0;
  size_t n = 0;
  for (; n < count; ++n) {
    const double l = length(n);
    if ((l_total + l_task + l) / share_mips > limit_s) break;
    l_task += l;
  }
  return n;
}

std::vector<size_t> global_submission_plan(const std::vector<double>& lengths,
                                           const std::vector<ResourceView>& resources, Rng& rng) {
  const size_t m = lengths.size(), n = resources.size();
  std::vector<size_t> plan(m, 0);
  if (n == 0) return plan;
  double total_c = 0, max_c = 0;
  for (const auto& r : resources) {
    total_c += r.capability();
    max_c = std::max(max_c, r.capability());
  }
  std::vector<size_t> by_length(m);
  std::iota(by_length.begin(), by_length.end(), 0);
  std::stable_sort(by_length.begin(), by_length.end(),
                   [&](size_t a, size_t b) { return lengths[a] < lengths[b]; });
  std::vector<size_t> weak;  // less powerful resources, weakest first
  std::vector<size_t> strong;
  for (size_t i = 0; i < n; ++i) (resources[i].capability() < max_c ? weak : strong).push_back(i);
  std::stable_sort(weak.begin(), weak.end(), [&](size_t a, size_t b) {
    return resources[a].capability() < resources[b].capability();
  });
  size_t next = 0;
  for (size_t w : weak) {
    auto quota = static_cast<size_t>(std::floor(m * resources[w].capability() / total_c));
    for (size_t k = 0; k < quota && next < m; ++k) plan[by_length[next++]] = w;
  }
  std::uniform_int_distribution<size_t> pick(0, strong.size() - 1);
  for (; next < m; ++next) plan[by_length[next]] = strong[pick(rng)];
  return plan;
}

std::vector<size_t> uniform_submission_plan(size_t tasks, size_t resources, Rng& rng) {
  std::vector<size_t> plan(tasks, 0);
  if (resources == 0) return plan;
  for (size_t i = 0; i < tasks; ++i) plan[i] = i % resources;
  std::shuffle(plan.begin(), plan.end(), rng);
  return plan;
}

std::vector<size_t> best_available_plan(size_t tasks, std::vector<int> queued, Rng& rng) {
  std::vector<size_t> plan;
  if (queued.empty()) return plan;
  for (size_t t = 0; t < tasks; ++t) {
    int least = *std::min_element(queued.begin(), queued.end());
    std::vector<size_t> ties;
    for (size_t r = 0; r < queued.size(); ++r)
      if (queued[r] == least) ties.push_back(r);
    size_t r = ties[std::uniform_int_distribution<size_t>(0, ties.size() - 1)(rng)];
    plan.push_back(r);
    ++queued[r];
  }
  return plan;
}

}  // namespace botsim::grid
