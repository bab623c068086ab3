#include "papers/sulistio2005/sulistio2005.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "campaign/findings.hpp"
#include "campaign/stats.hpp"
#include "core/csv.hpp"
#include "core/results.hpp"
#include "core/stats.hpp"
#include "core/units.hpp"
#include "grid/records.hpp"
#include "view/bid_charts.hpp"
#include "view/console_tables.hpp"
#include "view/figures.hpp"

namespace botsim::papers {

using campaign::at_least;
using campaign::at_most;
using campaign::Finding;
using campaign::finding_number;
using campaign::findings_text;
using campaign::num6;
using campaign::write_findings;
using view::auction_period;
using view::Bid;
using view::bid_chart;
using view::natural_order;
using view::read_bids;
using view::style_by_name;

namespace fs = std::filesystem;

namespace {

struct Resource {
  std::string name;
  std::vector<std::string> vo;
};

// Users in the order of the first run's summary.json (then any new ones in later runs).
std::vector<UserAcross> read_users(const std::vector<std::string>& run_dirs,
                                   std::vector<Resource>& resources) {
  std::vector<UserAcross> users;
  for (size_t r = 0; r < run_dirs.size(); ++r) {
    RunSummary summary = read_summary(run_dirs[r]);
    for (const auto& u : summary.users) {
      auto it = std::find_if(users.begin(), users.end(),
                             [&](const UserAcross& x) { return x.name == u.name; });
      if (it == users.end()) {
        UserAcross a;
        a.name = u.name;
        // The bidding policy, without the rules' suffix (",paper", ",no-<rule>").
        a.policy = u.policy.substr(0, u.policy.find(','));
        a.vo = u.vo.value_or("");
        a.deadline_s = u.deadline_s;
        a.fund = grid::fund_of(u);
        users.push_back(std::move(a));
        it = users.end() - 1;
      }
      ++it->runs;
      if (auto m = u.makespan_s()) it->runtime_h.push_back(*m / 3600);
      it->spent.push_back(u.spent);
      if (u.met_deadline().value_or(false)) ++it->met_deadline;
    }
    if (r == 0)
      for (const auto& entry : summary.resources) {
        try {
          grid::ResourceRecord res = grid::ResourceRecord::from_json(entry);
          resources.push_back(Resource{res.name, res.vo});
        } catch (const nlohmann::json::exception& e) {
          throw std::runtime_error(run_dirs[r] + "/summary.json: resources: " + e.what());
        }
      }
  }
  return users;
}

std::string resource_title(const std::string& name, const std::vector<Resource>& resources) {
  for (const auto& r : resources) {
    if (r.name != name || r.vo.empty()) continue;
    std::string vo;
    for (const auto& v : r.vo) vo += (vo.empty() ? "" : ", ") + v;
    return name + " of domain " + vo;
  }
  return name;
}

// Figs 2-5 for one resource: bids (cents per minute) and shares (%) over time, first run.
void write_resource_figures(const std::vector<Bid>& bids, const std::string& resource,
                            const std::vector<Resource>& resources,
                            const std::vector<UserAcross>& users, const fs::path& out,
                            const std::string& bid_fig, const std::string& share_fig) {
  // The figure numbers of the paper: "fig2_bid_cost_R1" draws its Fig. 2.
  auto paper_fig = [](const std::string& stem) { return "Fig. " + stem.substr(3, 1) + ": "; };
  std::vector<Bid> rows;
  for (const auto& b : bids)
    if (b.resource == resource) rows.push_back(b);
  // The users in natural order, as `botsim plot` keys a run's palette: a user has the same
  // colour here as in the run's own charts.
  std::vector<std::string> order;
  for (const auto& u : users) order.push_back(u.name);
  for (const auto& b : rows) order.push_back(b.user);
  order = natural_order(std::move(order));
  auto rank = [&](const std::string& user) {
    return std::find(order.begin(), order.end(), user) - order.begin();
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const Bid& a, const Bid& b) {
    return a.time_s != b.time_s ? a.time_s < b.time_s : rank(a.user) < rank(b.user);
  });

  CsvTable bid_csv{{"time_s", "time_min", "user", "bid", "cost"}, {}};
  CsvTable share_csv{{"time_s", "time_min", "user", "share_pct"}, {}};
  for (const auto& b : rows) {
    bid_csv.rows.push_back(
        {format_number(b.time_s), num6(b.time_s / 60), b.user, num6(b.bid), num6(b.cost)});
    share_csv.rows.push_back(
        {format_number(b.time_s), num6(b.time_s / 60), b.user, num6(b.share * 100)});
  }
  write_csv((out / (bid_fig + ".csv")).string(), bid_csv);
  write_csv((out / (share_fig + ".csv")).string(), share_csv);

