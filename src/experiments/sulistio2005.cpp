#include "experiments/sulistio2005.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "core/csv.hpp"
#include "core/results.hpp"
#include "core/units.hpp"
#include "experiments/figures.hpp"
#include "experiments/runner.hpp"
#include "experiments/stats.hpp"
#include "experiments/workspace.hpp"

namespace botsim::experiments {

namespace fs = std::filesystem;

namespace {

// One user across all runs.
struct UserAcross {
  std::string name, policy, vo;
  std::optional<double> deadline_s, fund;  // fund: G$ at the start
  std::vector<double> runtime_h;           // finished runs only
  std::vector<double> spent;
  size_t runs = 0, met_deadline = 0;
};

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
        a.policy = u.policy;
        a.vo = u.vo.value_or("");
        a.deadline_s = u.deadline_s;
        a.fund = u.fund;
        users.push_back(std::move(a));
        it = users.end() - 1;
      }
      ++it->runs;
      if (auto m = u.makespan_s()) it->runtime_h.push_back(*m / 3600);
      it->spent.push_back(u.spent);
      if (u.met_deadline().value_or(false)) ++it->met_deadline;
    }
    if (r == 0)
      for (const auto& res : summary.resources) resources.push_back(Resource{res.name, res.vo});
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
  // Users in summary order, then any only bids.csv knows, by name.
  std::vector<std::string> order;
  for (const auto& u : users) order.push_back(u.name);
  for (const auto& b : rows)
    if (std::find(order.begin(), order.end(), b.user) == order.end()) order.push_back(b.user);
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
  Chart bids_chart = bid_chart(rows, order, period, false);
  bids_chart.title = paper_fig(bid_fig) + "bidding cost on " + title;
  write_figure(out.string(), bid_fig, bids_chart);
  Chart share_chart = bid_chart(rows, order, period, true);
  share_chart.title = paper_fig(share_fig) + "share of " + title + " per user";
  write_figure(out.string(), share_fig, share_chart);
}

// Mean run time in hours; +inf for a user that never finished (slower than anyone who did).
double mean_runtime(const UserAcross& u) {
  return u.runtime_h.empty() ? std::numeric_limits<double>::infinity() : stats(u.runtime_h).mean;
}
double mean_cost(const UserAcross& u) { return stats(u.spent).mean; }
// Missed the deadline in most runs (or never finished).
bool misses_deadline(const UserAcross& u) { return 2 * u.met_deadline < u.runs; }

std::string value_text(double v, const char* unit) {
  return std::isinf(v) ? std::string("unfinished") : fmt::format("{:.2f} {}", v, unit);
}

// "About as much": within a factor 1.5 either way of the global users' mean cost.
std::vector<std::string> about_as_much(const std::vector<const UserAcross*>& local_b,
                                       const std::vector<const UserAcross*>& global,
                                       const std::string& users) {
  std::string text = "local users of domain B pay about as much as global users (x1.5)";
  if (local_b.empty() || global.empty()) return {text, users, "n/a", "no such users"};
  double g = 0;
  for (const auto* u : global) g += mean_cost(*u);
  g /= static_cast<double>(global.size());
  bool holds = true;
  std::string detail = fmt::format("global mean {:.2f} G$", g);
  for (const auto* u : local_b) {
    double c = mean_cost(*u);
    holds = holds && c >= g / 1.5 && c <= g * 1.5;
    detail += fmt::format("; {} {:.2f} G$", u->name, c);
  }
  return {text, users, holds ? "yes" : "NO", detail};
}

