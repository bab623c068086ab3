// Which GIS knows which (section 3.1): breadth-first discovery over the Boost.Graph of VO
// domains, and the global list a GIS gives a user of its domain.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "grid/domain_graph.hpp"

using namespace botsim::grid;
using Names = std::vector<std::string>;

TEST(GridDomainGraph, ChainReachesNextThenFurther) {
  DomainGraph g;
  g.add_link("A", "B");
  g.add_link("B", "C");
  EXPECT_EQ(g.reachable_from("A"), (Names{"B", "C"}));
  EXPECT_EQ(g.reachable_from("B"), (Names{"C"}));
  EXPECT_EQ(g.reachable_from("C"), Names{});  // links are one way
}

TEST(GridDomainGraph, BreadthFirstNotDepthFirst) {
  // A knows B and C; B knows D. Breadth first: B, C (distance 1) before D (distance 2).
  DomainGraph g;
  g.add_link("A", "B");
  g.add_link("B", "D");
  g.add_link("A", "C");
  EXPECT_EQ(g.reachable_from("A"), (Names{"B", "C", "D"}));
}

TEST(GridDomainGraph, CyclesVisitEachDomainOnce) {
  DomainGraph g;
  g.add_link("A", "B");
  g.add_link("B", "C");
  g.add_link("C", "A");
  EXPECT_EQ(g.reachable_from("A"), (Names{"B", "C"}));
  EXPECT_EQ(g.reachable_from("B"), (Names{"C", "A"}));
  EXPECT_EQ(g.reachable_from("C"), (Names{"A", "B"}));
  // Two-way links (what the GIS builds when no 'peers' are given).
  DomainGraph h;
  h.add_link("A", "B");
  h.add_link("B", "A");
  EXPECT_EQ(h.reachable_from("A"), (Names{"B"}));
  EXPECT_EQ(h.reachable_from("B"), (Names{"A"}));
}

TEST(GridDomainGraph, UnknownAndIsolatedDomains) {
  DomainGraph g;
  g.add_link("A", "B");
  g.add_domain("Z");
  EXPECT_TRUE(g.has("Z"));
  EXPECT_FALSE(g.has("Q"));
  EXPECT_EQ(g.reachable_from("Q"), Names{});  // unknown: nothing, no throw
  EXPECT_EQ(g.reachable_from("Z"), Names{});  // known, linked to nobody
  EXPECT_EQ(g.domains(), (Names{"A", "B", "Z"}));
}

TEST(GridDomainGraph, AddingTwiceChangesNothing) {
  DomainGraph g;
  g.add_link("A", "B");
  g.add_link("A", "B");
  g.add_domain("A");
  EXPECT_EQ(g.domains(), (Names{"A", "B"}));
  EXPECT_EQ(g.reachable_from("A"), (Names{"B"}));
}

TEST(GridDomainGraph, ClearForgetsEverything) {
  DomainGraph g;
  g.add_link("A", "B");
  g.clear();
  EXPECT_FALSE(g.has("A"));
  EXPECT_EQ(g.domains(), Names{});
  g.add_link("C", "D");
  EXPECT_EQ(g.reachable_from("C"), (Names{"D"}));
}

TEST(GridDomainGraph, FullyConnectedFourDomains) {
  DomainGraph g;
  const Names vos{"A", "B", "C", "D"};
  for (const auto& a : vos)
    for (const auto& b : vos)
      if (a != b) g.add_link(a, b);
  EXPECT_EQ(g.reachable_from("A"), (Names{"B", "C", "D"}));
  EXPECT_EQ(g.reachable_from("C"), (Names{"A", "B", "D"}));
}

// --- global_list -----------------------------------------------------------------------------

