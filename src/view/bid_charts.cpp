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
  std::vector<Bid> bids;
  for (size_t i = 0; i < t.rows.size(); ++i) {
    const auto& row = t.rows[i];
    const std::string p = path.string();
    bids.push_back(Bid{read_csv_number(p, i, row[ct]), row[cr], row[cu],
                       read_csv_number(p, i, row[cb]), read_csv_number(p, i, row[cs]),
                       read_csv_number(p, i, row[cc])});
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
                bool share) {
  Chart c;
  c.kind = Chart::Kind::Step;
  c.x_label = "time (simulation minutes)";
  c.y_label = share ? "share granted by the auction (%)" : "bid (cents per minute)";
  c.y_min = 0;  // bids and shares are never negative; a share is at most the whole resource
  if (share) c.y_max = 100;
  for (const auto& user : order) {
    Series s;
    s.label = user;
    double last_t = -std::numeric_limits<double>::infinity();
    double last_y = kNaN;
    for (const auto& b : rows) {
      if (b.user != user) continue;
      double y = share ? b.share * 100 : b.bid;
      if (!s.x.empty() && b.time_s - last_t > 1.5 * period) {
        // Close the previous stretch at the end of its last period, then break the line.
        s.x.push_back((last_t + period) / 60);
        s.y.push_back(last_y);
        s.x.push_back((last_t + period) / 60);
        s.y.push_back(kNaN);
      }
      s.x.push_back(b.time_s / 60);
      s.y.push_back(y);
      last_t = b.time_s;
      last_y = y;
    }
    if (s.x.empty()) continue;
    s.x.push_back((last_t + period) / 60);
    s.y.push_back(last_y);
    c.series.push_back(std::move(s));
  }
  // A user keeps its style in every figure, whichever users the resource saw.
  c.styles = order;
  return c;
}

}  // namespace botsim::view
