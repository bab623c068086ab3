#include "view/plot_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "core/csv.hpp"
#include "core/input_file.hpp"
#include "view/figures.hpp"

namespace botsim::view {

namespace fs = std::filesystem;

namespace {

constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

std::optional<double> parsed_number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  size_t used = 0;
  try {
    double v = std::stod(text, &used);
    if (used == text.size() && std::isfinite(v)) return v;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

// A cell that must be a number, or empty (NaN).
double value_cell(const std::string& path, size_t row, const std::string& text) {
  return text.empty() ? kNoValue : read_csv_number(path, row, text);
}

// The axis of a metric's values starts at 0 unless one of them is negative.
void floor_at_zero(Chart& c) {
  for (const Series& s : c.series)
    for (size_t i = 0; i < s.y.size(); ++i)
      if (s.y[i] < 0 || (i < s.y_err.size() && s.y[i] - s.y_err[i] < 0)) return;
  c.y_min = 0;
}

// One row per setting, user and metric (summary.csv, reps.csv): the mean and its 95 %
// confidence interval's half width.
struct MeanRows {
  NameIndex settings, users, metrics;
  // (setting, user, metric) -> (mean, half width); NaN when n < 1 or < 2.
  std::map<std::tuple<size_t, size_t, size_t>, std::pair<double, double>> values;
};

MeanRows read_means(const std::string& path, const CsvTable& t) {
  MeanRows m;
  const size_t setting = t.column("setting"), user = t.column("user"), metric = t.column("metric"),
               mean = t.column("mean"), high = t.column("ci95_high");
  for (size_t r = 0; r < t.rows.size(); ++r) {
    const auto& row = t.rows[r];
    const double mu = value_cell(path, r, row[mean]), hi = value_cell(path, r, row[high]);
    m.values[{m.settings.add(row[setting]), m.users.add(row[user]), m.metrics.add(row[metric])}] = {
        mu, hi - mu};
  }
  return m;
}

}  // namespace

std::vector<NamedChart> sweep_charts(const fs::path& dir) {
  const std::string summary_path = (dir / "summary.csv").string();
  const std::string runs_path = (dir / "runs.csv").string();
  const CsvTable summary = read_csv(summary_path);
  const CsvTable runs = read_csv(runs_path);
  const std::string name = dir.filename().string();
  // The parameters: the columns between `setting` and `user`.
  const size_t user_col = summary.column("user");
  const std::vector<std::string> params(summary.header.begin() + 1,
                                        summary.header.begin() + static_cast<long>(user_col));
  const MeanRows m = read_means(summary_path, summary);
  // Each setting's parameter values, as summary.csv gives them.
  std::map<std::string, std::vector<std::string>> values_of;
  for (const auto& row : summary.rows)
    values_of[row[0]] =
        std::vector<std::string>(row.begin() + 1, row.begin() + static_cast<long>(user_col));
  // One numeric parameter: the metrics against it; else one bar per setting.
  bool numeric = params.size() == 1;
  for (const auto& s : m.settings.names())
    if (numeric && !parsed_number(values_of[s].at(0))) numeric = false;
  auto label = [&](const std::string& s) {
    std::string out;
    for (size_t p = 0; p < params.size(); ++p)
      out += (p ? ", " : "") + params[p] + "=" + values_of[s].at(p);
    return out.empty() ? "setting " + s : out;
  };

  // Every user of summary.csv and runs.csv in natural order: a user keeps its style in every
  // figure, and the legends list the users in that order.
  const std::vector<std::string> all_users = user_palette(dir);
  const NameIndex user_of(all_users);
  const size_t runs_user = runs.column("user"), runs_setting = runs.column("setting");

  std::vector<NamedChart> charts;
  for (size_t k = 0; k < m.metrics.size(); ++k) {
    const std::string& metric = m.metrics.names()[k];
    Chart c;
    c.title =
        metric + ": mean and 95 % confidence interval per setting (" + name + ", summary.csv)";
    c.y_label = metric + " (mean)";
    c.kind = numeric ? Chart::Kind::Line : Chart::Kind::Bar;
    c.x_label = numeric ? params[0] : "setting";
    if (!numeric)
      for (const auto& s : m.settings.names()) c.categories.push_back(label(s));
    for (const auto& user : all_users) {
      if (!m.users.has(user)) continue;  // only runs.csv names it: no mean
      const size_t u = m.users[user];
      Series series{user, {}, {}, {}};
      for (size_t s = 0; s < m.settings.size(); ++s) {
        auto it = m.values.find({s, u, k});
        const double mu = it == m.values.end() ? kNoValue : it->second.first;
        const double half = it == m.values.end() ? kNoValue : it->second.second;
        series.x.push_back(numeric ? *parsed_number(values_of[m.settings.names()[s]][0])
                                   : static_cast<double>(s));
        series.y.push_back(mu);
        series.y_err.push_back(half);
      }
      c.series.push_back(std::move(series));
    }
    floor_at_zero(c);
    style_by_name(c, all_users);
    charts.emplace_back("mean_" + metric, std::move(c));
  }

  // Every run's value: the distribution over the replications.
  const size_t first_metric = runs.column("user") + 1;
  for (size_t col = first_metric; col < runs.header.size(); ++col) {
    const std::string& metric = runs.header[col];
    Chart c;
    c.kind = Chart::Kind::Scatter;
    c.title = metric + ": every run, per setting (" + name + ", runs.csv)";
    c.y_label = metric;
    c.x_label = numeric ? params[0] : "setting (summary.csv's numbers)";
    for (const auto& user : all_users) c.series.push_back(Series{user, {}, {}, {}});
    for (size_t r = 0; r < runs.rows.size(); ++r) {
      const auto& row = runs.rows[r];
      const size_t u = user_of[row[runs_user]];
      const double v = value_cell(runs_path, r, row[col]);
      if (std::isnan(v)) continue;
      const double x = numeric ? *parsed_number(values_of[row[runs_setting]].at(0))
                               : read_csv_number(runs_path, r, row[runs_setting]);
      c.series[u].x.push_back(x);
      c.series[u].y.push_back(v);
    }
    floor_at_zero(c);
    style_by_name(c, all_users);
    charts.emplace_back("runs_" + metric, std::move(c));
  }
  return charts;
}

std::vector<NamedChart> reps_charts(const fs::path& dir) {
  const std::string reps_path = (dir / "reps.csv").string();
  const CsvTable reps = read_csv(reps_path);
  const std::string name = dir.filename().string();
  const MeanRows m = read_means(reps_path, reps);
  const std::vector<std::string> users = user_palette(dir);  // reps.csv's, in natural order
  // The runs: DIR/seed-<s>/summary.json, in the order of their seeds.
  std::vector<std::pair<long, fs::path>> seeds;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string n = e.path().filename().string();
    if (!e.is_directory() || n.rfind("seed-", 0) != 0) continue;
    if (auto s = parsed_number(n.substr(5))) seeds.emplace_back(static_cast<long>(*s), e.path());
  }
  std::sort(seeds.begin(), seeds.end());

