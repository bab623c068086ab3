#include "cloud/spot_market.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/units.hpp"

namespace botsim::cloud {

SpotPriceTrace::SpotPriceTrace(std::vector<Point> points) : points_(std::move(points)) {
  if (points_.empty()) throw std::invalid_argument("a spot price trace needs a row");
  for (std::size_t k = 0; k < points_.size(); ++k) {
    if (!std::isfinite(points_[k].time_s) || !std::isfinite(points_[k].price))
      throw std::invalid_argument("a time or price that is not a finite number");
    if (points_[k].price < 0) throw std::invalid_argument("a negative price");
    if (k > 0 && !(points_[k].time_s > points_[k - 1].time_s))
      throw std::invalid_argument("times must increase from row to row");
  }
  prefix_.assign(points_.size(), 0);
  for (std::size_t k = 1; k < points_.size(); ++k)
    prefix_[k] =
        prefix_[k - 1] + points_[k - 1].price * (points_[k].time_s - points_[k - 1].time_s);
  max_tree_.assign(4 * points_.size(), 0);
  // Built bottom-up by recursion over [lo, hi).
  struct Build {
    const std::vector<Point>& p;
    std::vector<double>& tree;
    double operator()(std::size_t node, std::size_t lo, std::size_t hi) const {
      if (hi - lo == 1) return tree[node] = p[lo].price;
      const std::size_t mid = (lo + hi) / 2;
      return tree[node] = std::max((*this)(2 * node, lo, mid), (*this)(2 * node + 1, mid, hi));
    }
  };
  Build{points_, max_tree_}(1, 0, points_.size());
}

std::size_t SpotPriceTrace::row_at(double t) const {
  auto it = std::upper_bound(points_.begin(), points_.end(), t,
                             [](double x, const Point& p) { return x < p.time_s; });
  return it == points_.begin() ? 0 : static_cast<std::size_t>(it - points_.begin()) - 1;
}

double SpotPriceTrace::price_at(double t) const { return points_[row_at(t)].price; }

std::size_t SpotPriceTrace::first_row_above(std::size_t node, std::size_t lo, std::size_t hi,
                                            std::size_t i, double m) const {
  if (hi <= i || !(max_tree_[node] > m)) return points_.size();
  if (hi - lo == 1) return lo;
  const std::size_t mid = (lo + hi) / 2;
  const std::size_t left = first_row_above(2 * node, lo, mid, i, m);
  return left < points_.size() ? left : first_row_above(2 * node + 1, mid, hi, i, m);
}

std::size_t SpotPriceTrace::first_row_above(std::size_t i, double m) const {
  return first_row_above(1, 0, points_.size(), i, m);
}

double SpotPriceTrace::first_above(double t, double max_price) const {
  const std::size_t now = row_at(t);
  if (points_[now].price > max_price) return t;
  const std::size_t k = first_row_above(now + 1, max_price);
  return k < points_.size() ? points_[k].time_s : kNever;
}

double SpotPriceTrace::integral(double from, double to) const {
  if (!(to > from)) return 0;
  // The integral from the first row's time to t (the first row's price before it).
  auto upto = [&](double t) {
    const std::size_t k = row_at(t);
    if (t < points_[0].time_s) return -points_[0].price * (points_[0].time_s - t);
    return prefix_[k] + points_[k].price * (t - points_[k].time_s);
  };
  return upto(to) - upto(from);
}

SpotAvailability::SpotAvailability(std::vector<std::pair<double, double>> withdrawn)
    : withdrawn_(std::move(withdrawn)) {
  for (std::size_t k = 0; k < withdrawn_.size(); ++k) {
    const auto [from, to] = withdrawn_[k];
    if (!std::isfinite(from) || !std::isfinite(to))
      throw std::invalid_argument("a time that is not a finite number");
    if (!(from < to)) throw std::invalid_argument("a withdrawal must end after it starts");
    if (k > 0 && from < withdrawn_[k - 1].second)
      throw std::invalid_argument("withdrawals must be in time order and must not overlap");
  }
}

double SpotAvailability::next_withdrawal(double t) const {
  // The first interval that ends after t.
  auto it =
      std::upper_bound(withdrawn_.begin(), withdrawn_.end(), t,
                       [](double x, const std::pair<double, double>& w) { return x < w.second; });
  if (it == withdrawn_.end()) return kNever;
  return std::max(t, it->first);
}

bool SpotAvailability::available(double t) const { return next_withdrawal(t) != t; }

double next_interruption(const SpotPriceTrace& prices, const SpotAvailability& availability,
                         double from_s, double max_price) {
  return std::min(prices.first_above(from_s, max_price), availability.next_withdrawal(from_s));
}

double parse_timestamp(const std::string& text) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, consumed = 0;
  double s = 0;
  char sep = 0;
  if (std::sscanf(text.c_str(), "%4d-%2d-%2d%c%2d:%2d:%lf%n", &y, &mo, &d, &sep, &h, &mi, &s,
                  &consumed) != 7 ||
      (sep != 'T' && sep != ' '))
    throw std::invalid_argument("not an ISO 8601 timestamp (2024-03-01T12:00:00Z)");
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || !(s >= 0 && s < 61))
    throw std::invalid_argument("a date or time out of range");
  const std::string zone = text.substr(static_cast<std::size_t>(consumed));
  double offset_s = 0;
  if (zone != "Z" && !zone.empty()) {
    int zh = 0, zm = 0, n = 0;
    if ((zone[0] != '+' && zone[0] != '-') ||
        std::sscanf(zone.c_str() + 1, "%2d:%2d%n", &zh, &zm, &n) != 2 ||
        static_cast<std::size_t>(n) + 1 != zone.size())
      throw std::invalid_argument("a time zone that is not Z or +HH:MM");
    offset_s = (zone[0] == '+' ? 1 : -1) * (zh * 3600.0 + zm * 60.0);
  }
  std::tm tm{};
  tm.tm_year = y - 1900;
  tm.tm_mon = mo - 1;
  tm.tm_mday = d;
  tm.tm_hour = h;
  tm.tm_min = mi;
  return static_cast<double>(timegm(&tm)) + s - offset_s;
}

