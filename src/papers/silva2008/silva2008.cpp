#include "papers/silva2008/silva2008.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "campaign/findings.hpp"
#include "campaign/stats.hpp"
#include "core/csv.hpp"
#include "core/results.hpp"
#include "core/stats.hpp"
#include "core/units.hpp"
#include "silva/jobs.hpp"
#include "view/console_tables.hpp"
#include "view/figures.hpp"

namespace botsim::papers {

using campaign::at_least;
using campaign::at_most;
using campaign::Finding;
using campaign::findings_text;
using campaign::num6;
using campaign::write_findings;
using view::style_by_name;

using silva::optimum_hosts;
using silva::static_run;

namespace fs = std::filesystem;

SilvaRunOutcome read_silva_run(const std::string& dir, double hpt) {
  RunSummary summary = read_summary(dir);
  if (summary.users.empty()) throw std::runtime_error(dir + ": no user in summary.json");
  const UserRecord& u = summary.users.front();
  SilvaRunOutcome o;
  o.finished = u.makespan_s().has_value();
  o.hosts = u.instances.value_or(0);
  o.charged_units = u.charged_units.value_or(0);
  o.spent = u.spent;
  CsvTable tasks = read_csv(dir + "/tasks.csv");
  size_t cs = tasks.column("start_s"), ce = tasks.column("end_s");
  std::vector<double> times;
  for (const auto& row : tasks.rows) {
    if (row[ce].empty()) {
      ++o.lost_tasks;
      continue;
    }
    double t = parse_number(row[ce]) - parse_number(row[cs]);
    times.push_back(t);
    o.work_s += t;
  }
  if (!o.finished) {  // the undone tasks' times are unknown: no timespan, speedup or optimum
    o.timespan_s = o.speedup = o.optimum_timespan_s = NAN;
    return o;
  }
  o.timespan_s = *u.makespan_s();
  o.speedup = o.timespan_s > 0 ? o.work_s / o.timespan_s : 0;
  o.optimum_hosts = optimum_hosts(times, hpt);
  o.optimum_timespan_s = static_run(times, o.optimum_hosts, hpt).makespan_s;
  return o;
}

namespace {

// The figures of one job (Figs 5, 6 and 7).
struct JobCharts {
  Chart span, hosts, scatter;
  std::vector<double> optimum, optimum_span;
};

// The tables and figures of one rule set's silva2008 runs, built in memory from its runs.
class Tables {
 public:
  explicit Tables(const Silva2008Runs& runs);

  /// The paper's findings on these tables.
  std::vector<Finding> findings() const {
    return silva2008_findings(runs_csv_, settings_csv_, fig1_csv_, intervals_csv_);
  }
  /// Figs 5-7 and the check interval's figures, each file name ending in `suffix`.
  void write_figures(const fs::path& stage, const std::string& suffix) const;
  /// Figs 1 and 2 and fig1.csv: the same under every rule set.
  void write_shared(const fs::path& stage) const;

  CsvTable runs_csv_, settings_csv_, intervals_csv_, fig1_csv_;

 private:
  void add_setting_rows(const SilvaSetting& s);
  void build_settings();
  void build_fig1();
  void build_fig2();
  void build_check_intervals();

