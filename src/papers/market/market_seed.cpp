#include "papers/market/market_seed.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include "core/results.hpp"
#include "core/stats.hpp"
#include "core/units.hpp"

namespace botsim::papers {

using campaign::Finding;

namespace {

constexpr const char* kSeedHourly = "per_started_unit";
constexpr const char* kSeedPerSecond = "per_second";

std::string seed_cell(double v) { return std::isfinite(v) ? csv_number(v) : ""; }

double seed_number(const std::string& cell) {
  return cell.empty() ? std::nan("") : std::stod(cell);
}

double seed_mean(const std::vector<double>& v) { return stats(v).mean; }

double seed_largest(const std::vector<double>& v) {
  return v.empty() ? std::nan("") : *std::max_element(v.begin(), v.end());
}

// |per second / per started hour - 1| in %: 0 when both runs are incomplete with as many tasks
// done, infinite when the rules end differently (the bill changed how far the bag got).
double seed_makespan_change(double hourly, double per_second, long hourly_done,
                            long per_second_done) {
  const bool h = std::isfinite(hourly), s = std::isfinite(per_second);
  if (!h && !s) return hourly_done == per_second_done ? 0 : INFINITY;
  if (h != s) return INFINITY;
  return std::abs(per_second / hourly - 1) * 100;
}

// Per-started-hour first, then per second.
bool seed_hourly_first(const std::string& a, const std::string& b) { return a > b; }

// A table's rows paired by `key` columns: key -> billing -> row. A Silva row whose hosts finish
// their task past the hour is filed as kSeedFinish.
constexpr const char* kSeedFinish = "per_second finish";
// Keys compared cell by cell, numbers as numbers (seed 5 before seed 10).
struct SeedKeyLess {
  bool operator()(const std::vector<std::string>& a, const std::vector<std::string>& b) const {
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
      if (a[i] == b[i]) continue;
      char* end_a = nullptr;
      char* end_b = nullptr;
      const double x = std::strtod(a[i].c_str(), &end_a), y = std::strtod(b[i].c_str(), &end_b);
      if (!a[i].empty() && !b[i].empty() && *end_a == '\0' && *end_b == '\0' && x != y)
        return x < y;
      return a[i] < b[i];
    }
    return a.size() < b.size();
  }
};
using SeedPairs = std::map<std::vector<std::string>,
                           std::map<std::string, std::vector<std::string>>, SeedKeyLess>;

SeedPairs seed_pairs(const CsvTable& t, const std::vector<std::string>& key) {
  std::vector<size_t> cols;
  for (const auto& k : key) cols.push_back(t.column(k));
  const size_t billing = t.column("billing");
  const auto& h = t.header;
  const bool has_hour_end = std::find(h.begin(), h.end(), "hour_end") != h.end();
  SeedPairs out;
  for (const auto& row : t.rows) {
    std::vector<std::string> k;
    for (size_t c : cols) k.push_back(row[c]);
    const bool finish = has_hour_end && row[t.column("hour_end")] == "finish";
    out[k][finish ? row[billing] + " finish" : row[billing]] = row;
  }
  return out;
}

// Silva's variants in the table's order: per started hour, per second, per second finishing.
int seed_variant(const SilvaBillingRun& r) {
  return r.billing == kSeedHourly ? 0 : (r.hour_end == "finish" ? 2 : 1);
}

}  // namespace

CsvTable market_silva_table(const std::vector<SilvaBillingRun>& runs) {
  std::vector<const SilvaBillingRun*> sorted;
  for (const auto& r : runs) sorted.push_back(&r);
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) {
    if (std::tie(a->creation_ratio, a->increase_ratio, a->seed) !=
        std::tie(b->creation_ratio, b->increase_ratio, b->seed))
      return std::tie(a->creation_ratio, a->increase_ratio, a->seed) <
             std::tie(b->creation_ratio, b->increase_ratio, b->seed);
    return seed_variant(*a) < seed_variant(*b);
  });
  CsvTable t{{"creation_ratio", "increase_ratio", "seed", "billing", "hour_end", "makespan_s",
              "hosts", "spent", "work_s", "lost_tasks", "lost_s"},
             {}};
  for (const auto* r : sorted)
    t.rows.push_back({format_number(r->creation_ratio), format_number(r->increase_ratio),
                      std::to_string(r->seed), r->billing, r->hour_end, seed_cell(r->makespan_s),
                      std::to_string(r->hosts), csv_number(r->spent), csv_number(r->work_s),
                      std::to_string(r->lost_tasks), csv_number(r->lost_s)});
  return t;
}

