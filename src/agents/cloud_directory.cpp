#include "agents/cloud_directory.hpp"

#include <simgrid/s4u/Actor.hpp>

#include "agents/protocol.hpp"

namespace botsim::agents {

CloudDirectory::Params CloudDirectory::Params::read(const PropReader& props, const ActorSite&) {
  props.reject_unknown();
  return {};
}

CloudDirectory::CloudDirectory(Params, Run& run) : run_(run) {}

void CloudDirectory::operator()() {
  simgrid::s4u::Actor::self()->daemonize();  // serves for as long as the agents run
  Inbox<DirectoryMessage> inbox(directory_inbox());
  for (;;) {
    auto msg = inbox.receive();
    if (const auto* r = std::get_if<Register>(msg.get())) {
      (r->role == Role::Broker ? brokers_ : providers_).push_back(r->name);
    } else {
      const auto& l = std::get<Lookup>(*msg);
      l.reply.send_for(run_.messages(), l.user,
                       Listing{l.role, l.user, l.role == Role::Broker ? brokers_ : providers_}, 0);
    }
  }
}

}  // namespace botsim::agents
