#pragma once
// The cloud models' timelines in a run's results: instances.csv and invoice.csv
// (docs/reference.md).
#include <fmt/format.h>

#include <optional>
#include <string>

#include "core/results.hpp"

namespace botsim::cloud {

/// One instance a user rented: billed from its start request by its type's billing rule;
/// charged_units counts the billing units begun (whole ones, under every rule).
struct InstanceRecord {
  static constexpr const char* kFile = "instances.csv";
  static constexpr const char* kHeader = "user,instance,type,start_s,stop_s,charged_units,cost";
  static constexpr bool kStreamed = false;  // completed when the instance stops

  std::string user, instance, type;
  double start_s = 0;
  std::optional<double> stop_s;
  long charged_units = 0;
  double cost = 0;

  std::string csv_row() const {
    return fmt::format("{},{},{},{},{},{},{}", user, instance, type, csv_number(start_s),
                       csv_number(stop_s), charged_units, csv_number(cost));
  }
};

/// One charged interval of an instance at one unit price (docs/cloud.md, "The invoice"): on
/// demand, one row per instance, from its start request to the end of what it paid for.
struct InvoiceRecord {
  static constexpr const char* kFile = "invoice.csv";
  static constexpr const char* kHeader =
      "user,instance,type,market,from_s,to_s,units,unit_price,amount";
  static constexpr bool kStreamed = false;  // completed when the instance stops
  static constexpr const char* kOnDemand = "on_demand";
  static constexpr const char* kSpot = "spot";
  /// An on-demand instance on a reserved slot (amount 0), and a reservation's own rows, which
  /// no instances.csv row matches (docs/cloud.md, "Reserved capacity").
  static constexpr const char* kReserved = "reserved";
  static constexpr const char* kReservation = "reservation";
  static constexpr const char* kReservationUpfront = "reservation_upfront";

  std::string user, instance, type, market = kOnDemand;
  double from_s = 0, to_s = 0;
  double units = 0;  // of the type's billing unit; fractional under per-second billing
  double unit_price = 0;
  double amount = 0;

  std::string csv_row() const {
    return fmt::format("{},{},{},{},{},{},{},{},{}", user, instance, type, market,
                       csv_number(from_s), csv_number(to_s), csv_number(units),
                       csv_number(unit_price), csv_number(amount));
  }
};

/// One spot instance (docs/cloud.md, "Spot instances"): written only by runs that rent spot
/// instances, so that instances.csv keeps its columns. max_price empty: none; notice_s and
/// reclaim_s empty: never noticed; interrupted: reclaimed by its provider (else its owner
/// stopped it, or it failed).
struct SpotInstanceRecord {
  static constexpr const char* kFile = "spot_instances.csv";
  static constexpr const char* kHeader =
      "user,instance,type,max_price,start_s,notice_s,reclaim_s,stop_s,interrupted,cost";
  static constexpr bool kStreamed = false;  // completed when the instance stops

  std::string user, instance, type;
  std::optional<double> max_price;
  double start_s = 0;
  std::optional<double> notice_s, reclaim_s, stop_s;
  bool interrupted = false;
  double cost = 0;

  std::string csv_row() const {
    return fmt::format("{},{},{},{},{},{},{},{},{},{}", user, instance, type, csv_number(max_price),
                       csv_number(start_s), csv_number(notice_s), csv_number(reclaim_s),
                       csv_number(stop_s), interrupted ? "true" : "false", csv_number(cost));
  }
};

}  // namespace botsim::cloud
