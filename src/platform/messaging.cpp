#include "platform/messaging.hpp"

#include <unordered_map>

#include "core/flat_table.hpp"

namespace botsim {

namespace {

// Each inbox's host, looked up on every message sent (entries are never removed).
using InboxHosts = FlatTable<const simgrid::s4u::Mailbox*, const simgrid::s4u::Host*>;

InboxHosts& inbox_hosts() {
  static InboxHosts hosts;
  return hosts;
}

}  // namespace

const simgrid::s4u::Host* inbox_host(const simgrid::s4u::Mailbox* mailbox) {
  const auto* host = inbox_hosts().find(mailbox);
  return host ? *host : nullptr;
}

namespace {
std::unique_ptr<std::string>& problem() {
  static std::unique_ptr<std::string> p;
  return p;
}
}  // namespace

namespace {
std::unordered_map<long, std::function<void()>>& stop_hooks() {
  static std::unordered_map<long, std::function<void()>> hooks;
  return hooks;
}
}  // namespace

StopHook::StopHook(std::function<void()> hook) : actor_(simgrid::s4u::this_actor::get_pid()) {
  if (!stop_hooks().emplace(actor_, std::move(hook)).second)
    throw std::logic_error("an actor has one StopHook at a time");
}

StopHook::~StopHook() { stop_hooks().erase(actor_); }

void stop_simulation(const std::string& text) {
  if (!problem()) problem() = std::make_unique<std::string>(text);
  if (auto it = stop_hooks().find(simgrid::s4u::this_actor::get_pid()); it != stop_hooks().end()) {
    auto hook = std::move(it->second);
    stop_hooks().erase(it);
    hook();
  }
  // Actor::kill_all from an actor segfaults in SimGrid 3.32: end only this actor. (The scenario
  // check looks for missing routes first; this is the fallback.)
  simgrid::s4u::this_actor::exit();
  throw std::logic_error("unreachable: this_actor::exit returned");
}

const std::string* simulation_problem() { return problem().get(); }

void set_inbox_host(const simgrid::s4u::Mailbox* mailbox, const simgrid::s4u::Host* host) {
  inbox_hosts().set(mailbox, host);
}

}  // namespace botsim