  std::vector<NamedChart> charts;
  for (size_t k = 0; k < m.metrics.size(); ++k) {
    const std::string& metric = m.metrics.names()[k];
    // A bar per user side by side, each in its user's colour (as in every other chart).
    Chart mean;
    mean.kind = Chart::Kind::Bar;
    mean.title = metric + ": mean and 95 % confidence interval over " +
                 std::to_string(seeds.size()) + " seeds (" + name + ", reps.csv)";
    mean.x_label = "";
    mean.y_label = metric + " (mean)";
    mean.categories = {seeds.empty()       ? std::string("mean over the seeds")
                       : seeds.size() == 1 ? "seed " + std::to_string(seeds.front().first)
                                           : "seeds " + std::to_string(seeds.front().first) + "-" +
                                                 std::to_string(seeds.back().first)};
    for (const auto& user : users) {
      auto it = m.users.has(user) ? m.values.find({0, m.users[user], k}) : m.values.end();
      Series series{user, {}, {}, {}};
      series.y.push_back(it == m.values.end() ? kNoValue : it->second.first);
      series.y_err.push_back(it == m.values.end() ? kNoValue : it->second.second);
      mean.series.push_back(std::move(series));
    }
    floor_at_zero(mean);
    style_by_name(mean, users);
    charts.emplace_back("mean_" + metric, std::move(mean));

    Chart each;
    each.kind = Chart::Kind::Scatter;
    each.title = metric + ": every seed's run (" + name + ", seed-*/summary.json)";
    each.x_label = "seed";
    each.y_label = metric;
    for (const auto& user : users) each.series.push_back(Series{user, {}, {}, {}});
    for (const auto& [seed, path] : seeds) {
      const std::string file = (path / "summary.json").string();
      nlohmann::json j =
          nlohmann::json::parse(read_input_file(file, "summary.json"), nullptr, false);
      if (j.is_discarded() || !j.contains("users"))
        throw std::runtime_error(file + ": not a summary.json that botsim wrote");
      for (const auto& u : j.at("users")) {
        auto it = std::find(users.begin(), users.end(), u.value("name", ""));
        if (it == users.end() || !u.contains(metric) || u.at(metric).is_null()) continue;
        const auto& v = u.at(metric);
        if (!v.is_number() && !v.is_boolean()) continue;
        Series& s = each.series[static_cast<size_t>(it - users.begin())];
        s.x.push_back(static_cast<double>(seed));
        s.y.push_back(v.is_boolean() ? (v.get<bool>() ? 1.0 : 0.0) : v.get<double>());
      }
    }
    floor_at_zero(each);
    style_by_name(each, users);
    charts.emplace_back("runs_" + metric, std::move(each));
  }
  return charts;
}

}  // namespace botsim::view
