#include "view/figures.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "core/csv.hpp"
#include "core/input_file.hpp"
#include "core/units.hpp"

namespace botsim::view {

namespace fs = std::filesystem;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDefaultPeriod = 60;  // the paper's auction period, when bids.csv cannot tell

}  // namespace

bool natural_less(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) &&
        std::isdigit(static_cast<unsigned char>(b[j]))) {
      size_t ei = a.find_first_not_of("0123456789", i), ej = b.find_first_not_of("0123456789", j);
      std::string na = a.substr(i, ei - i), nb = b.substr(j, ej - j);
      if (na.size() != nb.size()) return na.size() < nb.size();
      if (na != nb) return na < nb;
      i = ei == std::string::npos ? a.size() : ei;
      j = ej == std::string::npos ? b.size() : ej;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i, ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

std::vector<std::string> natural_order(std::vector<std::string> names) {
  std::sort(names.begin(), names.end(), natural_less);
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::vector<std::string> user_palette(const fs::path& dir) {
  std::set<std::string> users;
  auto column = [&](const char* file) {
    if (!fs::exists(dir / file)) return;
    const CsvTable t = read_csv((dir / file).string());
    const size_t user = t.column("user");
    for (const auto& row : t.rows) users.insert(row[user]);
  };
  if (fs::exists(dir / "summary.csv") && fs::exists(dir / "runs.csv")) {
    column("summary.csv");
    column("runs.csv");
  } else if (fs::exists(dir / "reps.csv")) {
    column("reps.csv");
  } else {
    const fs::path summary = dir / "summary.json";
    const nlohmann::json j =
        fs::exists(summary) ? nlohmann::json::parse(
                                  read_input_file(summary.string(), "summary.json"), nullptr, false)
                            : nlohmann::json();
    if (j.is_object() && j.contains("users") && j["users"].is_array()) {
      for (const auto& u : j["users"])
        if (u.is_object() && u.contains("name") && u["name"].is_string())
          users.insert(u["name"].get<std::string>());
    } else {
      column("tasks.csv");
      column("bids.csv");
    }
    // One cloud user: its tasks are coloured by their instance's type, not by user.
    if (users.size() == 1 && fs::exists(dir / "instances.csv")) return {};
  }
  return natural_order(std::vector<std::string>(users.begin(), users.end()));
}

void style_by_name(Chart& chart, std::vector<std::string> names) {
  for (const Series& s : chart.series) {
    const std::string& name = s.key.empty() ? s.label : s.key;
    if (std::find(names.begin(), names.end(), name) == names.end())
      throw std::logic_error("figure '" + chart.title + "': series '" + name +
                             "' is not among the names that fix its styles");
  }
  chart.styles = std::move(names);
}

double read_csv_number(const std::string& path, size_t row, const std::string& text) {
  try {
    return parse_number(text);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(path + ": data row " + std::to_string(row + 1) + ": " + e.what());
  }
}

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
  c.y_label = share ? "share of the resource (%)" : "bid (cents per minute)";
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

void draw_experiment_figures(const std::string& experiment, const fs::path& stage,
                             const std::string& out_dir) {
  switch (draw_figures(stage.string())) {
    case DrawResult::Drawn:
      return;
    case DrawResult::NoGnuplot:
      std::cout << experiment
                << ": figures skipped: gnuplot is not installed (Debian package gnuplot-nox); "
                   "the CSVs and each figure's gnuplot script are written (cd "
                << out_dir << " && gnuplot FIGURE.gp)\n";
      return;
    case DrawResult::Failed:
      std::cout << experiment
                << ": gnuplot could not draw every figure (its messages are above); the CSVs "
                   "and the figures' scripts are written\n";
      return;
  }
}

}  // namespace botsim::view