  const Silva2008Runs& r_;
  std::map<std::string, JobCharts> charts_;
  std::map<std::string, Chart> interval_charts_;
  Chart fig1_, fig2_;
};

Tables::Tables(const Silva2008Runs& runs) : r_(runs) {
  build_settings();
  build_fig1();
  build_fig2();
  build_check_intervals();
}

std::string creation_ratio_label(double cr) { return "creationRatio " + format_number(cr); }

// A check interval's series in the check interval's figures (and what fixes its style there).
std::string check_interval_label(double check_s) {
  return fmt::format("checks every {} min", format_number(check_s / 60));
}

JobCharts job_charts(const SilvaJob& job) {
  JobCharts c;
  c.span.title = job.title + ": timespan, mean ± sd";
  c.span.x_label = "increaseRatio (each creationRatio shifted by up to ±0.02)";
  c.span.y_label = "timespan (s)";
  c.span.y_min = 0;
  c.hosts.title = job.title + ": hosts, mean ± sd";
  c.hosts.x_label = "increaseRatio (each creationRatio shifted by up to ±0.02)";
  c.hosts.y_label = "hosts";
  c.hosts.y_min = 1;  // a job runs on at least one host
  // increaseRatio lies in [0, 1]; the points are shifted by at most 0.02 around it.
  for (Chart* chart : {&c.span, &c.hosts}) {
    chart->x_min = -0.05;
    chart->x_max = 1.05;
  }
  c.scatter.title = "Fig. 7, " + job.name + " job: hosts and speedup per run";
  c.scatter.kind = Chart::Kind::Scatter;
  c.scatter.x_label = "allocated hosts";
  c.scatter.y_label = "speedup";
  c.scatter.y_min = 0;
  c.scatter.series = {Series{"conservative (0.5, 0.5)", {}, {}, {}},
                      Series{"aggressive (0.75, 0.75)", {}, {}, {}}};
  return c;
}

// One setting's rows in runs.csv and settings.csv, and its points in the job's charts. Every
// statistic is over the runs that finished; `unfinished` counts the others.
void Tables::add_setting_rows(const SilvaSetting& s) {
  std::vector<double> span, hosts, speedup, charged, lost, opt, opt_span, over;
  long hmin = 1L << 40, hmax = 0, unfinished = 0;
  JobCharts& charts = charts_[s.job];
  for (size_t k = 0; k < s.outcomes.size(); ++k) {
    const auto& o = s.outcomes[k];
    runs_csv_.rows.push_back(
        {s.job, num6(s.cr), num6(s.ir), std::to_string(k), std::to_string(s.seeds[k]),
         o.finished ? "yes" : "no", num6(o.timespan_s), std::to_string(o.hosts),
         std::to_string(o.charged_units), num6(o.spent), num6(o.work_s), num6(o.speedup),
         std::to_string(o.lost_tasks), o.finished ? std::to_string(o.optimum_hosts) : "",
         num6(o.optimum_timespan_s)});
    if (!o.finished) {
      ++unfinished;
      continue;
    }
    span.push_back(o.timespan_s);
    hosts.push_back(static_cast<double>(o.hosts));
    speedup.push_back(o.speedup);
    charged.push_back(static_cast<double>(o.charged_units));
    lost.push_back(static_cast<double>(o.lost_tasks));
    opt.push_back(static_cast<double>(o.optimum_hosts));
    opt_span.push_back(o.optimum_timespan_s);
    over.push_back(static_cast<double>(o.hosts) / static_cast<double>(o.optimum_hosts));
    hmin = std::min(hmin, o.hosts);
    hmax = std::max(hmax, o.hosts);
    int series = s.cr == 0.5 && s.ir == 0.5 ? 0 : s.cr == 0.75 && s.ir == 0.75 ? 1 : -1;
    if (series >= 0) {
      charts.scatter.series[static_cast<size_t>(series)].x.push_back(static_cast<double>(o.hosts));
      charts.scatter.series[static_cast<size_t>(series)].y.push_back(o.speedup);
    }
  }
  auto st = stats(span), sh = stats(hosts);
  settings_csv_.rows.push_back(
      {s.job, num6(s.cr), num6(s.ir), std::to_string(s.outcomes.size()), std::to_string(unfinished),
       num6(st.mean), num6(st.sd), num6(sh.mean), num6(sh.sd), hmax ? std::to_string(hmin) : "",
       hmax ? std::to_string(hmax) : "", num6(stats(speedup).mean), num6(stats(charged).mean),
       num6(stats(lost).mean), num6(stats(opt).mean), num6(stats(opt_span).mean),
       num6(stats(over).mean)});
  charts.optimum.insert(charts.optimum.end(), opt.begin(), opt.end());
  charts.optimum_span.insert(charts.optimum_span.end(), opt_span.begin(), opt_span.end());
  const std::string label = creation_ratio_label(s.cr);
  // Each creationRatio's points are shifted a little along x so that error bars do not hide
  // one another (the x axis label says so).
  double shift = (s.cr - 0.5) * 0.04;
  for (auto [chart, st_] : {std::pair{&charts.span, st}, std::pair{&charts.hosts, sh}}) {
    if (chart->series.empty() || chart->series.back().label != label)
      chart->series.push_back(Series{label, {}, {}, {}});
    auto& series = chart->series.back();
    series.x.push_back(s.ir + shift);
    series.y.push_back(st_.mean);
    series.y_err.push_back(st_.sd);
  }
}

void Tables::build_settings() {
  runs_csv_ = CsvTable{{"job", "creation_ratio", "increase_ratio", "rep", "seed", "finished",
                        "timespan_s", "hosts", "charged_units", "spent", "work_s", "speedup",
                        "lost_tasks", "optimum_hosts", "optimum_timespan_s"},
                       {}};
  settings_csv_ =
      CsvTable{{"job", "creation_ratio", "increase_ratio", "runs", "unfinished", "timespan_mean_s",
                "timespan_sd_s", "hosts_mean", "hosts_sd", "hosts_min", "hosts_max", "speedup_mean",
                "charged_units_mean", "lost_tasks_mean", "optimum_hosts_mean",
                "optimum_timespan_mean_s", "hosts_over_optimum_mean"},
               {}};
  for (const auto& job : r_.jobs) charts_[job.name] = job_charts(job);
  for (const auto& s : r_.settings) add_setting_rows(s);
  for (const auto& job : r_.jobs) {
    auto& c = charts_[job.name];
    c.hosts.reference_y = stats(c.optimum).mean;
    c.hosts.reference_label = "optimum (known task times)";
    c.span.reference_y = stats(c.optimum_span).mean;
    c.span.reference_label = "optimum hosts, known task times";
    // A creationRatio keeps its style in every figure of every job.
    std::vector<std::string> ratios;
    for (double cr : kSilvaRatios) ratios.push_back(creation_ratio_label(cr));
    style_by_name(c.span, ratios);
    style_by_name(c.hosts, ratios);
  }
}

void Tables::write_figures(const fs::path& stage, const std::string& suffix) const {
  const std::map<std::string, std::string> fig_no{{"render", "fig5"}, {"normal", "fig6"}};
  for (const auto& job : r_.jobs) {
    const auto& c = charts_.at(job.name);
    const std::string stem = fig_no.at(job.name) + "_" + job.name;
    write_figure(stage.string(), stem + "_timespan" + suffix, c.span);
    write_figure(stage.string(), stem + "_hosts" + suffix, c.hosts);
    write_figure(stage.string(), "fig7_" + job.name + suffix, c.scatter);
  }
  for (const auto& [job, c] : interval_charts_)
    write_figure(stage.string(), "check_interval_" + job + suffix, c);
}

void Tables::write_shared(const fs::path& stage) const {
  write_csv((stage / "fig1.csv").string(), fig1_csv_);
  write_figure(stage.string(), "fig1", fig1_);
  write_figure(stage.string(), "fig2_render_like_job", fig2_);
}

// Fig. 1: 300 tasks of 5 minutes on 1..60 hosts rented for the whole job: the list schedule
// worked out (static_run), and the same static choice simulated (StaticProvisioning).
void Tables::build_fig1() {
  std::vector<double> fig1_job(300, 300.0);
  CsvTable& fig1 = fig1_csv_;
  fig1 = CsvTable{{"hosts", "charged_hours", "speedup", "makespan_s", "simulated_charged_hours",
                   "simulated_makespan_s"},
                  {}};
  Chart& f1 = fig1_;
  f1.title = "Fig. 1: 300 tasks of 5 min: charged time and speedup";
  f1.x_label = "allocated hosts";
  f1.y_label = "charged hours / speedup";
  f1.y_min = 0;
  f1.series = {Series{"charged time (h)", {}, {}, {}}, Series{"speedup", {}, {}, {}}};
  for (long h = 1; h <= static_cast<long>(r_.fig1.size()); ++h) {
    auto r = static_run(fig1_job, h, kSilvaAtu);
    const SilvaStaticRun& sim = r_.fig1[static_cast<size_t>(h - 1)];
    fig1.rows.push_back({std::to_string(h), std::to_string(r.charged_units), num6(r.speedup),
                         num6(r.makespan_s), std::to_string(sim.charged_units),
                         num6(sim.makespan_s)});
    f1.series[0].x.push_back(static_cast<double>(h));
    f1.series[0].y.push_back(static_cast<double>(r.charged_units));
    f1.series[1].x.push_back(static_cast<double>(h));
    f1.series[1].y.push_back(r.speedup);
  }
}

// Fig. 2's shape for the render-like stand-in: task times in image order, running average.
void Tables::build_fig2() {
  const std::vector<double>& times = r_.render_times;
  Chart& f2 = fig2_;
  f2.title = "Render-like job (stand-in for Fig. 2): task run times in image order";
  f2.x_label = "task";
  f2.y_label = "run time (s)";
  f2.y_min = 0;
  f2.series = {Series{"task run time", {}, {}, {}}, Series{"running average", {}, {}, {}}};
  double sum = 0;
  for (size_t i = 0; i < times.size(); ++i) {
    sum += times[i];
    f2.series[0].x.push_back(static_cast<double>(i));
    f2.series[0].y.push_back(times[i]);
    f2.series[1].x.push_back(static_cast<double>(i));
    f2.series[1].y.push_back(sum / static_cast<double>(i + 1));
  }
}

// check_interval.csv and its figures: per job, interval and creationRatio (increaseRatio 0.5),
// the hosts' mean, deviation and maximum.
void Tables::build_check_intervals() {
  CsvTable& table = intervals_csv_;
  table = CsvTable{{"job", "check_interval_s", "creation_ratio", "increase_ratio", "runs",
                    "unfinished", "hosts_mean", "hosts_sd", "hosts_max", "timespan_mean_s",
                    "timespan_sd_s", "hosts_over_optimum_mean"},
                   {}};
  for (const auto& job : r_.jobs) {
    Chart c;
    c.title = "Check interval: spread of the hosts allocated, " + job.name + " job";
    c.x_label = "creationRatio (increaseRatio 0.5)";
    c.y_label = "hosts, standard deviation";
    c.y_min = 0;
    for (double check_s : kSilvaCheckIntervals) {
      c.series.push_back(Series{check_interval_label(check_s), {}, {}, {}});
      for (const auto* group : {&r_.settings, &r_.study})
        for (const auto& s : *group) {
          if (s.job != job.name || s.check_s != check_s || s.ir != 0.5) continue;
          std::vector<double> hosts, span, over;
          double hmax = 0;
          long unfinished = 0;
          for (const auto& o : s.outcomes) {
            if (!o.finished) {
              ++unfinished;
              continue;
            }
            hosts.push_back(static_cast<double>(o.hosts));
            span.push_back(o.timespan_s);
            over.push_back(static_cast<double>(o.hosts) / static_cast<double>(o.optimum_hosts));
            hmax = std::max(hmax, static_cast<double>(o.hosts));
          }
          const Stats sh = stats(hosts), st = stats(span);
          table.rows.push_back({s.job, num6(check_s), num6(s.cr), num6(s.ir),
                                std::to_string(s.outcomes.size()), std::to_string(unfinished),
                                num6(sh.mean), num6(sh.sd), num6(hmax), num6(st.mean), num6(st.sd),
                                num6(stats(over).mean)});
          c.series.back().x.push_back(s.cr);
          c.series.back().y.push_back(sh.sd);
        }
    }
    std::vector<std::string> intervals;
    for (double check_s : kSilvaCheckIntervals) intervals.push_back(check_interval_label(check_s));
    style_by_name(c, intervals);
    interval_charts_[job.name] = std::move(c);
  }
}

}  // namespace

SilvaStaticRun read_silva_static_run(const std::string& dir) {
  const RunSummary sim = read_summary(dir);
  if (sim.users.empty() || !sim.users.front().makespan_s() || !sim.users.front().charged_units)
    throw std::runtime_error(dir + ": the static run did not finish");
  const UserRecord& u = sim.users.front();
  return SilvaStaticRun{*u.charged_units, *u.makespan_s()};
}

namespace {

// Every setting's replications [lo, hi) of `runs`.
Silva2008Runs replications(const Silva2008Runs& runs, size_t lo, size_t hi) {
  Silva2008Runs part = runs;
  for (auto* group : {&part.settings, &part.study})
    for (auto& s : *group) {
      s.seeds.assign(s.seeds.begin() + lo, s.seeds.begin() + hi);
      s.outcomes.assign(s.outcomes.begin() + lo, s.outcomes.begin() + hi);
    }
  part.populations = static_cast<int>(hi - lo);
  return part;
}

}  // namespace

std::vector<Finding> silva2008_findings_over_replications(const Silva2008Runs& runs) {
  std::vector<Finding> found = Tables(runs).findings();
  const size_t size = static_cast<size_t>(std::max(runs.populations_per_rep, 1));
  const size_t reps = static_cast<size_t>(runs.populations) / size;
  if (reps < 2) return found;
  std::vector<std::vector<Finding>> per_rep;
  for (size_t b = 0; b < reps; ++b)
    per_rep.push_back(Tables(replications(runs, b * size, (b + 1) * size)).findings());
  for (size_t i = 0; i < found.size(); ++i) {
    if (found[i].id.rfind("fig1 ", 0) == 0) continue;
    std::vector<double> values;
    for (const auto& rep : per_rep) values.push_back(rep.at(i).value);
    found[i].spread_over(values);
  }
  return found;
}

namespace {

// The cause of each gap that silva2008_findings does not name: a job left unfinished, a claim
// Fig. 3 as printed does not reproduce, a claim that holds on the whole but not on every
// replication
// (docs/silva2008.md, "Fig. 3 as printed, measured" and "Findings").
void name_causes(std::vector<Finding>& found, bool as_printed, const Silva2008Runs& runs) {
  for (Finding& f : found) {
    if (!f.cause.empty()) continue;
    if (f.id.find("every run finishes") != std::string::npos)
      f.cause =
          "without the liveness rule the last host can stop at the end of its hour while tasks "
          "wait, and nothing in Fig. 3 rents another (docs/silva2008.md, Rules botsim adds)";
    else if (as_printed && !f.holds())
      f.cause = "docs/silva2008.md, Fig. 3 as printed, measured";
    else if (f.runs && f.runs->holding < f.runs->n)
      f.cause = fmt::format(
          "holds on all {} populations but not on each replication of {} (docs/silva2008.md, "
          "Findings)",
          runs.populations, runs.populations_per_rep);
  }
}

}  // namespace

std::string write_silva2008_tables(const Silva2008Runs& runs, const Silva2008Runs& as_printed,
                                   const std::string& dir) {
  using campaign::kRulesBotsim;
  using campaign::kRulesPaper;
  const fs::path stage(dir);
  const Tables botsim(runs), printed(as_printed);
  auto both = [&](CsvTable Tables::*table) {
    return campaign::by_rules({{kRulesPaper, printed.*table}, {kRulesBotsim, botsim.*table}});
  };
  write_csv((stage / "runs.csv").string(), both(&Tables::runs_csv_));
  write_csv((stage / "settings.csv").string(), both(&Tables::settings_csv_));
  write_csv((stage / "check_interval.csv").string(), both(&Tables::intervals_csv_));
  botsim.write_shared(stage);  // Fig. 1's static choice and Fig. 2 are not Fig. 3's
  botsim.write_figures(stage, "");
  printed.write_figures(stage, "_as_printed");
  std::vector<Finding> paper = campaign::under_rules(
                           silva2008_findings_over_replications(as_printed), kRulesPaper),
                       botsim_found = campaign::under_rules(
                           silva2008_findings_over_replications(runs), kRulesBotsim);
  name_causes(paper, true, as_printed);
  name_causes(botsim_found, false, runs);
  const std::vector<Finding> all = campaign::side_by_side(paper, botsim_found);
  write_findings((stage / "findings.csv").string(), all);
  // The tables from the files just written, as the report page shows them.
  return "\n" + view::console_tables_text(view::console_tables("silva2008", stage)) +
         "(sd, min, max, speedup and charged hours: settings.csv)\n" +
         "\nthe paper's findings (findings.csv), each as printed, then with botsim's rules:\n" +
         findings_text(all);
}

namespace {

// The rows of `t` whose named columns hold the given numbers (or text for "job").
std::vector<const std::vector<std::string>*> rows_where(
    const CsvTable& t, const std::string& job,
    const std::vector<std::pair<std::string, double>>& numbers) {
  std::vector<const std::vector<std::string>*> out;
  const size_t j = t.column("job");
  std::vector<std::pair<size_t, double>> cols;
  for (const auto& [name, v] : numbers) cols.emplace_back(t.column(name), v);
  for (const auto& row : t.rows) {
    if (row[j] != job) continue;
    bool all = true;
    for (const auto& [c, v] : cols) all = all && std::fabs(parse_number(row[c]) - v) < 1e-9;
    if (all) out.push_back(&row);
  }
  return out;
}

// A number of `t`, NaN where it was not measured (e.g. no run of the setting finished).
double cell(const std::vector<std::string>& row, const CsvTable& t, const std::string& col) {
  const std::string& v = row[t.column(col)];
  return v.empty() ? NAN : parse_number(v);
}

// The rows of runs.csv `rows` whose job finished (an unfinished one has no speedup or optimum).
std::vector<const std::vector<std::string>*> finished_only(
    const CsvTable& runs, std::vector<const std::vector<std::string>*> rows) {
  const size_t f = runs.column("finished");
  rows.erase(
      std::remove_if(rows.begin(), rows.end(), [&](const auto* row) { return (*row)[f] != "yes"; }),
      rows.end());
  return rows;
}

// The ratio of creationRatio 1's deviation of hosts to the largest of the other creationRatios
// in `rows` (one per creationRatio), NaN without both.
double spread_ratio(const CsvTable& t, const std::vector<const std::vector<std::string>*>& rows,
                    const std::string& sd_column, std::string& text) {
  double at_one = NAN, others = NAN;
  for (const auto* row : rows) {
    const double cr = cell(*row, t, "creation_ratio"), sd = cell(*row, t, sd_column);
    if (cr == 1)
      at_one = sd;
    else
      others = std::isnan(others) ? sd : std::max(others, sd);
    text += fmt::format("{}cr {} sd {:.2f}", text.empty() ? "" : ", ", format_number(cr), sd);
  }
  return at_one / others;
}

}  // namespace

std::vector<Finding> silva2008_findings(const CsvTable& runs, const CsvTable& settings,
                                        const CsvTable& fig1, const CsvTable& intervals) {
  std::vector<Finding> found;
  const double nan = NAN;
  {
    // Fig. 1: the fewest hosts at the least charged time, and with it the best speedup there.
    double least = INFINITY, best_speedup = -1, at = nan;
    for (const auto& row : fig1.rows) least = std::min(least, cell(row, fig1, "charged_hours"));
    for (const auto& row : fig1.rows)
      if (cell(row, fig1, "charged_hours") == least && cell(row, fig1, "speedup") > best_speedup) {
        best_speedup = cell(row, fig1, "speedup");
        at = cell(row, fig1, "hosts");
      }
    Finding f =
        at_most("fig1 25 hosts",
                "300 tasks of 5 min: 25 hosts give the least charged "
                "time with the best speedup",
                "25 hosts, 25 charged hours (Fig. 1)",
                "|hosts with the least charged time and best speedup - 25|", std::fabs(at - 25), 0);
    f.botsim = fmt::format("{} hosts: {} charged hours, speedup {}", format_number(at),
                           format_number(least), format_number(best_speedup));
    found.push_back(std::move(f));
  }
  {
    // Fig. 1's static choice simulated (StaticProvisioning) against the list schedule worked
    // out: the same charged hours and makespan at every host count.
    double worst = 0, at = nan;
    for (const auto& row : fig1.rows) {
      const double d = std::max(
          std::fabs(cell(row, fig1, "simulated_charged_hours") - cell(row, fig1, "charged_hours")),
          std::fabs(cell(row, fig1, "simulated_makespan_s") - cell(row, fig1, "makespan_s")));
      if (!(d <= worst)) worst = d, at = cell(row, fig1, "hosts");
    }
    Finding f =
        at_most("fig1 simulated",
                "the static choice, simulated, charges the hours and takes the time of "
                "the list schedule Fig. 1 plots",
                "Fig. 1's charged time and speedup per host count",
                "largest |simulated - worked out| of charged hours and makespan (s)", worst, 1e-6);
    f.botsim = std::isnan(at)
                   ? fmt::format("equal at every host count ({} counts)", fig1.rows.size())
                   : fmt::format("largest difference {} at {} hosts", format_number(worst),
                                 format_number(at));
    found.push_back(std::move(f));
  }
  const std::vector<std::pair<std::string, std::string>> jobs{{"normal", "fig6"},
                                                              {"render", "fig5"}};
  for (const auto& [job, fig] : jobs) {
    // Section 5 reports a timespan for every population: every job finishes (the main grid).
    double runs_n = 0, unfinished = 0;
    for (const auto& row : settings.rows)
      if (row[settings.column("job")] == job) {
        runs_n += cell(row, settings, "runs");
        unfinished += cell(row, settings, "unfinished");
      }
    Finding f =
        at_most(fig + " every run finishes (" + job + ")", "every job of every setting finishes",
                "a timespan for every population (Figs 5 and 6)",
                "runs that end with tasks undone, share of the main grid's runs",
                runs_n > 0 ? 100 * unfinished / runs_n : nan, 0, "%");
    f.botsim = fmt::format("{} of {} runs end with tasks undone", format_number(unfinished),
                           format_number(runs_n));
    found.push_back(std::move(f));
  }
  for (const auto& [job, fig] : jobs) {
    // Figs 5 and 6: ratios in [0.5, 0.75] within 12 % of the optimum, on average.
    double worst = nan;
    std::string text;
    for (double cr : {0.5, 0.75})
      for (double ir : {0.5, 0.75})
        for (const auto* row :
             rows_where(settings, job, {{"creation_ratio", cr}, {"increase_ratio", ir}})) {
          const double over = 100 * (cell(*row, settings, "hosts_over_optimum_mean") - 1);
          worst = std::isnan(worst) ? over : std::max(worst, over);
          text += fmt::format("{}{}/{} {:+.1f} %", text.empty() ? "" : ", ", format_number(cr),
                              format_number(ir), over);
        }
    Finding f = at_most(fig + " within 12 % (" + job + ")",
                        "with suitable ratios the hosts allocated differ by at most 12 % from the "
                        "optimum",
                        "at most 12 % (Figs 5 and 6)",
                        "largest mean excess of hosts over the optimum, ratios 0.5 and 0.75", worst,
                        12, "%");
    f.botsim = text;
    if (job == "render")
      f.cause =
          "the render-like stand-in's optimum is 3 hosts, so one host more is +33 % "
          "(docs/silva2008.md, Results against the paper)";
    found.push_back(std::move(f));
  }
  for (const auto& [job, fig] : jobs) {
    // creationRatio 1.0: the widest spread of hosts, under each check interval; "high" is read
    // as at least 10 % wider than at any other creationRatio, so that a tie does not pass.
    constexpr double kWiderSpread = 1.1;
    for (double check_s : kSilvaCheckIntervals) {
      std::string text;
      const double ratio = spread_ratio(
          intervals,
          rows_where(intervals, job, {{"check_interval_s", check_s}, {"increase_ratio", 0.5}}),
          "hosts_sd", text);
      Finding f =
          at_least(fmt::format("{} cr 1 spread ({}, checks every {} min)", fig, job,
                               format_number(check_s / 60)),
                   "with creationRatio 1.0 the deviation of the hosts allocated is high",
                   "the highest deviation of timespan and hosts (Figs 5 and 6)",
                   "hosts sd at creationRatio 1 / largest at the others (increaseRatio 0.5)", ratio,
                   kWiderSpread);
      f.botsim = text;
      if (check_s < 300)
        f.cause =
            "checks every minute fire before the first completions and rent hosts a few at a "
            "time, whatever creationRatio (docs/silva2008.md, Check interval)";
      found.push_back(std::move(f));
    }
  }
  for (const auto& [job, fig] : jobs) {
    // creationRatio 0: a higher increaseRatio shortens the timespan, allocates more hosts, with
    // more deviation (increaseRatio 0 against 1).
    const auto lo = rows_where(settings, job, {{"creation_ratio", 0}, {"increase_ratio", 0}});
    const auto hi = rows_where(settings, job, {{"creation_ratio", 0}, {"increase_ratio", 1}});
    auto get = [&](const auto& rows, const char* col) {
      return rows.empty() ? nan : cell(*rows.front(), settings, col);
    };
    const std::string paper =
        "a higher increaseRatio reduces the timespan, but increases the "
        "hosts and their deviation (section 5)";
    Finding span = at_most(fig + " cr 0 shorter (" + job + ")",
                           "at creationRatio 0 a higher increaseRatio shortens the timespan", paper,
                           "mean timespan at increaseRatio 1 / at 0",
                           get(hi, "timespan_mean_s") / get(lo, "timespan_mean_s"), 1);
    span.botsim =
        fmt::format("{:.0f} s -> {:.0f} s", get(lo, "timespan_mean_s"), get(hi, "timespan_mean_s"));
    Finding more = at_least(fig + " cr 0 more hosts (" + job + ")",
                            "at creationRatio 0 a higher increaseRatio allocates more hosts", paper,
                            "mean hosts at increaseRatio 1 - at 0",
                            get(hi, "hosts_mean") - get(lo, "hosts_mean"), 0, "hosts");
    more.botsim =
        fmt::format("{:.2f} -> {:.2f} hosts", get(lo, "hosts_mean"), get(hi, "hosts_mean"));
    // A difference, not a ratio: a replication's populations may all get the same hosts at
    // increaseRatio 0 (sd 0).
    Finding spread = at_least(fig + " cr 0 more spread (" + job + ")",
                              "at creationRatio 0 a higher increaseRatio spreads the hosts more",
                              paper, "hosts sd at increaseRatio 1 - at 0",
                              get(hi, "hosts_sd") - get(lo, "hosts_sd"), 0, "hosts");
    spread.botsim = fmt::format("sd {:.2f} -> {:.2f}", get(lo, "hosts_sd"), get(hi, "hosts_sd"));
    for (auto* f : {&span, &more, &spread}) found.push_back(std::move(*f));
  }
  // Fig. 7, from each run: hosts, speedup and optimum of the conservative (0.5, 0.5) and
  // aggressive (0.75, 0.75) behaviours.
  for (const auto& [job, fig] : jobs) {
    const auto conservative = finished_only(
        runs, rows_where(runs, job, {{"creation_ratio", 0.5}, {"increase_ratio", 0.5}}));
    const auto aggressive = finished_only(
        runs, rows_where(runs, job, {{"creation_ratio", 0.75}, {"increase_ratio", 0.75}}));
    auto min_hosts = [&](const auto& rows) {
      double m = INFINITY;
      for (const auto* row : rows) m = std::min(m, cell(*row, runs, "hosts"));
      return rows.empty() ? nan : m;
    };
    Finding same =
        at_most("fig7 same minimum (" + job + ")", "both behaviours have the same minimum of hosts",
                "the minimum number of allocated hosts is the same (Fig. 7)",
                "|fewest hosts at 0.5/0.5 - at 0.75/0.75|",
                std::fabs(min_hosts(conservative) - min_hosts(aggressive)), 0, "hosts");
    same.botsim = fmt::format("{} and {} hosts", format_number(min_hosts(conservative)),
                              format_number(min_hosts(aggressive)));
    found.push_back(std::move(same));
    if (job == "render") {
      double most = nan;
      size_t within = 0;
      for (const auto* row : aggressive) {
        const double r = cell(*row, runs, "hosts") / cell(*row, runs, "optimum_hosts");
        most = std::isnan(most) ? r : std::max(most, r);
        within += r <= 2;
      }
      Finding twice = at_most("fig7 aggressive about twice (render)",
                              "the aggressive behaviour may allocate close to twice the optimum",
                              "close to twice the optimum (Fig. 7)",
                              "most hosts / optimum at 0.75/0.75", most, 2.5);
      twice.botsim = fmt::format("at most {:.2f} times; {} of {} runs within twice", most, within,
                                 aggressive.size());
      twice.cause =
          "orders that start with a task of more than 5 min: the first check takes it as the "
          "average and rents int(21 x 0.75) + 1 = 16 hosts (docs/silva2008.md, Results against "
          "the paper)";
      found.push_back(std::move(twice));
    }
  }
  {
    // Fig. 7: the speedup close to the host count ("13 hosts: speedups between 11 and 12").
    double sum = 0;
    size_t n = 0;
    for (const auto& setting : std::vector<std::pair<double, double>>{{0.5, 0.5}, {0.75, 0.75}})
      for (const auto* row :
           finished_only(runs, rows_where(runs, "normal",
                                          {{"creation_ratio", setting.first},
                                           {"increase_ratio", setting.second}}))) {
        sum += cell(*row, runs, "speedup") / cell(*row, runs, "hosts");
        ++n;
      }
    Finding f = at_least("fig7 speedup near hosts (normal)",
                         "the speedup is close to the number of hosts allocated",
                         "runs with 13 hosts had speedups between 11 and 12 (Fig. 7)",
                         "mean speedup / hosts, 0.5/0.5 and 0.75/0.75 runs",
                         n ? sum / static_cast<double>(n) : nan, 11.0 / 13);
    f.botsim = fmt::format("{:.3f} over {} runs", n ? sum / static_cast<double>(n) : nan, n);
    found.push_back(std::move(f));
  }
  return found;
}

std::string silva2008_docs_table(const CsvTable& settings) {
  std::string out =
      "| job | cr | ir | rules | unfinished | timespan (s) | hosts | hosts / optimum | speedup | "
      "lost tasks |\n"
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
  const std::vector<std::pair<double, double>> chosen{{0, 0},     {0, 0.5},     {0, 1},
                                                      {0.5, 0.5}, {0.75, 0.75}, {1, 0.5}};
  const size_t rules = settings.column("rules");
  for (const char* job : {"normal", "render"})
    for (const auto& [cr, ir] : chosen)
      for (const auto* row :
           rows_where(settings, job, {{"creation_ratio", cr}, {"increase_ratio", ir}})) {
        auto v = [&](const char* col) { return cell(*row, settings, col); };
        out += fmt::format(
            "| {} | {} | {} | {} | {} of {} | {:.0f} ± {:.0f} | {:.2f} ± {:.2f} [{}-{}] | {:.3f} "
            "| {:.2f} | {:.2f} |\n",
            job, format_number(cr), format_number(ir),
            (*row)[rules] == campaign::kRulesPaper ? "as printed" : "botsim", v("unfinished"),
            v("runs"), v("timespan_mean_s"), v("timespan_sd_s"), v("hosts_mean"), v("hosts_sd"),
            format_number(v("hosts_min")), format_number(v("hosts_max")),
            v("hosts_over_optimum_mean"), v("speedup_mean"), v("lost_tasks_mean"));
      }
  return out;
}

}  // namespace botsim::papers
