#include "agents/paper_policies.hpp"

#include <functional>
#include <stdexcept>

#include "agents/allocation.hpp"

namespace botsim::agents {

namespace {

class Table1 : public policy::AgentsOrdering {
 public:
  explicit Table1(TaskOrdering o) : o_(o) {}
  double rank(const policy::AgentTask& t) override {
    if (o_ == TaskOrdering::LtoS) return -t.size_mi;
    if (o_ == TaskOrdering::StoL) return t.size_mi;
    return 0;
  }

 private:
  TaskOrdering o_;
};

// The resource of the best value, ties to the lowest id (the view is by increasing id).
template <class Value, class Better>
int best_of(const std::vector<policy::AgentResource>& rs, Value value, Better better) {
  int best = -1;
  double best_value = 0;
  for (const auto& r : rs) {
    const double v = value(r);
    if (best < 0 || better(v, best_value)) best = r.id, best_value = v;
  }
  return best;
}

class Table2 : public policy::AgentsMapping {
 public:
  Table2(MappingPolicy m, bool least_overrun) : m_(m), least_overrun_(least_overrun) {}
  int choose(const policy::MappingView& view) override {
    const auto& rs = view.unoccupied();
    const double now = view.now(), size = view.task().size_mi;
    const auto remaining = [&](const policy::AgentResource& r) { return r.alloc_end - now; };
    // The expected remaining allocation time once the task is done.
    const auto expected = [&](const policy::AgentResource& r) {
      return r.alloc_end - now - size / r.speed_mips;
    };
    const auto speed = [](const policy::AgentResource& r) { return r.speed_mips; };
    switch (m_) {
      case MappingPolicy::R:
        return rs[static_cast<std::size_t>(view.random().engine()() % rs.size())].id;
      case MappingPolicy::MaxET:
        return best_of(rs, expected, std::greater<double>());
      case MappingPolicy::MaxCT:
        return best_of(rs, remaining, std::greater<double>());
      case MappingPolicy::MinET: {
        // The least time left where the task still fits; where it fits nowhere, MaxET's
        // least overrun (botsim's rule), or as printed the minimum, the most overrun
        // (docs/gutierrez2012.md, "Rules botsim adds").
        int best = -1;
        double best_value = 0;
        for (const auto& r : rs) {
          const double need = now + size / r.speed_mips;
          if (r.alloc_end < need) continue;
          const double v = r.alloc_end - need;
          if (best < 0 || v < best_value) best = r.id, best_value = v;
        }
        if (best >= 0) return best;
        return least_overrun_ ? best_of(rs, expected, std::greater<double>())
                              : best_of(rs, expected, std::less<double>());
      }
      case MappingPolicy::MinCT:
        return best_of(rs, remaining, std::less<double>());
      case MappingPolicy::Fastest:
        return best_of(rs, speed, std::greater<double>());
      case MappingPolicy::Slowest:
        return best_of(rs, speed, std::less<double>());
      case MappingPolicy::Registered:
        break;
    }
    throw std::logic_error("Table2: not a built-in mapping");
  }

 private:
  MappingPolicy m_;
  bool least_overrun_;
};

// The ConsumerAgent's least_overrun, as its props give it (consumer_agent.cpp's read_rules).
bool least_overrun_of(const policy::Props& props) {
  const bool paper = props.choice("rules", {"botsim", "paper"}, std::string("botsim")) == "paper";
  return props.choice("least_overrun", {"on", "off"}, std::string(paper ? "off" : "on")) == "on";
}

}  // namespace

std::unique_ptr<policy::AgentsOrdering> make_ordering(TaskOrdering o) {
  if (o == TaskOrdering::Registered) throw std::logic_error("make_ordering: not Table 1's");
  return std::make_unique<Table1>(o);
}

std::unique_ptr<policy::AgentsMapping> make_mapping(MappingPolicy m, bool least_overrun) {
  if (m == MappingPolicy::Registered) throw std::logic_error("make_mapping: not Table 2's");
  return std::make_unique<Table2>(m, least_overrun);
}

void register_paper_policies(policy::Registrar& r) {
  const char* const kOrderings[][2] = {{"U", "unordered: the bag's order (Table 1)"},
                                       {"LtoS", "the largest task first (Table 1)"},
                                       {"StoL", "the smallest task first (Table 1)"}};
  for (auto o : table1_orderings()) {
    const auto& [name, description] = kOrderings[static_cast<int>(o)];
    r.ordering(name, description, [o](const policy::Props&) { return make_ordering(o); });
  }
  const char* const kMappings[][2] = {
      {"R", "a uniformly random unoccupied resource (Table 2)"},
      {"MaxET", "the largest expected remaining allocation time after the task (Table 2)"},
      {"MaxCT", "the largest current remaining allocation time (Table 2)"},
      {"MinET", "the least expected remaining allocation time the task fits in (Table 2)"},
      {"MinCT", "the least current remaining allocation time (Table 2)"},
      {"Fastest", "the most powerful unoccupied resource (Greedy-R, 5.1(b))"},
      {"Slowest", "the least powerful unoccupied resource (Greedy-P, 5.1(b))"}};
  for (int m = 0; m < static_cast<int>(MappingPolicy::Registered); ++m) {
    const auto mapping = static_cast<MappingPolicy>(m);
    r.mapping(kMappings[m][0], kMappings[m][1], [mapping](const policy::Props& props) {
      return make_mapping(mapping, least_overrun_of(props));
    });
  }
  const char* const kMechanisms[][2] = {
      {"fixed", "FixedAM: fixed_hours paid in advance, never renewed (5.3(b))"},
      {"generalized", "GeneralizedAM: every resource renewed hourly until the BoT ends (5.3(b))"},
      {"i-elastic", "I-ElasticAM: a busy resource renewed, an idle one released (Fig. 3)"}};
  for (int m = 0; m < static_cast<int>(AllocationMechanism::Registered); ++m) {
    const auto mechanism = static_cast<AllocationMechanism>(m);
    r.allocation(kMechanisms[m][0], kMechanisms[m][1],
                 [mechanism](const policy::Props&, const policy::AllocationSetup&) {
                   return make_mechanism(mechanism);
                 });
  }
}

}  // namespace botsim::agents
