// The agents' decision points on the policy registry (policy/agents.hpp): how a deployment's
// heuristic and allocation names find a registered ordering, mapping or mechanism, what the
// scheduler and the allocation rules ask of them, and what they may not decide.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "agents/allocation.hpp"
#include "agents/paper_policies.hpp"
#include "agents/register.hpp"
#include "agents/scheduler.hpp"
#include "policy/registry.hpp"
#include "support/agents_schedulers.hpp"

namespace botsim::agents {
namespace {

// The last unoccupied resource (the highest id); one that answers a resource it was not shown.
class HighestId : public policy::AgentsMapping {
 public:
  int choose(const policy::MappingView& v) override { return v.unoccupied().back().id; }
};
class WrongId : public policy::AgentsMapping {
 public:
  int choose(const policy::MappingView&) override { return 999; }
};
// The bag's last task first.
class LastFirst : public policy::AgentsOrdering {
 public:
  double rank(const policy::AgentTask& t) override { return -static_cast<double>(t.id); }
};
class NotANumber : public policy::AgentsOrdering {
 public:
  double rank(const policy::AgentTask&) override { return std::nan(""); }
};
// Renews for `slots` slots, idle or busy; allocates `initial` slots first.
class Renews : public policy::AgentsAllocation {
 public:
  Renews(long slots, long initial) : slots_(slots), initial_(initial) {}
  long initial_slots(const policy::AllocationSetup&) const override { return initial_; }
  long renew(const policy::AllocationCheck& c) override {
    last_ = c;
    return slots_;
  }
  policy::AllocationCheck last_;

 private:
  long slots_, initial_;
};

void register_test_policies() {
  static bool done = false;
  if (done) return;
  done = true;
  register_model();  // the paper's own, first
  static policy::OriginRegistrar r("test.py");
  r.mapping("TestHighestId", "the highest id",
            [](const policy::Props&) { return std::make_unique<HighestId>(); });
  r.mapping("TestWrongId", "a bug",
            [](const policy::Props&) { return std::make_unique<WrongId>(); });
  r.ordering("TestLastFirst", "the bag's last task first",
             [](const policy::Props&) { return std::make_unique<LastFirst>(); });
  r.ordering("TestNaN", "a bug",
             [](const policy::Props&) { return std::make_unique<NotANumber>(); });
  r.allocation("test-twice", "two slots at every check",
               [](const policy::Props&, const policy::AllocationSetup&) {
                 return std::make_unique<Renews>(2, 3);
               });
}

TEST(AgentsPolicies, AHeuristicNameFindsARegisteredOrderingAndMapping) {
  register_test_policies();
  Heuristic h = parse_heuristic("(ltos, testhighestid)");
  EXPECT_EQ(h.kind, HeuristicKind::Fig5);
  EXPECT_EQ(h.ordering, TaskOrdering::LtoS);
  EXPECT_EQ(h.mapping, MappingPolicy::Registered);
  EXPECT_EQ(h.registered, "TestHighestId");
  EXPECT_EQ(heuristic_name(h), "LtoS,TestHighestId");
  EXPECT_EQ(parse_heuristic(heuristic_name(h)), h);
  EXPECT_FALSE(parse_heuristic("U,TestHighestId") == h);
  Heuristic o = parse_heuristic("testlastfirst,MaxET");
  EXPECT_EQ(o.ordering, TaskOrdering::Registered);
  EXPECT_EQ(o.registered_ordering, "TestLastFirst");
  EXPECT_EQ(o.mapping, MappingPolicy::MaxET);
  EXPECT_EQ(heuristic_name(o), "TestLastFirst,MaxET");
  // Table 1 and Table 2's names stay the scheduler's own (its index), whatever the case.
  EXPECT_EQ(parse_heuristic("ltos,maxet").mapping, MappingPolicy::MaxET);
  // The paper's heuristics are not extended: the experiments compare exactly these 19.
  EXPECT_EQ(all_heuristic_names().size(), 19u);
}

TEST(AgentsPolicies, UnknownNamesListTheRegisteredPolicies) {
  register_test_policies();
  try {
    parse_heuristic("LtoS,NoSuchPolicy");
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("TestHighestId"), std::string::npos) << what;
    EXPECT_NE(what.find("TestLastFirst"), std::string::npos) << what;
  }
  EXPECT_THROW(parse_heuristic("Random,TestHighestId"), std::invalid_argument);
  try {
    parse_allocation_mechanism("none");
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("test-twice"), std::string::npos) << e.what();
  }
}

TEST(AgentsPolicies, ThePapersNamesAreTaken) {
  register_test_policies();
  policy::OriginRegistrar r("other.py");
  const auto highest = [](const policy::Props&) { return std::make_unique<HighestId>(); };
  EXPECT_THROW(r.mapping("maxet", "", highest), policy::RegistrationError);
  EXPECT_THROW(r.mapping("Fastest", "", highest), policy::RegistrationError);
  EXPECT_THROW(r.mapping("testhighestid", "", highest), policy::RegistrationError);
  EXPECT_THROW(r.mapping("A,B", "", highest), policy::RegistrationError);
  EXPECT_THROW(
      r.ordering("ltos", "", [](const policy::Props&) { return std::make_unique<LastFirst>(); }),
      policy::RegistrationError);
  EXPECT_THROW(r.allocation("I-Elastic", "",
                            [](const policy::Props&, const policy::AllocationSetup&) {
                              return std::make_unique<Renews>(1, 1);
                            }),
               policy::RegistrationError);
  EXPECT_TRUE(r.added().empty());
}

