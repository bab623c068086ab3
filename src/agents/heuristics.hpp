#pragma once
// The scheduling heuristics of Gutierrez-Garcia & Sim (2012): the 14 two-phase Cloud
// heuristics of Section 4 (task ordering, Table 1 x mapping policy, Table 2) and the five
// benchmarks of Section 5.1(b), as names and their meaning (docs/gutierrez2012.md).
#include <string>
#include <string_view>
#include <vector>

namespace botsim::agents {

/// Table 1. Registered: an ordering of the policy registry (policy/agents.hpp), named in
/// Heuristic::registered_ordering.
enum class TaskOrdering { U, LtoS, StoL, Registered };

/// Table 2, plus the two mappings of the Greedy benchmarks (Section 5.1(b)): the most
/// powerful (Fastest) or the least powerful (Slowest) unoccupied resource. Registered: a
/// mapping of the policy registry other than these (a plug-in's, or a file of BOTSIM_POLICIES;
/// policy/agents.hpp), named in Heuristic::registered.
/// Table 2's five come first, in the paper's order.
enum class MappingPolicy { R, MaxET, MaxCT, MinET, MinCT, Fastest, Slowest, Registered };

/// Table 2's mapping policies, in the paper's order: the enum's first five values.
std::vector<MappingPolicy> table2_mappings();

/// Table 1's orderings, in the paper's order.
std::vector<TaskOrdering> table1_orderings();

/// Fig5: the general algorithm of Fig. 5 (map each unexecuted task, in order, to the best
/// unoccupied resource). MinMin / MaxMin: the batch benchmarks, which plan every task on every
/// resource (unoccupied or not) before execution.
enum class HeuristicKind { Fig5, MinMin, MaxMin };

/// For MinMin (MaxMin) the ordering is the planning order, StoL (LtoS), and the mapping unused.
struct Heuristic {
  HeuristicKind kind = HeuristicKind::Fig5;
  TaskOrdering ordering = TaskOrdering::U;
  MappingPolicy mapping = MappingPolicy::R;
  std::string registered;  // the registered mapping policy's name, when mapping is Registered
  std::string registered_ordering;  // the registered ordering's name, when ordering is Registered
};

bool operator==(const Heuristic& a, const Heuristic& b);

/// "U,MaxET", "LtoS,R", ... (ORDER,MAPPING; "(U, R)" with parentheses and spaces is accepted
/// too), "fcfs" (= U,R), "greedy-r", "greedy-p", "min-min", "max-min"; case-insensitive.
/// ORDER and MAPPING may also name an ordering and a mapping of the policy registry
/// (policy/agents.hpp), whatever the case.
/// Throws std::invalid_argument listing the valid names.
Heuristic parse_heuristic(std::string_view name);

/// The canonical name: "fcfs" for (U, R), "greedy-r", ..., else "ORDER,MAPPING".
std::string heuristic_name(const Heuristic& h);

/// The 14 heuristics of Section 4 (Table 5's order), then the five benchmarks: 19 names.
std::vector<std::string> all_heuristic_names();

std::string to_string(TaskOrdering o);
std::string to_string(MappingPolicy m);

}  // namespace botsim::agents