namespace {

CsvTable read_table(const std::string& path) {
  try {
    return read_csv(path, CsvEnd::MayBeOpen);  // a user's file
  } catch (const std::runtime_error& e) {
    throw InputError(e.what());  // read_csv names the file
  }
}

// A row's line in the file (the header is line 1).
std::string line_of(std::size_t row) { return fmt::format("line {}", row + 2); }

double number_at(const std::string& path, std::size_t row, const std::string& column,
                 const std::string& text) {
  try {
    return parse_number(text);
  } catch (const std::invalid_argument&) {
    throw InputError(path, line_of(row), column + " " + quote_text(text) + " is not a number");
  }
}

bool has_column(const CsvTable& t, const std::string& name) {
  return std::find(t.header.begin(), t.header.end(), name) != t.header.end();
}

// The trace of `instance_type` (and `zone`) in the table of file `path` (read_spot_price_trace).
SpotPriceTrace price_trace_of(const CsvTable& t, const std::string& path,
                              const std::string& instance_type, const std::string& zone) {
  std::vector<SpotPriceTrace::Point> points;
  std::vector<std::size_t> rows;  // each point's row, for messages
  if (has_column(t, "time_s") && has_column(t, "price")) {
    const std::size_t ct = t.column("time_s"), cp = t.column("price");
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
      points.push_back({number_at(path, r, "time_s", t.rows[r][ct]),
                        number_at(path, r, "price", t.rows[r][cp])});
      rows.push_back(r);
    }
  } else {
    for (const char* c : {"Timestamp", "InstanceType", "SpotPrice"})
      if (!has_column(t, c))
        throw InputError(path, "",
                         fmt::format("no column '{}': a spot price trace has the "
                                     "columns time_s,price, or those of the spot price "
                                     "history export (Timestamp, InstanceType, "
                                     "ProductDescription, SpotPrice, AvailabilityZone)",
                                     c));
    if (!zone.empty() && !has_column(t, "AvailabilityZone"))
      throw InputError(path, "", "no column 'AvailabilityZone' to choose zone " + quote_text(zone));
    const std::size_t cts = t.column("Timestamp"), cty = t.column("InstanceType"),
                      cp = t.column("SpotPrice");
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
      const auto& row = t.rows[r];
      if (row[cty] != instance_type) continue;
      if (!zone.empty() && row[t.column("AvailabilityZone")] != zone) continue;
      double at = 0;
      try {
        at = parse_timestamp(row[cts]);
      } catch (const std::invalid_argument& e) {
        throw InputError(path, line_of(r), "Timestamp " + quote_text(row[cts]) + ": " + e.what());
      }
      points.push_back({at, number_at(path, r, "SpotPrice", row[cp])});
      rows.push_back(r);
    }
    if (points.empty())
      throw InputError(path, "",
                       "no row for instance type " + quote_text(instance_type) +
                           (zone.empty() ? "" : " in zone " + quote_text(zone)));
    // The export lists the newest first: read it oldest first, times from the earliest.
    if (points.size() > 1 && points.front().time_s > points.back().time_s) {
      std::reverse(points.begin(), points.end());
      std::reverse(rows.begin(), rows.end());
    }
    const double t0 = points.front().time_s;
    for (auto& p : points) p.time_s -= t0;
  }
  if (points.empty()) throw InputError(path, "", "a spot price trace needs a row");
  for (std::size_t k = 0; k < points.size(); ++k) {
    if (points[k].price < 0) throw InputError(path, line_of(rows[k]), "a negative price");
    if (k > 0 && !(points[k].time_s > points[k - 1].time_s))
      throw InputError(path, line_of(rows[k]),
                       "time goes backwards (or repeats) from the row before");
  }
  return SpotPriceTrace(std::move(points));
}

