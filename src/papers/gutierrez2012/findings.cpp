#include "papers/gutierrez2012/findings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <string>

#include "agents/heuristics.hpp"

namespace botsim::papers::gutierrez2012 {

using campaign::at_least;
using campaign::at_most;
using campaign::Finding;

const std::vector<std::string> kDistributions{"right-half-normal", "uniform", "normal",
                                              "left-half-normal"};

namespace {

using Means = std::map<std::string, double>;

// Table 2's mapping policies, by name.
const std::vector<std::string> kTable2 = [] {
  std::vector<std::string> names;
  for (agents::MappingPolicy m : agents::table2_mappings()) names.push_back(agents::to_string(m));
  return names;
}();
const std::vector<std::string> kBenchmarks{"greedy-r", "greedy-p", "min-min", "max-min"};

// "ORDER,MAPPING" for each of `orders` x `maps`; (U, R) is named fcfs.
std::vector<std::string> with(const std::vector<std::string>& orders,
                              const std::vector<std::string>& maps) {
  std::vector<std::string> out;
  for (const auto& o : orders)
    for (const auto& m : maps) out.push_back(o == "U" && m == "R" ? "fcfs" : o + "," + m);
  return out;
}

std::string shortest(const Means& m, const std::vector<std::string>& among) {
  std::string best = among.front();
  for (const auto& h : among)
    if (m.at(h) < m.at(best)) best = h;
  return best;
}

std::string longest(const Means& m, const std::vector<std::string>& among) {
  std::string worst = among.front();
  for (const auto& h : among)
    if (m.at(h) > m.at(worst)) worst = h;
  return worst;
}

double percent_over(double a, double b) { return 100 * (a / b - 1); }

std::string cell(const std::string& h) {
  return h.find(',') == std::string::npos
             ? h
             : "(" + h.substr(0, h.find(',')) + ", " + h.substr(h.find(',') + 1) + ")";
}

Finding with_botsim(Finding f, std::string botsim) {
  f.botsim = std::move(botsim);
  return f;
}

// A comparison of two makespans: within kTiePercent it is a tie, not a win.
Finding tied(Finding f) {
  f.tie = kTiePercent;
  return f;
}

}  // namespace

std::vector<Finding> findings_51(const Makespans& overall) {
  std::vector<Finding> out;
  const Means& rhn = overall.at("right-half-normal");
  // Obs. 1, per ordering: MaxET no worse than the ordering's other mappings (Fig. 6).
  std::vector<std::string> max_ets;
  for (const std::string o : {"U", "LtoS", "StoL"}) {
    const std::string max_et = o + ",MaxET";
    max_ets.push_back(max_et);
    std::vector<std::string> others;
    for (const auto& h : with({o}, kTable2))
      if (h != max_et) others.push_back(h);
    const std::string best = shortest(rhn, others);
    out.push_back(with_botsim(
        tied(at_most("5.1 obs 1 " + o,
                     "right-half-normal BoTs: MaxET the shortest whatever the ordering (" + o + ")",
                     "(" + o + ", MaxET) the shortest of the " + o + " heuristics (Fig. 6)",
                     "(" + o + ", MaxET) over the shortest other " + o + " mapping",
                     percent_over(rhn.at(max_et), rhn.at(best)), 0, "%")),
        fmt::format("{} {:.2f} min; shortest other {} {:.2f} min", cell(max_et), rhn.at(max_et),
                    cell(best), rhn.at(best))));
  }
  // Obs. 1's analysis: "yet outperforming Greedy-R, Greedy-P, Min-min, and Max-min", whatever
  // the ordering: the longest MaxET heuristic against the shortest benchmark.
  {
    const std::string worst = longest(rhn, max_ets), bench = shortest(rhn, kBenchmarks);
    out.push_back(with_botsim(
        tied(at_most(
            "5.1 obs 1 benchmarks",
            "right-half-normal BoTs: every MaxET heuristic beats Greedy-R, Greedy-P, Min-min "
            "and Max-min",
            "MaxET heuristics shorter than the batch benchmarks (Fig. 6)",
            "longest MaxET heuristic over the shortest benchmark",
            percent_over(rhn.at(worst), rhn.at(bench)), 0, "%")),
        fmt::format("{} {:.2f} min; {} {:.2f} min", cell(worst), rhn.at(worst), bench,
                    rhn.at(bench))));
  }
  // Obs. 2 on uniform BoTs: every LtoS heuristic among the shortest, better than Min-min and
  // similar to Max-min (its analysis, Fig. 7). "Similar": within 10 %, the paper's own measure
  // of similar makespans (Obs. 3 and 5).
  const Means& uni = overall.at("uniform");
  const auto ltos = with({"LtoS"}, kTable2);
  auto rest = with({"U", "StoL"}, kTable2);
  rest.erase(std::find(rest.begin(), rest.end(), "fcfs"));  // a benchmark, not proposed
  const std::string worst_ltos = longest(uni, ltos), best_rest = shortest(uni, rest);
  const double wl = uni.at(worst_ltos);
  out.push_back(with_botsim(
      tied(at_most(
          "5.1 obs 2 shortest",
          "uniform BoTs: the LtoS heuristics the shortest of the proposed, whatever the mapping",
          "LtoS the shortest proposed (Fig. 7)", "longest LtoS over the shortest other proposed",
          percent_over(wl, uni.at(best_rest)), 0, "%")),
      fmt::format("{} {:.2f} min; {} {:.2f} min", cell(worst_ltos), wl, cell(best_rest),
                  uni.at(best_rest))));
  out.push_back(with_botsim(
      tied(at_most("5.1 obs 2 min-min", "uniform BoTs: the LtoS heuristics better than Min-min",
                   "better than Min-min (Fig. 7)", "longest LtoS over Min-min",
                   percent_over(wl, uni.at("min-min")), 0, "%")),
      fmt::format("{} {:.2f} min; min-min {:.2f} min", cell(worst_ltos), wl, uni.at("min-min"))));
  out.push_back(with_botsim(
      at_most("5.1 obs 2 max-min", "uniform BoTs: the LtoS heuristics similar to Max-min",
              "similar to Max-min, the best (Fig. 7)", "|longest LtoS / Max-min - 1|",
              std::abs(percent_over(wl, uni.at("max-min"))), 10, "%"),
      fmt::format("{} {:.2f} min; max-min {:.2f} min", cell(worst_ltos), wl, uni.at("max-min"))));
  // Obs. 3: the immediate heuristics similar among them and to FCFS, for every distribution...
  const auto immediate = with({"U"}, {"MaxET", "MaxCT", "MinET", "MinCT"});
  auto with_fcfs = immediate;
  with_fcfs.push_back("fcfs");
  double spread = 0;
  std::string where;
  for (const auto& [d, m] : overall) {
    double s = percent_over(m.at(longest(m, with_fcfs)), m.at(shortest(m, with_fcfs)));
    if (s > spread || where.empty()) spread = s, where = d;
  }
  out.push_back(with_botsim(
      at_most("5.1 obs 3 immediate",
              "the immediate heuristics similar among them and to FCFS, every distribution",
              "similar (Figs 6-9)", "longest over shortest of (U, *) and FCFS", spread, 10, "%"),
      fmt::format("largest difference {:.1f} % ({})", spread, where)));
  // ... and within 10 % of the batch heuristics: the paper's example is the overall makespan
  // (every BoT's summed) of (U, MaxET), 6.33 % over Max-min's. Every immediate heuristic.
  std::map<std::string, double> sum;
  for (const auto& [d, m] : overall)
    for (const auto& [h, v] : m) sum[h] += v;
  std::string worst_u = longest(sum, immediate);
  out.push_back(with_botsim(
      at_most("5.1 obs 3 max-min",
              "the immediate heuristics' overall makespan within 10 % of the batch heuristics'",
              "no more than 10 %; (U, MaxET) 6.33 % over Max-min",
              "longest immediate heuristic's overall makespan over Max-min's",
              percent_over(sum.at(worst_u), sum.at("max-min")), 10, "%"),
      fmt::format("(U, MaxET) {:.2f} % over Max-min; the longest, {}, {:.2f} %",
                  percent_over(sum.at("U,MaxET"), sum.at("max-min")), cell(worst_u),
                  percent_over(sum.at(worst_u), sum.at("max-min")))));
  // Obs. 4: no heuristic the shortest for every distribution. A heuristic dominates when it is
  // the shortest, or tied with it (within kTiePercent), for every distribution.
  std::vector<std::string> all;
  for (const auto& [h, v] : overall.begin()->second) all.push_back(h);
  std::map<std::string, int> best_for;  // heuristic -> distributions where it is (tied) shortest
  std::string names;
  for (const auto& [d, m] : overall) {
    const double best = m.at(shortest(m, all));
    names += fmt::format("{}{}: {}", names.empty() ? "" : "; ", d, cell(shortest(m, all)));
    for (const auto& h : all)
      if (percent_over(m.at(h), best) < kTiePercent) ++best_for[h];
  }
  std::string dominating;
  for (const auto& [h, n] : best_for)
    if (n == static_cast<int>(overall.size()))
      dominating += (dominating.empty() ? "" : ", ") + cell(h);
  out.push_back(with_botsim(
      at_most("5.1 obs 4", "no heuristic dominates for every distribution",
              "several heuristics the shortest (Figs 6-9)",
              "heuristics the shortest, or within 1 % of it, for every distribution",
              static_cast<double>(std::count(dominating.begin(), dominating.end(), ',') +
                                  (dominating.empty() ? 0 : 1)),
              0),
      "the shortest per distribution: " + names +
          (dominating.empty() ? "" : "; dominating: " + dominating)));
  // Obs. 5: the batch heuristics vary less than 10 % of their average (normal,
  // right-half-normal and left-half-normal BoTs).
  const auto batch = with({"LtoS", "StoL"}, {"MaxET", "MaxCT", "MinET", "MinCT"});
  double var = 0;
  where.clear();
  for (const std::string d : {"normal", "right-half-normal", "left-half-normal"}) {
    const Means& m = overall.at(d);
    double mean = 0;
    for (const auto& h : batch) mean += m.at(h) / static_cast<double>(batch.size());
    double v = 100 * (m.at(longest(m, batch)) - m.at(shortest(m, batch))) / mean;
    if (v > var || where.empty()) var = v, where = d;
  }
  out.push_back(
      with_botsim(at_most("5.1 obs 5",
                          "the batch heuristics vary less than 10 % of their average (normal and "
                          "half-normal BoTs)",
                          "under 10 % (Figs 6, 8, 9)",
                          "(longest - shortest) / average of (LtoS|StoL, *)", var, 10, "%"),
                  fmt::format("largest spread {:.1f} % ({})", var, where)));
  return out;
}

namespace {

// R^2 of the least-squares line through (x, y); 1 when y is constant.
double r_squared(const std::vector<double>& x, const std::vector<double>& y) {
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) mx += x[i], my += y[i];
  mx /= static_cast<double>(x.size());
  my /= static_cast<double>(y.size());
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  return syy == 0 ? 1 : sxy * sxy / (sxx * syy);
}

// Mean overhead of the rows where key(row) is its largest value over that where it is its
// smallest.
template <class Key>
double growth(const std::vector<ConcurrencyRow>& rows, Key key) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const auto& r : rows) lo = std::min(lo, key(r)), hi = std::max(hi, key(r));
  double at_lo = 0, at_hi = 0, n_lo = 0, n_hi = 0;
  for (const auto& r : rows) {
    if (key(r) == lo) at_lo += r.overhead_mean_s, ++n_lo;
    if (key(r) == hi) at_hi += r.overhead_mean_s, ++n_hi;
  }
  return (at_hi / n_hi) / (at_lo / n_lo);
}

}  // namespace

