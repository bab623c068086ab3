#include "view/plot_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>

#include "core/csv.hpp"
#include "core/input_file.hpp"
#include "core/summary.hpp"
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

// Each user's model, from the first summary.json under `dir` (a sweep's runs/*/seed-*/, a
// `--reps`' seed-*/): what the units of its metrics depend on (docs/units.md).
std::map<std::string, std::string> user_models(const fs::path& dir) {
  std::map<std::string, std::string> models;
  std::vector<fs::path> found;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator();
       ++it) {
    if (it.depth() > 3) it.disable_recursion_pending();
    if (it->path().filename() == "summary.json" && it.depth() > 0) found.push_back(it->path());
  }
  if (found.empty()) return models;
  std::sort(found.begin(), found.end());
  const nlohmann::json j = nlohmann::json::parse(
      read_input_file(found.front().string(), "summary.json"), nullptr, false);
  if (!j.is_object() || !j.contains("users") || !j["users"].is_array()) return models;
  for (const auto& u : j["users"])
    if (u.is_object() && u.contains("name") && u.contains("model") && u["name"].is_string() &&
        u["model"].is_string())
      models[u["name"].get<std::string>()] = u["model"].get<std::string>();
  return models;
}

// A metric's unit for the users drawn: "" when they do not all count it in one unit.
std::string metric_unit(const std::string& metric, const std::map<std::string, std::string>& models,
                        const std::vector<std::string>& users) {
  std::set<std::string> units;
  for (const auto& user : users) {
    auto it = models.find(user);
    units.insert(field_unit(metric, it == models.end() ? std::string() : it->second));
  }
  return units.size() == 1 ? *units.begin() : "";
}

}  // namespace

std::vector<std::string> setting_labels(const std::vector<std::string>& params,
                                        const std::vector<std::vector<std::string>>& values,
                                        const std::vector<std::string>& numbers) {
  std::vector<size_t> varied;
  for (size_t p = 0; p < params.size(); ++p)
    for (const auto& v : values)
      if (v.at(p) != values.front().at(p)) {
        varied.push_back(p);
        break;
      }
  std::vector<std::string> labels;
  for (size_t s = 0; s < values.size(); ++s) {
    std::string out;
    for (size_t p : varied)
      out += (out.empty() ? "" : ", ") +
             (varied.size() == 1 ? values[s][p] : params[p] + "=" + values[s][p]);
    labels.push_back(out.empty() ? "setting " + numbers.at(s) : out);
  }
  return labels;
}

bool scenario_input(const std::string& metric) {
  // What the scenario gives a user, not what its run made of it.
  static const std::set<std::string> inputs{"tasks_total", "deadline_s",           "budget", "fund",
                                            "allowance",   "allowance_interval_s", "start_s"};
  return inputs.count(metric) > 0;
}

std::vector<std::string> outcomes_first(const std::vector<std::string>& metrics) {
  std::vector<std::string> out = metrics;
  std::stable_partition(out.begin(), out.end(),
                        [](const std::string& m) { return !scenario_input(m); });
  return out;
}

std::string metric_label(const std::string& metric, const std::string& unit, bool mean) {
  return (mean ? "mean " : "") + metric + (unit.empty() ? "" : " (" + unit + ")");
}

