#include "papers/market/market.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "core/gnuplot.hpp"
#include "core/results.hpp"
#include "core/stats.hpp"
#include "core/units.hpp"
#include "view/console_tables.hpp"
#include "view/figures.hpp"

namespace botsim::papers {

using campaign::Finding;

std::string shifted_trace_csv(const cloud::SpotPriceTrace& prices, double offset_s,
                              double length_s) {
  std::string out =
      "time_s,price\n" + format_number(0) + "," + format_number(prices.price_at(offset_s)) + "\n";
  for (const auto& p : prices.points())
    if (p.time_s > offset_s && p.time_s <= offset_s + length_s)
      out += format_number(p.time_s - offset_s) + "," + format_number(p.price) + "\n";
  return out;
}

namespace {

double mean_of(const std::vector<double>& v) { return stats(v).mean; }

std::string yes_no(bool b) { return b ? "yes" : "no"; }

}  // namespace

CsvTable market_fig1_table(const std::vector<MarketRun>& runs) {
  // hosts -> billing -> the run
  std::map<long, std::map<std::string, const MarketRun*>> by_hosts;
  for (const MarketRun& r : runs)
    if (r.hosts > 0 && r.bats_seed == 0) by_hosts[r.hosts][r.billing] = &r;
  CsvTable t{
      {"hosts", "hourly_makespan_s", "hourly_cost", "per_second_makespan_s", "per_second_cost"},
      {}};
  for (const auto& [hosts, rules] : by_hosts) {
    const MarketRun* h = rules.count("per_started_unit") ? rules.at("per_started_unit") : nullptr;
    const MarketRun* s = rules.count("per_second") ? rules.at("per_second") : nullptr;
    if (!h || !s)
      throw std::runtime_error(fmt::format("market: no run of {} hosts under both rules", hosts));
    t.rows.push_back({std::to_string(hosts), csv_number(h->makespan_s), csv_number(h->spent),
                      csv_number(s->makespan_s), csv_number(s->spent)});
  }
  return t;
}

CsvTable market_bats_table(const std::vector<MarketRun>& runs) {
  CsvTable t{{"seed", "billing", "makespan_s", "spent", "budget"}, {}};
  std::vector<const MarketRun*> bats;
  for (const MarketRun& r : runs)
    if (r.bats_seed > 0) bats.push_back(&r);
  std::stable_sort(bats.begin(), bats.end(), [](const MarketRun* a, const MarketRun* b) {
    return a->bats_seed != b->bats_seed ? a->bats_seed < b->bats_seed : a->billing > b->billing;
  });
  for (const MarketRun* r : bats)
    t.rows.push_back({std::to_string(r->bats_seed), r->billing, csv_number(r->makespan_s),
                      csv_number(r->spent), csv_number(r->budget)});
  return t;
}

CsvTable market_strategies_table(const std::vector<MarketRun>& runs) {
  CsvTable t{{"day", "strategy", "makespan_s", "met_deadline", "spent", "tasks_rerun",
              "spent_on_lost_work"},
             {}};
  std::vector<const MarketRun*> part2;
  for (const MarketRun& r : runs)
    if (!r.strategy.empty()) part2.push_back(&r);
  auto rank = [](const std::string& s) {
    return std::find(kMarketStrategies.begin(), kMarketStrategies.end(), s) -
           kMarketStrategies.begin();
  };
  std::stable_sort(part2.begin(), part2.end(), [&](const MarketRun* a, const MarketRun* b) {
    return a->day != b->day ? a->day < b->day : rank(a->strategy) < rank(b->strategy);
  });
  for (const MarketRun* r : part2) {
    const bool finished = std::isfinite(r->makespan_s);
    t.rows.push_back(
        {std::to_string(r->day), r->strategy, finished ? csv_number(r->makespan_s) : "",
         finished ? yes_no(r->makespan_s <= kMarketDeadlineS) : "unfinished", csv_number(r->spent),
         std::to_string(r->tasks_rerun), csv_number(r->spent_on_lost_work)});
  }
  return t;
}

namespace {

// strategies.csv read back: per strategy, per day.
struct StrategyDay {
  double spent = 0, lost = 0;
  long rerun = 0;
  bool met = false;
};
using ByStrategy = std::map<std::string, std::map<int, StrategyDay>>;

ByStrategy by_strategy(const CsvTable& t) {
  ByStrategy out;
  const size_t day = t.column("day"), strategy = t.column("strategy"),
               met = t.column("met_deadline"), spent = t.column("spent"),
               rerun = t.column("tasks_rerun"), lost = t.column("spent_on_lost_work");
  for (const auto& row : t.rows)
    out[row[strategy]][std::stoi(row[day])] = StrategyDay{
        std::stod(row[spent]), std::stod(row[lost]), std::stol(row[rerun]), row[met] == "yes"};
  return out;
}

const std::map<int, StrategyDay>& days_of(const ByStrategy& s, const std::string& strategy) {
  const auto it = s.find(strategy);
  if (it == s.end()) throw std::runtime_error("market: strategies.csv has no " + strategy);
  return it->second;
}

}  // namespace

CsvTable market_summary_table(const std::vector<MarketRun>& runs) {
  const ByStrategy s = by_strategy(market_strategies_table(runs));
  CsvTable t{
      {"strategy", "runs", "cost_mean", "cost_ci95_low", "cost_ci95_high", "cost_vs_on_demand",
       "deadlines_missed", "tasks_rerun_mean", "spent_on_lost_work_mean"},
      {}};
  const double on_demand = [&] {
    std::vector<double> c;
    for (const auto& [day, r] : days_of(s, "on-demand")) c.push_back(r.spent);
    return mean_of(c);
  }();
  for (const std::string& name : kMarketStrategies) {
    std::vector<double> cost, rerun, lost;
    long missed = 0;
    for (const auto& [day, r] : days_of(s, name)) {
      cost.push_back(r.spent);
      rerun.push_back(static_cast<double>(r.rerun));
      lost.push_back(r.lost);
      missed += r.met ? 0 : 1;
    }
    const Stats st = stats(cost);
    const double h = ci95_half_width(st);
    t.rows.push_back({name, std::to_string(cost.size()), csv_number(st.mean),
                      csv_number(st.mean - h), csv_number(st.mean + h),
                      csv_number(mean_of(cost) / on_demand), std::to_string(missed),
                      csv_number(mean_of(rerun)), csv_number(mean_of(lost))});
  }
  return t;
}

std::vector<Finding> market_findings(const CsvTable& fig1, const CsvTable& bats,
                                     const CsvTable& strategies) {
  std::vector<Finding> out;
  // Part 1: the cost's range over the host counts, in % of the cheapest.
  auto range_percent = [&](const std::string& column, long& at_max, long& at_min) {
    const size_t c = fig1.column(column), h = fig1.column("hosts");
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& row : fig1.rows) {
      const double cost = std::stod(row[c]);
      if (cost < lo) lo = cost, at_min = std::stol(row[h]);
      if (cost > hi) hi = cost, at_max = std::stol(row[h]);
    }
    return fig1.rows.empty() ? std::nan("") : (hi - lo) / lo * 100;
  };
  long hourly_max = 0, hourly_min = 0, second_max = 0, second_min = 0;
  const double hourly = range_percent("hourly_cost", hourly_max, hourly_min);
  const double per_second = range_percent("per_second_cost", second_max, second_min);
  Finding steps = campaign::at_least(
      "fig1 hourly steps",
      "billed per started hour, the static choice's cost depends on how many hosts it rents",
      "Fig. 1: the cost of the same bag rises with the hosts",
      "(largest - smallest cost) / "
      "smallest over 1-30 hosts, per started hour, in %",
      hourly, 10, "%");
  steps.botsim =
      fmt::format("{:.1f} % (largest at {} hosts, smallest at {})", hourly, hourly_max, hourly_min);
  out.push_back(steps);
  Finding flat = campaign::at_most(
      "fig1 per-second flat",
      "billed per second after a 60 s minimum, renting more hosts no longer costs more",
      "not in the paper (hourly billing); today's clouds bill per second",
      "(largest - smallest cost) / smallest over 1-30 hosts, per second, in %", per_second, 2, "%");
  flat.botsim = fmt::format("{:.2f} % (largest at {} hosts)", per_second, second_max);
  if (!flat.holds())
    flat.cause = "boot times or minimum charges grow with the hosts (docs/market.md, Findings)";
  out.push_back(flat);

