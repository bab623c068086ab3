// Rules every agents mapping policy of the registry keeps (policy/agents.hpp): it chooses one of
// the unoccupied resources it is shown, the same one for the same input and random stream, and a
// Scheduler running it executes every task of a bag. The papers' own are checked with the
// policies of BOTSIM_POLICIES (and the labs' example, in its own test program): a policy added
// there is checked here. And the scheduler's index of Table 2 chooses as the paper's policies do.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "agents/paper_policies.hpp"
#include "agents/scheduler.hpp"
#include "cli/models.hpp"
#include "core/props.hpp"
#include "policy/reader_props.hpp"
#include "support/agents_schedulers.hpp"

namespace botsim::agents {
namespace {

std::vector<policy::AgentResource> resources() {
  // Speeds of Table 3's types (MI/s), allocations ending at different times.
  const double speeds[] = {1, 2, 4, 6.5, 8, 13, 5};
  std::vector<policy::AgentResource> out;
  for (int i = 0; i < 7; ++i) out.push_back({10 + i, speeds[i], 600.0 * (i + 1)});
  return out;
}

class View : public policy::MappingView {
 public:
  View(double now, policy::AgentTask task, std::vector<policy::AgentResource> rs, Rng& rng)
      : now_(now), task_(task), rs_(std::move(rs)), random_(rng) {}
  double now() const override { return now_; }
  const policy::AgentTask& task() const override { return task_; }
  const std::vector<policy::AgentResource>& unoccupied() const override { return rs_; }
  policy::Random& random() const override { return random_; }

