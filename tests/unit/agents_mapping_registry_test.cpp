// Mapping policies added by name (agents/mapping_registry.hpp): how a deployment's heuristic
// name finds them, and the registry's rules.
#include <gtest/gtest.h>

#include <stdexcept>

#include "agents/mapping_registry.hpp"
#include "agents/scheduler.hpp"

namespace {

// The last unoccupied resource (the highest id), and one that answers a resource it was not
// shown.
int highest_id(const botsim::agents::MappingInput& in, botsim::Rng&) {
  return in.unoccupied.back()->id;
}
int wrong_id(const botsim::agents::MappingInput&, botsim::Rng&) { return 999; }

}  // namespace

BOTSIM_MAPPING_POLICY("TestHighestId", "the highest id", highest_id)

namespace botsim::agents {
namespace {

const bool kWrongRegistered = register_mapping_policy("TestWrongId", "a bug", wrong_id);

TEST(MappingRegistry, AHeuristicNameFindsARegisteredPolicy) {
  Heuristic h = parse_heuristic("(ltos, testhighestid)");
  EXPECT_EQ(h.kind, HeuristicKind::Fig5);
  EXPECT_EQ(h.ordering, TaskOrdering::LtoS);
  EXPECT_EQ(h.mapping, MappingPolicy::Registered);
  EXPECT_EQ(h.registered, "TestHighestId");
  EXPECT_EQ(heuristic_name(h), "LtoS,TestHighestId");
  EXPECT_EQ(parse_heuristic(heuristic_name(h)), h);
  EXPECT_FALSE(parse_heuristic("U,TestHighestId") == h);
  // The paper's heuristics are not extended: the experiments compare exactly these 19.
  EXPECT_EQ(all_heuristic_names().size(), 19u);
}

TEST(MappingRegistry, UnknownNamesListTheRegisteredPolicies) {
  try {
    parse_heuristic("LtoS,NoSuchPolicy");
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("ORDER,TestHighestId"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_heuristic("Random,TestHighestId"), std::invalid_argument);
}

TEST(MappingRegistry, RefusesTakenAndMalformedNames) {
  EXPECT_THROW(register_mapping_policy("testhighestid", "", highest_id), std::logic_error);
  EXPECT_THROW(register_mapping_policy("MaxET", "", highest_id), std::logic_error);
  EXPECT_THROW(register_mapping_policy("Fastest", "", highest_id), std::logic_error);
  EXPECT_THROW(register_mapping_policy("A,B", "", highest_id), std::logic_error);
  EXPECT_THROW(register_mapping_policy("", "", highest_id), std::logic_error);
  EXPECT_THROW(register_mapping_policy("NoFunction", "", nullptr), std::logic_error);
  EXPECT_EQ(find_mapping_policy("NoFunction"), nullptr);
}

TEST(MappingRegistry, TheSchedulerAsksThePolicyForEveryTask) {
  // Resources 1, 2, 3 unoccupied: tasks go to 3, then 2, then 1 (the highest id left).
  Scheduler s(parse_heuristic("U,TestHighestId"));
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

TEST(MappingRegistry, AChoiceOutsideTheUnoccupiedResourcesIsABug) {
  ASSERT_TRUE(kWrongRegistered);
  Scheduler s(parse_heuristic("U,TestWrongId"));
  s.add_resource({1, 1.0, 3600}, 0);
  s.add_tasks({{1, 100}});
  Rng rng = make_rng(1, "test");
  EXPECT_THROW(s.assign(0, rng), std::logic_error);
  Heuristic unknown{HeuristicKind::Fig5, TaskOrdering::U, MappingPolicy::Registered, "Nope"};
  EXPECT_THROW(Scheduler{unknown}, std::invalid_argument);
}

}  // namespace
}  // namespace botsim::agents

// Table 2 of Gutierrez-Garcia & Sim (2012) lists five mapping policies, in this order; the
// built-in names, Table 2's and the benchmarks' (and Registered), are taken whatever the case.
TEST(AgentsMappingNames, Table2AndTheBuiltInNames) {
  std::vector<std::string> names;
  for (botsim::agents::MappingPolicy m : botsim::agents::table2_mappings())
    names.push_back(botsim::agents::to_string(m));
  EXPECT_EQ(names, (std::vector<std::string>{"R", "MaxET", "MaxCT", "MinET", "MinCT"}));
  for (const char* n : {"R", "maxet", "MINCT", "Fastest", "slowest", "Registered"})
    EXPECT_TRUE(botsim::agents::is_builtin_mapping_name(n)) << n;
  for (const char* n : {"", "Max", "MaxETs", "greedy-r", "fcfs"})
    EXPECT_FALSE(botsim::agents::is_builtin_mapping_name(n)) << n;
}