std::vector<Finding> findings_52(const std::vector<ConcurrencyRow>& rows) {
  std::vector<Finding> out;
  long bots = 0, ok = 0;
  std::vector<double> tasks, messages;
  double worst_overhead = 0;
  for (const auto& r : rows) {
    bots += r.bots;
    ok += r.successes;
    tasks.push_back(r.tasks);
    messages.push_back(r.messages_mean);
    worst_overhead = std::max(worst_overhead, r.overhead_max_s);
  }
  out.push_back(with_botsim(
      at_least("5.2 obs 1", "every BoT executed", "100 % success rate (Table 9)", "BoTs executed",
               100.0 * static_cast<double>(ok) / static_cast<double>(bots), 100, "%"),
      fmt::format("{} of {} BoTs", ok, bots)));
  const double r2 = r_squared(tasks, messages);
  out.push_back(with_botsim(at_least("5.2 obs 2", "messages grow linearly with the number of tasks",
                                     "linear in the tasks (Fig. 10)",
                                     "R^2 of a line through (tasks, mean messages)", r2, 0.99),
                            fmt::format("R^2 {:.5f}", r2)));
  // Obs. 3: negligible overheads; the paper's largest, 69.5 s (30 300-task BoTs at 100
  // requests/s, Fig. 11), is one it calls negligible.
  out.push_back(with_botsim(
      at_most("5.2 obs 3 negligible", "scheduling overheads negligible", "at most 69.5 s (Fig. 11)",
              "largest overhead of a BoT", worst_overhead, 69.5, "s"),
      fmt::format("largest {:.2f} s", worst_overhead)));
  // ... and higher with higher request rates, larger BoTs and more BoTs at once: the least of
  // the three growths, highest setting over lowest, must be a difference (10 %, as in 5.1).
  const double by_rate = growth(rows, [](const ConcurrencyRow& r) { return r.rate_per_s; });
  const double by_size = growth(rows, [](const ConcurrencyRow& r) { return double(r.tasks); });
  const double by_bots = growth(rows, [](const ConcurrencyRow& r) { return double(r.consumers); });
  const double least = std::min({by_rate, by_size, by_bots});
  out.push_back(with_botsim(
      at_least("5.2 obs 3 growth",
               "overheads higher with higher request rates, larger BoTs and more BoTs",
               "higher (Fig. 11)", "least growth of the mean overhead, highest over lowest",
               100 * (least - 1), 10, "%"),
      fmt::format("mean overhead x{:.3f} by request rate, x{:.3f} by BoT size, x{:.3f} by "
                  "number of BoTs",
                  by_rate, by_size, by_bots)));
  return out;
}

