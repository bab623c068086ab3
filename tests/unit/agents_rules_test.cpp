// The rules botsim adds to Gutierrez-Garcia & Sim 2012 (docs/gutierrez2012.md, "Rules botsim
// adds, and the algorithm as printed"): each switched off alone changes what it names and
// nothing else of the case; summary.json's policy names the rules that are off.
#include <gtest/gtest.h>

#include "agents/records.hpp"
#include "agents/rules.hpp"
#include "agents/scheduler.hpp"

using namespace botsim::agents;

namespace {
botsim::Rng rules_test_rng() { return botsim::make_rng(1, "test"); }

AgentRules all_rules_but(bool AgentRules::*off) {
  AgentRules r;
  r.*off = false;
  return r;
}
}  // namespace

TEST(AgentsRules, PolicyNamesTheRulesThatAreOff) {
  EXPECT_EQ(rules_label(AgentRules{}), "");
  EXPECT_EQ(rules_label(AgentRules::paper()), ",paper");
  EXPECT_EQ(rules_label(all_rules_but(&AgentRules::same_instant_wait)), ",no-same-instant-wait");
  EXPECT_EQ(rules_label(all_rules_but(&AgentRules::least_overrun)), ",no-least-overrun");
  EXPECT_EQ(rules_label(all_rules_but(&AgentRules::replace_failed)), ",no-replace-failed");
  AgentRules two = AgentRules::paper();
  two.least_overrun = true;
  EXPECT_EQ(rules_label(two), ",no-same-instant-wait,no-replace-failed");
  // Read back: the allocation is the same with or without the rules' label.
  const PolicyParts p = policy_parts("LtoS,MaxET/i-elastic,paper");
  EXPECT_EQ(p.heuristic, "LtoS,MaxET");
  EXPECT_EQ(p.allocation, "i-elastic");
  EXPECT_EQ(p.rules, "paper");
  const PolicyParts q = policy_parts("U,MinET/fixed");
  EXPECT_EQ(q.heuristic, "U,MinET");
  EXPECT_EQ(q.allocation, "fixed");
  EXPECT_EQ(q.rules, "");
}

// same_instant_wait. (U, MaxCT): resource 1 (2 MI/s, allocated until 3600), resource 2
// (1 MI/s, until 7200). At 0: task 0 (100 MI) to 2 (7200 - 0 > 3600 - 0), task 1 (200 MI) to
// 1; neither can end before 100. Both end at 100.2; 1's output comes at 100.4, 2's at 100.9.
// Tasks 2 and 3 (60 MI) wait.
// - On: at 100.4, 2's task may have ended by 100.2: wait. At 100.9 one mapping with both free:
//   task 2 to 2 (7200 - 100.9 > 3600 - 100.9), task 3 to 1.
// - Off (as printed: each output is mapped on as it comes): at 100.4, task 2 to 1, the only
//   free one; at 100.9, task 3 to 2. The same tasks go out in the same order, at the outputs'
//   times: only the resources change.
TEST(AgentsRules, SameInstantWaitOffMapsOnTheFirstOutputAlone) {
  auto run = [](const AgentRules& rules) {
    Scheduler s(parse_heuristic("U,MaxCT"));
    s.set_rules(rules);
    s.add_resource({1, 2, 3600}, 0);
    s.add_resource({2, 1, 7200}, 0);
    s.add_tasks({{0, 100}, {1, 200}, {2, 60}, {3, 60}});
    auto rng = rules_test_rng();
    auto first = s.assign(0, rng);
    EXPECT_EQ(first.size(), 2u);
    EXPECT_EQ(first.at(0).resource_id, 2);
    EXPECT_EQ(first.at(1).resource_id, 1);
    std::vector<Assignment> sent;
    s.resource_free(1, 100.4, 100.2);
    if (!s.awaiting_outputs())
      for (const Assignment& a : s.assign(100.4, rng)) sent.push_back(a);
    s.resource_free(2, 100.9, 100.2);
    EXPECT_FALSE(s.awaiting_outputs());
    for (const Assignment& a : s.assign(100.9, rng)) sent.push_back(a);
    return sent;
  };
  const auto on = run(AgentRules{});
  ASSERT_EQ(on.size(), 2u);
  EXPECT_EQ(on[0].task_id, 2);
  EXPECT_EQ(on[0].resource_id, 2);
  EXPECT_DOUBLE_EQ(on[0].start, 100.9);
  EXPECT_EQ(on[1].task_id, 3);
  EXPECT_EQ(on[1].resource_id, 1);
  EXPECT_DOUBLE_EQ(on[1].start, 100.9);
  const auto off = run(all_rules_but(&AgentRules::same_instant_wait));
  ASSERT_EQ(off.size(), 2u);
  EXPECT_EQ(off[0].task_id, 2);
  EXPECT_EQ(off[0].resource_id, 1);
  EXPECT_DOUBLE_EQ(off[0].start, 100.4);
  EXPECT_EQ(off[1].task_id, 3);
  EXPECT_EQ(off[1].resource_id, 2);
  EXPECT_DOUBLE_EQ(off[1].start, 100.9);
}

// least_overrun. MinET at 0, a 400 MI task. Resource 1: 1 MI/s, until 100: 100 - 400 = -300;
// resource 2: 2 MI/s, until 150: 150 - 200 = -50. It fits nowhere: botsim takes the least
// overrun, 2; off, the literal minimum, 1 (-300). With resource 3 (1 MI/s, until 1000: 600) it
// fits there, and 3 is taken either way: the switch changes only the case where it fits nowhere.
TEST(AgentsRules, LeastOverrunOffTakesTheMinimumWhenTheTaskFitsNowhere) {
  auto pick = [](const AgentRules& rules, bool with_third) {
    Scheduler s(parse_heuristic("U,MinET"));
    s.set_rules(rules);
    s.add_resource({1, 1, 100}, 0);
    s.add_resource({2, 2, 150}, 0);
    if (with_third) s.add_resource({3, 1, 1000}, 0);
    s.add_tasks({{0, 400}});
    auto rng = rules_test_rng();
    return s.assign(0, rng).at(0).resource_id;
  };
  const AgentRules off = all_rules_but(&AgentRules::least_overrun);
  EXPECT_EQ(pick(AgentRules{}, false), 2);
  EXPECT_EQ(pick(off, false), 1);
  EXPECT_EQ(pick(AgentRules{}, true), 3);
  EXPECT_EQ(pick(off, true), 3);
  // The other rules off change nothing here.
  EXPECT_EQ(pick(all_rules_but(&AgentRules::same_instant_wait), false), 2);
  EXPECT_EQ(pick(all_rules_but(&AgentRules::replace_failed), false), 2);
  EXPECT_EQ(pick(AgentRules::paper(), false), 1);
}
