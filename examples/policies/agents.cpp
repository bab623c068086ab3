// Gutierrez-Garcia & Sim 2012's (LtoS, MaxET) heuristic and I-ElasticAM as a C++ plug-in of the
// agents' three decision points, built against an installed botsim (CMakeLists.txt here). They
// decide what botsim's built-in `LtoS`, `MaxET` and `i-elastic` decide, so that a consumer agent
// run with heuristic="ltos-cpp,maxet-cpp" and allocation="i-elastic-cpp" gives the same results
// files as with `LtoS,MaxET` and `i-elastic` (summary.json names the policies it ran).
#include <botsim/policy/policy.hpp>
#include <memory>

namespace {

using namespace botsim::policy;

class LargestFirst : public AgentsOrdering {  // Table 1's LtoS
 public:
  double rank(const AgentTask& task) override { return -task.size_mi; }
};

class MaxET : public AgentsMapping {  // Table 2's MaxET
 public:
  int choose(const MappingView& view) override {
    int best = -1;
    double best_value = 0;
    for (const AgentResource& r : view.unoccupied()) {  // by increasing id: ties to the lowest
      const double value = r.alloc_end - view.now() - view.task().size_mi / r.speed_mips;
      if (best < 0 || value > best_value) best = r.id, best_value = value;
    }
    return best;
  }
};

class IElastic : public AgentsAllocation {  // Fig. 3: a busy resource renewed, an idle released
 public:
  long renew(const AllocationCheck& check) override { return check.busy ? 1 : 0; }
};

}  // namespace

BOTSIM_PLUGIN("agents-examples", registrar) {
  registrar.ordering("ltos-cpp", "Table 1's LtoS in C++: the largest task first",
                     [](const Props&) { return std::make_unique<LargestFirst>(); });
  registrar.mapping("maxet-cpp",
                    "Table 2's MaxET in C++: the largest expected remaining allocation time",
                    [](const Props&) { return std::make_unique<MaxET>(); });
  registrar.allocation(
      "i-elastic-cpp",
      "I-ElasticAM in C++: a busy resource renewed, an idle "
      "one released",
      [](const Props&, const AllocationSetup&) { return std::make_unique<IElastic>(); });
}
