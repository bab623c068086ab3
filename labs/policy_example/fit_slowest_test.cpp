// FitSlowest on three resources of 1, 2 and 4 MI/s whose allocations end at 3600 s, worked
// out by hand (labs/06-own-policy.md).
#include <gtest/gtest.h>

#include "agents/scheduler.hpp"
#include "cli/models.hpp"
#include "support/agents_schedulers.hpp"

namespace botsim::agents {
namespace {

Scheduler three_resources(const std::string& heuristic) {
  register_models();  // botsim's policies, then the files built in (this one)
  Scheduler s = botsim::test::scheduler_for(heuristic);
  s.add_resource({1, 1.0, 3600}, 0);
  s.add_resource({2, 2.0, 3600}, 0);
  s.add_resource({3, 4.0, 3600}, 0);
  return s;
}

TEST(FitSlowest, IsRegisteredAndNamed) {
  register_models();
  ASSERT_NE(policy::find_policy_any_case(policy::DecisionPoint::AgentsMapping, "fitslowest"),
            nullptr);
  EXPECT_EQ(heuristic_name(parse_heuristic("LtoS,FitSlowest")), "LtoS,FitSlowest");
}

TEST(FitSlowest, TakesTheSlowestResourceWhereTheTaskFits) {
  Rng rng = make_rng(1, "test");
  // 3000 MI: 3000 s on the 1 MI/s resource, within its 3600 s.
  Scheduler small = three_resources("U,FitSlowest");
  small.add_tasks({{1, 3000}});
  EXPECT_EQ(small.assign(0, rng).at(0).resource_id, 1);
  // 4000 MI: 4000 s > 3600 s on resource 1; 2000 s on resource 2.
  Scheduler medium = three_resources("U,FitSlowest");
  medium.add_tasks({{1, 4000}});
  EXPECT_EQ(medium.assign(0, rng).at(0).resource_id, 2);
  // 20000 MI fits nowhere (5000 s even at 4 MI/s): the most powerful.
  Scheduler large = three_resources("U,FitSlowest");
  large.add_tasks({{1, 20000}});
  EXPECT_EQ(large.assign(0, rng).at(0).resource_id, 3);
}

TEST(FitSlowest, LargestFirstFillsFromTheFastest) {
  // LtoS: 12000 MI (fits only on 3: 3000 s), then 6000 (only 2 and 3 fit; 3 is taken: 2),
  // then 3000 (1 fits); the fourth waits.
  Rng rng = make_rng(1, "test");
  Scheduler s = three_resources("LtoS,FitSlowest");
  s.add_tasks({{1, 3000}, {2, 12000}, {3, 6000}, {4, 100}});
  auto a = s.assign(0, rng);
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a[0].task_id, 2);
  EXPECT_EQ(a[0].resource_id, 3);
  EXPECT_EQ(a[1].task_id, 3);
  EXPECT_EQ(a[1].resource_id, 2);
  EXPECT_EQ(a[2].task_id, 1);
  EXPECT_EQ(a[2].resource_id, 1);
  EXPECT_DOUBLE_EQ(a[2].expected_end, 3000);
}

}  // namespace
}  // namespace botsim::agents