CsvTable market_bats_schedules_table(const std::vector<BatsScheduleRun>& runs) {
  auto rank = [](const std::string& s) {
    return std::find(kMarketBatsScenarios.begin(), kMarketBatsScenarios.end(), s) -
           kMarketBatsScenarios.begin();
  };
  std::vector<const BatsScheduleRun*> sorted;
  for (const auto& r : runs) sorted.push_back(&r);
  std::stable_sort(sorted.begin(), sorted.end(), [&](const auto* a, const auto* b) {
    const auto ka = std::make_tuple(rank(a->scenario), a->scenario, a->schedule, a->seed);
    const auto kb = std::make_tuple(rank(b->scenario), b->scenario, b->schedule, b->seed);
    if (ka != kb) return ka < kb;
    return seed_hourly_first(a->billing, b->billing);
  });
  CsvTable t{
      {"scenario", "schedule", "seed", "billing", "tasks_done", "makespan_s", "spent", "budget"},
      {}};
  for (const auto* r : sorted)
    t.rows.push_back({r->scenario, std::to_string(r->schedule), std::to_string(r->seed), r->billing,
                      std::to_string(r->tasks_done), seed_cell(r->makespan_s), csv_number(r->spent),
                      seed_cell(r->budget)});
  return t;
}

std::vector<Finding> market_silva_findings(const CsvTable& silva) {
  const SeedPairs runs = seed_pairs(silva, {"creation_ratio", "increase_ratio", "seed"});
  const size_t makespan = silva.column("makespan_s"), hosts = silva.column("hosts"),
               spent = silva.column("spent"), work = silva.column("work_s"),
               lost_tasks = silva.column("lost_tasks"), lost_s = silva.column("lost_s");
  std::vector<double> host_change, span_change, ratio, hourly_spent, second_spent, lost_share,
      second_work, cut, lost_cost;
  std::vector<std::string> share_run;
  std::string span_worst;
  double span_worst_value = 0;
  // Per setting: spent per started hour and per second, for the text.
  std::map<std::pair<double, double>, std::pair<double, double>> by_setting;
  std::map<std::pair<double, double>, std::vector<double>> by_setting_span;  // per second
  for (const auto& [key, rules] : runs) {
    if (!rules.count(kSeedHourly) || !rules.count(kSeedPerSecond)) continue;
    const auto& h = rules.at(kSeedHourly);
    const auto& s = rules.at(kSeedPerSecond);
    host_change.push_back(std::abs(std::stod(s[hosts]) - std::stod(h[hosts])));
    // The heuristic ends a run unfinished only without its liveness rule: count tasks as equal.
    span_change.push_back(
        seed_makespan_change(seed_number(h[makespan]), seed_number(s[makespan]), 0, 0));
    if (span_change.back() > std::max(span_worst_value, 0.0)) {
      span_worst_value = span_change.back();
      span_worst = fmt::format("cr {}/ir {} seed {}", key[0], key[1], key[2]);
    }
    const double hs = std::stod(h[spent]), ss = std::stod(s[spent]);
    ratio.push_back(ss / hs * 100);
    hourly_spent.push_back(hs);
    second_spent.push_back(ss);
    second_work.push_back(std::stod(s[work]) * kMarketSilvaPrice / 3600);
    lost_cost.push_back(std::stod(s[lost_s]) * kMarketSilvaPrice / 3600);
    lost_share.push_back(lost_cost.back() / ss * 100);
    cut.push_back(std::stod(s[lost_tasks]));
    share_run.push_back(fmt::format("cr {}/ir {} seed {}", key[0], key[1], key[2]));
    auto& [sum_h, sum_s] = by_setting[{std::stod(key[0]), std::stod(key[1])}];
    sum_h += hs;
    sum_s += ss;
    by_setting_span[{std::stod(key[0]), std::stod(key[1])}].push_back(seed_number(s[makespan]));
  }
  std::vector<Finding> out;
  Finding same_hosts = campaign::at_most(
      "silva same hosts", "billed per second, Silva's heuristic starts the same hosts",
      "not in the paper (hourly billing): the heuristic sizes the pool from task times and the "
      "hour (Fig. 3)",
      "largest |hosts per second - per started hour| over the settings and seeds",
      seed_largest(host_change), 0, "hosts");
  same_hosts.botsim = fmt::format("largest difference {} hosts over {} runs",
                                  seed_largest(host_change), host_change.size());
  same_hosts.spread_over(host_change);
  if (!same_hosts.holds())
    same_hosts.cause = "the bill changes what the heuristic sees (docs/market.md, Findings)";
  out.push_back(same_hosts);
  Finding same_span = campaign::at_most(
      "silva same makespan", "billed per second, Silva's heuristic ends the job at the same time",
      "not in the paper (hourly billing)",
      "largest |makespan per second / per started hour - 1| over the settings and seeds, in %",
      seed_largest(span_change), 1, "%");
  same_span.botsim =
      fmt::format("largest change {:.3f} %{} over {} runs", seed_largest(span_change),
                  span_worst_value > 0 ? " (" + span_worst + ")" : "", span_change.size());
  same_span.spread_over(span_change);
  if (!same_span.holds())
    same_span.cause = "the bill changes what the heuristic sees (docs/market.md, Findings)";
  out.push_back(same_span);
  std::string settings;
  for (const auto& [setting, sums] : by_setting)
    settings += fmt::format("{}cr {}/ir {} {:.1f} %", settings.empty() ? "" : ", ",
                            format_number(setting.first), format_number(setting.second),
                            sums.second / sums.first * 100);
  // Per setting, the mean spent per second: its range, and the fastest setting's cost.
  double lo = INFINITY, hi = -INFINITY, fastest_span = INFINITY, fastest_spent = 0;
  std::string cheapest, dearest, fastest;
  for (const auto& [setting, sums] : by_setting) {
    const std::string name =
        fmt::format("cr {}/ir {}", format_number(setting.first), format_number(setting.second));
    const double n = static_cast<double>(by_setting_span[setting].size());
    const double spent_mean = sums.second / n, span_mean = seed_mean(by_setting_span[setting]);
    if (spent_mean < lo) lo = spent_mean, cheapest = name;
    if (spent_mean > hi) hi = spent_mean, dearest = name;
    if (span_mean < fastest_span)
      fastest_span = span_mean, fastest = name, fastest_spent = spent_mean;
  }
  Finding cheaper = campaign::at_most(
      "silva per-second cheaper", "billed per second, Silva's heuristic costs no more",
      "not in the paper (hourly billing)", "mean spent per second / per started hour, in %",
      seed_mean(second_spent) / seed_mean(hourly_spent) * 100, 100, "%");
  cheaper.botsim = fmt::format(
      "{:.3f} $ against {:.3f} $ per started hour, for {:.3f} $ of work ({})",
      seed_mean(second_spent), seed_mean(hourly_spent), seed_mean(second_work), settings);
  cheaper.spread_over(ratio);
  if (!cheaper.holds())
    cheaper.cause = "minimum charges outweigh the unused ends of hours (docs/market.md, Findings)";
  out.push_back(cheaper);
  Finding flat = campaign::at_most(
      "silva per-second flat",
      "billed per second, the heuristic's settings cost about the same: the fastest costs no more",
      "not in the paper (hourly billing): each host it rents pays its whole hour (Figs 6 and 7: "
      "the "
      "settings differ in hosts)",
      "(largest - smallest mean spent per second) / smallest over the settings, in %",
      by_setting.empty() ? std::nan("") : (hi - lo) / lo * 100, 2, "%");
  flat.botsim = fmt::format(
      "{:.2f} % ({} {:.4f} $, {} {:.4f} $; the fastest, {}, {:.0f} s for {:.4f} $)",
      (hi - lo) / lo * 100, dearest, hi, cheapest, lo, fastest, fastest_span, fastest_spent);
  if (!flat.holds())
    flat.cause =
        "idle ends of hours or minimum charges grow with the hosts (docs/market.md, "
        "Findings)";
  out.push_back(flat);
  Finding stop = campaign::at_most(
      "silva hour-end stop cheap per second",
      "billed per second, stopping each host at the end of its first hour wastes little",
      "not in the paper: its hosts stop before the charged hour ends (section 4)",
      "money per second on attempts cut by the stops / spent per second, in %",
      seed_mean(lost_cost) / seed_mean(second_spent) * 100, 1, "%");
  stop.botsim = fmt::format("{:.2f} attempts cut per run, {:.4f} $ of {:.3f} $", seed_mean(cut),
                            seed_mean(lost_cost), seed_mean(second_spent));
  stop.spread_over(lost_share);
  std::string above;  // the runs above the threshold, with their cut attempts
  for (size_t k = 0; k < lost_share.size(); ++k)
    if (lost_share[k] > 1)
      above += fmt::format("{}{} ({} cut, {:.2f} %)", above.empty() ? "" : ", ", share_run[k],
                           cut[k], lost_share[k]);
  if (!stop.holds())
    stop.cause = "tasks long against the hour are cut at its end (docs/market.md, Findings)";
  else if (!above.empty())
    stop.cause =
        "runs whose hosts' hour ends cut more work: " + above + " (docs/market.md, Findings)";
  out.push_back(stop);

  // hour_end="finish" against the paper's stop, both per second.
  std::vector<double> span_ratio, spent_ratio, stop_span, finish_span, stop_spent, finish_spent;
  long stop_cut = 0, finish_cut = 0;
  for (const auto& [key, rules] : runs) {
    if (!rules.count(kSeedPerSecond) || !rules.count(kSeedFinish)) continue;
    const auto& a = rules.at(kSeedPerSecond);
    const auto& b = rules.at(kSeedFinish);
    const double sa = seed_number(a[makespan]), sb = seed_number(b[makespan]);
    span_ratio.push_back(sb / sa * 100);  // NaN (a run unfinished) never holds
    stop_span.push_back(sa);
    finish_span.push_back(sb);
    spent_ratio.push_back(std::stod(b[spent]) / std::stod(a[spent]) * 100);
    stop_spent.push_back(std::stod(a[spent]));
    finish_spent.push_back(std::stod(b[spent]));
    stop_cut += std::stol(a[lost_tasks]);
    finish_cut += std::stol(b[lost_tasks]);
  }
  if (span_ratio.empty()) return out;
  Finding shorter = campaign::at_most(
      "silva finish shorter",
      "billed per second, hosts that finish their task past the hour end the job no later",
      "not in the paper: its hosts stop before the charged hour ends (section 4); "
      "hour_end=\"finish\" is botsim's switch",
      "mean makespan with hour_end=finish / with the stop, per second, in %",
      seed_mean(finish_span) / seed_mean(stop_span) * 100, 100, "%");
  shorter.botsim = fmt::format("{:.0f} s against {:.0f} s ({} attempts cut against {})",
                               seed_mean(finish_span), seed_mean(stop_span), finish_cut, stop_cut);
  shorter.spread_over(span_ratio);
  if (!shorter.holds())
    shorter.cause =
        "hosts kept past the hour take tasks from later ones (docs/market.md, Findings)";
  out.push_back(shorter);
  Finding no_dearer = campaign::at_most(
      "silva finish no dearer",
      "billed per second, hosts that finish their task past the hour cost no more",
      "not in the paper: its hosts stop before the charged hour ends (section 4); "
      "hour_end=\"finish\" is botsim's switch",
      "mean spent with hour_end=finish / with the stop, per second, in %",
      seed_mean(finish_spent) / seed_mean(stop_spent) * 100, 100, "%");
  no_dearer.botsim =
      fmt::format("{:.4f} $ against {:.4f} $", seed_mean(finish_spent), seed_mean(stop_spent));
  no_dearer.spread_over(spent_ratio);
  if (!no_dearer.holds())
    no_dearer.cause =
        "the seconds past the hour cost more than the attempts cut (docs/market.md, Findings)";
  out.push_back(no_dearer);
  return out;
}

