#include "agents/resource_agent.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include "core/units.hpp"
#include "platform/execute.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::agents {

ResourceAgent::ResourceAgent(ProviderAddress provider, MessageTally& tally)
    : provider_(std::move(provider)), tally_(&tally) {}

void ResourceAgent::operator()() {
  sg4::Actor::self()->daemonize();  // lives as long as the platform
  host_ = sg4::this_actor::get_host()->get_name();
  Inbox<ResourceMessage> inbox(resource_inbox(host_));
  for (;;) {
    auto msg = inbox.receive();
    if (const auto* a = std::get_if<Allocate>(msg.get())) {
      provider_.send_for(*tally_, a->user, RaAllocated{a->user, host_}, 0);
    } else if (const auto* r = std::get_if<Release>(msg.get())) {
      provider_.send_for(*tally_, r->user, RaReleased{r->user, host_}, 0);
    } else {
      const auto& e = std::get<ExecuteTask>(*msg);
      double start = sg4::Engine::get_clock();
      execute(mi_to_flops(e.task.size_mi));  // on this host, which may fail meanwhile
      provider_.send_for(*tally_, e.user,
                         TaskOutput{e.user, host_, e.task.id, start, sg4::Engine::get_clock()}, 0);
    }
  }
}

}  // namespace botsim::agents
