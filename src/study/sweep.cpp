#include "study/sweep.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/results.hpp"
#include "core/stats.hpp"
#include "version.hpp"

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

namespace botsim::study {

std::string sweep_parameter_field(const std::string& name) { return "parameters.\"" + name + "\""; }

namespace {

std::string resolve(const json& spec, const char* key, const std::string& file,
                    const std::string& base_dir) {
  if (!spec.contains(key)) throw InputError(file, key, "is required but missing");
  if (!spec.at(key).is_string()) throw InputError(file, key, "must be a file name (a string)");
  fs::path p = spec.at(key).get<std::string>();
  if (p.is_relative()) p = fs::path(base_dir) / p;
  std::error_code ec;
  if (!fs::is_regular_file(p, ec))
    throw InputError(file, key,
                     "cannot open " + quote_text(p.string()) + " (paths are relative to the spec)");
  return fs::absolute(p).lexically_normal().string();
}

// "plugins": files of policies (docs/policies.md), relative to the spec; each run loads them.
std::vector<std::string> read_plugins(const json& spec, const std::string& file,
                                      const std::string& base_dir) {
  std::vector<std::string> out;
  if (!spec.contains("plugins")) return out;
  const json& list = spec.at("plugins");
  if (!list.is_array())
    throw InputError(file, "plugins", "must be a list of file names (.so or .py)");
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string field = "plugins[" + std::to_string(i) + "]";
    json one = json::object();
    one[field] = list[i];
    out.push_back(resolve(one, field.c_str(), file, base_dir));
  }
  return out;
}

std::vector<SweepParameter> read_parameters(const json& spec, const std::string& file) {
  std::vector<SweepParameter> out;
  if (!spec.contains("parameters")) return out;
  const json& params = spec.at("parameters");
  if (!params.is_object())
    throw InputError(file, "parameters", "must be an object: {\"ACTOR.PROP\": [values...]}");
  for (const auto& [name, values] : params.items()) {
    const std::string field = sweep_parameter_field(name);
    const size_t dot = name.rfind('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == name.size() ||
        name.find('=') != std::string::npos)
      throw InputError(file, field, "is not ACTOR.PROP (ACTOR: an actor's name or host)");
    SweepParameter p{name, name.substr(0, dot), name.substr(dot + 1), {}};
    if (!values.is_array()) throw InputError(file, field, "must be a list of values");
    if (values.empty()) throw InputError(file, field, "empty value list");
    for (const auto& v : values) {
      if (v.is_string())
        p.values.push_back(v.get<std::string>());
      else if (v.is_number())
        p.values.push_back(v.dump());
      else
        throw InputError(file, field, "values must be strings or numbers, not " + v.dump());
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<std::string> read_metrics(const json& spec, const std::string& file) {
  if (!spec.contains("metrics") || !spec.at("metrics").is_array() || spec.at("metrics").empty())
    throw InputError(file, "metrics",
                     "must be a non-empty list of summary.json user fields, e.g. [\"makespan_s\"]");
  std::vector<std::string> out;
  for (size_t i = 0; i < spec.at("metrics").size(); ++i) {
    const json& m = spec.at("metrics")[i];
    const std::string field = "metrics[" + std::to_string(i) + "]";
    if (!m.is_string() || m.get<std::string>().empty())
      throw InputError(file, field, "must be a field name (a string)");
    if (std::find(out.begin(), out.end(), m.get<std::string>()) != out.end())
      throw InputError(file, field, quote_text(m.get<std::string>()) + " is listed twice");
    out.push_back(m.get<std::string>());
  }
  return out;
}

long long whole_number(const json& spec, const char* key, long long fallback, long long min,
                       long long max, const std::string& file) {
  if (!spec.contains(key)) return fallback;
  const json& v = spec.at(key);
  // An unsigned number past long long's range reads back negative, below every min here.
  if (!v.is_number_integer() || v.get<long long>() < min || v.get<long long>() > max)
    throw InputError(file, key,
                     fmt::format("must be a whole number in [{}, {}], not {}", min, max, v.dump()));
  return v.get<long long>();
}

std::string read_over_users(const json& spec, const std::string& file) {
  if (!spec.contains("over_users")) return "";
  static const std::vector<std::string> kKnown{"each", "mean", "sum", "min", "max"};
  const json& v = spec.at("over_users");
  if (!v.is_string() ||
      std::find(kKnown.begin(), kKnown.end(), v.get<std::string>()) == kKnown.end())
    throw InputError(file, "over_users",
                     "must be one of each, mean, sum, min, max (not " + v.dump() + ")");
  return v == "each" ? "" : v.get<std::string>();
}

// Counts the settings and runs before any is built: a spec of 10^9 settings ran out of memory.
void check_size(const SweepSpec& s, const std::string& file) {
  long long settings = 1;
  for (const auto& p : s.parameters) {
    settings *= static_cast<long long>(p.values.size());  // each factor <= kMaxSweepSettings
    if (settings > kMaxSweepSettings)
      throw InputError(file, "parameters",
                       fmt::format("expand to more than {} settings (the product of the numbers "
                                   "of values): split the sweep",
                                   kMaxSweepSettings));
  }
  if (settings * s.replications > kMaxSweepRuns)
    throw InputError(
        file, "replications",
        fmt::format("{} settings x {} replications = {} runs, more than {}: split "
                    "the sweep or give fewer replications",
                    settings, s.replications, settings * s.replications, kMaxSweepRuns));
}

}  // namespace

SweepSpec parse_sweep_spec(const std::string& text, const std::string& file,
                           const std::string& base_dir) {
  json spec;
  try {
    spec = json::parse(text);
  } catch (const json::exception& e) {  // a parse error, or a number too large (out_of_range)
    throw InputError(file, "", std::string("malformed JSON: ") + e.what());
  }
  if (!spec.is_object()) throw InputError(file, "", "a sweep spec is a JSON object");
  static const std::set<std::string> kFields{"description", "platform",     "deployment",
                                             "parameters",  "replications", "seed",
                                             "metrics",     "over_users",   "plugins"};
  for (const auto& [key, value] : spec.items())
    if (!kFields.count(key))
      throw InputError(file, key,
                       "unknown field (known: description, platform, deployment, parameters, "
                       "replications, seed, metrics, over_users, plugins)");
  SweepSpec s;
  s.file = file;
  s.platform = resolve(spec, "platform", file, base_dir);
  s.deployment = resolve(spec, "deployment", file, base_dir);
  s.plugins = read_plugins(spec, file, base_dir);
  s.parameters = read_parameters(spec, file);
  s.replications = static_cast<int>(whole_number(spec, "replications", 1, 1, 100000, file));
  s.seed = static_cast<unsigned long long>(whole_number(spec, "seed", 1, 0, 1LL << 62, file));
  check_size(s, file);
  s.metrics = read_metrics(spec, file);
  s.over_users = read_over_users(spec, file);
  return s;
}

SweepSpec read_sweep_spec(const std::string& path) {
  return parse_sweep_spec(read_input_file(path, "sweep spec"), path,
                          fs::path(path).parent_path().string());
}

std::vector<std::vector<std::string>> sweep_settings(const SweepSpec& spec) {
  std::vector<std::vector<std::string>> settings{{}};
  for (const auto& p : spec.parameters) {
    std::vector<std::vector<std::string>> next;
    for (const auto& s : settings)
      for (const auto& v : p.values) {
        next.push_back(s);
        next.back().push_back(v);
      }
    settings = std::move(next);
  }
  return settings;
}

std::vector<std::string> setting_args(const SweepSpec& spec,
                                      const std::vector<std::string>& values) {
  std::vector<std::string> args;
  for (size_t i = 0; i < spec.parameters.size(); ++i) {
    args.push_back("--set");
    args.push_back(spec.parameters[i].name + "=" + values.at(i));
  }
  return args;
}

const std::vector<std::string>& contract_metrics() {
  static const std::vector<std::string> kMetrics{
      "tasks_total", "tasks_done",   "start_s",   "finish_s",      "makespan_s",
      "deadline_s",  "met_deadline", "fund",      "allowance",     "allowance_interval_s",
      "budget",      "spent",        "instances", "charged_units", "messages"};
  return kMetrics;
}

namespace {

std::optional<double> metric_value(const json& user, const std::string& metric,
                                   const SweepSpec& spec, size_t index) {
  if (!user.contains(metric)) return std::nullopt;
  const json& v = user.at(metric);
  if (v.is_null()) return std::nullopt;
  if (v.is_boolean()) return v.get<bool>() ? 1.0 : 0.0;
  if (v.is_number()) return v.get<double>();
  throw InputError(spec.file, "metrics[" + std::to_string(index) + "]",
                   quote_text(metric) + " is not a number or yes/no (it is " + v.dump() + ")");
}

std::optional<double> over(const std::string& how, const std::vector<double>& v) {
  if (v.empty()) return std::nullopt;
  if (how == "min") return *std::min_element(v.begin(), v.end());
  if (how == "max") return *std::max_element(v.begin(), v.end());
  double sum = 0;
  for (double x : v) sum += x;
  return how == "sum" ? sum : sum / static_cast<double>(v.size());
}

}  // namespace

std::vector<std::pair<std::string, std::vector<std::optional<double>>>> metric_rows(
    const SweepSpec& spec, const nlohmann::ordered_json& summary) {
  const json& users = summary.at("users");
  std::vector<std::pair<std::string, std::vector<std::optional<double>>>> rows;
  for (size_t m = 0; m < spec.metrics.size(); ++m) {
    bool any = false;
    for (const auto& u : users) any = any || u.contains(spec.metrics[m]);
    if (!any) {
      std::string fields;
      if (!users.empty())
        for (const auto& [k, v] : users.front().items()) fields += (fields.empty() ? "" : ", ") + k;
      throw InputError(spec.file, "metrics[" + std::to_string(m) + "]",
                       "unknown metric '" + spec.metrics[m] +
                           "': no user of the run has it (fields: " + fields + ")");
    }
  }
  for (const auto& u : users) {
    std::vector<std::optional<double>> values;
    for (size_t m = 0; m < spec.metrics.size(); ++m)
      values.push_back(metric_value(u, spec.metrics[m], spec, m));
    rows.emplace_back(u.at("name").get<std::string>(), std::move(values));
  }
  if (spec.over_users.empty()) return rows;
  std::vector<std::optional<double>> all;
  for (size_t m = 0; m < spec.metrics.size(); ++m) {
    std::vector<double> v;
    for (const auto& [name, values] : rows)
      if (values[m]) v.push_back(*values[m]);
    all.push_back(over(spec.over_users, v));
  }
  return {{"all", all}};
}

namespace {

std::vector<std::string> setting_columns(size_t index,
                                         const std::vector<std::vector<std::string>>& settings) {
  std::vector<std::string> row{std::to_string(index + 1)};
  for (const auto& v : settings.at(index)) row.push_back(v);
  return row;
}

std::vector<std::string> header_with(const SweepSpec& spec, std::vector<std::string> tail) {
  std::vector<std::string> h{"setting"};
  for (const auto& p : spec.parameters) h.push_back(p.name);
  h.insert(h.end(), tail.begin(), tail.end());
  return h;
}

}  // namespace

CsvTable sweep_runs_table(const SweepSpec& spec,
                          const std::vector<std::vector<std::string>>& settings,
                          const std::vector<SweepRun>& runs) {
  CsvTable t{header_with(spec, {"seed", "user"}), {}};
  t.header.insert(t.header.end(), spec.metrics.begin(), spec.metrics.end());
  for (const auto& r : runs) {
    auto row = setting_columns(r.setting, settings);
    row.push_back(std::to_string(r.seed));
    row.push_back(r.user);
    for (const auto& v : r.values) row.push_back(csv_number(v));
    t.rows.push_back(std::move(row));
  }
  return t;
}

CsvTable sweep_summary_table(const SweepSpec& spec,
                             const std::vector<std::vector<std::string>>& settings,
                             const std::vector<SweepRun>& runs) {
  CsvTable t{header_with(spec, {"user", "metric", "n", "mean", "sd", "ci95_low", "ci95_high"}), {}};
  // (setting, user) in the order the runs first show them.
  std::vector<std::pair<size_t, std::string>> groups;
  std::map<std::pair<size_t, std::string>, std::vector<const SweepRun*>> members;
  for (const auto& r : runs) {
    auto key = std::make_pair(r.setting, r.user);
    if (!members.count(key)) groups.push_back(key);
    members[key].push_back(&r);
  }
  auto cell = [](double x) { return std::isfinite(x) ? csv_number(x) : std::string(); };
  for (const auto& key : groups)
    for (size_t m = 0; m < spec.metrics.size(); ++m) {
      std::vector<double> v;
      for (const auto* r : members[key])
        if (r->values[m]) v.push_back(*r->values[m]);
      Stats s = stats(v);
      const double half = ci95_half_width(s);
      auto row = setting_columns(key.first, settings);
      row.insert(row.end(), {key.second, spec.metrics[m], std::to_string(s.n), cell(s.mean),
                             cell(s.sd), cell(s.mean - half), cell(s.mean + half)});
      t.rows.push_back(std::move(row));
    }
  return t;
}

}  // namespace botsim::study
