#include "grid/auction.hpp"

#include <algorithm>
#include <numeric>

namespace botsim::grid {

std::vector<double> proportional_shares(const std::vector<double>& bids, int pe_count,
                                        double mips_per_pe) {
  const size_t n = bids.size();
  std::vector<double> share(n, 0.0);
  std::vector<bool> capped(n, false);
  double capacity = pe_count * mips_per_pe;
  // Water-filling: cap every user whose proportional share exceeds one PE, then share what is
  // left among the rest; at most n rounds.
  for (size_t round = 0; round <= n; ++round) {
    double weight = 0;
    for (size_t i = 0; i < n; ++i)
      if (!capped[i]) weight += bids[i];
    if (weight <= 0) break;
    bool newly_capped = false;
    for (size_t i = 0; i < n; ++i) {
      if (capped[i]) continue;
      double s = capacity * bids[i] / weight;
      if (s >= mips_per_pe) {
        capped[i] = true;
        share[i] = mips_per_pe;
        newly_capped = true;
      }
    }
    if (newly_capped) {
      capacity = pe_count * mips_per_pe;
      for (size_t i = 0; i < n; ++i)
        if (capped[i]) capacity -= mips_per_pe;
      if (capacity <= 0) break;
      continue;
    }
    for (size_t i = 0; i < n; ++i)
      if (!capped[i]) share[i] = capacity * bids[i] / weight;
    break;
  }
  return share;
}

double clamp_bid(double bid, double min_bid, double max_bid) {
  return std::clamp(bid, min_bid, max_bid);
}

double period_cost(double consumed_mi, double share_mips, double bid_cents_per_min,
                   double period_s, double surcharge) {
  if (consumed_mi <= 0 || share_mips <= 0) return 0;
  double used = std::min(consumed_mi / (share_mips * period_s), 1.0);
  return used * cents_per_min_to_gd_per_s(bid_cents_per_min) * period_s * (1 + surcharge);
}

}  // namespace botsim::grid
