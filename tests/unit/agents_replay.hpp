#pragma once
// Test-only replay of Fig. 5's loop without SimGrid: assign, advance to the next expected
// completion, free every resource that completes at that instant, assign again. The product's
// timing is SimGrid's; this only turns a scheduler's decisions into a makespan by hand-checkable
// arithmetic.
#include <map>
#include <vector>

#include "agents/scheduler.hpp"

namespace botsim::agents::test {

struct ReplayResult {
  double makespan = 0;
  std::map<int, int> resource_of;  // task id -> resource id
  std::vector<Assignment> log;     // in dispatch order
};

inline ReplayResult replay(Scheduler& s, Rng& rng, double now = 0) {
  ReplayResult out;
  std::multimap<double, int> running;  // expected end -> resource
  auto dispatch = [&] {
    for (const auto& a : s.assign(now, rng)) {
      out.log.push_back(a);
      out.resource_of[a.task_id] = a.resource_id;
      running.emplace(a.expected_end, a.resource_id);
    }
  };
  dispatch();
  while (!running.empty()) {
    now = running.begin()->first;
    while (!running.empty() && running.begin()->first == now) {
      s.resource_free(running.begin()->second, now);
      running.erase(running.begin());
    }
    out.makespan = now;
    dispatch();
  }
  return out;
}

}  // namespace botsim::agents::test
