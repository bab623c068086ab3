#include "agents/heuristics.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>

#include "agents/instance_types.hpp"
#include "core/error.hpp"
#include "core/names.hpp"
#include "policy/registry.hpp"

namespace botsim::agents {

namespace {

constexpr TaskOrdering kOrderings[] = {TaskOrdering::U, TaskOrdering::LtoS, TaskOrdering::StoL};
// The mappings' names, in the enum's order: the one list of them.
constexpr const char* kMappingNames[] = {"R",     "MaxET",   "MaxCT",   "MinET",
                                         "MinCT", "Fastest", "Slowest", "Registered"};
constexpr std::size_t kTable2Count = 5;  // R .. MinCT
static_assert(static_cast<std::size_t>(MappingPolicy::MinCT) + 1 == kTable2Count &&
                  static_cast<std::size_t>(MappingPolicy::Registered) + 1 ==
                      std::size(kMappingNames),
              "MappingPolicy and kMappingNames must list the same mappings, Table 2's first");

struct Benchmark {
  std::string_view name;
  Heuristic heuristic;
};

// Section 5.1(b). FCFS is (U, R) (Section 4: "(U, R) ... follows a first-come-first-served
// allocation policy"). The Greedy benchmarks take the quickest tasks first (StoL: with speeds
// per resource, a smaller task is quicker everywhere) to the most / least powerful available
// resource.
const Benchmark kBenchmarks[] = {
    {"fcfs", {HeuristicKind::Fig5, TaskOrdering::U, MappingPolicy::R, {}, {}}},
    {"greedy-r", {HeuristicKind::Fig5, TaskOrdering::StoL, MappingPolicy::Fastest, {}, {}}},
    {"greedy-p", {HeuristicKind::Fig5, TaskOrdering::StoL, MappingPolicy::Slowest, {}, {}}},
    {"min-min", {HeuristicKind::MinMin, TaskOrdering::StoL, MappingPolicy::R, {}, {}}},
    {"max-min", {HeuristicKind::MaxMin, TaskOrdering::LtoS, MappingPolicy::R, {}, {}}},
};

std::string strip(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '(' && c != ')') out += c;
  return out;
}

// Table 1's ordering by its enum (the scheduler indexes it), else the registry's; false if none.
bool parse_ordering(std::string_view name, Heuristic& h) {
  for (auto o : kOrderings)
    if (iequals(name, to_string(o))) return h.ordering = o, true;
  const auto* p = policy::find_policy_any_case(policy::DecisionPoint::AgentsOrdering, name);
  if (!p) return false;
  h.ordering = TaskOrdering::Registered, h.registered_ordering = p->name;
  return true;
}

// Table 2's (or Fastest / Slowest) mapping by its enum, else the registry's; false if none.
bool parse_mapping(std::string_view name, Heuristic& h) {
  for (std::size_t m = 0; m + 1 < std::size(kMappingNames); ++m)  // the last is Registered
    if (iequals(name, kMappingNames[m])) return h.mapping = static_cast<MappingPolicy>(m), true;
  const auto* p = policy::find_policy_any_case(policy::DecisionPoint::AgentsMapping, name);
  if (!p) return false;
  h.mapping = MappingPolicy::Registered, h.registered = p->name;
  return true;
}

}  // namespace

bool operator==(const Heuristic& a, const Heuristic& b) {
  return a.kind == b.kind && a.ordering == b.ordering && a.mapping == b.mapping &&
         a.registered == b.registered && a.registered_ordering == b.registered_ordering;
}

std::string to_string(TaskOrdering o) {
  static constexpr const char* kNames[] = {"U", "LtoS", "StoL", "Registered"};
  return enum_name(o, kNames);
}

std::string to_string(MappingPolicy m) { return enum_name(m, kMappingNames); }

std::vector<MappingPolicy> table2_mappings() {
  std::vector<MappingPolicy> table2;
  for (std::size_t i = 0; i < kTable2Count; ++i) table2.push_back(static_cast<MappingPolicy>(i));
  return table2;
}

std::vector<TaskOrdering> table1_orderings() {
  return {std::begin(kOrderings), std::end(kOrderings)};
}

std::string heuristic_name(const Heuristic& h) {
  for (const auto& b : kBenchmarks)
    if (b.heuristic == h) return std::string(b.name);
  const std::string order =
      h.ordering == TaskOrdering::Registered ? h.registered_ordering : to_string(h.ordering);
  return order + "," +
         (h.mapping == MappingPolicy::Registered ? h.registered : to_string(h.mapping));
}

std::vector<std::string> all_heuristic_names() {
  std::vector<std::string> names;
  for (auto o : kOrderings)
    for (auto m : table2_mappings())
      if (!(o == TaskOrdering::U && m == MappingPolicy::R))  // (U, R) is FCFS
        names.push_back(to_string(o) + "," + to_string(m));
  for (const auto& b : kBenchmarks) names.emplace_back(b.name);
  return names;
}

Heuristic parse_heuristic(std::string_view name) {
  std::string s = strip(name);
  for (const auto& b : kBenchmarks)
    if (iequals(s, b.name)) return b.heuristic;
  if (auto comma = s.find(','); comma != std::string::npos) {
    std::string_view order = std::string_view(s).substr(0, comma);
    std::string_view mapping = std::string_view(s).substr(comma + 1);
    Heuristic h;
    if (parse_ordering(order, h) && parse_mapping(mapping, h)) return h;
  }
  // Each name quoted: a heuristic's own comma is not a separator.
  std::string valid;
  for (const auto& n : all_heuristic_names()) valid += (valid.empty() ? "" : " ") + quote_text(n);
  std::string orders, mappings;
  for (const auto* p : policy::policies_of(policy::DecisionPoint::AgentsOrdering))
    orders += (orders.empty() ? "" : " ") + p->name;
  for (const auto* p : policy::policies_of(policy::DecisionPoint::AgentsMapping))
    mappings += (mappings.empty() ? "" : " ") + p->name;
  if (!orders.empty() && !mappings.empty())
    valid += "; or ORDER,MAPPING with ORDER one of " + orders + " and MAPPING one of " + mappings;
  throw std::invalid_argument("unknown heuristic " + quote_text(std::string(name)) +
                              " (valid: " + valid + "; 'U,R' is 'fcfs')");
}

}  // namespace botsim::agents