std::vector<Finding> market_bats_schedule_findings(const CsvTable& schedules) {
  const SeedPairs runs = seed_pairs(schedules, {"scenario", "schedule", "seed"});
  const size_t makespan = schedules.column("makespan_s"), spent = schedules.column("spent"),
               done = schedules.column("tasks_done");
  std::set<int> present;  // the schedules the table holds
  for (const auto& row : schedules.rows)
    present.insert(std::stoi(row[schedules.column("schedule")]));
  std::vector<Finding> out;
  for (int k : present) {
    std::vector<double> change, ratio, hourly_spent, second_spent;
    std::string worst_change, least_saving;
    double worst_change_value = 0, least_saving_value = -INFINITY;
    long hourly_incomplete = 0, second_incomplete = 0;
    for (const auto& [key, rules] : runs) {
      if (key[1] != std::to_string(k) || !rules.count(kSeedHourly) || !rules.count(kSeedPerSecond))
        continue;
      const auto& h = rules.at(kSeedHourly);
      const auto& s = rules.at(kSeedPerSecond);
      change.push_back(seed_makespan_change(seed_number(h[makespan]), seed_number(s[makespan]),
                                            std::stol(h[done]), std::stol(s[done])));
      hourly_incomplete += h[makespan].empty() ? 1 : 0;
      second_incomplete += s[makespan].empty() ? 1 : 0;
      const std::string where = fmt::format("{} seed {}", key[0], key[2]);
      if (change.back() > worst_change_value)
        worst_change_value = change.back(), worst_change = where;
      const double hs = std::stod(h[spent]), ss = std::stod(s[spent]);
      ratio.push_back(ss / hs * 100);
      if (ratio.back() > least_saving_value)
        least_saving_value = ratio.back(), least_saving = where;
      hourly_spent.push_back(hs);
      second_spent.push_back(ss);
    }
    const std::string sched = fmt::format("Sched{}", k);
    Finding same = campaign::at_most(
        "bats " + sched + " same schedule",
        "billed per second, BaTS runs " + sched + " as it does per started hour",
        "not in the paper (hourly billing): BaTS plans whole ATUs (section 3.1)",
        "largest |makespan per second / per started hour - 1| over the scenarios and seeds, in %",
        seed_largest(change), 1, "%");
    same.botsim =
        fmt::format("largest change {:.3f} %{} over {} runs{}", seed_largest(change),
                    worst_change_value > 0 ? " (" + worst_change + ")" : "", change.size(),
                    hourly_incomplete + second_incomplete > 0
                        ? fmt::format("; incomplete: {} per started hour, {} per second",
                                      hourly_incomplete, second_incomplete)
                        : "");
    same.spread_over(change);
    if (!same.holds())
      same.cause = "the bill changes what BaTS sees of its budget (docs/market.md, Findings)";
    out.push_back(same);
    Finding cheaper = campaign::at_most(
        "bats " + sched + " per-second cheaper",
        "billed per second, BaTS's " + sched + " costs no more",
        "not in the paper (hourly billing)",
        "mean spent per second / per started hour over the scenarios and seeds, in %",
        seed_mean(second_spent) / seed_mean(hourly_spent) * 100, 100, "%");
    cheaper.botsim = fmt::format(
        "{:.2f} $ against {:.2f} $ per started hour (closest to it: {} at "
        "{:.1f} %)",
        seed_mean(second_spent), seed_mean(hourly_spent), least_saving, least_saving_value);
    cheaper.spread_over(ratio);
    if (!cheaper.holds())
      cheaper.cause =
          "minimum charges outweigh the unused ends of hours (docs/market.md, Findings)";
    out.push_back(cheaper);
  }
  return out;
}

std::vector<Finding> write_market_seed_tables(const std::vector<SilvaBillingRun>& silva_runs,
                                              const std::vector<BatsScheduleRun>& bats_runs,
                                              const std::string& dir) {
  namespace fs = std::filesystem;
  const CsvTable silva = market_silva_table(silva_runs);
  const CsvTable bats = market_bats_schedules_table(bats_runs);
  write_csv((fs::path(dir) / "silva_billing.csv").string(), silva);
  write_csv((fs::path(dir) / "bats_schedules.csv").string(), bats);

  std::vector<Finding> found = market_silva_findings(silva);
  for (auto& f : market_bats_schedule_findings(bats)) found.push_back(std::move(f));
  return found;
}

}  // namespace botsim::papers
