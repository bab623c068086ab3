// The vo-policies experiment's settings and its comparison, worked out by hand.
#include "papers/vo_policies/vo_policies.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace botsim::campaign;
using namespace botsim::papers;

TEST(VoPolicies, DomainSpeeds) {
  EXPECT_DOUBLE_EQ(vo_domain_mips(VoSetting{4, false, 0.2, 1.5}, 3), 1050);
  // spread over 4 domains: 0.5, 0.8333, 1.1667, 1.5 x 1050 MIPS
  VoSetting s{4, true, 0.2, 1.5};
  EXPECT_DOUBLE_EQ(vo_domain_mips(s, 0), 525);
  EXPECT_DOUBLE_EQ(vo_domain_mips(s, 1), 875);
  EXPECT_DOUBLE_EQ(vo_domain_mips(s, 2), 1225);
  // 8 domains: 1050 x (0.5 + 1/7) = 675 after rounding away the floating-point noise
  EXPECT_DOUBLE_EQ(vo_domain_mips(VoSetting{8, true, 0, 1.5}, 1), 675);
  EXPECT_DOUBLE_EQ(vo_domain_mips(s, 3), 1575);
}

TEST(VoPolicies, DeadlineIsTightnessTimesTheMakespanAtFullCapacity) {
  // 2 domains x 4 users x 20 tasks x 750000 MI = 120e6 MI on 2 x 2 resources x 2 PEs x 1050 MIPS
  // = 8400 MIPS: 14285.7 s; x 1.5 = 21428.6 s, rounded up to whole minutes: 21480 s.
  EXPECT_DOUBLE_EQ(vo_deadline_s(VoSetting{2, false, 0.2, 1.5}), 21480);
  // The spread keeps the mean speed, so the deadline does not change with it.
  EXPECT_DOUBLE_EQ(vo_deadline_s(VoSetting{2, true, 0.2, 1.5}), 21480);
  // 8 domains: 8 times the work on 8 times the capacity.
  EXPECT_DOUBLE_EQ(vo_deadline_s(VoSetting{8, false, 0.2, 1.5}), 21480);
}

TEST(VoPolicies, SettingsCoverTheGrid) {
  auto settings = vo_settings();
  EXPECT_EQ(settings.size(), 3u * 2u * 3u * 3u);
}

TEST(VoPolicies, ComparisonByHand) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<VoUserResult> users{{"global", 0, 100, 9000, true},
                                  {"global", 1, 300, 12000, false},
                                  {"local", 0, 50, 6000, true},
                                  {"local", 1, 70, inf, false}};
  VoComparison c = compare_policies(users, 10000);
  EXPECT_DOUBLE_EQ(c.global_cost, 200);
  EXPECT_NEAR(c.global_cost_sd, std::sqrt(20000.0), 1e-9);  // (100^2 + 100^2) / 1
  EXPECT_DOUBLE_EQ(c.local_cost, 60);
  EXPECT_DOUBLE_EQ(c.cost_ratio(), 0.3);
  EXPECT_DOUBLE_EQ(c.global_met, 0.5);
  EXPECT_DOUBLE_EQ(c.local_met, 0.5);
  EXPECT_DOUBLE_EQ(c.global_lateness, 1.05);  // (0.9 + 1.2) / 2
  EXPECT_DOUBLE_EQ(c.local_lateness, 0.6);    // the unfinished user is left out
  EXPECT_THROW(compare_policies({{"global", 0, 1, 1, true}}, 1), std::runtime_error);
}

namespace {
// A comparison where local users pay `ratio` times what global users pay and meet the
// deadline `local_met` of the time (global users always do).
VoComparison outcome(double ratio, double local_met) {
  VoComparison c;
  c.global_cost = 100;
  c.local_cost = 100 * ratio;
  c.global_met = 1;
  c.local_met = local_met;
  return c;
}
std::string vo_verdicts(const std::vector<botsim::campaign::Finding>& found) {
  std::string v;
  for (const auto& f : found) v += f.verdict()[0];
  return v;
}
}  // namespace

TEST(VoPoliciesFindings, ComputedOnCannedComparisons) {
  // Surcharges 0, 0.2, 0.5 at deadlines 1.1 and 1.5: local cheaper in 1 of 2, 1 of 2, 2 of 2.
  std::vector<VoSetting> settings;
  for (double s : {0.0, 0.2, 0.5})
    for (double t : {1.1, 1.5}) settings.push_back(VoSetting{2, false, s, t});
  std::vector<VoComparison> cmp{outcome(1.2, 0.5), outcome(0.9, 1), outcome(1.1, 1),
                                outcome(0.8, 1),   outcome(0.5, 1), outcome(0.4, 1)};
  auto found = botsim::papers::vo_policies_findings(settings, cmp);
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(vo_verdicts(found), "yyyy");
  EXPECT_DOUBLE_EQ(found[0].value, 3.0 / 4);  // with a surcharge: 3 of 4
  EXPECT_DOUBLE_EQ(found[1].value, 1 - 0.5);  // 2 of 2 at 50 %, 1 of 2 at 0 %
  EXPECT_DOUBLE_EQ(found[2].value, 0);        // with room (1.5 x) local users are in time
  EXPECT_DOUBLE_EQ(found[3].value, 1);        // tight (1.1 x): late once, at surcharge 0
}

TEST(VoPoliciesFindings, AnswerNoWhereTheyDoNotHold) {
  std::vector<VoSetting> settings;
  for (double s : {0.0, 0.5})
    for (double t : {1.1, 2.5}) settings.push_back(VoSetting{2, false, s, t});
  // Local users dearer where there is a surcharge, late with room, punctual when tight.
  std::vector<VoComparison> cmp{outcome(0.5, 1), outcome(0.5, 1), outcome(1.5, 1),
                                outcome(1.4, 0.5)};
  auto found = botsim::papers::vo_policies_findings(settings, cmp);
  EXPECT_EQ(vo_verdicts(found), "nnnn");
  EXPECT_DOUBLE_EQ(found[0].margin(), 0 - 0.5);
  EXPECT_DOUBLE_EQ(found[1].margin(), 0 - 1);
  EXPECT_DOUBLE_EQ(found[2].margin(), -1);
  EXPECT_DOUBLE_EQ(found[3].margin(), -1);
}