double user_offset(size_t k, size_t n) {
  if (n <= 1) return 0;
  return -0.15 + 0.3 * static_cast<double>(k) / static_cast<double>(n - 1);
}

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
  // One numeric parameter: the means joined by a line in its order; else points alone. The
  // settings stand along x by name, each a category (docs/figures.md).
  std::vector<std::vector<std::string>> values;
  for (const auto& s : m.settings.names()) values.push_back(values_of[s]);
  const std::vector<std::string> labels = setting_labels(params, values, m.settings.names());
  std::vector<size_t> varied;
  for (size_t p = 0; p < params.size(); ++p)
    if (std::any_of(values.begin(), values.end(), [&](auto& v) { return v[p] != values[0][p]; }))
      varied.push_back(p);
  const std::string x_label = varied.size() == 1 ? params[varied[0]] : "setting";
  bool numeric = varied.size() == 1;
  for (const auto& v : values)
    if (numeric && !parsed_number(v[varied[0]])) numeric = false;

  // Every user of summary.csv and runs.csv in natural order: a user keeps its style in every
  // figure, and the legends list the users in that order.
  const std::vector<std::string> all_users = user_palette(dir);
  const NameIndex user_of(all_users);
  const size_t runs_user = runs.column("user"), runs_setting = runs.column("setting");
  const std::map<std::string, std::string> models = user_models(dir);

  std::vector<NamedChart> charts;
  for (const std::string& metric : outcomes_first(m.metrics.names())) {
    const size_t k = m.metrics[metric];
    Chart c;
    c.title =
        metric + ": mean and 95 % confidence interval per setting (" + name + ", summary.csv)";
    c.kind = numeric ? Chart::Kind::Line : Chart::Kind::Scatter;
    c.mean_points = true;
    c.x_label = x_label;
    c.categories = labels;
    std::vector<std::string> shown;
    for (const auto& user : all_users)
      if (m.users.has(user)) shown.push_back(user);  // else only runs.csv names it: no mean
    c.y_label = metric_label(metric, metric_unit(metric, models, shown), true);
    for (size_t i = 0; i < shown.size(); ++i) {
      const size_t u = m.users[shown[i]];
      Series series{shown[i], {}, {}, {}};
      for (size_t s = 0; s < m.settings.size(); ++s) {
        auto it = m.values.find({s, u, k});
        series.x.push_back(static_cast<double>(s) + user_offset(i, shown.size()));
        series.y.push_back(it == m.values.end() ? kNoValue : it->second.first);
        series.y_err.push_back(it == m.values.end() ? kNoValue : it->second.second);
      }
      c.series.push_back(std::move(series));
    }
    floor_at_zero(c);
    style_by_name(c, all_users);
    charts.emplace_back("mean_" + metric, std::move(c));
  }

  // Every run's value: the distribution over the replications.
  const size_t first_metric = runs.column("user") + 1;
  std::vector<std::string> run_metrics(runs.header.begin() + static_cast<long>(first_metric),
                                       runs.header.end());
  for (const std::string& metric : outcomes_first(run_metrics)) {
    const size_t col = runs.column(metric);
    Chart c;
    c.kind = Chart::Kind::Scatter;
    c.title = metric + ": every run, per setting (" + name + ", runs.csv)";
    c.y_label = metric_label(metric, metric_unit(metric, models, all_users), false);
    c.x_label = x_label;
    c.categories = labels;
    for (const auto& user : all_users) c.series.push_back(Series{user, {}, {}, {}});
    for (size_t r = 0; r < runs.rows.size(); ++r) {
      const auto& row = runs.rows[r];
      const size_t u = user_of[row[runs_user]];
      const double v = value_cell(runs_path, r, row[col]);
      if (std::isnan(v) || !m.settings.has(row[runs_setting])) continue;
      c.series[u].x.push_back(static_cast<double>(m.settings[row[runs_setting]]) +
                              user_offset(u, all_users.size()));
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

  const std::map<std::string, std::string> models = user_models(dir);
  std::vector<std::string> seed_names;
  for (const auto& seed : seeds) seed_names.push_back(std::to_string(seed.first));

  std::vector<NamedChart> charts;
  for (const std::string& metric : outcomes_first(m.metrics.names())) {
    const size_t k = m.metrics[metric];
    const std::string unit = metric_unit(metric, models, users);
    // A bar per user side by side, each in its user's colour (as in every other chart).
    Chart mean;
    mean.kind = Chart::Kind::Bar;
    mean.title = metric + ": mean and 95 % confidence interval over " +
                 std::to_string(seeds.size()) + " seeds (" + name + ", reps.csv)";
    mean.x_label = "";
    mean.y_label = metric_label(metric, unit, true);
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
    each.y_label = metric_label(metric, unit, false);
    each.categories = seed_names;  // a tic per seed, none between
    for (const auto& user : users) each.series.push_back(Series{user, {}, {}, {}});
    for (size_t at = 0; at < seeds.size(); ++at) {
      const fs::path& path = seeds[at].second;
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
        const size_t place = static_cast<size_t>(it - users.begin());
        s.x.push_back(static_cast<double>(at) + user_offset(place, users.size()));
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
