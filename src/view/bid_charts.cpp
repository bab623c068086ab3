#include "view/bid_charts.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

#include "core/csv.hpp"
#include "view/figures.hpp"

namespace botsim::view {

namespace fs = std::filesystem;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDefaultPeriod = 60;  // the paper's auction period, when bids.csv cannot tell

}  // namespace

std::vector<Bid> read_bids(const std::string& dir) {
  fs::path path = fs::path(dir) / "bids.csv";
  if (!fs::exists(path)) return {};  // a run without any auction period writes none
  CsvTable t = read_csv(path.string());
  size_t ct = t.column("time_s"), cr = t.column("resource"), cu = t.column("user"),
         cb = t.column("bid"), cs = t.column("share"), cc = t.column("cost");
  // `received` came after the other columns: a bids.csv without it has NaN there.
  const auto& header = t.header;
  const bool has_received = std::find(header.begin(), header.end(), "received") != header.end();
  const size_t cv = has_received ? t.column("received") : 0;
  std::vector<Bid> bids;
  for (size_t i = 0; i < t.rows.size(); ++i) {
    const auto& row = t.rows[i];
    const std::string p = path.string();
    bids.push_back(Bid{read_csv_number(p, i, row[ct]), row[cr], row[cu],
                       read_csv_number(p, i, row[cb]), read_csv_number(p, i, row[cs]),
                       read_csv_number(p, i, row[cc]),
                       has_received ? read_csv_number(p, i, row[cv]) : kNaN});
  }
  return bids;
}

double auction_period(const std::vector<Bid>& bids) {
  std::vector<double> times;
  for (const auto& b : bids) times.push_back(b.time_s);
  std::sort(times.begin(), times.end());
  double period = std::numeric_limits<double>::infinity();
  for (size_t i = 1; i < times.size(); ++i)
    if (times[i] > times[i - 1]) period = std::min(period, times[i] - times[i - 1]);
  return std::isfinite(period) ? period : kDefaultPeriod;
}

Chart bid_chart(const std::vector<Bid>& rows, const std::vector<std::string>& order, double period,
                BidValue value, double unit_s, const std::string& unit) {
  const bool share = value != BidValue::Bid;
  Chart c;
  c.kind = Chart::Kind::Step;
  c.x_label = "time (" + unit + ")";
  c.y_label = value == BidValue::Bid       ? "bid (cents per minute)"
              : value == BidValue::Granted ? "share granted by the auction (%)"
                                           : "share received (%)";
  c.y_min = 0;  // bids and shares are never negative; a share is at most the whole resource
  if (share) c.y_max = 100;
  for (const auto& user : order) {
    Series s;
    s.label = user;
    double last_t = -std::numeric_limits<double>::infinity();
    double last_y = kNaN;
    for (const auto& b : rows) {
      if (b.user != user) continue;
      const double y = value == BidValue::Bid       ? b.bid
                       : value == BidValue::Granted ? b.share * 100
                                                    : b.received * 100;
      if (!s.x.empty() && b.time_s - last_t > 1.5 * period) {
        // Close the previous stretch at the end of its last period, then break the line.
        s.x.push_back((last_t + period) / unit_s);
        s.y.push_back(last_y);
        s.x.push_back((last_t + period) / unit_s);
        s.y.push_back(kNaN);
      }
      s.x.push_back(b.time_s / unit_s);
      s.y.push_back(y);
      last_t = b.time_s;
      last_y = y;
    }
    if (s.x.empty()) continue;
    s.x.push_back((last_t + period) / unit_s);
    s.y.push_back(last_y);
    c.series.push_back(std::move(s));
  }
  // A user keeps its style in every figure, whichever users the resource saw.
  c.styles = order;
  return c;
}

}  // namespace botsim::view
