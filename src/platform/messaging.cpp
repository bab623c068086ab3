#include "platform/messaging.hpp"

#include <unordered_map>

namespace botsim {

namespace {
std::unordered_map<const simgrid::s4u::Mailbox*, const simgrid::s4u::Host*>& inbox_hosts() {
  static std::unordered_map<const simgrid::s4u::Mailbox*, const simgrid::s4u::Host*> hosts;
  return hosts;
}
}  // namespace

const simgrid::s4u::Host* inbox_host(const simgrid::s4u::Mailbox* mailbox) {
  auto it = inbox_hosts().find(mailbox);
  return it == inbox_hosts().end() ? nullptr : it->second;
}

void set_inbox_host(const simgrid::s4u::Mailbox* mailbox, const simgrid::s4u::Host* host) {
  inbox_hosts()[mailbox] = host;
}

}  // namespace botsim
