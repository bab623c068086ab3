#include "papers/vo_policies/vo_policies.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <stdexcept>

#include "campaign/findings.hpp"
#include "campaign/stats.hpp"
#include "core/csv.hpp"
#include "core/gnuplot.hpp"
#include "core/results.hpp"
#include "core/stats.hpp"
#include "core/units.hpp"
#include "view/console_tables.hpp"
#include "view/figures.hpp"

namespace botsim::papers {

using campaign::at_least;
using campaign::at_most;
using campaign::Finding;
using campaign::findings_text;
using campaign::num6;
using campaign::write_findings;
using view::NameIndex;
using view::style_by_name;

namespace fs = std::filesystem;

namespace {

constexpr double kMeanTaskMi = 750000;  // uniform(700000, 800000), as in section 5
constexpr double kBaseMips = 1050;      // the BADG testbed's fast resources

}  // namespace

std::string vo_name(int d) { return std::string(1, static_cast<char>('A' + d)); }

std::string VoSetting::tag() const {
  return fmt::format("V{}-{}-s{}-d{}", domains, spread ? "spread" : "equal",
                     static_cast<int>(std::lround(surcharge * 100)), format_number(tightness));
}

std::vector<VoSetting> vo_settings() {
  std::vector<VoSetting> out;
  for (int domains : {2, 4, 8})
    for (bool spread : {false, true})
      for (double surcharge : {0.0, 0.2, 0.5})
        for (double tightness : {1.1, 1.5, 2.5})
          out.push_back(VoSetting{domains, spread, surcharge, tightness});
  return out;
}

double vo_domain_mips(const VoSetting& s, int d) {
  if (!s.spread || s.domains < 2) return kBaseMips;
  // whole MIPS, so that platform files and tables show round numbers
  return std::round(kBaseMips * (0.5 + static_cast<double>(d) / (s.domains - 1)));
}

double vo_deadline_s(const VoSetting& s) {
  double capacity = 0;  // MIPS of the whole platform
  for (int d = 0; d < s.domains; ++d) capacity += kVoResources * kVoPes * vo_domain_mips(s, d);
  double work = s.domains * 2.0 * kVoUsersPerPolicy * kVoTasks * kMeanTaskMi;
  return std::ceil(s.tightness * work / capacity / 60) * 60;  // whole minutes
}

VoComparison compare_policies(const std::vector<VoUserResult>& users, double deadline_s) {
  std::vector<double> cost[2], met[2], lateness[2];
  for (const auto& u : users) {
    if (u.policy != "global" && u.policy != "local") continue;
    int p = u.policy == "local";
    cost[p].push_back(u.spent);
    met[p].push_back(u.met_deadline ? 1 : 0);
    if (std::isfinite(u.makespan_s)) lateness[p].push_back(u.makespan_s / deadline_s);
  }
  if (cost[0].empty() || cost[1].empty())
    throw std::runtime_error("vo-policies: a setting without global or local users");
  Stats gc = stats(cost[0]), lc = stats(cost[1]);
  return VoComparison{
      gc.mean,
      gc.sd,
      lc.mean,
      lc.sd,
      stats(met[0]).mean,
      stats(met[1]).mean,
      lateness[0].empty() ? std::numeric_limits<double>::infinity() : stats(lateness[0]).mean,
      lateness[1].empty() ? std::numeric_limits<double>::infinity() : stats(lateness[1]).mean};
}

namespace {

// Every user of every run of one setting.
std::vector<VoUserResult> read_setting(const std::vector<std::string>& dirs) {
  std::vector<VoUserResult> users;
  for (const auto& dir : dirs)
    for (const auto& u : read_summary(dir).users) {
      int domain = u.vo && !u.vo->empty() ? (*u.vo)[0] - 'A' : 0;
      users.push_back(VoUserResult{u.policy, domain, u.spent,
                                   u.makespan_s().value_or(std::numeric_limits<double>::infinity()),
                                   u.met_deadline().value_or(false)});
    }
  return users;
}

std::string pct(double fraction) { return fmt::format("{:.0f}%", fraction * 100); }

}  // namespace

// The findings the experiment states, from the paper's section 4.2 (the local policy prefers
// local resources "because they do not incur a surcharge fee", and turns to global ones only
// when D approaches): each with its threshold and margin.
std::vector<Finding> vo_policies_findings(const std::vector<VoSetting>& settings,
                                          const std::vector<VoComparison>& cmp) {
  // Per surcharge: settings where local users pay less, of all; per deadline tightness:
  // settings where local users meet the deadline less often.
  std::map<double, std::pair<size_t, size_t>> cheaper, misses;
  size_t best = 0, worst = 0;
  for (size_t i = 0; i < settings.size(); ++i) {
    auto& c = cheaper[settings[i].surcharge];
    c.first += cmp[i].cost_ratio() < 1;
    ++c.second;
    auto& m = misses[settings[i].tightness];
    m.first += cmp[i].local_met < cmp[i].global_met;
    ++m.second;
    if (cmp[i].cost_ratio() < cmp[best].cost_ratio()) best = i;
    if (cmp[i].global_met - cmp[i].local_met > cmp[worst].global_met - cmp[worst].local_met)
      worst = i;
  }
  auto counts = [](const auto& by, auto keep) {
    size_t k = 0, n = 0;
    for (const auto& [key, c] : by) {
      if (!keep(key)) continue;
      k += c.first;
      n += c.second;
    }
    return std::pair{k, n};
  };
  auto per_key = [](const auto& by, const char* what, const char* unit) {
    std::string text;
    for (const auto& [key, c] : by)
      text += fmt::format("{}{} {}{}: {} of {}", text.empty() ? "" : "; ", what,
                          format_number(key * (unit[0] == '%' ? 100 : 1)), unit, c.first, c.second);
    return text;
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto fraction = [&](std::pair<size_t, size_t> c) {
    return c.second ? static_cast<double>(c.first) / static_cast<double>(c.second) : nan;
  };
  std::vector<Finding> found;
  {
    auto c = counts(cheaper, [](double s) { return s > 0; });
    Finding f = at_least("local cheaper with a surcharge",
                         "local users pay less than global users where other domains charge a "
                         "surcharge",
                         "local resources \"do not incur a surcharge fee\" (section 4.2)",
                         "share of the settings with a surcharge where local users pay less",
                         fraction(c), 0.5);
    f.botsim = fmt::format("{} of {} ({}); the largest saving: {}, local pays {:.2f} x global",
                           c.first, c.second, per_key(cheaper, "surcharge", "%"),
                           settings.empty() ? "-" : settings[best].tag(),
                           settings.empty() ? nan : cmp[best].cost_ratio());
    found.push_back(std::move(f));
  }
  if (!cheaper.empty()) {
    const double low = fraction(cheaper.begin()->second), high = fraction(cheaper.rbegin()->second);
    Finding f = at_least("saving grows with the surcharge",
                         "the higher the surcharge, the more often local users pay less",
                         "the surcharge is what the local policy saves (section 4.2)",
                         "share where local pays less, highest surcharge - lowest", high - low, 0);
    f.botsim = per_key(cheaper, "surcharge", "%");
    found.push_back(std::move(f));
  }
  {
    auto c = counts(misses, [](double t) { return t >= 1.5; });
    Finding f = at_most("local in time with room",
                        "local users meet the deadline as often as global users when it leaves "
                        "room (1.5 x the makespan at full capacity or more)",
                        "the local policy turns to global resources when D approaches "
                        "(section 4.2)",
                        "settings where local users meet it less often",
                        static_cast<double>(c.first), 0, "settings");
    f.botsim = fmt::format("{} of {} ({})", c.first, c.second, per_key(misses, "deadline", " x"));
    found.push_back(std::move(f));
  }
  {
    auto c = counts(misses, [](double t) { return t < 1.5; });
    Finding f = at_least("local late when tight",
                         "with a tight deadline local users meet it less often in some settings",
                         "only the local user U3 misses the deadline (Fig. 6)",
                         "settings with a tight deadline where local users meet it less often",
                         static_cast<double>(c.first), 1, "settings");
    f.botsim = fmt::format("{} of {}; the largest gap: {}, local {} met against global {}", c.first,
                           c.second, settings.empty() ? "-" : settings[worst].tag(),
                           settings.empty() ? "-" : pct(cmp[worst].local_met),
                           settings.empty() ? "-" : pct(cmp[worst].global_met));
    found.push_back(std::move(f));
  }
  return found;
}

namespace {

struct PolicyOutcome {
  CsvTable comparison{{"setting", "domains", "speeds", "surcharge", "tightness", "deadline_h",
                       "global_cost", "global_cost_sd", "local_cost", "local_cost_sd", "cost_ratio",
                       "global_met", "local_met", "global_lateness", "local_lateness"},
                      {}};
  CsvTable by_domain{
      {"setting", "domain", "mips", "policy", "users", "cost_mean", "met", "lateness"}, {}};
  std::vector<VoComparison> cmp;
};

void add_domain_rows(const VoSetting& s, const std::vector<VoUserResult>& users, double deadline_s,
                     CsvTable& t) {
  for (int d = 0; d < s.domains; ++d)
    for (const std::string policy : {"global", "local"}) {
      std::vector<double> cost, met, late;
      for (const auto& u : users) {
        if (u.domain != d || u.policy != policy) continue;
        cost.push_back(u.spent);
        met.push_back(u.met_deadline);
        if (std::isfinite(u.makespan_s)) late.push_back(u.makespan_s / deadline_s);
      }
      t.rows.push_back({s.tag(), vo_name(d), format_number(vo_domain_mips(s, d)), policy,
                        std::to_string(cost.size()), num6(stats(cost).mean), num6(stats(met).mean),
                        num6(stats(late).mean)});
    }
}

PolicyOutcome aggregate(const std::vector<VoSetting>& settings,
                        const std::vector<std::vector<std::string>>& dirs) {
  PolicyOutcome o;
  for (size_t i = 0; i < settings.size(); ++i) {
    const auto& s = settings[i];
    const double deadline = vo_deadline_s(s);
    std::vector<VoUserResult> users = read_setting(dirs[i]);
    VoComparison c = compare_policies(users, deadline);
    o.cmp.push_back(c);
    o.comparison.rows.push_back({s.tag(), std::to_string(s.domains), s.spread ? "spread" : "equal",
                                 format_number(s.surcharge), format_number(s.tightness),
                                 num6(deadline / 3600), num6(c.global_cost), num6(c.global_cost_sd),
                                 num6(c.local_cost), num6(c.local_cost_sd), num6(c.cost_ratio()),
                                 num6(c.global_met), num6(c.local_met), num6(c.global_lateness),
                                 num6(c.local_lateness)});
    add_domain_rows(s, users, deadline, o.by_domain);
  }
  return o;
}

std::string speeds_label(const VoSetting& s) {
  return fmt::format("{} domains, {} speeds", s.domains, s.spread ? "spread" : "equal");
}

// Every grid's name, in the settings' order: what fixes each grid's style in the figures.
std::vector<std::string> grid_names(const std::vector<VoSetting>& settings) {
  NameIndex grids;
  for (const auto& s : settings) grids.add(speeds_label(s));
  return grids.names();
}

// Local / global cost against the surcharge, one line per grid, for one deadline.
Chart cost_ratio_chart(const std::vector<VoSetting>& settings, const std::vector<VoComparison>& cmp,
                       double tightness) {
  Chart c;
  c.title = fmt::format("Cost of local against global users, deadline {} x the ideal makespan",
                        format_number(tightness));
  c.x_label = "surcharge on other domains' users (%)";
  c.y_label = "local / global cost per user";
  c.y_min = 0;
  c.reference_y = 1;
  c.reference_label = "same cost";
  std::map<std::string, size_t> line;  // series by grid, in the settings' order
  for (size_t i = 0; i < settings.size(); ++i) {
    if (settings[i].tightness != tightness) continue;
    auto [it, added] = line.emplace(speeds_label(settings[i]), c.series.size());
    if (added) c.series.emplace_back(it->first);
    c.series[it->second].x.push_back(settings[i].surcharge * 100);
    c.series[it->second].y.push_back(cmp[i].cost_ratio());
  }
  style_by_name(c, grid_names(settings));  // a grid keeps its style at every deadline
  return c;
}

// Fraction of users that met the deadline, per grid and policy, at one surcharge and deadline.
Chart deadline_chart(const std::vector<VoSetting>& settings, const std::vector<VoComparison>& cmp,
                     double surcharge, double tightness) {
  Chart c;
  c.kind = Chart::Kind::Bar;
  c.title = fmt::format("Users that met a deadline of {} x the ideal makespan (surcharge {}%)",
                        format_number(tightness), format_number(surcharge * 100));
  c.y_label = "users that met the deadline (%)";
  c.y_min = 0;
  c.y_max = 100;
  c.series = {Series("global policy"), Series("local policy")};
  for (size_t i = 0; i < settings.size(); ++i) {
    if (settings[i].tightness != tightness || settings[i].surcharge != surcharge) continue;
    c.categories.push_back(speeds_label(settings[i]));
    c.series[0].y.push_back(cmp[i].global_met * 100);
    c.series[1].y.push_back(cmp[i].local_met * 100);
  }
  style_by_name(c, {"global policy", "local policy"});
  return c;
}

void write_figures(const std::vector<VoSetting>& settings, const std::vector<VoComparison>& cmp,
                   const fs::path& out) {
  write_figure(out.string(), "fig_cost_ratio_d1.5", cost_ratio_chart(settings, cmp, 1.5));
  write_figure(out.string(), "fig_cost_ratio_d1.1", cost_ratio_chart(settings, cmp, 1.1));
  write_figure(out.string(), "fig_deadline_met_d1.1", deadline_chart(settings, cmp, 0.2, 1.1));
}

}  // namespace

std::string write_vo_policies_tables(const std::vector<VoSetting>& settings,
                                     const std::vector<std::vector<std::string>>& dirs,
                                     const std::string& out_dir) {
  const fs::path out(out_dir);
  PolicyOutcome o = aggregate(settings, dirs);
  write_csv((out / "comparison.csv").string(), o.comparison);
  write_csv((out / "by_domain.csv").string(), o.by_domain);
  auto found = vo_policies_findings(settings, o.cmp);
  // Each finding also on every replication alone: its spread over them (n, mean, 95 % CI, the
  // worst), and "partly" where the claim on the means holds but some replication's does not.
  std::map<std::string, std::vector<double>> per_rep;
  const size_t reps = dirs.empty() ? 0 : dirs.front().size();
  for (size_t r = 0; r < reps; ++r) {
    std::vector<std::vector<std::string>> one;
    for (const auto& d : dirs) one.push_back({d.at(r)});
    for (const Finding& f : vo_policies_findings(settings, aggregate(settings, one).cmp))
      per_rep[f.id].push_back(f.value);
  }
  for (Finding& f : found) f.spread_over(per_rep[f.id]);
  write_findings((out / "findings.csv").string(), found);
  write_figures(settings, o.cmp, out);
  // The table from the files just written, as the report page shows it.
  return view::console_tables_text(view::console_tables("vo-policies", out)) +
         "\nfindings (findings.csv):\n" + findings_text(found);
}

}  // namespace botsim::papers