 private:
  double now_;
  policy::AgentTask task_;
  std::vector<policy::AgentResource> rs_;
  mutable policy::Random random_;
};

std::vector<const policy::PolicyEntry*> mapping_policies() {
  register_models();
  return policy::policies_of(policy::DecisionPoint::AgentsMapping);
}

TEST(MappingPolicies, ChooseAnUnoccupiedResourceReproducibly) {
  const auto policies = mapping_policies();
  ASSERT_GE(policies.size(), 7u);  // Table 2's five, Fastest and Slowest at least
  const auto all = resources();
  const test::MapProps props;
  for (const auto* p : policies) {
    auto a_policy = p->mapping(props), b_policy = p->mapping(props);
    for (std::size_t n = 1; n <= all.size(); ++n) {
      for (double size : {1.0, 500.0, 5000.0, 1e6}) {
        std::vector<policy::AgentResource> shown(all.begin(), all.begin() + n);
        Rng a = make_rng(7, "policy"), b = make_rng(7, "policy");
        const int id = a_policy->choose(View(100, {3, size}, shown, a));
        EXPECT_TRUE(std::any_of(shown.begin(), shown.end(), [&](auto& r) { return r.id == id; }))
            << p->name << " chose " << id << " among " << n << " resources";
        EXPECT_EQ(id, b_policy->choose(View(100, {3, size}, shown, b)))
            << p->name << ": same input, another choice";
      }
    }
  }
}

// Runs `s` on a bag to the end (each time completing the earliest-ending task); the tasks sent,
// in order, with their resources.
std::vector<std::pair<int, int>> run_bag(Scheduler& s, std::uint64_t seed) {
  const auto rs = resources();
  for (const auto& r : rs) s.add_resource({r.id, r.speed_mips, r.alloc_end}, 0);
  std::vector<Task> bag;
  for (int t = 1; t <= 40; ++t) bag.push_back({t, 100.0 * ((t * 37) % 23 + 1)});
  s.add_tasks(bag);
  Rng rng = make_rng(seed, "bag");
  std::vector<std::pair<int, int>> sent;
  double now = 0;
  while (!s.finished()) {
    for (const auto& a : s.assign(now, rng)) sent.emplace_back(a.task_id, a.resource_id);
    int next = -1;
    for (const auto& r : rs)
      if (s.resource(r.id).occupied &&
          (next < 0 || s.resource(r.id).ready_time < s.resource(next).ready_time))
        next = r.id;
    if (next < 0) break;
    now = s.resource(next).ready_time;
    s.resource_free(next, now);
  }
  return sent;
}

TEST(MappingPolicies, RunEveryTaskOfABag) {
  for (const auto* p : mapping_policies()) {
    for (const char* order : {"U", "LtoS", "StoL"}) {
      Scheduler s = botsim::test::scheduler_for(std::string(order) + "," + p->name);
      // Named back as parsed ("U,R" is "fcfs", "StoL,Fastest" "greedy-r").
      EXPECT_EQ(parse_heuristic(heuristic_name(s.heuristic())), s.heuristic()) << p->name;
      std::set<int> done;
      for (const auto& [task, resource] : run_bag(s, 1)) done.insert(task);
      EXPECT_EQ(done.size(), 40u) << p->name;
      EXPECT_TRUE(s.finished()) << p->name;
    }
  }
}

// The scheduler runs Table 1 and Table 2 (and Fastest, Slowest) through an index; as policies
// over the tasks and the unoccupied resources, each must send the same tasks to the same
// resources. R draws from the
// index's own list (another order), so only its resource set is checked above.
TEST(MappingPolicies, TheSchedulersIndexChoosesAsThePapersPolicies) {
  register_models();
  for (auto m : {MappingPolicy::MaxET, MappingPolicy::MaxCT, MappingPolicy::MinET,
                 MappingPolicy::MinCT, MappingPolicy::Fastest, MappingPolicy::Slowest}) {
    for (auto o : table1_orderings()) {
      const std::string name = to_string(o) + "," + to_string(m);
      Scheduler indexed(parse_heuristic(name));
      Heuristic as_policy = parse_heuristic(name);
      as_policy.ordering = TaskOrdering::Registered;
      as_policy.registered_ordering = to_string(o);
      as_policy.mapping = MappingPolicy::Registered;
      as_policy.registered = to_string(m);
      // Under botsim's rules and as printed (least_overrun off: MinET's "fits nowhere").
      for (bool least_overrun : {true, false}) {
        AgentRules rules;
        rules.least_overrun = least_overrun;
        Scheduler indexed_rules(parse_heuristic(name));
        indexed_rules.set_rules(rules);
        Scheduler policy(as_policy, make_ordering(o), make_mapping(m, least_overrun));
        policy.set_rules(rules);
        const auto want = run_bag(indexed_rules, 3);
        ASSERT_EQ(want.size(), 40u) << name;
        EXPECT_EQ(run_bag(policy, 3), want) << name << (least_overrun ? "" : ", paper");
      }
    }
  }
}

// A task of 50 s at 1 MI/s fits in neither allocation (10 s and 20 s left): MinET as botsim
// reads it takes the least overrun (30 s over, id 2); as printed, the minimum expected time
// left, -40 s (id 1). The registry's MinET reads the ConsumerAgent's props.
TEST(MappingPolicies, MinETWhereTheTaskFitsNowhere) {
  Rng rng(1);
  View view(0, {0, 50}, {{1, 1, 10}, {2, 1, 20}}, rng);
  EXPECT_EQ(make_mapping(MappingPolicy::MinET, true)->choose(view), 2);
  EXPECT_EQ(make_mapping(MappingPolicy::MinET, false)->choose(view), 1);
  register_models();
  const auto* entry = policy::find_policy_any_case(policy::DecisionPoint::AgentsMapping, "MinET");
  ASSERT_NE(entry, nullptr);
  for (const auto& [props, want] : std::vector<std::pair<std::map<std::string, std::string>, int>>{
           {{}, 2},
           {{{"rules", "paper"}}, 1},
           {{{"least_overrun", "off"}}, 1},
           {{{"rules", "paper"}, {"least_overrun", "on"}}, 2}}) {
    const PropReader reader(props, "d.xml", "actor #1");
    const policy::ReaderProps p(reader);
    EXPECT_EQ(entry->mapping(p)->choose(view), want) << props.size();
  }
}

}  // namespace
}  // namespace botsim::agents