  const double period = auction_period(bids);
  const std::string title = resource_title(resource, resources);
  Chart bids_chart = bid_chart(rows, order, period, view::BidValue::Bid);
  bids_chart.title = paper_fig(bid_fig) + "bidding cost on " + title;
  write_figure(out.string(), bid_fig, bids_chart);
  Chart share_chart = bid_chart(rows, order, period, view::BidValue::Granted);
  share_chart.title = paper_fig(share_fig) + "share of " + title + " per user";
  write_figure(out.string(), share_fig, share_chart);
}

// Mean run time in hours; +inf for a user that never finished (slower than anyone who did).
double mean_runtime(const UserAcross& u) {
  return u.runtime_h.empty() ? std::numeric_limits<double>::infinity() : stats(u.runtime_h).mean;
}
double mean_cost(const UserAcross& u) { return stats(u.spent).mean; }

std::string value_text(double v, const char* unit) {
  return std::isinf(v) ? std::string("unfinished") : fmt::format("{:.2f} {}", v, unit);
}

using Group = std::vector<const UserAcross*>;

std::string names(const Group& group) {
  std::string s;
  for (const auto* u : group) s += (s.empty() ? "" : " ") + u->name;
  return s;
}

}  // namespace

// The paper's findings (section 5.3, Figs 6 and 7), stated over policies and VO domains so that
// they can be checked on any run. "Group a before group b": the largest `what` of a minus the
// smallest of b, at most 0.
std::vector<Finding> sulistio2005_findings(const std::vector<UserAcross>& users,
                                           const std::string& reading) {
  auto select = [&](const std::string& policy, const std::string& vo) {
    Group out;
    for (const auto& u : users)
      if ((policy == "optimising" ? u.policy != "no-opt" : u.policy == policy) &&
          (vo.empty() || u.vo == vo))
        out.push_back(&u);
    return out;
  };
  const std::string tag = reading.empty() ? "" : " (" + reading + ")";
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<Finding> found;
  // "a before b" (the largest `what` of a minus the smallest of b, at most 0); where the paper
  // says "much" (faster, lower), a by at least kMuchPercent: the largest of a over the smallest
  // of b at most 1 - kMuchPercent / 100.
  auto compare = [&](const std::string& id, const std::string& claim, const std::string& paper,
                     const Group& a, const Group& b, double (*what)(const UserAcross&),
                     const char* unit, const char* quantity, bool much = false) {
    Finding f = much ? at_most(id + tag, claim, paper,
                               fmt::format("largest mean {} of {} / smallest of {}", quantity,
                                           names(a), names(b)),
                               nan, 1 - kMuchPercent / 100)
                     : at_most(id + tag, claim, paper,
                               fmt::format("largest mean {} of {} - smallest of {}", quantity,
                                           names(a), names(b)),
                               nan, 0, unit);
    if (a.empty() || b.empty()) {
      f.botsim = "no such users";
    } else {
      const UserAcross* worst = *std::max_element(
          a.begin(), a.end(), [&](const auto* x, const auto* y) { return what(*x) < what(*y); });
      const UserAcross* best = *std::min_element(
          b.begin(), b.end(), [&](const auto* x, const auto* y) { return what(*x) < what(*y); });
      f.value = much ? what(*worst) / what(*best) : what(*worst) - what(*best);
      f.botsim = worst->name + " " + value_text(what(*worst), unit) + " against " + best->name +
                 " " + value_text(what(*best), unit);
    }
    found.push_back(std::move(f));
  };
  const Group no_opt = select("no-opt", ""), optimising = select("optimising", ""),
              global = select("global", ""), local_a = select("local", "A"),
              local_b = select("local", "B"), no_opt_b = select("no-opt", "B");

  compare("fig6 optimising sooner",
          "users with a time optimisation policy finish sooner than "
          "No-Opt users",
          "U2, U3, U7, U8 finish much faster than the No-Opt users (Fig. 6)", optimising, no_opt,
          mean_runtime, "h", "run time", true);
  {
    // Each optimising user's slack, signed so that positive is as the paper says: the time by
    // which it meets the deadline in its worst run, or, for the local users of domain B, misses
    // it in its best run. Never finishing is missing it.
    Finding f =
        at_least("fig6 deadline" + tag,
                 "of the optimising users only the local users of domain B miss the "
                 "deadline",
                 "only U3 misses its 10 h deadline (Fig. 6)",
                 "smallest slack in the paper's direction (met by; missed by, for local B users)",
                 nan, 0, "s");
    std::string detail;
    for (const auto* u : optimising) {
      if (!u->deadline_s) continue;
      const bool should_miss = u->policy == "local" && u->vo == "B";
      double worst = u->runtime_h.size() < u->runs ? std::numeric_limits<double>::infinity() : 0;
      double best = std::numeric_limits<double>::infinity();
      for (double h : u->runtime_h) {
        worst = std::max(worst, h * 3600);
        best = std::min(best, h * 3600);
      }
      const double slack = should_miss ? best - *u->deadline_s : *u->deadline_s - worst;
      f.value = std::isnan(f.value) ? slack : std::min(f.value, slack);
      const bool meets = !should_miss ? slack >= 0 : slack <= 0;
      detail += (detail.empty() ? "" : "; ") + u->name +
                (std::isinf(slack) ? std::string(" never finishes")
                                   : fmt::format(" {} by {} s", meets ? "meets" : "misses",
                                                 finding_number(std::fabs(slack))));
    }
    f.botsim = detail.empty() ? "no such users" : detail;
    found.push_back(std::move(f));
  }
  compare("fig7 No-Opt cheaper", "No-Opt users pay less than global users",
          "\"users with a No-Opt policy have cheaper total cost\" (Fig. 7)", no_opt, global,
          mean_cost, "G$", "cost");
  compare("fig6 local A sooner", "local users of domain A finish sooner than global users",
          "U8 completes much faster than U2 and U7 (Fig. 6)", local_a, global, mean_runtime, "h",
          "run time", true);
  compare("fig7 local A cheaper than global", "local users of domain A pay less than global users",
          "U8 has much lower costs than U2 and U7 (Fig. 7)", local_a, global, mean_cost, "G$",
          "cost", true);
  compare("fig7 local A cheaper than No-Opt B",
          "local users of domain A pay less than No-Opt users of domain B",
          "U8 has a cost lower than U4 and U5 (Fig. 7)", local_a, no_opt_b, mean_cost, "G$",
          "cost");
  {
    Finding f = at_most("fig7 local B about global" + tag,
                        "local users of domain B pay about as much as global users",
                        "U3's total cost is high, as the global users' (Fig. 7)",
                        "largest ratio of a local B user's mean cost to the global users' mean, "
                        "either way",
                        nan, 1.5);
    if (local_b.empty() || global.empty()) {
      f.botsim = "no such users";
    } else {
      double g = 0;
      for (const auto* u : global) g += mean_cost(*u);
      g /= static_cast<double>(global.size());
      f.botsim = fmt::format("global mean {:.2f} G$", g);
      f.value = 0;
      for (const auto* u : local_b) {
        const double c = mean_cost(*u);
        f.value = std::max(f.value, std::max(c / g, g / c));
        f.botsim += fmt::format("; {} {:.2f} G$", u->name, c);
      }
    }
    found.push_back(std::move(f));
  }
  return found;
}