// The paper's findings (section 5.3, Figs 6 and 7), stated over policies and VO domains so
// that they can be checked on any run: one row each, "yes", "NO" or "n/a" (no such users).
CsvTable findings(const std::vector<UserAcross>& users) {
  auto select = [&](const std::string& policy, const std::string& vo) {
    std::vector<const UserAcross*> out;
    for (const auto& u : users)
      if ((policy == "optimising" ? u.policy != "no-opt" : u.policy == policy) &&
          (vo.empty() || u.vo == vo))
        out.push_back(&u);
    return out;
  };
  auto names = [](const std::vector<const UserAcross*>& group) {
    std::string s;
    for (const auto* u : group) s += (s.empty() ? "" : " ") + u->name;
    return s;
  };
  CsvTable t{{"finding", "users", "holds", "detail"}, {}};
  // "every user of `a` has a smaller `what` than every user of `b`"
  auto compare = [&](const std::string& text, const std::vector<const UserAcross*>& a,
                     const std::vector<const UserAcross*>& b, double (*what)(const UserAcross&),
                     const char* unit) {
    if (a.empty() || b.empty()) {
      t.rows.push_back({text, names(a) + " vs " + names(b), "n/a", "no such users"});
      return;
    }
    const UserAcross* worst = *std::max_element(
        a.begin(), a.end(), [&](const auto* x, const auto* y) { return what(*x) < what(*y); });
    const UserAcross* best = *std::min_element(
        b.begin(), b.end(), [&](const auto* x, const auto* y) { return what(*x) < what(*y); });
    bool holds = what(*worst) < what(*best);
    t.rows.push_back({text, names(a) + " vs " + names(b), holds ? "yes" : "NO",
                      "first group at most " + worst->name + " " + value_text(what(*worst), unit) +
                          "; second group at least " + best->name + " " +
                          value_text(what(*best), unit)});
  };
  auto no_opt = select("no-opt", ""), optimising = select("optimising", ""),
       global = select("global", ""), local_a = select("local", "A"),
       local_b = select("local", "B"), no_opt_b = select("no-opt", "B");

  compare("optimising users finish sooner than No-Opt users", optimising, no_opt, mean_runtime,
          "h");
  {
    std::vector<std::string> wrong;
    for (const auto* u : optimising)
      if (misses_deadline(*u) != (u->policy == "local" && u->vo == "B"))
        wrong.push_back(u->name + (misses_deadline(*u) ? " misses" : " meets"));
    std::string detail;
    for (const auto& w : wrong) detail += (detail.empty() ? "" : "; ") + w;
    t.rows.push_back({"of the optimising users only the local users of domain B miss the deadline",
                      names(optimising),
                      optimising.empty() ? "n/a"
                      : wrong.empty()    ? "yes"
                                         : "NO",
                      detail.empty() ? "as the paper says" : detail});
  }
  compare("No-Opt users pay less than global users", no_opt, global, mean_cost, "G$");
  compare("local users of domain A finish sooner than global users", local_a, global, mean_runtime,
          "h");
  compare("local users of domain A pay less than global users", local_a, global, mean_cost, "G$");
  compare("local users of domain A pay less than No-Opt users of domain B", local_a, no_opt_b,
          mean_cost, "G$");
  t.rows.push_back(about_as_much(local_b, global, names(local_b) + " vs " + names(global)));
  return t;
}

std::string category(const UserAcross& u) {
  return u.name + " (" + u.policy + (u.vo.empty() ? "" : ", " + u.vo) + ")";
}

std::string series_label(size_t runs) {
  return runs == 1 ? "1 run" : fmt::format("mean ± sd of {} runs", runs);
}

}  // namespace

