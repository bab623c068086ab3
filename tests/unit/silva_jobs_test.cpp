// Jobs and optima of the silva2008 reproduction (docs/silva2008.md), pure.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "silva/jobs.hpp"

using namespace botsim::silva;

TEST(SilvaOptimum, Fig1Job) {
  // 300 tasks of 5 minutes: 12 per host-hour, 25 hosts, 25 charged hours.
  std::vector<double> job(300, 300.0);
  EXPECT_EQ(optimum_hosts(job, 3600), 25);
  EXPECT_EQ(hosts_lower_bound(job, 3600), 25);
  // Budget factor 2 (30 minutes of work per host): 50 hosts.
  EXPECT_EQ(optimum_hosts(job, 1800), 50);
}

TEST(SilvaOptimum, BinPackingBeatsTheNaiveCount) {
  // 7 tasks of 2000 s: no two fit in one hour, so 7 hosts although 14000 / 3600 < 4.
  std::vector<double> job(7, 2000.0);
  EXPECT_EQ(hosts_lower_bound(job, 3600), 4);
  EXPECT_EQ(optimum_hosts(job, 3600), 7);
}

TEST(SilvaStaticRun, Fig1Curve) {
  std::vector<double> job(300, 300.0);
  auto at25 = static_run(job, 25, 3600);
  EXPECT_DOUBLE_EQ(at25.makespan_s, 3600);
  EXPECT_EQ(at25.charged_units, 25);
  EXPECT_DOUBLE_EQ(at25.speedup, 25);
  // Fewer hosts: slower, and never cheaper than 25 h.
  auto at5 = static_run(job, 5, 3600);  // 60 tasks each: 5 h
  EXPECT_EQ(at5.charged_units, 25);
  EXPECT_DOUBLE_EQ(at5.speedup, 5);
  auto at24 = static_run(job, 24, 3600);  // 12 hosts do 13 tasks (2 h), 12 do 12 (1 h)
  EXPECT_DOUBLE_EQ(at24.makespan_s, 3900);
  EXPECT_EQ(at24.charged_units, 36);
  // More hosts: the cost grows with the speedup.
  auto at30 = static_run(job, 30, 3600);  // 10 tasks each
  EXPECT_EQ(at30.charged_units, 30);
  EXPECT_DOUBLE_EQ(at30.speedup, 30);
  auto at300 = static_run(job, 300, 3600);
  EXPECT_EQ(at300.charged_units, 300);
  EXPECT_DOUBLE_EQ(at300.speedup, 300);
}

TEST(SilvaRenderLike, ShapedAsFig2) {
  auto t = render_like_job(2008);
  ASSERT_EQ(t.size(), 256u);
  EXPECT_EQ(t, render_like_job(2008));
  EXPECT_NE(t, render_like_job(2009));
  auto [lo, hi] = std::minmax_element(t.begin(), t.end());
  EXPECT_GT(*hi - *lo, 8 * 60.0);  // about 9 minutes of amplitude
  EXPECT_LT(*hi - *lo, 10 * 60.0);
  // Mostly short: the median is well under a minute.
  auto sorted = t;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_LT(sorted[128], 60.0);
  // The periodic band of about 25 s tasks.
  for (size_t i = 9; i < 256; i += 16) {
    EXPECT_GT(t[i], 18.0) << i;
    EXPECT_LT(t[i], 32.0) << i;
  }
  // Rare long ones.
  EXPECT_EQ(std::count_if(t.begin(), t.end(), [](double v) { return v > 200; }), 6);
  // The running average creeps up: the last quarter is slower than the first.
  double first = std::accumulate(t.begin(), t.begin() + 64, 0.0);
  double last = std::accumulate(t.end() - 64, t.end(), 0.0);
  EXPECT_GT(last, 3 * first);
}