namespace {

std::string category(const UserAcross& u) {
  return u.name + " (" + u.policy + (u.vo.empty() ? "" : ", " + u.vo) + ")";
}

// What names a reading's series in Figs 6 and 7 (and fixes its style): its name, or its place.
std::string reading_key(const SulistioReading& reading, size_t k) {
  return reading.name.empty() ? "reading " + std::to_string(k) : reading.name;
}

std::string series_label(size_t runs) {
  return runs == 1 ? "1 run" : fmt::format("mean ± sd of {} runs", runs);
}

}  // namespace

std::string write_sulistio2005_figures(const std::vector<std::string>& run_dirs,
                                       const std::string& out_dir) {
  return write_sulistio2005_figures({SulistioReading{"", "", run_dirs}}, out_dir);
}

namespace {

// The measured cause of each claim the experiment's readings of C_r do not reproduce, by finding
// id (the reading included): docs/sulistio2005.md, "Reproduction: section 5", says each in full.
const campaign::Causes& measured_causes() {
  const std::string deadline = "docs/sulistio2005.md, Who misses the deadline";
  const std::string costs = "docs/sulistio2005.md, U8, U3 and the others' costs";
  const std::string u8_total =
      "with C_r total U8 is the furthest behind at half of D (one PE each on R1 and R3), so eq. 6 "
      "case 3 has it bid 347-409 cents/min until it ends at 20.3 h (" +
      costs + ")";
  static const campaign::Causes causes{
      {"fig6 deadline (per-PE)",
       "per PE R4 holds only U3's kappa = 10 tasks and its List is empty by minute 13, so U3 "
       "meets D, by 0.16 s (" +
           deadline + ")"},
      {"fig6 deadline (total)",
       "with C_r total the ten bags need 21.3 h of the whole grid: every "
       "optimising user misses the 10 h deadline (" +
           deadline + ")"},
      {"fig7 No-Opt cheaper (per-PE)",
       "the even spread gives each No-Opt user 10 tasks on R4, which run 15-22 h there at its "
       "fixed bid: 55-59 % of its cost (docs/sulistio2005.md, No-Opt users pay more per PE)"},
      {"fig7 local A cheaper than global (per-PE)",
       "the 20 % surcharge hits U2 and U7 only on R1 and R3, and U8 pays G$99 in its first 50 min "
       "at eq. 4's bid: 12 % cheaper than U7 on the means, less than 10 % in some seeds (" +
           costs + ")"},
      {"fig7 local B about global (per-PE)",
       "U3 pays G$556 of its G$771 on R4, bidding 94-96.5 cents/min for 9.8 h: 2.6 times the "
       "global users' mean (" +
           costs + ")"},
      {"fig6 optimising sooner (total)",
       "with C_r total the deadline is out of reach: the optimising users finish 0.8 h sooner "
       "in 21.1 h, 4 %, not by 10 % (docs/sulistio2005.md, Reproduction: section 5)"},
      {"fig6 local A sooner (total)", u8_total},
      {"fig7 local A cheaper than global (total)", u8_total},
      {"fig7 local A cheaper than No-Opt B (total)", u8_total}};
  return causes;
}

// The findings of one reading's users (means over `run_dirs`), each also computed on every run
// alone: its spread over the runs (n, mean, 95 % CI, the worst), and "partly" where the claim on
// the means holds but some run's does not.
std::vector<Finding> findings_over(const std::vector<std::string>& run_dirs,
                                   const std::vector<UserAcross>& users,
                                   const std::string& reading) {
  std::map<std::string, std::vector<double>> per_run;
  for (const std::string& dir : run_dirs) {
    std::vector<Resource> seen;
    for (const Finding& f : sulistio2005_findings(read_users({dir}, seen), reading))
      per_run[f.id].push_back(f.value);
  }
  std::vector<Finding> found = sulistio2005_findings(users, reading);
  for (Finding& f : found) f.spread_over(per_run[f.id]);
  campaign::name_causes(found, measured_causes());
  return found;
}

}  // namespace

