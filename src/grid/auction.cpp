#include "grid/auction.hpp"

#include <algorithm>
#include <numeric>

namespace botsim::grid {

std::vector<double> proportional_shares(const std::vector<double>& bids, int pe_count,
                                        double mips_per_pe) {
  const size_t n = bids.size();
  std::vector<double> share(n, 0.0);
  // Water-filling in O(n log n): the highest bids are the ones capped at one PE. Walk the
  // bids from the highest; bid k is capped while its proportional part of what is left (the
  // PEs not yet taken, shared by it and every lower bid) reaches a whole PE.
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return bids[a] > bids[b]; });
  std::vector<double> weight(n + 1, 0.0);  // weight[k]: sum of the bids from the k-th highest
  for (size_t j = n; j-- > 0;) weight[j] = weight[j + 1] + bids[order[j]];
  size_t k = 0;
  for (; k < n && static_cast<int>(k) < pe_count; ++k) {
    const double capacity = (pe_count - static_cast<double>(k)) * mips_per_pe;
    if (bids[order[k]] * capacity < mips_per_pe * weight[k]) break;
    share[order[k]] = mips_per_pe;
  }
  const double capacity = (pe_count - static_cast<double>(k)) * mips_per_pe;
  if (k < n && weight[k] > 0)
    for (size_t j = k; j < n; ++j) share[order[j]] = capacity * bids[order[j]] / weight[k];
  return share;
}

double clamp_bid(double bid, double min_bid, double max_bid) {
  return std::clamp(bid, min_bid, max_bid);
}

double period_cost(double consumed_mi, double share_mips, double bid_cents_per_min, double period_s,
                   double surcharge) {
  if (consumed_mi <= 0 || share_mips <= 0) return 0;
  double used = std::min(consumed_mi / (share_mips * period_s), 1.0);
  return used * cents_per_min_to_gd_per_s(bid_cents_per_min) * period_s * (1 + surcharge);
}

}  // namespace botsim::grid
