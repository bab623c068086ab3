#include "experiments/bats2011.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "bats/knapsack.hpp"
#include "core/csv.hpp"
#include "core/gnuplot.hpp"
#include "core/results.hpp"
#include "core/units.hpp"
#include "experiments/figures.hpp"
#include "experiments/runner.hpp"
#include "experiments/stats.hpp"
#include "experiments/workspace.hpp"

namespace botsim::experiments {

namespace fs = std::filesystem;

namespace {

struct Scenario {
  std::string name;  // S<price ratio>-<speed ratio>
  double profitability;
  double cluster2_price;  // cluster1 is $3 per ATU; both have 32 machines, ATU 60 min (4.1)
};
// Table 1's order (4.1).
const std::vector<Scenario> kScenarios{
    {"S4-1", 0.25, 12}, {"S4-3", 0.75, 12}, {"S1-1", 1, 3}, {"S3-4", 4.0 / 3, 9}, {"S1-4", 4, 3}};

// One run's outcome: its summary.json's first user and its schedules.json.
struct BatsOutcome {
  nlohmann::json user, schedules;
  double makespan_s() const {
    return user.at("makespan_s").is_null() ? NAN : user.at("makespan_s").get<double>();
  }
  double total_budget() const { return user.at("budget").get<double>(); }
  double spent() const { return user.at("spent").get<double>(); }
  double sampling() const { return user.at("sampling_spent").get<double>(); }
  // Sampling end plus the chosen schedule's Te (2.3): the makespan BaTS expects.
  double expected_s() const {
    return user.at("sampling_end_s").get<double>() + user.at("expected_makespan_s").get<double>();
  }
};

BatsOutcome read_outcome(const std::string& dir) {
  auto read = [](const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    return nlohmann::json::parse(in);
  };
  BatsOutcome o;
  o.user = read(dir + "/summary.json").at("users").at(0);
  if (fs::exists(dir + "/schedules.json")) o.schedules = read(dir + "/schedules.json");
  return o;
}

// The shipped deployment with `props` set (replacing the shipped schedule, cushion, sampling).
std::string deployment_xml(const std::string& shipped,
                           const std::map<std::string, std::string>& props) {
  std::ifstream in(shipped);
  std::stringstream text;
  text << in.rdbuf();
  std::string xml = text.str();
  for (const char* key : {"schedule", "cushion", "sampling", "budget"})
    xml = std::regex_replace(xml, std::regex(fmt::format(" *<prop id=\"{}\"[^>]*/>\n", key)), "");
  std::string add;
  for (const auto& [k, v] : props) add += fmt::format("    <prop id=\"{}\" value=\"{}\"/>\n", k, v);
  xml.insert(xml.find("  </actor>"), add);
  return xml;
}

struct Plan {
  fs::path work;
  unsigned long long seed;
  int reps;
  std::vector<RunRequest> requests;
  std::map<std::string, size_t> index;  // "<scenario>/<variant>/<rep>" -> request