  // Part 1b: BaTS's S3-4 runs, each seed under both rules.
  std::map<std::string, std::map<std::string, std::pair<double, double>>>
      by_seed;  // makespan, spent
  for (const auto& row : bats.rows)
    by_seed[row[bats.column("seed")]][row[bats.column("billing")]] = {
        std::stod(row[bats.column("makespan_s")]), std::stod(row[bats.column("spent")])};
  std::vector<double> shift, ratio, hourly_spent, second_spent;
  for (const auto& [seed, rules] : by_seed) {
    if (!rules.count("per_started_unit") || !rules.count("per_second")) continue;
    const auto& [h_span, h_spent] = rules.at("per_started_unit");
    const auto& [s_span, s_spent] = rules.at("per_second");
    shift.push_back(std::abs(s_span - h_span) / h_span * 100);
    ratio.push_back(s_spent / h_spent * 100);
    hourly_spent.push_back(h_spent);
    second_spent.push_back(s_spent);
  }
  const double largest_shift =
      shift.empty() ? std::nan("") : *std::max_element(shift.begin(), shift.end());
  Finding same =
      campaign::at_most("bats same schedule", "billed per second, BaTS runs the same schedule",
                        "not in the paper (hourly billing): BaTS plans whole ATUs (section 3.1)",
                        "largest |makespan per second / per started hour - 1| over the seeds, in %",
                        largest_shift, 1, "%");
  same.botsim = fmt::format("largest change {:.3f} % over {} seeds", largest_shift, shift.size());
  same.spread_over(shift);
  if (!same.holds())
    same.cause = "the bill changes what BaTS sees of its budget (docs/market.md, Findings)";
  out.push_back(same);
  Finding cheaper = campaign::at_most(
      "bats per-second cheaper", "billed per second, BaTS's schedule costs no more",
      "not in the paper (hourly billing)", "mean spent per second / per started hour, in %",
      mean_of(second_spent) / mean_of(hourly_spent) * 100, 100, "%");
  cheaper.botsim = fmt::format("{:.2f} $ against {:.2f} $ per started hour", mean_of(second_spent),
                               mean_of(hourly_spent));
  cheaper.spread_over(ratio);
  if (!cheaper.holds())
    cheaper.cause = "minimum charges outweigh the unused ends of hours (docs/market.md, Findings)";
  out.push_back(cheaper);