std::string write_sulistio2005_figures(const std::vector<std::string>& run_dirs,
                                       const std::string& out_dir) {
  if (run_dirs.empty()) throw std::runtime_error("sulistio2005: no runs to aggregate");
  const fs::path out(out_dir);
  std::vector<Resource> resources;
  std::vector<UserAcross> users = read_users(run_dirs, resources);
  std::vector<Bid> bids = read_bids(run_dirs.front());

  write_resource_figures(bids, "R1", resources, users, out, "fig2_bid_cost_R1", "fig3_share_R1");
  write_resource_figures(bids, "R4", resources, users, out, "fig4_bid_cost_R4", "fig5_share_R4");

  // Figs 6 and 7: run time against the deadline, and cost, per user across runs.
  CsvTable runtime_csv{{"user", "policy", "vo", "runs", "finished_runs", "runtime_h_mean",
                        "runtime_h_sd", "deadline_h", "met_deadline_runs"},
                       {}};
  CsvTable cost_csv{{"user", "policy", "vo", "runs", "cost_mean", "cost_sd", "fund"}, {}};
  Chart runtime_chart, cost_chart;
  runtime_chart.kind = cost_chart.kind = Chart::Kind::Bar;
  runtime_chart.x_label = cost_chart.x_label = "user (policy, VO domain)";
  runtime_chart.title = "Fig. 6: total run time per user";
  runtime_chart.y_label = "run time (hours)";
  cost_chart.title = "Fig. 7: total cost per user";
  cost_chart.y_label = "cost (G$)";
  runtime_chart.series.push_back(Series{series_label(run_dirs.size()), {}, {}, {}});
  cost_chart.series.push_back(Series{series_label(run_dirs.size()), {}, {}, {}});
  std::string table = fmt::format("{:<6} {:<8} {:<3} {:>10} {:>8} {:>9} {:>10} {:>8}\n", "user",
                                  "policy", "vo", "runtime_h", "sd", "met", "cost_G$", "sd");
  for (const auto& u : users) {
    Stats rt = stats(u.runtime_h), cost = stats(u.spent);
    std::string deadline_h = u.deadline_s ? num6(*u.deadline_s / 3600) : "";
    runtime_csv.rows.push_back({u.name, u.policy, u.vo, std::to_string(u.runs),
                                std::to_string(u.runtime_h.size()), num6(rt.mean), num6(rt.sd),
                                deadline_h, u.deadline_s ? std::to_string(u.met_deadline) : ""});
    cost_csv.rows.push_back({u.name, u.policy, u.vo, std::to_string(u.runs), num6(cost.mean),
                             num6(cost.sd), u.fund ? format_number(*u.fund) : ""});
    for (Chart* c : {&runtime_chart, &cost_chart}) c->categories.push_back(category(u));
    runtime_chart.series[0].y.push_back(rt.mean);
    if (run_dirs.size() > 1) runtime_chart.series[0].y_err.push_back(rt.n > 1 ? rt.sd : 0);
    cost_chart.series[0].y.push_back(cost.mean);
    if (run_dirs.size() > 1) cost_chart.series[0].y_err.push_back(cost.n > 1 ? cost.sd : 0);
    if (!std::isfinite(runtime_chart.reference_y) && u.deadline_s) {
      // Every user of the paper has the same deadline; the first one found is drawn.
      runtime_chart.reference_y = *u.deadline_s / 3600;
      runtime_chart.reference_label = "deadline (" + num6(*u.deadline_s / 3600) + " h)";
    }
    table += fmt::format("{:<6} {:<8} {:<3} {:>10} {:>8} {:>9} {:>10} {:>8}\n", u.name, u.policy,
                         u.vo.empty() ? "-" : u.vo, rt.n ? fmt::format("{:.2f}", rt.mean) : "-",
                         rt.n ? fmt::format("{:.2f}", rt.sd) : "-",
                         u.deadline_s ? fmt::format("{}/{}", u.met_deadline, u.runs) : "-",
                         fmt::format("{:.2f}", cost.mean), fmt::format("{:.2f}", cost.sd));
  }
  write_csv((out / "fig6_runtime.csv").string(), runtime_csv);
  write_csv((out / "fig7_cost.csv").string(), cost_csv);
  write_figure(out.string(), "fig6_runtime", runtime_chart);
  write_figure(out.string(), "fig7_cost", cost_chart);

  CsvTable found = findings(users);
  write_csv((out / "findings.csv").string(), found);
  table += "\nthe paper's findings (findings.csv):\n";
  for (const auto& row : found.rows) table += fmt::format("  {:<4} {}\n", row[2], row[0]);
  if (std::any_of(found.rows.begin(), found.rows.end(), [](auto& row) { return row[2] == "NO"; }))
    table +=
        "  (NO: botsim does not reproduce it; why: "
        "docs/sulistio2005.md#reproduction-section-5)\n";
  return table;
}

static void run_sulistio2005(const ExperimentOptions& opts) {
  const int reps = opts.reps_given ? opts.reps : 1;  // the paper reports a single run
  const std::string platform = find_data_file("platforms/badg.xml");
  const std::string deployment = find_data_file("deployments/sulistio2005.xml");
  Workspace workspace(opts);  // OUT is replaced only once everything is written
  const fs::path& out = workspace.result();
  std::vector<RunRequest> requests;
  std::vector<std::string> dirs;  // each run's results are kept, in OUT/runs/
  for (int rep = 0; rep < reps; ++rep) {
    unsigned long long seed = opts.seed + static_cast<unsigned long long>(rep);
    dirs.push_back((out / "runs" / ("seed-" + std::to_string(seed))).string());
    requests.push_back(RunRequest{platform, deployment, seed, dirs.back()});
  }
  std::cout << "sulistio2005: " << reps << (reps == 1 ? " run" : " runs") << ", "
            << std::min(opts.jobs, reps) << " at a time\n"
            << std::flush;
  run_many(requests, opts.jobs);
  std::string table = write_sulistio2005_figures(dirs, out.string());
  draw_experiment_figures("sulistio2005", out, opts.out_dir);
  workspace.commit();
  std::cout << table;
}

void register_sulistio2005_experiment() {
  register_experiment(Experiment{
      "sulistio2005",
      "Sulistio & Buyya 2005: auction-based proportional share on the BADG grid (Figs 2-7)",
      run_sulistio2005, "1 (the paper reports one run)"});
}

}  // namespace botsim::experiments
