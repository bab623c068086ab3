#include "papers/gutierrez2012/gutierrez2012.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <tuple>

#include "agents/heuristics.hpp"
#include "agents/records.hpp"
#include "campaign/stats.hpp"
#include "core/stats.hpp"
#include "core/units.hpp"
#include "view/figures.hpp"

namespace botsim::papers::gutierrez2012 {

using campaign::num6;
using view::style_by_name;

namespace fs = std::filesystem;

const std::vector<int> kSizes51{100, 200, 300};
const std::vector<int> kConsumers52{10, 20, 30};
const std::vector<double> kRates52{1, 100};
const std::vector<int> kSizes52{50, 100, 150, 200, 250, 300};
const std::vector<std::string> kMechanisms{"fixed", "generalized", "i-elastic"};

namespace {

const std::map<std::string, std::string> kFigure{{"right-half-normal", "fig6"},
                                                 {"uniform", "fig7"},
                                                 {"normal", "fig8"},
                                                 {"left-half-normal", "fig9"}};

// CSV cells hold no commas: "LtoS,MaxET" is written "LtoS:MaxET".
std::string heuristic_cell(std::string h) {
  std::replace(h.begin(), h.end(), ',', ':');
  return h;
}

double mean_of(const std::vector<double>& v) { return stats(v).mean; }

Chart chart(const std::string& title, const std::string& x, const std::string& y,
            Chart::Kind kind = Chart::Kind::Line) {
  Chart c;
  c.title = title;
  c.x_label = x;
  c.y_label = y;
  c.kind = kind;
  return c;
}

}  // namespace

AgentsOutcome agents_outcome(const UserRecord& u) {
  AgentsOutcome o;
  const agents::PolicyParts policy = agents::policy_parts(u.policy);
  o.heuristic = policy.heuristic;
  o.allocation = policy.allocation;
  o.tasks = u.tasks_total;
  const auto makespan = u.makespan_s();
  o.success = makespan.has_value();
  if (o.success) o.makespan_s = *makespan;
  o.spent = u.spent;
  if (!u.messages) throw std::runtime_error(u.name + " has no messages");
  o.messages = *u.messages;
  if (const auto overhead = agents::scheduling_overhead_s_of(u)) o.overhead_s = *overhead;
  return o;
}

// Figs 6-9: the average makespan (minutes) of each heuristic per BoT size and overall.
Section51 section51(const std::vector<AgentsRun>& runs) {
  const auto all = agents::all_heuristic_names();
  std::map<std::string, std::map<int, std::map<std::string, std::vector<double>>>> mk;
  for (const auto& p : runs) {
    if (p.section != "s51") continue;
    for (const auto& o : p.outcomes)
      mk[p.distribution][p.tasks][o.heuristic].push_back(o.makespan_s / 60);
  }
  Section51 out;
  out.table = {
      {"distribution", "tasks", "heuristic", "runs", "makespan_mean_min", "makespan_sd_min"}, {}};
  for (const auto& d : kDistributions) {
    Chart c;
    c.title = "Fig. " + kFigure.at(d).substr(3) + ": average makespan of " + d +
              " BoTs (Section 5.1; mean ± sd over n runs)";
    c.kind = Chart::Kind::Bar;
    c.x_label = "heuristic";
    c.y_label = "average makespan (min)";
    c.y_min = 0;
    for (const auto& h : all) c.categories.push_back(h);
    for (int n : kSizes51) {
      Series s{std::to_string(n) + " tasks", {}, {}, {}};
      s.key = s.label;  // its style, whatever n
      std::size_t nruns = 0;
      for (std::size_t i = 0; i < all.size(); ++i) {
        auto st = stats(mk[d][n][all[i]]);
        out.table.rows.push_back({d, std::to_string(n), heuristic_cell(all[i]),
                                  std::to_string(st.n), num6(st.mean), num6(st.sd)});
        s.x.push_back(static_cast<double>(i));
        s.y.push_back(st.mean);
        s.y_err.push_back(st.sd);
        nruns = std::max(nruns, static_cast<std::size_t>(st.n));
        out.overall[d][all[i]] += st.mean / static_cast<double>(kSizes51.size());
      }
      s.label += ", n = " + std::to_string(nruns);
      c.series.push_back(s);
    }
    Series s{"overall", {}, {}, {}};
    for (std::size_t i = 0; i < all.size(); ++i) {
      s.x.push_back(static_cast<double>(i));
      s.y.push_back(out.overall[d][all[i]]);
      out.table.rows.push_back(
          {d, "overall", heuristic_cell(all[i]), "", num6(out.overall[d][all[i]]), ""});
    }
    c.series.push_back(s);
    std::vector<std::string> sizes;
    for (int n : kSizes51) sizes.push_back(std::to_string(n) + " tasks");
    sizes.push_back("overall");
    style_by_name(c, sizes);
    out.figures.emplace_back(kFigure.at(d) + "_" + d, c);
  }
  return out;
}

// Figs 10 and 11: messages per BoT and scheduling overhead; the success rate (Table 9).
Section52 section52(const std::vector<AgentsRun>& runs) {
  Section52 out;
  out.table = {{"consumers", "rate_per_s", "tasks", "bots", "success_rate", "messages_mean",
                "overhead_mean_s", "overhead_max_s"},
               {}};
  // The six settings often give the same numbers: each line is shifted a little along x so that
  // all of them show (the axis label says so).
  const std::string x_label = "tasks per BoT (each setting shifted by up to ±5 tasks)";
  Chart f10 = chart("Fig. 10: messages per BoT (Section 5.2)", x_label, "messages");
  Chart f11 = chart("Fig. 11: scheduling overhead (Section 5.2)", x_label, "overhead (s)");
  for (int cas : kConsumers52)
    for (double rate : kRates52) {
      std::string label = fmt::format("{} CAs, {:g} req/s", cas, rate);
      Series s10{label, {}, {}, {}}, s11{label, {}, {}, {}};
      for (int n : kSizes52) {
        std::vector<double> msg, over;
        long ok = 0, all = 0;
        for (const auto& p : runs)
          if (p.section == "s52" && p.consumers == cas && p.rate == rate && p.tasks == n)
            for (const auto& o : p.outcomes) {
              ++all;
              ok += o.success;
              msg.push_back(static_cast<double>(o.messages));
              if (o.success) over.push_back(o.overhead_s);
            }
        double omax = over.empty() ? NAN : *std::max_element(over.begin(), over.end());
        out.rows.push_back({cas, rate, n, all, ok, mean_of(msg), mean_of(over), omax});
        out.table.rows.push_back({std::to_string(cas), num6(rate), std::to_string(n),
                                  std::to_string(all), num6(double(ok) / double(all)),
                                  num6(mean_of(msg)), num6(mean_of(over)), num6(omax)});
        const double shift = 2.0 * static_cast<double>(f10.series.size()) - 5;
        s10.x.push_back(n + shift);
        s10.y.push_back(mean_of(msg));
        s11.x.push_back(n + shift);
        s11.y.push_back(mean_of(over));
      }
      f10.series.push_back(s10);
      f11.series.push_back(s11);
    }
  f10.y_min = f11.y_min = 0;
  std::vector<std::string> settings;
  for (const Series& s : f10.series) settings.push_back(s.label);
  style_by_name(f10, settings);  // every setting, in both figures
  style_by_name(f11, settings);
  out.figures.emplace_back("fig10_messages", f10);
  out.figures.emplace_back("fig11_overhead", f11);
  return out;
}

// Figs 12-14: cost, makespan and messages per mechanism, averaged over the 14 heuristics.
Section53 section53(const std::vector<AgentsRun>& runs) {
  struct Cell {
    std::vector<double> cost, makespan, messages;
  };
  std::map<std::string, std::map<std::string, std::map<std::string, Cell>>> cells;  // d, am, h
  for (const auto& p : runs) {
    if (p.section != "s53") continue;
    for (const auto& o : p.outcomes) {
      auto& c = cells[p.distribution][o.allocation][o.heuristic];
      c.cost.push_back(o.spent);
      c.makespan.push_back(o.makespan_s / 60);
      c.messages.push_back(static_cast<double>(o.messages));
    }
  }
  Section53 out;
  out.table = {{"distribution", "allocation", "heuristic", "runs", "cost_mean", "makespan_mean_min",
                "messages_mean"},
               {}};
  std::map<std::string, std::map<std::string, std::array<double, 3>>> avg;  // d, am
  // The spread of what each bar averages: the heuristics' means (sd), and how many there are.
  std::map<std::string, std::map<std::string, std::array<double, 3>>> spread;
  std::size_t heuristics = 0;
  for (const auto& d : kDistributions)
    for (const auto& am : kMechanisms) {
      std::array<double, 3> sum{0, 0, 0};
      std::array<std::vector<double>, 3> per_heuristic;
      for (const auto& [h, c] : cells[d][am]) {
        std::array<double, 3> m{mean_of(c.cost), mean_of(c.makespan), mean_of(c.messages)};
        out.table.rows.push_back({d, am, heuristic_cell(h), std::to_string(c.cost.size()),
                                  num6(m[0]), num6(m[1]), num6(m[2])});
        for (int k = 0; k < 3; ++k) {
          sum[k] += m[k] / static_cast<double>(cells[d][am].size());
          per_heuristic[static_cast<std::size_t>(k)].push_back(m[k]);
        }
      }
      heuristics = std::max(heuristics, cells[d][am].size());
      for (std::size_t k = 0; k < 3; ++k) spread[d][am][k] = stats(per_heuristic[k]).sd;
      avg[d][am] = sum;
      out.means[d][am] = {sum[0], sum[1], sum[2]};
      out.table.rows.push_back({d, am, "all", "", num6(sum[0]), num6(sum[1]), num6(sum[2])});
    }
  const std::array<std::tuple<std::string, std::string, int, std::string>, 3> figs{
      {{"fig12_cost", "generalized", 0, "average cost (US$)"},
       {"fig13_makespan", "fixed", 1, "average makespan (min)"},
       {"fig14_messages", "fixed", 2, "average messages"}}};
  for (const auto& [file, other, k, label] : figs) {
    const std::string what = label.substr(0, label.find(" ("));  // "average cost"
    Chart c = chart("Fig. " + file.substr(3, 2) + ": " + what + ", " + other +
                        " vs i-elastic (Section 5.3; mean ± sd over the heuristics' means)",
                    "BoT distribution", label, Chart::Kind::Bar);
    c.categories = kDistributions;
    c.y_min = 0;
    for (const auto& am : {other, std::string("i-elastic")}) {
      Series s{am + ", n = " + std::to_string(heuristics) + " heuristics", {}, {}, {}};
      s.key = am;
      for (std::size_t i = 0; i < kDistributions.size(); ++i) {
        s.x.push_back(static_cast<double>(i));
        s.y.push_back(avg[kDistributions[i]][am][static_cast<std::size_t>(k)]);
        s.y_err.push_back(spread[kDistributions[i]][am][static_cast<std::size_t>(k)]);
      }
      c.series.push_back(s);
    }
    // A mechanism keeps its colour in Figs 12-14 (i-elastic is beside generalized in one,
    // beside fixed in the others).
    style_by_name(c, kMechanisms);
    out.figures.emplace_back(file, c);
  }
  return out;
}

}  // namespace botsim::papers::gutierrez2012
