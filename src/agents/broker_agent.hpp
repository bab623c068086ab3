#pragma once
// A broker agent (Gutierrez-Garcia & Sim 2012, Sections 2.1 (5), 2.2, 3, 4): a CNP contractor
// for consumers' BoTs and the manager of one parallel CNP per resource with the SPAs; it
// schedules each BoT on its composed resources (Fig. 5, Scheduler) and renews or releases each
// resource with the BoT's allocation mechanism (Fig. 3). It serves many BoTs at once.
// The actor is a shell: it hands each message to its role (broker_roles.hpp), and once the
// messages of an instant are in, lets each touched BoT progress.
#include <memory>

#include "agents/broker_bots.hpp"
#include "core/props.hpp"
#include "platform/scenario.hpp"

namespace botsim::agents {

struct BrokerRoles;

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
  std::shared_ptr<BrokerRoles> roles_;  // made when the actor starts (they refer to each other)
};

}  // namespace botsim::agents
