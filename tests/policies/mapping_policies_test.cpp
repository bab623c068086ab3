// Rules every registered mapping policy keeps (agents/mapping_registry.hpp): it chooses one of
// the unoccupied resources it is shown, the same one for the same input and random stream, and
// a Scheduler running it executes every task of a bag. The test program is built with
// BOTSIM_POLICIES (and the labs' example): a policy added there is checked here.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "agents/mapping_registry.hpp"
#include "agents/scheduler.hpp"

namespace botsim::agents {
namespace {

std::vector<ResourceState> resources() {
  // Speeds of Table 3's types (MI/s), allocations ending at different times.
  const double speeds[] = {1, 2, 4, 6.5, 8, 13, 5};
  std::vector<ResourceState> out;
  for (int i = 0; i < 7; ++i) {
    ResourceState r;
    r.id = 10 + i;
    r.speed_mips = speeds[i];
    r.alloc_end = 600.0 * (i + 1);
    out.push_back(r);
  }
  return out;
}

TEST(MappingPolicies, ChooseAnUnoccupiedResourceReproducibly) {
  auto policies = registered_mapping_policies();
  if (policies.empty()) GTEST_SKIP() << "no mapping policy registered in BOTSIM_POLICIES";
  auto all = resources();
  for (const auto* p : policies) {
    for (std::size_t n = 1; n <= all.size(); ++n) {
      for (double size : {1.0, 500.0, 5000.0, 1e6}) {
        MappingInput in{size, 100, {}};
        for (std::size_t i = 0; i < n; ++i) in.unoccupied.push_back(&all[i]);
        Rng a = make_rng(7, "policy"), b = make_rng(7, "policy");
        int id = p->choose(in, a);
        EXPECT_TRUE(std::any_of(in.unoccupied.begin(), in.unoccupied.end(),
                                [&](auto* r) { return r->id == id; }))
            << p->name << " chose " << id << " among " << n << " resources";
        EXPECT_EQ(id, p->choose(in, b)) << p->name << ": same input, another choice";
      }
    }
  }
}

TEST(MappingPolicies, RunEveryTaskOfABag) {
  for (const auto* p : registered_mapping_policies()) {
    for (const char* order : {"U", "LtoS", "StoL"}) {
      Scheduler s(parse_heuristic(std::string(order) + "," + p->name));
      EXPECT_EQ(heuristic_name(s.heuristic()), std::string(order) + "," + p->name);
      for (const auto& r : resources()) s.add_resource({r.id, r.speed_mips, r.alloc_end}, 0);
      std::vector<Task> bag;
      for (int t = 1; t <= 40; ++t) bag.push_back({t, 100.0 * ((t * 37) % 23 + 1)});
      s.add_tasks(bag);
      Rng rng = make_rng(1, "bag");
      std::set<int> done;
      double now = 0;
      while (!s.finished()) {
        for (const auto& a : s.assign(now, rng)) done.insert(a.task_id);
        // Complete the earliest-ending running task.
        int next = -1;
        for (const auto& r : resources())
          if (s.resource(r.id).occupied &&
              (next < 0 || s.resource(r.id).ready_time < s.resource(next).ready_time))
            next = r.id;
        ASSERT_GE(next, 0) << p->name << ": tasks left but none running";
        now = s.resource(next).ready_time;
        s.resource_free(next, now);
      }
      EXPECT_EQ(done.size(), bag.size()) << p->name;
    }
  }
}

}  // namespace
}  // namespace botsim::agents