std::vector<Finding> findings_53(const Allocations& means) {
  std::vector<Finding> out;
  double dearer = -std::numeric_limits<double>::infinity(), slower = 0, most = 0;
  double fewest = std::numeric_limits<double>::infinity();
  std::string costs;
  for (const auto& d : kDistributions) {
    const auto& a = means.at(d);
    const auto &ie = a.at("i-elastic"), &gen = a.at("generalized"), &fix = a.at("fixed");
    dearer = std::max(dearer, ie.cost - gen.cost);
    costs += fmt::format("{}{} {:.2f} vs {:.2f}", costs.empty() ? "" : "; ", d, ie.cost, gen.cost);
    slower = std::max(slower, std::abs(percent_over(ie.makespan_min, fix.makespan_min)));
    most = std::max(most, percent_over(ie.messages, fix.messages));
    fewest = std::min(fewest, percent_over(ie.messages, fix.messages));
  }
  out.push_back(with_botsim(at_most("5.3 obs 1", "I-ElasticAM never costlier than GeneralizedAM",
                                    "lower or the same cost (Fig. 12)",
                                    "largest I-ElasticAM - GeneralizedAM cost", dearer, 0, "US$"),
                            "US$ i-elastic vs generalized: " + costs));
  out.push_back(with_botsim(
      at_most("5.3 obs 2 makespan", "I-ElasticAM as fast as FixedAM", "the same makespan (Fig. 13)",
              "largest |I-ElasticAM / FixedAM - 1| of the makespan", slower, 1, "%"),
      fmt::format("largest difference {:.2f} %", slower)));
  out.push_back(with_botsim(
      at_most("5.3 obs 2 messages", "I-ElasticAM sends only a few more messages than FixedAM",
              "slightly more (Fig. 14)", "most extra messages of I-ElasticAM over FixedAM", most,
              10, "%"),
      fmt::format("{:.1f} % to {:.1f} % more", fewest, most)));
  return out;
}

