#include "view/console_tables.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <stdexcept>

#include "core/stats.hpp"
#include "core/units.hpp"
#include "core/xml.hpp"

namespace botsim::view {

namespace fs = std::filesystem;

namespace {

// The number in a CSV cell, NaN for an empty cell or text.
double number(const std::string& value) {
  try {
    return parse_number(value);
  } catch (const std::invalid_argument&) {
    return NAN;
  }
}

std::string rounded(double v, int decimals) {
  if (!std::isfinite(v)) return "-";
  std::string text = fmt::format("{:.{}f}", v, decimals);
  // -0.004 is "0.00", not "-0.00".
  if (text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
  return text;
}

// A table of `dir` when botsim wrote it, none otherwise.
bool read_if_there(const fs::path& file, CsvTable& t) {
  if (!fs::exists(file)) return false;
  t = read_csv(file.string());
  return true;
}

// The money of each experiment's model (docs/units.md): the auction's grid dollars, the cloud
// models' price unit of the shipped platforms.
constexpr const char* kGridDollars = "G$";
constexpr const char* kDollars = "$";

// sulistio2005 (write_sulistio2005_figures): per reading of C_r, each user's run time and cost
// over the runs, from fig6_runtime*.csv and fig7_cost*.csv, row by row (the same users in order).
std::vector<ConsoleTable> sulistio2005(const fs::path& dir) {
  std::vector<ConsoleTable> out;
  const std::vector<std::pair<std::string, std::string>> readings{
      {"", "C_r per PE (badg.xml, 4 x 1050 MIPS)"},
      {"_total", "C_r total (badg-total.xml, 4 x 262.5 MIPS)"}};
  for (const auto& [suffix, label] : readings) {
    CsvTable runtime, cost;
    const std::string rt_file = "fig6_runtime" + suffix + ".csv",
                      cost_file = "fig7_cost" + suffix + ".csv";
    if (!read_if_there(dir / rt_file, runtime) || !read_if_there(dir / cost_file, cost)) continue;
    if (runtime.rows.size() != cost.rows.size())
      throw std::runtime_error(rt_file + " and " + cost_file + " have different users");
    // The reading named when there are two (the experiment's), not for one set of runs alone.
    const std::string what = "run time and cost over the runs (" + rt_file + ", " + cost_file + ")";
    ConsoleTable t{fs::exists(dir / "fig6_runtime_total.csv") ? label + ": each user's " + what
                                                              : "Each user's " + what,
                   {{"user", "", ""},
                    {"policy", "", ""},
                    {"VO", "", ""},
                    {"mean", "h", "run time"},
                    {"sd", "h", "run time"},
                    {"met deadline", "runs", ""},
                    {"mean", kGridDollars, "cost"},
                    {"sd", kGridDollars, "cost"}},
                   {}};
    const size_t user = runtime.column("user"), policy = runtime.column("policy"),
                 vo = runtime.column("vo"), runs = runtime.column("runs"),
                 finished = runtime.column("finished_runs"),
                 rt_mean = runtime.column("runtime_h_mean"), rt_sd = runtime.column("runtime_h_sd"),
                 deadline = runtime.column("deadline_h"), met = runtime.column("met_deadline_runs"),
                 cost_user = cost.column("user"), cost_mean = cost.column("cost_mean"),
                 cost_sd = cost.column("cost_sd");
    for (size_t i = 0; i < runtime.rows.size(); ++i) {
      const auto& r = runtime.rows[i];
      const auto& c = cost.rows[i];
      if (c[cost_user] != r[user])
        throw std::runtime_error(rt_file + " and " + cost_file + " have different users");
      const bool ran = number(r[finished]) > 0;
      t.rows.push_back({r[user], r[policy], r[vo].empty() ? "-" : r[vo],
                        ran ? fixed(r[rt_mean], 2) : "-", ran ? fixed(r[rt_sd], 2) : "-",
                        r[deadline].empty() ? "-" : r[met] + " of " + r[runs],
                        fixed(c[cost_mean], 2), fixed(c[cost_sd], 2)});
    }
    out.push_back(std::move(t));
  }
  return out;
}

// silva2008 (Tables::summary_table): per rule set (botsim's first, as the terminal) and job, the
// mean timespan and hosts of each creationRatio (a row) at each increaseRatio (a column), from
// settings.csv.
std::vector<ConsoleTable> silva2008(const fs::path& dir) {
  CsvTable s;
  if (!read_if_there(dir / "settings.csv", s)) return {};
  const size_t rules = s.column("rules"), job = s.column("job"), cr = s.column("creation_ratio"),
               ir = s.column("increase_ratio"), runs = s.column("runs"),
               unfinished = s.column("unfinished"), span = s.column("timespan_mean_s"),
               hosts = s.column("hosts_mean"), opt_hosts = s.column("optimum_hosts_mean"),
               opt_span = s.column("optimum_timespan_mean_s");
  // Each in the order of settings.csv.
  auto distinct = [&](size_t col, const std::vector<const std::vector<std::string>*>& rows) {
    std::vector<std::string> v;
    for (const auto* r : rows)
      if (std::find(v.begin(), v.end(), (*r)[col]) == v.end()) v.push_back((*r)[col]);
    return v;
  };
  std::vector<const std::vector<std::string>*> all;
  for (const auto& r : s.rows) all.push_back(&r);
  const std::map<std::string, std::string> titles{{"render", "Fig. 5, render-like job"},
                                                  {"normal", "Fig. 6, normal job"}};
  const std::map<std::string, std::string> rule_sets{
      {"botsim", "with botsim's rules (the default)"},
      {"paper", "as printed (rules=\"paper\"; *_as_printed figures)"}};
  std::vector<ConsoleTable> out;
  for (const std::string rule : {"botsim", "paper"})
    for (const std::string& name : distinct(job, all)) {
      std::vector<const std::vector<std::string>*> of;
      for (const auto* r : all)
        if ((*r)[rules] == rule && (*r)[job] == name) of.push_back(r);
      if (of.empty()) continue;
      // The optimum of every finished run of the job (the terminal's mean over runs).
      double n = 0, sum_hosts = 0, sum_span = 0;
      for (const auto* r : of) {
        const double finished = number((*r)[runs]) - number((*r)[unfinished]);
        if (!(finished > 0)) continue;
        n += finished;
        sum_hosts += finished * number((*r)[opt_hosts]);
        sum_span += finished * number((*r)[opt_span]);
      }
      const auto title = titles.find(name);
      ConsoleTable t{(title == titles.end() ? name + " job" : title->second) + ", " +
                         rule_sets.at(rule) + ": " + (*of.front())[runs] +
                         " runs per setting; optimum " + rounded(sum_hosts / n, 2) + " hosts, " +
                         rounded(sum_span / n, 0) + " s (settings.csv)",
                     {{"creationRatio", "", ""}},
                     {}};
      const std::vector<std::string> increase = distinct(ir, of);
      // The unit in the group's header, over the increaseRatios.
      for (const char* group :
           {"mean timespan (s) per increaseRatio", "mean hosts per increaseRatio"})
        for (const std::string& x : increase)
          t.columns.push_back({format_number(number(x)), "", group});
      for (const std::string& y : distinct(cr, of)) {
        std::vector<std::string> row{format_number(number(y))};
        for (const size_t col : {span, hosts})
          for (const std::string& x : increase) {
            auto at = std::find_if(of.begin(), of.end(),
                                   [&](const auto* r) { return (*r)[cr] == y && (*r)[ir] == x; });
            row.push_back(at == of.end() ? "-" : fixed((**at)[col], col == span ? 0 : 2));
          }
        t.rows.push_back(std::move(row));
      }
      out.push_back(std::move(t));
    }
  return out;
}

// vo-policies (aggregate in vo_policies.cpp): per setting, the deadline, each policy's mean cost
// per user and the users that met the deadline, and local / global cost, from comparison.csv.
std::vector<ConsoleTable> vo_policies(const fs::path& dir) {
  CsvTable c;
  if (!read_if_there(dir / "comparison.csv", c)) return {};
  ConsoleTable t{"Each setting's users under the global and the local policy (comparison.csv)",
                 {{"setting", "", ""},
                  {"deadline", "h", ""},
                  {"cost per user", kGridDollars, "global"},
                  {"met deadline", "%", "global"},
                  {"cost per user", kGridDollars, "local"},
                  {"met deadline", "%", "local"},
                  {"local / global cost", "", ""}},
                 {}};
  const size_t setting = c.column("setting"), deadline = c.column("deadline_h"),
               global_cost = c.column("global_cost"), global_met = c.column("global_met"),
               local_cost = c.column("local_cost"), local_met = c.column("local_met"),
               ratio = c.column("cost_ratio");
  for (const auto& r : c.rows)
    t.rows.push_back({r[setting], fixed(r[deadline], 2), fixed(r[global_cost], 2),
                      percent(r[global_met], 0), fixed(r[local_cost], 2), percent(r[local_met], 0),
                      fixed(r[ratio], 2)});
  return {t};
}

// The mean of the finite numbers of `cells`, NaN when none is.
double mean_of(const std::vector<std::string>& cells) {
  std::vector<double> values;
  for (const auto& c : cells)
    if (const double v = number(c); std::isfinite(v)) values.push_back(v);
  return stats(values).mean;
}

// Groups `t`'s rows by the cells of `keys`, in the order each group first appears.
std::vector<std::pair<std::vector<std::string>, std::vector<const std::vector<std::string>*>>>
group_rows(const CsvTable& t, const std::vector<size_t>& keys) {
  std::vector<std::pair<std::vector<std::string>, std::vector<const std::vector<std::string>*>>>
      groups;
  std::map<std::vector<std::string>, size_t> index;
  for (const auto& r : t.rows) {
    std::vector<std::string> key;
    for (size_t k : keys) key.push_back(r[k]);
    auto [it, fresh] = index.emplace(key, groups.size());
    if (fresh) groups.push_back({key, {}});
    groups[it->second].second.push_back(&r);
  }
  return groups;
}

// The cells of column `c` of `rows`.
std::vector<std::string> cells(const std::vector<const std::vector<std::string>*>& rows, size_t c) {
  std::vector<std::string> out;
  for (const auto* r : rows) out.push_back((*r)[c]);
  return out;
}

// market (write_market_tables): Fig. 1's bag billed per started hour and per second, BaTS under
// both billings, the spot strategies over the start days, and the agents' allocations under
// both billings.
std::vector<ConsoleTable> market(const fs::path& dir) {
  std::vector<ConsoleTable> out;
  CsvTable f;
  if (read_if_there(dir / "fig1_billing.csv", f)) {
    ConsoleTable t{"Fig. 1's bag on 1-30 hosts (fig1_billing.csv)",
                   {{"hosts", "", ""},
                    {"makespan", "s", "per started hour"},
                    {"cost", kDollars, "per started hour"},
                    {"makespan", "s", "per second"},
                    {"cost", kDollars, "per second"}},
                   {}};
    const size_t hosts = f.column("hosts"), hourly_s = f.column("hourly_makespan_s"),
                 hourly = f.column("hourly_cost"), second_s = f.column("per_second_makespan_s"),
                 second = f.column("per_second_cost");
    for (const auto& r : f.rows)
      t.rows.push_back({r[hosts], fixed(r[hourly_s], 0), fixed(r[hourly], 2), fixed(r[second_s], 0),
                        fixed(r[second], 2)});
    out.push_back(std::move(t));
  }
  CsvTable b;
  if (read_if_there(dir / "bats_billing.csv", b)) {
    ConsoleTable t{"BaTS on S3-4, schedule 2 (bats_billing.csv)",
                   {{"seed", "", ""},
                    {"billing", "", ""},
                    {"makespan", "s", ""},
                    {"spent", kDollars, ""},
                    {"budget", kDollars, ""}},
                   {}};
    const size_t seed = b.column("seed"), billing = b.column("billing"),
                 makespan = b.column("makespan_s"), spent = b.column("spent"),
                 budget = b.column("budget");
    for (const auto& r : b.rows)
      t.rows.push_back(
          {r[seed], r[billing], fixed(r[makespan], 0), fixed(r[spent], 2), fixed(r[budget], 2)});
    out.push_back(std::move(t));
  }
  CsvTable h;
  if (read_if_there(dir / "silva_billing.csv", h)) {
    ConsoleTable t{"Silva's heuristic, the normal job, means over the seeds (silva_billing.csv)",
                   {{"creationRatio", "", ""},
                    {"increaseRatio", "", ""},
                    {"billing", "", ""},
                    {"hour end", "", ""},
                    {"makespan", "s", ""},
                    {"hosts", "", ""},
                    {"spent", kDollars, ""},
                    {"attempts cut", "", ""}},
                   {}};
    const size_t cr = h.column("creation_ratio"), ir = h.column("increase_ratio"),
                 billing = h.column("billing"), hour_end = h.column("hour_end"),
                 makespan = h.column("makespan_s"), hosts = h.column("hosts"),
                 spent = h.column("spent"), lost = h.column("lost_tasks");
    for (const auto& [key, rows] : group_rows(h, {cr, ir, billing, hour_end}))
      t.rows.push_back({key[0], key[1], key[2], key[3], rounded(mean_of(cells(rows, makespan)), 0),
                        rounded(mean_of(cells(rows, hosts)), 2),
                        rounded(mean_of(cells(rows, spent)), 4),
                        rounded(mean_of(cells(rows, lost)), 2)});
    out.push_back(std::move(t));
  }
  CsvTable k;
  if (read_if_there(dir / "bats_schedules.csv", k)) {
    ConsoleTable t{"BaTS's schedules, means over the seeds (bats_schedules.csv)",
                   {{"scenario", "", ""},
                    {"schedule", "", ""},
                    {"billing", "", ""},
                    {"makespan", "s", ""},
                    {"spent", kDollars, ""},
                    {"budget", kDollars, ""},
                    {"incomplete", "runs", ""}},
                   {}};
    const size_t scenario = k.column("scenario"), schedule = k.column("schedule"),
                 billing = k.column("billing"), makespan = k.column("makespan_s"),
                 spent = k.column("spent"), budget = k.column("budget");
    for (const auto& [key, rows] : group_rows(k, {scenario, schedule, billing})) {
      long incomplete = 0;
      for (const auto& c : cells(rows, makespan))
        if (!std::isfinite(number(c))) ++incomplete;
      t.rows.push_back({key[0], key[1], key[2], rounded(mean_of(cells(rows, makespan)), 0),
                        rounded(mean_of(cells(rows, spent)), 2),
                        rounded(mean_of(cells(rows, budget)), 2), std::to_string(incomplete)});
    }
    out.push_back(std::move(t));
  }
  CsvTable s;
  if (read_if_there(dir / "strategies_summary.csv", s)) {
    ConsoleTable t{"The spot strategies over the start days (strategies_summary.csv)",
                   {{"strategy", "", ""},
                    {"runs", "", ""},
                    {"mean", kDollars, "cost"},
                    {"95 % CI", kDollars, "cost"},
                    {"mean / on-demand's mean", "", "cost"},
                    {"deadline missed", "runs", ""},
                    {"tasks rerun per run, mean", "", ""}},
                   {}};
    const size_t strategy = s.column("strategy"), runs = s.column("runs"),
                 mean = s.column("cost_mean"), low = s.column("cost_ci95_low"),
                 high = s.column("cost_ci95_high"), ratio = s.column("cost_vs_on_demand"),
                 missed = s.column("deadlines_missed"), rerun = s.column("tasks_rerun_mean");
    for (const auto& r : s.rows)
      t.rows.push_back({r[strategy], r[runs], fixed(r[mean], 3),
                        fixed(r[low], 3) + " - " + fixed(r[high], 3), fixed(r[ratio], 3), r[missed],
                        fixed(r[rerun], 2)});
    out.push_back(std::move(t));
  }
  CsvTable a;
  if (read_if_there(dir / "agents_billing.csv", a)) {
    ConsoleTable t{"The agents' allocations on ec2-2012 (agents_billing.csv)",
                   {{"mechanism", "", ""},
                    {"seed", "", ""},
                    {"billing", "", ""},
                    {"makespan", "s", ""},
                    {"spent", kDollars, ""},
                    {"hours begun", "", ""},
                    {"time paid for", "s", ""}},
                   {}};
    const size_t mechanism = a.column("mechanism"), seed = a.column("seed"),
                 billing = a.column("billing"), makespan = a.column("makespan_s"),
                 spent = a.column("spent"), hours = a.column("charged_hours"),
                 seconds = a.column("charged_s");
    for (const auto& r : a.rows)
      t.rows.push_back({r[mechanism], r[seed], r[billing], fixed(r[makespan], 0),
                        fixed(r[spent], 2), fixed(r[hours], 0), fixed(r[seconds], 0)});
    out.push_back(std::move(t));
  }
  return out;
}

using Builder = std::function<std::vector<ConsoleTable>(const fs::path&)>;

// bats2011 and gutierrez2012 print their findings only, which the page shows as it is.
const std::vector<std::pair<std::string, Builder>>& builders() {
  static const std::vector<std::pair<std::string, Builder>> b{{"sulistio2005", sulistio2005},
                                                              {"silva2008", silva2008},
                                                              {"vo-policies", vo_policies},
                                                              {"market", market}};
  return b;
}

}  // namespace

std::string fixed(const std::string& value, int decimals) {
  return rounded(number(value), decimals);
}

std::string percent(const std::string& fraction, int decimals) {
  return rounded(number(fraction) * 100, decimals);
}

std::string column_header(const TableColumn& c) {
  return c.unit.empty() ? c.name : c.name + " (" + c.unit + ")";
}

namespace {

// Whether column `i` of `t` holds numbers (a unit, or every cell a number or "-"): right-aligned,
// so that their places line up.
bool numeric_column(const ConsoleTable& t, size_t i) {
  if (!t.columns.at(i).unit.empty()) return true;
  for (const auto& row : t.rows)
    if (row.at(i) != "-" && !std::isfinite(number(row.at(i)))) return false;
  return !t.rows.empty();
}

bool grouped(const ConsoleTable& t) {
  return std::any_of(t.columns.begin(), t.columns.end(),
                     [](const TableColumn& c) { return !c.group.empty(); });
}

// The end of the run of columns of column i's group (i + 1 for a column of none).
size_t group_end(const ConsoleTable& t, size_t i) {
  size_t j = i + 1;
  while (j < t.columns.size() && !t.columns[i].group.empty() &&
         t.columns[j].group == t.columns[i].group)
    ++j;
  return j;
}

}  // namespace

std::string console_table_html(const ConsoleTable& t) {
  std::string out = "<table class=\"console\">\n";
  const bool groups = grouped(t);
  if (groups) {
    // A group header over each run of columns of the same group; a column of none spans both
    // header rows.
    out += "<tr>";
    for (size_t i = 0; i < t.columns.size();) {
      const size_t j = group_end(t, i);
      if (t.columns[i].group.empty())
        out += "<th rowspan=\"2\">" + xml_escape(column_header(t.columns[i])) + "</th>";
      else
        out += fmt::format("<th colspan=\"{}\">{}</th>", j - i, xml_escape(t.columns[i].group));
      i = j;
    }
    out += "</tr>\n";
  }
  out += "<tr>";
  for (const auto& c : t.columns)
    if (!groups || !c.group.empty()) out += "<th>" + xml_escape(column_header(c)) + "</th>";
  out += "</tr>\n";
  std::vector<bool> numeric;
  for (size_t i = 0; i < t.columns.size(); ++i) numeric.push_back(numeric_column(t, i));
  for (const auto& row : t.rows) {
    out += "<tr>";
    for (size_t i = 0; i < row.size(); ++i)
      out += (numeric.at(i) ? "<td class=\"num\">" : "<td>") + xml_escape(row[i]) + "</td>";
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

std::string console_table_text(const ConsoleTable& t) {
  const size_t n = t.columns.size();
  std::vector<size_t> width(n);
  std::vector<bool> numeric(n);
  for (size_t i = 0; i < n; ++i) {
    width[i] = column_header(t.columns[i]).size();
    for (const auto& row : t.rows) width[i] = std::max(width[i], row.at(i).size());
    numeric[i] = numeric_column(t, i);
  }
  const bool groups = grouped(t);
  // A group's name as wide as its columns at most: the last one widened for a longer name.
  if (groups)
    for (size_t i = 0; i < n;) {
      const size_t j = group_end(t, i);
      size_t span = 2 * (j - i - 1);
      for (size_t k = i; k < j; ++k) span += width[k];
      if (t.columns[i].group.size() > span) width[j - 1] += t.columns[i].group.size() - span;
      i = j;
    }
  auto cell = [&](const std::string& text, size_t i) {
    const std::string pad(width[i] - std::min(width[i], text.size()), ' ');
    return numeric[i] ? pad + text : text + pad;
  };
  auto line = [](std::string l) {
    while (!l.empty() && l.back() == ' ') l.pop_back();
    return l + "\n";
  };
  std::string out = t.title + "\n";
  if (groups) {
    std::string l;
    for (size_t i = 0; i < n;) {
      const size_t j = group_end(t, i);
      size_t span = 2 * (j - i - 1);
      for (size_t k = i; k < j; ++k) span += width[k];
      l +=
          (i ? "  " : "") + t.columns[i].group + std::string(span - t.columns[i].group.size(), ' ');
      i = j;
    }
    out += line(l);
  }
  std::string header;
  for (size_t i = 0; i < n; ++i) header += (i ? "  " : "") + cell(column_header(t.columns[i]), i);
  out += line(header);
  for (const auto& row : t.rows) {
    std::string l;
    for (size_t i = 0; i < n; ++i) l += (i ? "  " : "") + cell(row.at(i), i);
    out += line(l);
  }
  return out;
}

std::string console_tables_text(const std::vector<ConsoleTable>& tables) {
  std::string out;
  for (const ConsoleTable& t : tables) out += (out.empty() ? "" : "\n") + console_table_text(t);
  return out;
}

const std::vector<std::string>& console_table_experiments() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& [name, builder] : builders()) n.push_back(name);
    return n;
  }();
  return names;
}

std::vector<ConsoleTable> console_tables(const std::string& name, const fs::path& dir) {
  for (const auto& [experiment, builder] : builders())
    if (experiment == name) return builder(dir);
  return {};
}

}  // namespace botsim::view
