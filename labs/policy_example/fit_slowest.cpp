// FitSlowest, a mapping policy for the agents' scheduler (Gutierrez-Garcia & Sim 2012, Fig. 5
// line 3), the worked example of labs/06-own-policy.md. The next task goes to the least
// powerful unoccupied resource on which it still ends within the resource's paid allocation
// (now + size / speed <= allocation end), keeping the powerful resources for the large tasks;
// where it fits nowhere, to the most powerful one. Ties: the lowest id (the view's order).
#include <memory>

#include "policy/agents.hpp"
#include "policy/registry.hpp"

namespace {

using botsim::policy::AgentResource;
using botsim::policy::MappingView;

class FitSlowest : public botsim::policy::AgentsMapping {
 public:
  int choose(const MappingView& view) override {  // no random choice here
    const AgentResource* slowest_fit = nullptr;
    const AgentResource* fastest = nullptr;
    for (const AgentResource& r : view.unoccupied()) {
      const bool fits = view.now() + view.task().size_mi / r.speed_mips <= r.alloc_end;
      if (fits && (!slowest_fit || r.speed_mips < slowest_fit->speed_mips)) slowest_fit = &r;
      if (!fastest || r.speed_mips > fastest->speed_mips) fastest = &r;
    }
    return slowest_fit ? slowest_fit->id : fastest->id;
  }
};

std::unique_ptr<botsim::policy::AgentsMapping> make_fit_slowest(const botsim::policy::Props&) {
  return std::make_unique<FitSlowest>();
}

}  // namespace

BOTSIM_BUILT_IN_POLICIES(registrar) {
  registrar.mapping("FitSlowest",
                    "the least powerful resource on which the task ends within its paid "
                    "allocation, else the most powerful",
                    make_fit_slowest);
}
