// The silva2008 experiment's findings, checked on canned tables where they hold and where they
// do not (the numbers worked out by hand below).
#include "papers/silva2008/silva2008.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

using botsim::CsvTable;
using botsim::campaign::Finding;
using botsim::papers::silva2008_findings;

namespace {

const std::vector<std::string> kRatios{"0", "0.25", "0.5", "0.75", "1"};

// settings.csv: every setting of both jobs with 20 runs, all finished but `unfinished` of the
// normal job's at creationRatio 1 increaseRatio 1, `hosts_sd` 0.5, `over` the mean hosts over
// the optimum (1.04), and at creationRatio 0 increaseRatio 0 -> 1: timespan 4000 -> 3800 s,
// hosts 11.5 -> 11.7, sd 0.5 -> 0.7.
CsvTable settings(double over = 1.04, int unfinished = 0) {
  CsvTable t{{"job", "creation_ratio", "increase_ratio", "runs", "unfinished", "timespan_mean_s",
              "hosts_mean", "hosts_sd", "hosts_over_optimum_mean"},
             {}};
  for (const char* job : {"normal", "render"})
    for (const auto& cr : kRatios)
      for (const auto& ir : kRatios) {
        std::string span = "3900", hosts = "11.6", sd = "0.5";
        if (cr == "0" && ir == "0") span = "4000", hosts = "11.5";
        if (cr == "0" && ir == "1") span = "3800", hosts = "11.7", sd = "0.7";
        const bool stalled = std::string(job) == "normal" && cr == "1" && ir == "1";
        t.rows.push_back({job, cr, ir, "20", stalled ? std::to_string(unfinished) : "0", span,
                          hosts, sd, std::to_string(over)});
      }
  return t;
}

// runs.csv: at 0.5/0.5 and 0.75/0.75 of each job, runs of (hosts, speedup, optimum), all
// finished; a run of one host with no speedup or optimum is a job that did not finish.
CsvTable runs(const std::vector<std::vector<std::string>>& conservative,
              const std::vector<std::vector<std::string>>& aggressive) {
  CsvTable t{
      {"job", "creation_ratio", "increase_ratio", "finished", "hosts", "speedup", "optimum_hosts"},
      {}};
  for (const char* job : {"normal", "render"}) {
    for (const auto& r : conservative)
      t.rows.push_back({job, "0.5", "0.5", r[1].empty() ? "no" : "yes", r[0], r[1], r[2]});
    for (const auto& r : aggressive)
      t.rows.push_back({job, "0.75", "0.75", r[1].empty() ? "no" : "yes", r[0], r[1], r[2]});
  }
  return t;
}

// fig1.csv: 300 tasks of 5 min on `best` hosts at the least charge, a makespan of 9000 s /
// hosts; the simulated static choice charges `off` more hours at 7 hosts.
CsvTable fig1(int best = 25, int off = 0) {
  CsvTable t{{"hosts", "charged_hours", "speedup", "makespan_s", "simulated_charged_hours",
              "simulated_makespan_s"},
             {}};
  for (int h = 1; h <= 30; ++h) {
    const std::string charged = std::to_string(std::max(h, best)),
                      span = std::to_string(9000.0 / h);
    t.rows.push_back({std::to_string(h), charged, std::to_string(h), span,
                      std::to_string(std::max(h, best) + (h == 7 ? off : 0)), span});
  }
  return t;
}

// check_interval.csv: at creationRatio 1 the deviation `at_one`, else 0.5.
CsvTable intervals(double at_one) {
  CsvTable t{{"job", "check_interval_s", "creation_ratio", "increase_ratio", "hosts_sd"}, {}};
  for (const char* job : {"normal", "render"})
    for (const char* check : {"60", "300", "600"})
      for (const auto& cr : kRatios)
        t.rows.push_back({job, check, cr, "0.5", cr == "1" ? std::to_string(at_one) : "0.5"});
  return t;
}

std::map<std::string, Finding> by_id(const std::vector<Finding>& found) {
  std::map<std::string, Finding> m;
  for (const auto& f : found) m[f.id] = f;
  return m;
}

}  // namespace