  void add(const std::string& scenario, const std::string& variant, int rep,
           const std::map<std::string, std::string>& props) {
    std::string tag = scenario + "-" + variant;
    fs::path dep = work / "deployments" / (tag + fmt::format("-{:02d}.xml", rep));
    std::ofstream(dep) << deployment_xml(
        fs::absolute(find_data_file("deployments/bats-" + scenario + ".xml")).string(), props);
    index[scenario + "/" + variant + "/" + std::to_string(rep)] = requests.size();
    requests.push_back(
        RunRequest{fs::absolute(find_data_file("platforms/bats-" + scenario + ".xml")).string(),
                   dep.string(), seed + static_cast<unsigned long long>(rep),
                   (work / "runs" / fmt::format("{}-{:02d}", tag, rep)).string()});
  }
};

using Outcomes = std::map<std::string, BatsOutcome>;  // by "<scenario>/<variant>/<rep>"

const BatsOutcome& at(const Outcomes& o, const std::string& scenario, const std::string& variant,
                      int rep) {
  return o.at(scenario + "/" + variant + "/" + std::to_string(rep));
}

// LR runs of every schedule (cushion accepted), and S4-1's Sched4 without the cushion (Fig. 7).
void plan_lr(Plan& plan) {
  for (const auto& s : kScenarios)
    for (int rep = 0; rep < plan.reps; ++rep) {
      for (int k = 1; k <= 4; ++k)
        plan.add(s.name, fmt::format("sched{}", k), rep,
                 {{"schedule", std::to_string(k)}, {"cushion", "accept"}});
      if (s.name == "S4-1")
        plan.add(s.name, "sched4-nocushion", rep, {{"schedule", "4"}, {"cushion", "refuse"}});
    }
}

std::vector<double> numbers(const nlohmann::json& j) {
  std::vector<double> v;
  for (const auto& x : j) v.push_back(x.get<double>());
  return v;
}

// The cheapest possible run of the whole bag (2.3's filter on its real mean times, as
// `botsim run` checks a budget given directly).
double cheapest_run(const Scenario& s, const BatsOutcome& o) {
  std::vector<bats::Cluster> clusters{{"cluster1", 3, 32}, {"cluster2", s.cluster2_price, 32}};
  std::vector<double> real_mu = numbers(o.user.at("real_mu_s"));
  return bats::knapsack(clusters, real_mu, o.user.at("tasks_total").get<long>(), 0, 3600)
      .min_budget;
}

// Without LR (Table 1): the standalone mode's implicit sampling with the money the LR runs had
// for the cheapest (Sched1) and the fastest (Sched4) makespan, sampling included; at least the
// cheapest possible run of the bag (the LR sample may have underestimated it).
void plan_implicit(Plan& plan, const Outcomes& lr) {
  for (const auto& s : kScenarios)
    for (int rep = 0; rep < plan.reps; ++rep)
      for (const char* k : {"sched1", "sched4"}) {
        const BatsOutcome& o = at(lr, s.name, k, rep);
        double budget = std::ceil(std::max(o.total_budget() + o.sampling(), cheapest_run(s, o)));
        plan.add(s.name, std::string("implicit-") + k, rep,
                 {{"sampling", "implicit"}, {"budget", format_number(budget)}});
      }
}

Outcomes run_plan(Plan& plan, size_t from, int jobs) {
  std::vector<RunRequest> todo(plan.requests.begin() + static_cast<long>(from),
                               plan.requests.end());
  // Quietly: a run that leaves its bag incomplete says so in its summary.json (and the
  // experiment counts them), not as a warning line per run on the terminal.
  run_many(todo, jobs, {"--log-level", "error"});
  Outcomes out;
  for (const auto& [key, i] : plan.index)
    if (i >= from) out[key] = read_outcome(plan.requests[i].out_dir);
  return out;
}

struct Findings {
  double worst_mu_error = 0, worst_sigma_error = 0;
  bool lr_cheaper = true;
  long runs = 0, over_budget = 0, incomplete = 0;
  std::vector<double> makespan_ratio;
  double cushion_makespan = 0, no_cushion_makespan = 0;  // means over every replication
  // Replications whose run without the cushion reconfigured (the budget-violation signal of
  // Fig. 7), their mean makespans, and replications where the cushion made the run longer.
  int cushion_reps = 0, signalled = 0, cushion_longer = 0;
  double signalled_with = 0, signalled_without = 0;
};

// The cushion "shortens" S4-1's Sched4 when, in the replications where the run without it
// meets a budget-violation signal, it is at least this much longer on average (the paper's
// Fig. 7: 3 h 56 min with, 4 h 29 min without, 14 % longer; a minute or two is what one task
// more or less on a machine changes). Where no signal comes, the two runs are the same run.
constexpr double kCushionGain = 0.05;

// Fig. 5: mu and sigma estimated through LR (the complete sample sets) against the bag's.
CsvTable fig5(const Outcomes& lr, int reps, Findings& f, Chart& chart) {
  CsvTable t{
      {"scenario", "rep", "cluster", "mu_lr_min", "mu_real_min", "sigma_lr_min", "sigma_real_min"},
      {}};
  chart.title = "Fig. 5: mu and sigma estimated by LR against the real bag's (minutes)";
  chart.kind = Chart::Kind::Scatter;
  chart.x_label = "real (min)";
  chart.y_label = "LR estimate (min)";
  chart.series = {Series{"mu", {}, {}, {}}, Series{"sigma", {}, {}, {}}};
  chart.y_min = 0;
  for (const auto& s : kScenarios)
    for (int rep = 0; rep < reps; ++rep) {
      const BatsOutcome& o = at(lr, s.name, "sched2", rep);
      auto mu = numbers(o.user.at("real_mu_s")), sd = numbers(o.user.at("real_sigma_s"));
      const nlohmann::json& clusters = o.schedules.at("clusters");
      for (size_t c = 0; c < clusters.size(); ++c) {
        double m = clusters[c].at("sample").at("mu_s").get<double>();
        double d = clusters[c].at("sample").at("sigma_s").get<double>();
        t.rows.push_back({s.name, std::to_string(rep), clusters[c].at("name").get<std::string>(),
                          num6(m / 60), num6(mu[c] / 60), num6(d / 60), num6(sd[c] / 60)});
        f.worst_mu_error = std::max(f.worst_mu_error, std::abs(m / mu[c] - 1));
        f.worst_sigma_error = std::max(f.worst_sigma_error, std::abs(d / sd[c] - 1));
        chart.series[0].x.push_back(mu[c] / 60);
        chart.series[0].y.push_back(m / 60);
        chart.series[1].x.push_back(sd[c] / 60);
        chart.series[1].y.push_back(d / 60);
      }
    }
  return t;
}

// Table 1: sampling cost (S), cheapest makespan's cost (C.M.) and fastest's (F.M.), with LR
// (S + the execution's spending) and without (the standalone runs' whole spending).
CsvTable table1(const Outcomes& lr, const Outcomes& implicit, int reps, Findings& f, Chart& chart) {
  CsvTable t{{"profitability", "scenario", "S_lr", "CM_lr", "FM_lr", "S_implicit", "CM_implicit",
              "FM_implicit"},
             {}};
  chart.title = "Table 1: sampling (S), cheapest (C.M.) and fastest (F.M.) makespan's cost";
  chart.kind = Chart::Kind::Bar;
  chart.x_label = "scenario (profitability)";
  chart.y_label = "cost ($, mean)";
  for (const char* name : {"S with LR", "C.M. with LR", "F.M. with LR", "S without LR",
                           "C.M. without LR", "F.M. without LR"})
    chart.series.push_back(Series{name, {}, {}, {}});
  for (const auto& s : kScenarios) {
    std::vector<double> v[6];
    for (int rep = 0; rep < reps; ++rep) {
      const BatsOutcome& cm = at(lr, s.name, "sched1", rep);
      const BatsOutcome& fm = at(lr, s.name, "sched4", rep);
      v[0].push_back(cm.sampling());
      v[1].push_back(cm.sampling() + cm.spent());
      v[2].push_back(fm.sampling() + fm.spent());
      const BatsOutcome& icm = at(implicit, s.name, "implicit-sched1", rep);
      const BatsOutcome& ifm = at(implicit, s.name, "implicit-sched4", rep);
      v[3].push_back(icm.sampling());
      v[4].push_back(icm.spent());
      v[5].push_back(ifm.spent());
    }
    std::vector<std::string> row{num6(s.profitability), s.name};
    for (const auto& x : v) row.push_back(num6(stats(x).mean));
    chart.categories.push_back(fmt::format("{} ({:.2f})", s.name, s.profitability));
    for (size_t k = 0; k < 6; ++k) {
      chart.series[k].x.push_back(static_cast<double>(chart.categories.size() - 1));
      chart.series[k].y.push_back(stats(v[k]).mean);
    }
    f.lr_cheaper = f.lr_cheaper && stats(v[0]).mean < stats(v[3]).mean;
    t.rows.push_back(row);
  }
  return t;
}

// Table 2: the schedules proposed for S3-4 and S4-1 (first replication).
CsvTable table2(const Outcomes& lr) {
  CsvTable t{{"scenario", "schedule", "budget", "cushion", "risk", "cluster1", "cluster2",
              "makespan_atus", "expected_makespan_min", "delta_n"},
             {}};
  for (const char* s : {"S3-4", "S4-1"})
    for (const auto& sc : at(lr, s, "sched2", 0).schedules.at("schedules"))
      t.rows.push_back({s, sc.at("name").get<std::string>(), num6(sc.at("budget").get<double>()),
                        num6(sc.at("cushion").get<double>()), sc.at("risk").get<std::string>(),
                        std::to_string(sc.at("machines")[0].get<int>()),
                        std::to_string(sc.at("machines")[1].get<int>()),
                        std::to_string(sc.at("makespan_atus").get<long>()),
                        num6(sc.at("expected_makespan_s").get<double>() / 60),
                        std::to_string(sc.at("delta_n").get<long>())});
  return t;
}

// Fig. 6: each schedule's actual cost and makespan against its budget and estimate.
CsvTable fig6(const Outcomes& lr, int reps, Findings& f, Chart& chart) {
  CsvTable t{{"scenario", "schedule", "rep", "budget", "spent", "tasks_done",
              "expected_makespan_min", "makespan_min"},
             {}};
  chart.title = "Fig. 6: actual makespan against BaTS's estimate (sampling included)";
  chart.kind = Chart::Kind::Scatter;
  chart.x_label = "estimated makespan (h)";
  chart.y_label = "actual makespan (h)";
  chart.y_min = 0;
  for (const auto& s : kScenarios) {
    chart.series.push_back(Series{s.name, {}, {}, {}});
    for (int k = 1; k <= 4; ++k)
      for (int rep = 0; rep < reps; ++rep) {
        const BatsOutcome& o = at(lr, s.name, fmt::format("sched{}", k), rep);
        double m = o.makespan_s();
        t.rows.push_back({s.name, fmt::format("Sched{}", k), std::to_string(rep),
                          num6(o.total_budget()), num6(o.spent()),
                          std::to_string(o.user.at("tasks_done").get<long>()),
                          num6(o.expected_s() / 60), std::isnan(m) ? "" : num6(m / 60)});
        if (std::isnan(m)) continue;
        f.makespan_ratio.push_back(m / o.expected_s());
        chart.series.back().x.push_back(o.expected_s() / 3600);
        chart.series.back().y.push_back(m / 3600);
      }
  }
  return t;
}

// Fig. 7: S4-1's Sched4 with and without its cushion.
CsvTable fig7(const Outcomes& lr, int reps, Findings& f, Chart& chart) {
  CsvTable t{
      {"rep", "cushion", "budget", "spent", "tasks_done", "reconfigurations", "makespan_min"}, {}};
  chart.title = "Fig. 7: S4-1 Sched4 with and without its cushion";
  chart.kind = Chart::Kind::Bar;
  chart.x_label = "replication (seed)";
  chart.y_label = "makespan (min; none: bag incomplete)";
  chart.series = {Series{"cushion accepted", {}, {}, {}}, Series{"cushion refused", {}, {}, {}}};
  std::vector<double> with, without, signalled_with, signalled_without;
  f.cushion_reps = reps;
  for (int rep = 0; rep < reps; ++rep) {
    chart.categories.push_back(fmt::format("rep {}", rep));
    for (const char* v : {"sched4", "sched4-nocushion"}) {
      const BatsOutcome& o = at(lr, "S4-1", v, rep);
      bool cushion = std::string(v) == "sched4";
      double m = o.makespan_s();
      long reconfigurations = o.user.at("reconfigurations").get<long>();
      t.rows.push_back({std::to_string(rep), cushion ? "accepted" : "refused",
                        num6(o.total_budget()), num6(o.spent()),
                        std::to_string(o.user.at("tasks_done").get<long>()),
                        std::to_string(reconfigurations), std::isnan(m) ? "" : num6(m / 60)});
      // An incomplete bag counts as never finishing (infinite makespan).
      (cushion ? with : without).push_back(std::isnan(m) ? INFINITY : m);
      if (!cushion && reconfigurations > 0) {
        ++f.signalled;
        signalled_with.push_back(with.back());
        signalled_without.push_back(without.back());
      }
      Series& bars = chart.series[cushion ? 0 : 1];
      bars.x.push_back(rep);
      bars.y.push_back(m / 60);  // NaN (incomplete): no bar
    }
    if (with.back() > without.back()) ++f.cushion_longer;
  }
  f.cushion_makespan = stats(with).mean;
  f.no_cushion_makespan = stats(without).mean;
  if (f.signalled > 0) {
    f.signalled_with = stats(signalled_with).mean;
    f.signalled_without = stats(signalled_without).mean;
  }
  chart.categories.push_back("mean");
  for (Series* s : {&chart.series[0], &chart.series[1]}) {
    double mean = (s == &chart.series[0] ? f.cushion_makespan : f.no_cushion_makespan) / 60;
    s->x.push_back(reps);
    s->y.push_back(std::isfinite(mean) ? mean : NAN);
  }
  return t;
}

void count_budgets(const Outcomes& all, Findings& f) {
  for (const auto& [key, o] : all) {
    ++f.runs;
    if (o.spent() > o.total_budget() + 1e-9) ++f.over_budget;
    if (o.user.at("finish_s").is_null()) ++f.incomplete;
  }
}

CsvTable findings(const Findings& f) {
  CsvTable t{{"finding", "measured", "holds"}, {}};
  auto row = [&](const std::string& name, const std::string& measured, bool holds) {
    t.rows.push_back({name, measured, holds ? "yes" : "no"});
  };
  row("LR estimates mu within 10% of the real bag's",
      fmt::format("worst error {:.1f}%", 100 * f.worst_mu_error), f.worst_mu_error <= 0.10);
  row("LR estimates sigma within 35% of the real bag's",
      fmt::format("worst error {:.1f}%", 100 * f.worst_sigma_error), f.worst_sigma_error <= 0.35);
  row("sampling with LR costs less than without, in every scenario", "see table1_costs.csv",
      f.lr_cheaper);
  row("every run within its budget (plus accepted cushion)",
      fmt::format("{} of {} runs over budget, {} incomplete", f.over_budget, f.runs, f.incomplete),
      f.over_budget == 0);
  double ratio = f.makespan_ratio.empty() ? NAN : stats(f.makespan_ratio).mean;
  row("actual makespans within 25% of the estimates (mean ratio)",
      fmt::format("mean actual/estimate {:.3f}", ratio), ratio >= 0.75 && ratio <= 1.25);
  double gain = f.signalled > 0 ? f.signalled_without / f.signalled_with - 1 : NAN;
  row(fmt::format("the cushion shortens S4-1's Sched4 (where refusing it meets a violation signal, "
                  "at least {:.0f}% longer without it; never longer with it)",
                  100 * kCushionGain),
      fmt::format("signal in {} of {} replications: {:.0f} min with, {:.0f} min without "
                  "({:+.1f}%); all: {:.0f} min with, {:.0f} min without; longer with: {}",
                  f.signalled, f.cushion_reps, f.signalled_with / 60, f.signalled_without / 60,
                  100 * gain, f.cushion_makespan / 60, f.no_cushion_makespan / 60,
                  f.cushion_longer),
      f.signalled > 0 && gain >= kCushionGain && f.cushion_longer == 0);
  return t;
}

void run_bats2011(const ExperimentOptions& opts) {
  Plan plan;
  plan.reps = opts.reps_given ? opts.reps : 3;
  plan.seed = opts.seed;
  const fs::path out = normal_dir(opts.out_dir);
  plan.work = work_dir_of(opts.out_dir);
  prepare_work_dir(plan.work, opts);  // keeps the runs an interrupted experiment finished
  fs::create_directories(plan.work / "deployments");
  fs::create_directories(plan.work / "runs");
  plan_lr(plan);
  std::cout << "bats2011: " << plan.requests.size() << " LR runs, " << opts.jobs << " at a time\n"
            << std::flush;
  Outcomes lr = run_plan(plan, 0, opts.jobs);
  size_t from = plan.requests.size();
  plan_implicit(plan, lr);
  std::cout << "bats2011: " << plan.requests.size() - from << " runs without LR\n" << std::flush;
  Outcomes implicit = run_plan(plan, from, opts.jobs);

  const fs::path stage = plan.work / "result";
  fs::create_directories(stage);
  fs::rename(plan.work / "deployments", stage / "deployments");
  Findings f;
  Chart c5, t1, c6, c7;
  write_csv((stage / "fig5_estimates.csv").string(), fig5(lr, plan.reps, f, c5));
  write_csv((stage / "table1_costs.csv").string(), table1(lr, implicit, plan.reps, f, t1));
  write_csv((stage / "table2_schedules.csv").string(), table2(lr));
  write_csv((stage / "fig6_schedules.csv").string(), fig6(lr, plan.reps, f, c6));
  write_csv((stage / "fig7_cushion.csv").string(), fig7(lr, plan.reps, f, c7));
  count_budgets(lr, f);
  count_budgets(implicit, f);
  const CsvTable found = findings(f);
  write_csv((stage / "findings.csv").string(), found, true);  // findings hold commas
  write_figure(stage.string(), "fig5_estimates", c5);
  write_figure(stage.string(), "table1_costs", t1);
  write_figure(stage.string(), "fig6_makespans", c6);
  write_figure(stage.string(), "fig7_cushion", c7);
  draw_experiment_figures("bats2011", stage, opts.out_dir);
  std::cout << fmt::format(
      "bats2011: {} runs, {} over budget, {} left their bag incomplete within "
      "budget (fig6_schedules.csv, fig7_cushion.csv, findings.csv)\n",
      f.runs, f.over_budget, f.incomplete);
  for (const auto& row : found.rows)
    std::cout << "bats2011: " << row[0] << ": " << row[1]
              << (row[2] == "yes" ? " (holds)\n"
                                  : " (does not hold; why: "
                                    "docs/bats2011.md#where-botsim-disagrees-with-the-paper)\n");
  std::cout << std::flush;
  replace_directory(stage, out.string());
  remove_work_dir(plan.work);
}

}  // namespace

void register_bats2011_experiment() {
  register_experiment(Experiment{
      "bats2011",
      "Oprescu, Kielmann & Leahu 2011: BaTS budget estimates and control (Fig. 5, Tables 1-2, "
      "Figs 6-7)",
      run_bats2011, "3 per scenario"});
}

}  // namespace botsim::experiments