  // Part 2: the strategies over the start days.
  const ByStrategy s = by_strategy(strategies);
  const auto &on_demand = days_of(s, "on-demand"), &spot = days_of(s, "spot"),
             &fallback = days_of(s, "spot-fallback");
  auto cost_ratio = [&](const std::map<int, StrategyDay>& x, const std::string& id,
                        const std::string& name) {
    std::vector<double> per_day, xs, ys;
    std::string dear;  // the start days above the threshold, with their share
    for (const auto& [day, r] : x) {
      const auto it = on_demand.find(day);
      if (it == on_demand.end()) continue;
      per_day.push_back(r.spent / it->second.spent * 100);
      xs.push_back(r.spent);
      ys.push_back(it->second.spent);
      if (per_day.back() > 70)
        dear += fmt::format("{}day {} {:.0f} %", dear.empty() ? "" : ", ", day, per_day.back());
    }
    Finding f =
        campaign::at_most(id, name + " costs at most 70 % of on-demand only",
                          "spot instances cost a fraction of on-demand ones (docs/market.md)",
                          "mean cost of " + name + " / mean cost of on-demand, in %",
                          mean_of(xs) / mean_of(ys) * 100, 70, "%");
    f.botsim = fmt::format("{:.2f} $ against {:.2f} $ on demand", mean_of(xs), mean_of(ys));
    f.spread_over(per_day);
    if (!f.holds())
      f.cause = "spot prices above 70 % of on-demand's on average (docs/market.md, Findings)";
    else if (!dear.empty())
      f.cause = "start days in a price spike, where it pays on-demand prices too: " + dear +
                " (docs/market.md, Findings)";
    return f;
  };
  out.push_back(cost_ratio(spot, "spot saves", "spot"));
  out.push_back(cost_ratio(fallback, "spot-fallback saves", "spot-fallback"));

  long fallback_late = 0, spot_late = 0, days = 0;
  std::string late_days;
  for (const auto& [day, r] : on_demand) {
    ++days;
    if (r.met && fallback.count(day) && !fallback.at(day).met) {
      ++fallback_late;
      late_days += fmt::format("{}{}", late_days.empty() ? "" : ", ", day);
    }
    if (spot.count(day) && !spot.at(day).met) ++spot_late;
  }
  Finding meets = campaign::at_most(
      "spot-fallback meets the deadline",
      "spot with on-demand fallback meets every deadline that on-demand only meets",
      "the uniform-progress rule keeps the deadline (docs/cloud.md, Spot strategies)",
      "starts where on-demand only meets the deadline and spot-fallback does not",
      static_cast<double>(fallback_late), 0);
  meets.botsim = fmt::format("{} of {} starts late", fallback_late, days);
  if (!meets.holds())
    meets.cause = "late on start day(s) " + late_days +
                  ": the slack threshold left too little time for on-demand instances to boot "
                  "and run the rest (docs/market.md, Findings)";
  out.push_back(meets);
  Finding misses = campaign::at_least(
      "spot misses deadlines", "spot alone, a lost task run again, cannot promise a deadline",
      "interruptions come when the price rises, whatever the deadline (docs/market.md)",
      "starts whose deadline spot only misses", static_cast<double>(spot_late), 1);
  misses.botsim = fmt::format("{} of {} starts late", spot_late, days);
  if (!misses.holds())
    misses.cause =
        "no start day met a price spike long enough to delay the bag past its deadline "
        "(docs/market.md, Findings)";
  out.push_back(misses);