SpotAvailability availability_of(const CsvTable& t, const std::string& path) {
  for (const char* c : {"from_s", "to_s"})
    if (!has_column(t, c))
      throw InputError(path, "",
                       fmt::format("no column '{}': an availability trace has the columns "
                                   "from_s,to_s (one withdrawal of spot capacity per row)",
                                   c));
  const std::size_t cf = t.column("from_s"), ct = t.column("to_s");
  std::vector<std::pair<double, double>> withdrawn;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const double from = number_at(path, r, "from_s", t.rows[r][cf]),
                 to = number_at(path, r, "to_s", t.rows[r][ct]);
    if (!(from < to)) throw InputError(path, line_of(r), "a withdrawal must end after it starts");
    if (!withdrawn.empty() && from < withdrawn.back().second)
      throw InputError(path, line_of(r),
                       "time goes backwards: withdrawals must be in time order "
                       "and must not overlap");
    withdrawn.emplace_back(from, to);
  }
  return SpotAvailability(std::move(withdrawn));
}

// A file's key: its canonical path, so that two spellings of one file are one file (the path as
// given when it has none, e.g. a missing file: reading it then fails as it would).
std::string file_key(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path canonical = std::filesystem::weakly_canonical(path, ec);
  return ec ? path : canonical.string();
}

}  // namespace

SpotPriceTrace read_spot_price_trace(const std::string& path, const std::string& instance_type,
                                     const std::string& zone) {
  return price_trace_of(read_table(path), path, instance_type, zone);
}

SpotAvailability read_spot_availability(const std::string& path) {
  return availability_of(read_table(path), path);
}

const CsvTable& SpotTraceFiles::table(const std::string& path) {
  const std::string key = file_key(path);
  auto it = tables_.find(key);
  if (it == tables_.end()) it = tables_.emplace(key, read_table(path)).first;
  return it->second;
}

SpotPriceTrace SpotTraceFiles::prices(const std::string& path, const std::string& instance_type,
                                      const std::string& zone) {
  return price_trace_of(table(path), path, instance_type, zone);
}

SpotAvailability SpotTraceFiles::availability(const std::string& path) {
  return availability_of(table(path), path);
}

}  // namespace botsim::cloud
