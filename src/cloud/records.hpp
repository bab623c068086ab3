#pragma once
// The cloud models' timeline in a run's results: instances.csv (README.md).
#include <fmt/format.h>

#include <optional>
#include <string>

#include "core/results.hpp"

namespace botsim::cloud {

/// One instance a user rented: billed from its start request per started ATU.
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

}  // namespace botsim::cloud