  std::vector<double> rerun_spot, rerun_fallback;
  for (const auto& [day, r] : spot) rerun_spot.push_back(static_cast<double>(r.rerun));
  for (const auto& [day, r] : fallback) rerun_fallback.push_back(static_cast<double>(r.rerun));
  Finding lost =
      campaign::at_most("spot-fallback loses no more work",
                        "falling back on demand loses no more work than spot alone",
                        "on-demand instances are not interrupted (docs/cloud.md, Spot strategies)",
                        "mean tasks run again, spot-fallback - spot",
                        mean_of(rerun_fallback) - mean_of(rerun_spot), 0, "tasks");
  lost.botsim = fmt::format("{:.2f} against {:.2f} tasks run again", mean_of(rerun_fallback),
                            mean_of(rerun_spot));
  if (!lost.holds())
    lost.cause =
        "its spot instances still run, and are interrupted, after it falls back (docs/market.md, "
        "Findings)";
  out.push_back(lost);
  return out;
}

namespace {

Chart fig1_chart(const CsvTable& fig1) {
  Chart c;
  c.title = "Fig. 1's bag (300 tasks of 5 min) on 1-30 hosts: cost by billing rule";
  c.x_label = "hosts rented";
  c.y_label = "cost ($)";
  c.y_min = 0;
  c.legend_below = true;
  c.series = {Series("billed per started hour"), Series("billed per second (60 s minimum)")};
  for (const auto& row : fig1.rows) {
    const double h = std::stod(row[fig1.column("hosts")]);
    c.series[0].x.push_back(h);
    c.series[0].y.push_back(std::stod(row[fig1.column("hourly_cost")]));
    c.series[1].x.push_back(h);
    c.series[1].y.push_back(std::stod(row[fig1.column("per_second_cost")]));
  }
  view::style_by_name(c, {"billed per started hour", "billed per second (60 s minimum)"});
  return c;
}

// Per start day, one series per strategy of `column` (NaN where unfinished).
Chart strategies_chart(const CsvTable& t, const std::string& column, const std::string& title,
                       const std::string& y_label, double scale) {
  Chart c;
  c.kind = Chart::Kind::Bar;
  c.title = title;
  c.x_label = "start day in the price trace";
  c.y_label = y_label;
  c.y_min = 0;
  c.legend_below = true;
  for (const std::string& s : kMarketStrategies) c.series.push_back(Series(s));
  std::map<int, size_t> category;
  for (const auto& row : t.rows) {
    const int day = std::stoi(row[t.column("day")]);
    if (!category.count(day)) {
      category[day] = c.categories.size();
      c.categories.push_back(std::to_string(day));
      for (auto& series : c.series) series.y.push_back(std::nan(""));
    }
    const auto k = static_cast<size_t>(
        std::find(kMarketStrategies.begin(), kMarketStrategies.end(), row[t.column("strategy")]) -
        kMarketStrategies.begin());
    const std::string& cell = row[t.column(column)];
    if (k < c.series.size() && !cell.empty())
      c.series[k].y[category[day]] = std::stod(cell) * scale;
  }
  view::style_by_name(c, kMarketStrategies);
  return c;
}

}  // namespace

std::string write_market_tables(const std::vector<MarketRun>& runs, const std::string& dir,
                                const std::vector<Finding>& more) {
  namespace fs = std::filesystem;
  const fs::path out(dir);
  const CsvTable fig1 = market_fig1_table(runs), bats = market_bats_table(runs),
                 strategies = market_strategies_table(runs), summary = market_summary_table(runs);
  write_csv((out / "fig1_billing.csv").string(), fig1);
  write_csv((out / "bats_billing.csv").string(), bats);
  write_csv((out / "strategies.csv").string(), strategies);
  write_csv((out / "strategies_summary.csv").string(), summary);
  std::vector<Finding> found = market_findings(fig1, bats, strategies);
  found.insert(found.end(), more.begin(), more.end());
  campaign::write_findings((out / "findings.csv").string(), found);
  write_figure(dir, "fig1_billing", fig1_chart(fig1));
  write_figure(
      dir, "strategies_cost",
      strategies_chart(strategies, "spent", "Cost of the bag per start day", "cost ($)", 1));
  Chart makespan =
      strategies_chart(strategies, "makespan_s", "Makespan per start day (unfinished: no bar)",
                       "makespan (hours)", 1.0 / 3600);
  makespan.reference_y = kMarketDeadlineS / 3600;
  makespan.reference_label = "deadline (" + format_number(kMarketDeadlineS / 3600) + " h)";
  write_figure(dir, "strategies_makespan", makespan);

  // The tables from the files just written, as the report page shows them.
  const std::string text = "\n" + view::console_tables_text(view::console_tables("market", out));
  return text + "\nfindings (findings.csv):\n" + campaign::findings_text(found);
}

}  // namespace botsim::papers
