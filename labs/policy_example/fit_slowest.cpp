// FitSlowest, a mapping policy for the agents' scheduler (Gutierrez-Garcia & Sim 2012, Fig. 5
// line 3), the worked example of labs/06-own-policy.md. The next task goes to the least
// powerful unoccupied resource on which it still ends within the resource's paid allocation
// (now + size / speed <= allocation end), keeping the powerful resources for the large tasks;
// where it fits nowhere, to the most powerful one. Ties: the lowest id (the input's order).
#include "agents/mapping_registry.hpp"

namespace {

using botsim::agents::MappingInput;
using botsim::agents::ResourceState;

int fit_slowest(const MappingInput& in, botsim::Rng& /*rng: no random choice here*/) {
  const ResourceState* slowest_fit = nullptr;
  const ResourceState* fastest = nullptr;
  for (const ResourceState* r : in.unoccupied) {
    bool fits = in.now + in.size_mi / r->speed_mips <= r->alloc_end;
    if (fits && (!slowest_fit || r->speed_mips < slowest_fit->speed_mips)) slowest_fit = r;
    if (!fastest || r->speed_mips > fastest->speed_mips) fastest = r;
  }
  return slowest_fit ? slowest_fit->id : fastest->id;
}

}  // namespace

BOTSIM_MAPPING_POLICY("FitSlowest",
                      "the least powerful resource on which the task ends within its paid "
                      "allocation, else the most powerful",
                      fit_slowest)