std::string write_sulistio2005_figures(const std::vector<SulistioReading>& readings,
                                       const std::string& out_dir) {
  if (readings.empty() || readings.front().run_dirs.empty())
    throw std::runtime_error("sulistio2005: no runs to aggregate");
  const fs::path out(out_dir);
  std::vector<Resource> resources;
  std::vector<std::vector<UserAcross>> users_of;
  for (size_t k = 0; k < readings.size(); ++k) {
    if (readings[k].run_dirs.empty())
      throw std::runtime_error("sulistio2005: no runs of reading " + readings[k].name);
    std::vector<Resource> seen;
    users_of.push_back(read_users(readings[k].run_dirs, seen));
    if (k == 0) resources = seen;
  }
  const std::vector<UserAcross>& users = users_of.front();
  std::vector<Bid> bids = read_bids(readings.front().run_dirs.front());

  write_resource_figures(bids, "R1", resources, users, out, "fig2_bid_cost_R1", "fig3_share_R1");
  write_resource_figures(bids, "R4", resources, users, out, "fig4_bid_cost_R4", "fig5_share_R4");

  // Figs 6 and 7: run time against the deadline, and cost, per user across runs; one figure per
  // reading, so that each reading's values are read on their own axis (C_r total costs ten times
  // what C_r per PE does); the first reading's files keep their names, the others' get
  // "_<reading>". A reading keeps its colour in both figures and in every run of the experiment.
  std::vector<std::string> reading_names;
  for (size_t k = 0; k < readings.size(); ++k) reading_names.push_back(reading_key(readings[k], k));
  auto figure = [&](const std::string& title, const std::string& y_label,
                    const SulistioReading& reading, size_t k) {
    Chart c;
    c.kind = Chart::Kind::Bar;
    c.x_label = "user (policy, VO domain)";
    c.title = title + (reading.label.empty() ? "" : ", " + reading.label);
    c.y_label = y_label;
    c.legend_below = true;
    for (const auto& u : users) c.categories.push_back(category(u));
    c.series.push_back(Series{series_label(reading.run_dirs.size()), {}, {}, {}});
    c.series.back().key = reading_key(reading, k);  // its style, whatever its runs
    style_by_name(c, reading_names);
    return c;
  };
  std::vector<Finding> found;
  for (size_t k = 0; k < readings.size(); ++k) {
    const SulistioReading& reading = readings[k];
    const size_t runs = reading.run_dirs.size();
    CsvTable runtime_csv{{"user", "policy", "vo", "runs", "finished_runs", "runtime_h_mean",
                          "runtime_h_sd", "deadline_h", "met_deadline_runs"},
                         {}};
    CsvTable cost_csv{{"user", "policy", "vo", "runs", "cost_mean", "cost_sd", "fund"}, {}};
    Chart runtime_chart = figure("Fig. 6: total run time per user", "run time (hours)", reading, k);
    Chart cost_chart = figure("Fig. 7: total cost per user", "cost (G$)", reading, k);
    for (const auto& first : users) {
      // The users of the first reading, in its order (a user missing here has no values: its
      // bars say n/a).
      auto it = std::find_if(users_of[k].begin(), users_of[k].end(),
                             [&](const UserAcross& x) { return x.name == first.name; });
      const UserAcross u =
          it == users_of[k].end()
              ? UserAcross{first.name, first.policy, first.vo, {}, {}, {}, {}, 0, 0}
              : *it;
      Stats rt = stats(u.runtime_h), cost = stats(u.spent);
      std::string deadline_h = u.deadline_s ? num6(*u.deadline_s / 3600) : "";
      runtime_csv.rows.push_back({u.name, u.policy, u.vo, std::to_string(u.runs),
                                  std::to_string(u.runtime_h.size()), num6(rt.mean), num6(rt.sd),
                                  deadline_h, u.deadline_s ? std::to_string(u.met_deadline) : ""});
      cost_csv.rows.push_back({u.name, u.policy, u.vo, std::to_string(u.runs), num6(cost.mean),
                               num6(cost.sd), u.fund ? format_number(*u.fund) : ""});
      runtime_chart.series.back().y.push_back(rt.mean);
      if (runs > 1) runtime_chart.series.back().y_err.push_back(rt.n > 1 ? rt.sd : 0);
      cost_chart.series.back().y.push_back(cost.mean);
      if (runs > 1) cost_chart.series.back().y_err.push_back(cost.n > 1 ? cost.sd : 0);
      if (!std::isfinite(runtime_chart.reference_y) && u.deadline_s) {
        // Every user of the paper has the same deadline; the first one found is drawn.
        runtime_chart.reference_y = *u.deadline_s / 3600;
        runtime_chart.reference_label = "deadline (" + num6(*u.deadline_s / 3600) + " h)";
      }
    }
    const std::string suffix = k == 0 ? "" : "_" + reading.name;
    write_csv((out / ("fig6_runtime" + suffix + ".csv")).string(), runtime_csv);
    write_csv((out / ("fig7_cost" + suffix + ".csv")).string(), cost_csv);
    write_figure(out.string(), "fig6_runtime" + suffix, runtime_chart);
    write_figure(out.string(), "fig7_cost" + suffix, cost_chart);
    const std::vector<Finding> botsim = findings_over(reading.run_dirs, users_of[k], reading.name);
    if (reading.as_printed_dirs.empty()) {
      found.insert(found.end(), botsim.begin(), botsim.end());
    } else {
      std::vector<Resource> seen;
      const auto users = read_users(reading.as_printed_dirs, seen);
      for (Finding& f : campaign::side_by_side(
               findings_over(reading.as_printed_dirs, users, reading.name), botsim))
        found.push_back(std::move(f));
    }
  }

  write_findings((out / "findings.csv").string(), found);
  // The tables from the files just written, as the report page shows them.
  std::string table = view::console_tables_text(view::console_tables("sulistio2005", out));
  table += "\nthe paper's findings (findings.csv):\n" + findings_text(found);
  if (std::any_of(found.begin(), found.end(), [](const Finding& f) { return !f.holds(); }))
    table +=
        "  (no: botsim does not reproduce it there; why: "
        "docs/sulistio2005.md#reproduction-section-5)\n";
  return table;
}

}  // namespace botsim::papers
