#pragma once
// The auction model's timeline in a run's results: bids.csv (README.md).
#include <fmt/format.h>

#include <string>

#include "core/results.hpp"

namespace botsim::grid {

/// One user's bid, share and charge on one resource for one auction period.
struct BidRecord {
  static constexpr const char* kFile = "bids.csv";
  static constexpr const char* kHeader = "time_s,resource,user,bid,share,cost";
  static constexpr bool kStreamed = true;  // millions of rows in a large run

  double time_s = 0;  // the start of the auction period
  std::string resource, user;
  double bid = 0;    // cents per minute
  double share = 0;  // fraction of the resource, in [0, 1]
  double cost = 0;   // charged for this auction period (G$)

  std::string csv_row() const {
    return fmt::format("{},{},{},{},{},{}", csv_number(time_s), resource, user, csv_number(bid),
                       csv_number(share), csv_number(cost));
  }
};

}  // namespace botsim::grid