TEST(AgentsPolicies, TheSchedulerAsksTheMappingForEveryTask) {
  register_test_policies();
  // Resources 1, 2, 3 unoccupied: tasks go to 3, then 2, then 1 (the highest id left).
  Scheduler s = botsim::test::scheduler_for("U,TestHighestId");
  for (int id : {2, 3, 1}) s.add_resource({id, 1.0 * id, 3600}, 0);
  s.add_tasks({{10, 100}, {11, 100}, {12, 100}, {13, 100}});
  Rng rng = make_rng(1, "test");
  auto a = s.assign(0, rng);
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a[0].resource_id, 3);
  EXPECT_EQ(a[1].resource_id, 2);
  EXPECT_EQ(a[2].resource_id, 1);
  EXPECT_DOUBLE_EQ(a[1].expected_end, 50);  // 100 MI at 2 MI/s
  s.resource_free(2, 50);
  auto b = s.assign(50, rng);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0].task_id, 13);
  EXPECT_EQ(b[0].resource_id, 2);
}

TEST(AgentsPolicies, TheSchedulerTakesTasksByTheOrderingsRank) {
  register_test_policies();
  Scheduler s = botsim::test::scheduler_for("TestLastFirst,Fastest");
  s.add_resource({1, 1.0, 3600}, 0);
  s.add_tasks({{10, 100}, {11, 300}, {12, 200}});
  Rng rng = make_rng(1, "test");
  auto a = s.assign(0, rng);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].task_id, 12);  // rank -2: first
  s.resource_free(1, 200);
  EXPECT_EQ(s.assign(200, rng).at(0).task_id, 11);
}

TEST(AgentsPolicies, AChoiceOutsideTheUnoccupiedResourcesOrANaNRankIsRefused) {
  register_test_policies();
  Scheduler s = botsim::test::scheduler_for("U,TestWrongId");
  s.add_resource({1, 1.0, 3600}, 0);
  s.add_tasks({{1, 100}});
  Rng rng = make_rng(1, "test");
  try {
    s.assign(0, rng);
    FAIL() << "accepted";
  } catch (const policy::DecisionError& e) {
    EXPECT_STREQ(e.what(), "chose resource 999 for task 1, which it was not offered");
  }
  Scheduler n = botsim::test::scheduler_for("TestNaN,MaxET");
  EXPECT_THROW(n.add_tasks({{1, 100}}), policy::DecisionError);
  Heuristic unknown{HeuristicKind::Fig5, TaskOrdering::U, MappingPolicy::Registered, "Nope", {}};
  EXPECT_THROW(Scheduler{unknown}, std::invalid_argument);
}

TEST(AgentsPolicies, ARegisteredMechanismDecidesTheSlots) {
  register_test_policies();
  AllocationConfig c;
  c.mechanism = parse_allocation_mechanism("TEST-TWICE");
  ASSERT_EQ(c.mechanism, AllocationMechanism::Registered);
  auto renews = std::make_shared<Renews>(2, 3);
  c.policy = renews;
  EXPECT_EQ(initial_slots(c), 3);
  EXPECT_DOUBLE_EQ(initial_allocation_end(c, 100), 100 + 3 * 3600);
  EXPECT_DOUBLE_EQ(check_time(c, 7200), 7200 - 60);
  AllocationStatus st;
  st.alloc_end = 7200;
  st.busy = false;
  st.resource = 4;
  st.now = 7140;
  st.tasks_unsent = 5;
  st.tasks_running = 2;
  AllocationDecision d = decide(c, st);
  EXPECT_EQ(d.action, AllocationAction::Renew);
  EXPECT_EQ(d.slots, 2);
  EXPECT_DOUBLE_EQ(d.alloc_end, 7200 + 2 * 3600);
  EXPECT_DOUBLE_EQ(d.next_check, 7200 + 2 * 3600 - 60);
  EXPECT_EQ(renews->last_.resource, 4);
  EXPECT_EQ(renews->last_.tasks_unsent, 5);
  EXPECT_EQ(renews->last_.tasks_running, 2);
  // Released at 5000 s having started at 0: two started hours (not paid in advance).
  EXPECT_EQ(charged_slots(c, 0, 5000, 7200), 2);
  c.policy = std::make_shared<Renews>(-1, 0);
  EXPECT_THROW(decide(c, st), policy::DecisionError);
  EXPECT_THROW(initial_slots(c), policy::DecisionError);
}

}  // namespace
}  // namespace botsim::agents

// Table 2 of Gutierrez-Garcia & Sim (2012) lists five mapping policies, in this order.
TEST(AgentsMappingNames, Table2InThePapersOrder) {
  std::vector<std::string> names;
  for (botsim::agents::MappingPolicy m : botsim::agents::table2_mappings())
    names.push_back(botsim::agents::to_string(m));
  EXPECT_EQ(names, (std::vector<std::string>{"R", "MaxET", "MaxCT", "MinET", "MinCT"}));
}
