#pragma once
// The Auctioneer's arithmetic (Sulistio & Buyya 2005, section 3.2), free of SimGrid.
#include <vector>

namespace botsim::grid {

/// Eq. 1 on a resource of `pe_count` processing elements of `mips_per_pe` each, with the
/// policy "one running task per user": each user's share is B_i / sum(B) of C_r = pe_count *
/// mips_per_pe, except that no user can use more than one PE; what a capped user cannot use is
/// shared among the others in proportion to their bids (weighted max-min / water-filling).
/// On one PE this is exactly eq. 1. SimGrid's CPU sharing computes the same allocation for
/// concurrent Execs whose priorities are the bids (tests/sim checks that).
/// Returns MIPS per user, in the order of `bids` (all bids > 0).
std::vector<double> proportional_shares(const std::vector<double>& bids, int pe_count,
                                        double mips_per_pe);

/// Eq. 2: a bid is held within [min_bid, max_bid].
double clamp_bid(double bid, double min_bid, double max_bid);

/// Eq. 3: the charge for one auction period of `period_s` seconds.
///   cost = min(q / (S * P), 1) * B * P * (1 + surcharge)
/// q: MI the user's tasks consumed in the period; share_mips: the user's share S; bid B in
/// cents per minute. The result is in G$ (100 cents). A user that consumed less than its
/// share (a task ended mid-period) pays only for what it used.
double period_cost(double consumed_mi, double share_mips, double bid_cents_per_min, double period_s,
                   double surcharge);

/// Less G$ than this is no money: what floating-point subtraction leaves of a balance charged
/// down to nothing (eq. 3's charges are capped at the balance) must not buy another period.
constexpr double kMoneyDust = 1e-12;

/// Cents per minute -> G$ per second.
constexpr double cents_per_min_to_gd_per_s(double cents_per_min) {
  return cents_per_min / 100.0 / 60.0;
}

}  // namespace botsim::grid
