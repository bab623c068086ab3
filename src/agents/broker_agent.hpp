#pragma once
// A broker agent (Gutierrez-Garcia & Sim 2012, Sections 2.1 (5), 2.2, 3, 4): a CNP contractor
// for consumers' BoTs and the manager of one parallel CNP per resource with the SPAs; it
// schedules each BoT on its composed resources (Fig. 5, Scheduler) and renews or releases each
// resource with the BoT's allocation mechanism (Fig. 3). It serves many BoTs at once.
// The actor is a shell: it gives its Broker (broker.hpp: the roles and their wiring) the
// simulation (a BrokerPort: inbox, timers, clock) and its messages, and tells it when the
// messages of an instant are in.
#include <memory>

#include "agents/broker_bots.hpp"
#include "core/props.hpp"
#include "platform/scenario.hpp"

namespace botsim::agents {

class BrokerAgent {
 public:
  struct Params {
    BotContracts::Terms terms;
    static Params read(const PropReader& props, const ActorSite& site);
  };
  BrokerAgent(Params params, Run& run) : params_(params), run_(run) {}
  void operator()();

 private:
  Params params_;
  Run& run_;
};

}  // namespace botsim::agents
