// Fuzz target: sweep specifications (study/sweep.hpp), as `botsim sweep SPEC` reads them.
// A spec either reads as one whose every field is within its bounds (parameters ACTOR.PROP with
// at least one value, replications in range, distinct metrics, a known aggregation) or is
// refused with InputError naming the spec; its settings, --set arguments and tables of a run's
// rows then agree with it.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "core/error.hpp"
#include "fuzz_support.hpp"
#include "study/sweep.hpp"

using namespace botsim;
using namespace botsim::study;
using botsim::fuzz::check;
namespace fs = std::filesystem;

namespace {

// The directory relative paths resolve against: it holds platform.xml and deployment.xml
// (the reader only checks that the files exist), one per process.
const std::string& base_dir() {
  static const struct Dir {
    std::string path =
        (fs::temp_directory_path() / ("botsim-fuzz-sweep-" + std::to_string(getpid()))).string();
    Dir() {
      fs::create_directories(path);
      std::ofstream(path + "/platform.xml");
      std::ofstream(path + "/deployment.xml");
    }
    ~Dir() {
      std::error_code ec;
      fs::remove_all(path, ec);
    }
  } dir;
  return dir.path;
}

void check_fields(const SweepSpec& s, const std::string& text) {
  std::set<std::string> names;
  for (const auto& p : s.parameters) {
    check(!p.actor.empty() && !p.prop.empty() && p.actor + "." + p.prop == p.name &&
              p.name.find('=') == std::string::npos,
          "a parameter is not ACTOR.PROP", text);
    check(!p.values.empty(), "a parameter without values", text);
    check(names.insert(p.name).second, "a parameter read twice", text);
  }
  check(s.replications >= 1 && s.replications <= 100000, "replications out of range", text);
  long long settings = 1;
  for (const auto& p : s.parameters) {
    settings *= static_cast<long long>(p.values.size());
    check(settings <= kMaxSweepSettings, "more settings than the cap", text);
  }
  check(settings * s.replications <= kMaxSweepRuns, "more runs than the cap", text);
  check(s.seed <= (1ULL << 62), "seed out of range", text);
  check(!s.metrics.empty(), "no metrics", text);
  std::set<std::string> metrics(s.metrics.begin(), s.metrics.end());
  check(metrics.size() == s.metrics.size() && !metrics.count(""), "metrics not distinct", text);
  check(s.over_users.empty() || s.over_users == "mean" || s.over_users == "sum" ||
            s.over_users == "min" || s.over_users == "max",
        "unknown aggregation over users", text);
  check(fs::path(s.platform).is_absolute() && fs::path(s.deployment).is_absolute(),
        "platform or deployment not made absolute", text);
}

// The settings are the cross product (never more than kMaxSweepSettings: check_fields) and
// each one's --set arguments name every parameter once, in order.
std::vector<std::vector<std::string>> check_settings(const SweepSpec& s, const std::string& text) {
  size_t count = 1;
  for (const auto& p : s.parameters) count *= p.values.size();
  auto settings = sweep_settings(s);
  check(settings.size() == count, "settings are not the cross product", text);
  for (const auto& values : settings) {
    check(values.size() == s.parameters.size(), "a setting without a value per parameter", text);
    auto args = setting_args(s, values);
    check(args.size() == 2 * values.size(), "not one --set per parameter", text);
    for (size_t i = 0; i < values.size(); ++i)
      check(args[2 * i] == "--set" && args[2 * i + 1] == s.parameters[i].name + "=" + values[i],
            "a --set argument is not NAME=VALUE", text);
  }
  return settings;
}

// A run's summary.json: two users, a number, a yes/no, a null and a text field.
const nlohmann::ordered_json& summary() {
  static const auto kSummary = nlohmann::ordered_json::parse(R"({"users": [
    {"name": "U0", "tasks_total": 4, "spent": 1.5, "met_deadline": true, "finish_s": null},
    {"name": "U1", "tasks_total": 2, "spent": 0, "met_deadline": false, "finish_s": 10}]})");
  return kSummary;
}

void check_rows(const SweepSpec& s, const std::vector<std::vector<std::string>>& settings,
                const std::string& text) {
  std::vector<SweepRun> runs;
  try {
    for (auto& [user, values] : metric_rows(s, summary())) {
      check(values.size() == s.metrics.size(), "a row without a value per metric", text);
      runs.push_back({0, s.seed, user, values});
    }
  } catch (const InputError& e) {
    check(std::string(e.what()).rfind("fuzz.json: metrics[", 0) == 0,
          "a metric refused without naming it", text);
    return;
  }
  check(runs.size() == (s.over_users.empty() ? 2u : 1u), "not a row per user or one in all", text);
  if (settings.empty()) return;
  check(sweep_runs_table(s, settings, runs).rows.size() == runs.size(),
        "runs.csv without a row per run and user", text);
  check(sweep_summary_table(s, settings, runs).rows.size() == runs.size() * s.metrics.size(),
        "summary.csv without a row per user and metric", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::text_of(data, size);
  SweepSpec spec;
  try {
    spec = parse_sweep_spec(text, "fuzz.json", base_dir());
  } catch (const InputError& e) {
    check(std::string(e.what()).rfind("fuzz.json: ", 0) == 0, "an error not naming the spec", text);
    return 0;
  }
  check_fields(spec, text);
  check_rows(spec, check_settings(spec, text), text);
  return 0;
}