TEST(Silva2008Findings, HoldOnThePapersPicture) {
  auto f = by_id(silva2008_findings(
      runs({{"13", "11.5", "12"}, {"12", "11", "12"}}, {{"12", "11", "12"}, {"20", "17", "12"}}),
      settings(), fig1(), intervals(1.0)));
  ASSERT_EQ(f.size(), 22u);
  EXPECT_EQ(f.at("fig6 every run finishes (normal)").value, 0);
  EXPECT_EQ(f.at("fig1 simulated").value, 0);
  for (const auto& [id, finding] : f) EXPECT_EQ(finding.verdict(), "yes") << id;
  EXPECT_NEAR(f.at("fig6 within 12 % (normal)").margin(), 12 - 4, 1e-9);
  EXPECT_NEAR(f.at("fig6 cr 1 spread (normal, checks every 5 min)").value, 2, 1e-9);
  EXPECT_NEAR(f.at("fig6 cr 0 shorter (normal)").value, 3800.0 / 4000, 1e-12);
  EXPECT_NEAR(f.at("fig6 cr 0 more hosts (normal)").margin(), 0.2, 1e-9);
  EXPECT_NEAR(f.at("fig6 cr 0 more spread (normal)").value, 0.7 - 0.5, 1e-12);
  EXPECT_NEAR(f.at("fig7 aggressive about twice (render)").value, 20.0 / 12, 1e-12);
  // Speedup / hosts: 11.5/13, 11/12, 11/12, 17/20, averaged.
  EXPECT_NEAR(f.at("fig7 speedup near hosts (normal)").value,
              (11.5 / 13 + 11.0 / 12 + 11.0 / 12 + 17.0 / 20) / 4, 1e-12);
}

TEST(Silva2008Findings, AnswerNoWhereTheyDoNotHold) {
  // 30 % over the optimum, creationRatio 1 no wider than the others, a minimum of 12 against
  // 14, 3 times the optimum, speedups of half the hosts, and Fig. 1's best at 20 hosts.
  auto f =
      by_id(silva2008_findings(runs({{"12", "6", "12"}}, {{"14", "7", "12"}, {"36", "18", "12"}}),
                               settings(1.3), fig1(20), intervals(0.4)));
  for (const char* id :
       {"fig1 25 hosts", "fig6 within 12 % (normal)", "fig5 within 12 % (render)",
        "fig6 cr 1 spread (normal, checks every 1 min)", "fig7 same minimum (normal)",
        "fig7 aggressive about twice (render)", "fig7 speedup near hosts (normal)"})
    EXPECT_EQ(f.at(id).verdict(), "no") << id;
  EXPECT_NEAR(f.at("fig6 within 12 % (normal)").margin(), 12 - 30, 1e-9);
  EXPECT_NEAR(f.at("fig1 25 hosts").margin(), -5, 1e-12);
  // The simulated static choice charging 2 hours more than the list schedule at 7 hosts.
  auto sim = by_id(silva2008_findings(runs({{"12", "11", "12"}}, {{"12", "11", "12"}}), settings(),
                                      fig1(25, 2), intervals(1.0)));
  EXPECT_EQ(sim.at("fig1 simulated").verdict(), "no");
  EXPECT_NEAR(sim.at("fig1 simulated").value, 2, 1e-12);
  EXPECT_EQ(sim.at("fig1 simulated").botsim, "largest difference 2 at 7 hosts");
  EXPECT_NEAR(f.at("fig7 same minimum (normal)").margin(), -2, 1e-12);
  // increaseRatio 1 slower, fewer hosts and less spread at creationRatio 0.
  CsvTable reversed = settings();
  for (auto& row : reversed.rows)
    if (row[1] == "0" && row[2] == "1") row[5] = "4100", row[6] = "11.4", row[7] = "0.4";
  auto g = by_id(silva2008_findings(runs({{"12", "11", "12"}}, {{"12", "11", "12"}}), reversed,
                                    fig1(), intervals(1.0)));
  for (const char* id : {"fig6 cr 0 shorter (normal)", "fig6 cr 0 more hosts (normal)",
                         "fig6 cr 0 more spread (normal)"})
    EXPECT_EQ(g.at(id).verdict(), "no") << id;
}

TEST(Silva2008Findings, CountTheJobsLeftUnfinishedAndLeaveThemOutOfFig7) {
  // 5 of the normal job's 25 x 20 = 500 runs end with tasks undone: 1 %.
  auto f = by_id(silva2008_findings(
      runs({{"12", "11.5", "12"}, {"1", "", ""}}, {{"12", "11", "12"}, {"20", "17", "12"}}),
      settings(1.04, 5), fig1(), intervals(1.0)));
  EXPECT_EQ(f.at("fig6 every run finishes (normal)").verdict(), "no");
  EXPECT_NEAR(f.at("fig6 every run finishes (normal)").value, 1, 1e-12);
  EXPECT_EQ(f.at("fig6 every run finishes (normal)").botsim, "5 of 500 runs end with tasks undone");
  EXPECT_EQ(f.at("fig5 every run finishes (render)").verdict(), "yes");
  // The unfinished run (1 host) is neither the minimum nor in the speedups.
  EXPECT_EQ(f.at("fig7 same minimum (normal)").verdict(), "yes");
  EXPECT_NEAR(f.at("fig7 speedup near hosts (normal)").value,
              (11.5 / 12 + 11.0 / 12 + 17.0 / 20) / 3, 1e-12);
}