const campaign::Causes& gutierrez2012_causes() {
  const std::string disagree = "docs/gutierrez2012.md, Where botsim disagrees with the paper";
  const std::string max_min =
      "Max-min plans every task on every resource and never hands a large task to the slowest "
      "resource late; Fig. 5's heuristics hand it to whichever is free (" +
      disagree + ")";
  static const campaign::Causes causes{
      {"5.1 obs 1 U",
       "usually one resource is free at a time, so the mapping policy rarely "
       "chooses: the makespans are within the 1 % tie band (" +
           disagree + ")"},
      {"5.1 obs 1 LtoS",
       "LtoS balances the seven resources so well that its mappings give the "
       "same schedules up to message latencies (" +
           disagree + ")"},
      {"5.1 obs 1 StoL",
       "StoL's mappings give the same schedules up to message latencies (" + disagree + ")"},
      {"5.1 obs 1 benchmarks", max_min},
      {"5.1 obs 2 min-min",
       "Min-min plans the same large-first order, on occupied resources too: "
       "0.33 % ahead on uniform BoTs, a tie (" +
           disagree + ")"},
      {"5.1 obs 3 immediate",
       "within 10 % on the means, not in every replication: the (U, *) "
       "makespans vary by 8-22 min (one standard deviation) from BoT to "
       "BoT, with means a few minutes apart (" +
           disagree + ")"},
      {"5.1 obs 3 max-min", max_min},
      {"5.1 obs 4", max_min},
      {"5.1 obs 5",
       "StoL sends the biggest tasks last, where one may land on the slowest "
       "resource: the orderings differ by more than 10 % (" +
           disagree + ")"},
      {"5.2 obs 3 growth",
       "botsim models message latency, not the agents' computing time, the "
       "directory's saturation or JADE's message queues, which the paper "
       "gives as the causes of its growth (" +
           disagree + ")"},
      {"5.3 obs 2 makespan",
       "as printed only, in one replication of ten (botsim's rules: yes); the rules that differ "
       "are the same-instant wait and MinET's least overrun (docs/gutierrez2012.md, Rules botsim "
       "adds)"}};
  return causes;
}

}  // namespace botsim::papers::gutierrez2012