TEST(GridGlobalList, BadgDomainsAAndB) {
  // Section 5.2: A = {R1, R3}, B = {R0, R2, R4}. A user of A gets B's list, and vice versa.
  std::vector<Registration> from_b{{"R0", {"B"}}, {"R2", {"B"}}, {"R4", {"B"}}};
  EXPECT_EQ(global_list("A", from_b), (std::vector<size_t>{0, 1, 2}));
  std::vector<Registration> from_a{{"R1", {"A"}}, {"R3", {"A"}}};
  EXPECT_EQ(global_list("B", from_a), (std::vector<size_t>{0, 1}));
}

TEST(GridGlobalList, ResourceAlsoInTheAskingDomainIsOmitted) {
  // R1 is in A and B: for a user of A it is local, so B's list gives only R0 and R2.
  std::vector<Registration> from_b{{"R0", {"B"}}, {"R1", {"A", "B"}}, {"R2", {"B"}}};
  EXPECT_EQ(global_list("A", from_b), (std::vector<size_t>{0, 2}));
  // For a user of C, R1 is global like the others.
  EXPECT_EQ(global_list("C", from_b), (std::vector<size_t>{0, 1, 2}));
}

TEST(GridGlobalList, ResourceInTwoOtherDomainsIsListedOnce) {
  // Asking from A; B lists R0 and R5; C lists R5 (in B and C) and R6.
  std::vector<Registration> others{
      {"R0", {"B"}}, {"R5", {"B", "C"}}, {"R5", {"B", "C"}}, {"R6", {"C"}}};
  EXPECT_EQ(global_list("A", others), (std::vector<size_t>{0, 1, 3}));
}

TEST(GridGlobalList, ThreeOrMoreDomains) {
  // Domains A, B, C, D; a user of B asks. The others' lists, in discovery order A, C, D:
  //   A: R1 (A), R2 (A, B)       -> R2 is local to B: omitted
  //   C: R3 (C), R4 (C, D)       -> both global
  //   D: R4 (C, D), R5 (D), R6 (B, D) -> R4 already listed; R6 local to B: omitted
  std::vector<Registration> others{{"R1", {"A"}},      {"R2", {"A", "B"}}, {"R3", {"C"}},
                                   {"R4", {"C", "D"}}, {"R4", {"C", "D"}}, {"R5", {"D"}},
                                   {"R6", {"B", "D"}}};
  EXPECT_EQ(global_list("B", others), (std::vector<size_t>{0, 2, 3, 5}));
  // The same lists asked from a domain E that is in none: every resource once.
  EXPECT_EQ(global_list("E", others), (std::vector<size_t>{0, 1, 2, 3, 5, 6}));
  // Asked from D (the lists would not hold D's own, but a D resource shared is still omitted).
  EXPECT_EQ(global_list("D", others), (std::vector<size_t>{0, 1, 2}));
}

TEST(GridGlobalList, EmptyLists) {
  EXPECT_EQ(global_list("A", {}), std::vector<size_t>{});
  std::vector<Registration> all_local{{"R1", {"A", "B"}}, {"R3", {"A", "C"}}};
  EXPECT_EQ(global_list("A", all_local), std::vector<size_t>{});
}

TEST(GridGlobalList, DiscoveryThroughTheGraphWithThreeDomains) {
  // A chain A -> B -> C: a user of A is offered B's and C's resources, in BFS order.
  DomainGraph g;
  g.add_link("A", "B");
  g.add_link("B", "C");
  std::vector<std::vector<Registration>> lists_by_domain{
      /*A*/ {{"R1", {"A"}}}, /*B*/ {{"R2", {"B"}}, {"R7", {"A", "B"}}}, /*C*/ {{"R3", {"C"}}}};
  auto list_of = [&](const std::string& vo) { return lists_by_domain.at(vo[0] - 'A'); };
  std::vector<Registration> others;
  for (const auto& vo : g.reachable_from("A"))
    for (const auto& r : list_of(vo)) others.push_back(r);
  ASSERT_EQ(others.size(), 3u);
  Names names;
  for (size_t i : global_list("A", others)) names.push_back(others[i].name);
  EXPECT_EQ(names, (Names{"R2", "R3"}));
}
