#include "platform/timers.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Host.hpp>

namespace botsim {

void spawn_daemon(const std::string& name, std::function<void()> body) {
  simgrid::s4u::Actor::create(name, simgrid::s4u::this_actor::get_host(), [body = std::move(body)] {
    simgrid::s4u::Actor::self()->daemonize();
    body();
  });
}

}  // namespace botsim
