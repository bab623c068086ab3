#pragma once
// The auction model's records in a run's results: its users' own fields of summary.json and
// its timeline, bids.csv (README.md).
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/results.hpp"

namespace botsim::grid {

/// The auction's own per-user fields of summary.json, kept in UserRecord::extra and written
/// after met_deadline (register_model registers them): the money a broker is handed (3.3).
inline constexpr const char* kFundField = "fund";            // G$ at the start
inline constexpr const char* kAllowanceField = "allowance";  // G$ every allowance interval
inline constexpr const char* kAllowanceIntervalField = "allowance_interval_s";

/// A user's fund, allowance and allowance interval; none for a user of another model (or in
/// results written before these fields).
inline std::optional<double> fund_of(const UserRecord& u) { return extra_number(u, kFundField); }
inline std::optional<double> allowance_of(const UserRecord& u) {
  return extra_number(u, kAllowanceField);
}
inline std::optional<double> allowance_interval_s_of(const UserRecord& u) {
  return extra_number(u, kAllowanceIntervalField);
}

/// A resource's entry in summary.json's "resources" (Results::add_resource).
struct ResourceRecord {
  std::string name;
  std::vector<std::string> vo;  // its VO domains
  double earned = 0;            // G$ its Auctioneer charged

  nlohmann::ordered_json to_json() const {
    return nlohmann::ordered_json{{"name", name}, {"vo", vo}, {"earned", earned}};
  }
  /// Throws nlohmann::json::exception on a missing or mistyped field.
  static ResourceRecord from_json(const nlohmann::ordered_json& j) {
    return {j.at("name").get<std::string>(), j.at("vo").get<std::vector<std::string>>(),
            j.at("earned").get<double>()};
  }
};

/// One user's bid, share and charge on one resource for one auction period, and the share its
/// tasks actually received in it (docs/sulistio2005.md).
struct BidRecord {
  static constexpr const char* kFile = "bids.csv";
  static constexpr const char* kHeader = "time_s,resource,user,bid,share,cost,received";
  static constexpr bool kStreamed = true;  // millions of rows in a large run

  double time_s = 0;  // the start of the auction period
  std::string resource, user;
  double bid = 0;    // cents per minute
  double share = 0;  // S of eq. 1 granted at the auction: fraction of the resource, in [0, 1]
  double cost = 0;   // charged for this auction period (G$), by eq. 3 with S
  // The fraction of the resource's capacity over the period that the user's tasks used, q / (C.P):
  // S while the running tasks stay the same; more when another user's task ends mid-period and
  // SimGrid gives the CPU it leaves to the tasks still running, less when the user's own ends.
  double received = 0;

  std::string csv_row() const {
    return fmt::format("{},{},{},{},{},{},{}", csv_number(time_s), resource, user, csv_number(bid),
                       csv_number(share), csv_number(cost), csv_number(received));
  }
};

}  // namespace botsim::grid