TEST(Silva2008Findings, AQuantityNotMeasuredDoesNotHold) {
  // No run of normal, creationRatio 0, increaseRatio 1 finished: no mean, no deviation.
  CsvTable t = settings();
  for (auto& row : t.rows)
    if (row[0] == "normal" && row[1] == "0" && row[2] == "1") row[5] = row[6] = row[7] = "";
  auto f = by_id(silva2008_findings(runs({{"12", "11", "12"}}, {{"12", "11", "12"}}), t, fig1(),
                                    intervals(1.0)));
  for (const char* id : {"fig6 cr 0 shorter (normal)", "fig6 cr 0 more hosts (normal)",
                         "fig6 cr 0 more spread (normal)"})
    EXPECT_EQ(f.at(id).verdict(), "no") << id;
}

namespace {

using botsim::papers::Silva2008Runs;
using botsim::papers::SilvaRunOutcome;

// Every setting of both jobs with `populations` runs of 12 hosts (optimum 11) and a speedup of
// 11, except those `change` alters; replications of 2 populations.
template <typename Change>
Silva2008Runs canned_runs(int populations, Change change) {
  Silva2008Runs r;
  r.populations = populations;
  r.populations_per_rep = 2;
  r.jobs = {{"render", "render"}, {"normal", "normal"}};
  for (const char* job : {"render", "normal"})
    for (double cr : botsim::papers::kSilvaRatios)
      for (double ir : botsim::papers::kSilvaRatios) {
        botsim::papers::SilvaSetting s{job, cr, ir, 300, {}, {}};
        for (int k = 0; k < populations; ++k) {
          SilvaRunOutcome o;
          o.timespan_s = 3600;
          o.hosts = 12;
          o.charged_units = 12;
          o.speedup = 11;
          o.optimum_hosts = 11;
          o.optimum_timespan_s = 3600;
          change(s, k, o);
          s.seeds.push_back(static_cast<unsigned long long>(k + 1));
          s.outcomes.push_back(o);
        }
        r.settings.push_back(s);
      }
  return r;
}

}  // namespace

TEST(Silva2008Findings, SpreadOverReplications) {
  // 20 populations in 10 replications of 2. The normal job's first population at creationRatio
  // 1 increaseRatio 1 does not finish: 1 of its 500 runs (0.2 %) on the whole, and 1 of
  // replication 1's 50 (2 %), 0 in the 9 others.
  auto r = canned_runs(20, [](const auto& s, int k, SilvaRunOutcome& o) {
    if (s.job == "normal" && s.cr == 1 && s.ir == 1 && k == 0) {
      o.finished = false;
      o.timespan_s = o.speedup = o.optimum_timespan_s = NAN;
      o.optimum_hosts = 0;
    }
  });
  auto f = by_id(botsim::papers::silva2008_findings_over_replications(r));
  const Finding& finishes = f.at("fig6 every run finishes (normal)");
  EXPECT_NEAR(finishes.value, 0.2, 1e-12);
  ASSERT_TRUE(finishes.runs);
  EXPECT_EQ(finishes.runs->n, 10u);
  EXPECT_EQ(finishes.runs->holding, 9u);
  EXPECT_NEAR(finishes.runs->mean, 0.2, 1e-12);
  EXPECT_NEAR(finishes.runs->worst, 2, 1e-12);
  EXPECT_EQ(finishes.verdict(), "no");
  // 12 hosts over an optimum of 11 everywhere: +9.091 % (settings.csv's 1.09091) in every
  // replication, so "yes" 10 of 10.
  const Finding& within = f.at("fig6 within 12 % (normal)");
  EXPECT_NEAR(within.value, 9.091, 1e-9);
  EXPECT_EQ(within.runs->holding, 10u);
  EXPECT_EQ(within.verdict(), "yes");
  // Fig. 1 is deterministic: no spread.
  EXPECT_FALSE(f.at("fig1 25 hosts").runs);
  // A spread needs two replications: 5 populations make two of 2 (the fifth is in none), 3 one.
  auto five = by_id(botsim::papers::silva2008_findings_over_replications(
      canned_runs(5, [](const auto&, int, SilvaRunOutcome&) {})));
  EXPECT_EQ(five.at("fig6 within 12 % (normal)").runs->n, 2u);
  auto three = by_id(botsim::papers::silva2008_findings_over_replications(
      canned_runs(3, [](const auto&, int, SilvaRunOutcome&) {})));
  EXPECT_FALSE(three.at("fig6 within 12 % (normal)").runs);
}
