#pragma once
// The auction model's bids and shares over time (bids.csv), as `botsim plot` and the
// sulistio2005 experiment draw them (Figs 2-5 of Sulistio & Buyya 2005).
#include <string>
#include <vector>

#include "core/gnuplot.hpp"

namespace botsim::view {

/// A row of bids.csv (the auction model's timeline).
struct Bid {
  double time_s = 0;
  std::string resource, user;
  double bid = 0, share = 0, cost = 0;
  /// What the user's tasks ran at over the period (NaN when bids.csv has no such column).
  double received = 0;
};
/// DIR/bids.csv, or nothing when the run wrote none. Throws std::runtime_error naming a bad row.
std::vector<Bid> read_bids(const std::string& dir);
/// The auction period: the smallest gap between successive distinct times (60 s if none).
double auction_period(const std::vector<Bid>& bids);
/// What a bid chart draws of each row: the bid (cents per minute), the share granted by the
/// auction (eq. 1's S, as the paper's Figs 3 and 5) or the share the user's tasks received (in
/// per cent, 0 to 100).
enum class BidValue { Bid, Granted, Received };
/// One step series per user of `order` over one resource's rows (time in minutes, or
/// `minutes` seconds per unit with `unit` its name): a row holds for one period; a period
/// without a row leaves a gap. A user keeps the style of its place in `order` (Chart::styles).
Chart bid_chart(const std::vector<Bid>& rows, const std::vector<std::string>& order, double period,
                BidValue value, double unit_s = 60, const std::string& unit = "simulation minutes");

}  // namespace botsim::view
