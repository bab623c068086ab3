#pragma once
// The spot market of an instance type (docs/cloud.md, "Spot instances"), pure: no SimGrid.
// A price trace gives the price in force from each row's time until the next row's; an
// availability trace gives the intervals when the type's spot capacity is withdrawn. A spot
// instance with a maximum price is interrupted at the first instant, from its start on, when
// the price rises above that maximum or its capacity is withdrawn. Every query is O(log n) in
// the trace's rows: a long trace costs nothing per event.
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/csv.hpp"

namespace botsim::cloud {

constexpr double kNever = std::numeric_limits<double>::infinity();

/// Spot prices over time: the price of the row in force (the last row at or before t; the
/// first row's before it).
class SpotPriceTrace {
 public:
  struct Point {
    double time_s = 0;
    double price = 0;
  };
  /// Rows by strictly increasing time, prices >= 0, at least one. Throws std::invalid_argument.
  explicit SpotPriceTrace(std::vector<Point> points);

  double price_at(double t) const;
  /// The first instant >= t at which the price is above `max_price` (t itself when it already
  /// is), kNever if it never is.
  double first_above(double t, double max_price) const;
  /// The integral of the price over [from, to] (price x seconds): what per-second billing
  /// charges for that time, divided by the unit's length.
  double integral(double from, double to) const;
  const std::vector<Point>& points() const { return points_; }

 private:
  std::size_t row_at(double t) const;  // index of the row in force at t
  // The first row >= i whose price is above m, or points_.size(): a segment tree of maxima.
  std::size_t first_row_above(std::size_t i, double m) const;
  std::size_t first_row_above(std::size_t node, std::size_t lo, std::size_t hi, std::size_t i,
                              double m) const;
  std::vector<Point> points_;
  std::vector<double> prefix_;    // integral from points_[0].time_s to points_[k].time_s
  std::vector<double> max_tree_;  // segment tree over the prices
};

/// When a type's spot capacity is withdrawn: half-open intervals [from, to), sorted and
/// disjoint.
class SpotAvailability {
 public:
  SpotAvailability() = default;
  /// Throws std::invalid_argument on an interval with from >= to, or out of order or
  /// overlapping.
  explicit SpotAvailability(std::vector<std::pair<double, double>> withdrawn);
  bool available(double t) const;
  /// The first instant >= t at which capacity is withdrawn (t itself inside an interval),
  /// kNever if none.
  double next_withdrawal(double t) const;
  const std::vector<std::pair<double, double>>& withdrawn() const { return withdrawn_; }

 private:
  std::vector<std::pair<double, double>> withdrawn_;
};

/// The interruption notice of a spot instance running from `from_s` with `max_price`: the
/// first instant >= from_s when the price is above the maximum or capacity is withdrawn;
/// kNever if none.
double next_interruption(const SpotPriceTrace& prices, const SpotAvailability& availability,
                         double from_s, double max_price);

/// Reads a spot price trace (docs/cloud.md, "Spot price traces"): either a CSV `time_s,price`
/// (seconds from the simulation's start, increasing), or the public cloud's spot price history
/// export (columns Timestamp, InstanceType, ProductDescription, SpotPrice, AvailabilityZone, in
/// any order, rows newest first or oldest first), whose rows of `instance_type` (and of
/// `zone`, when not empty) are taken, the earliest Timestamp being time 0. Throws InputError
/// naming the file and the line: a missing file or column, text in a number, time going
/// backwards, a negative price, no row for the type.
SpotPriceTrace read_spot_price_trace(const std::string& path, const std::string& instance_type,
                                     const std::string& zone = "");

/// Reads an availability trace: a CSV `from_s,to_s`, one withdrawal per row. Throws InputError
/// naming the file and the line.
SpotAvailability read_spot_availability(const std::string& path);

/// The spot trace files of a platform's instance types, each read and parsed once however many
/// types (or spellings of its path) name it: an export of many types' prices is one file. Its
/// readers and errors are the functions above (the path as given in messages).
class SpotTraceFiles {
 public:
  SpotPriceTrace prices(const std::string& path, const std::string& instance_type,
                        const std::string& zone = "");
  SpotAvailability availability(const std::string& path);
  /// The files read so far, each once (a file that failed to read is not counted).
  std::size_t files_read() const { return tables_.size(); }

 private:
  const CsvTable& table(const std::string& path);
  std::map<std::string, CsvTable> tables_;  // by canonical path
};

/// An ISO 8601 timestamp of the export ("2024-03-01T12:00:00.000Z", "2024-03-01T12:00:00+00:00",
/// or with a space for the T) as seconds since 1970-01-01 UTC. Throws std::invalid_argument.
double parse_timestamp(const std::string& text);

}  // namespace botsim::cloud
