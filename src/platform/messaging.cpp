#include "platform/messaging.hpp"

#include <unordered_map>
#include <vector>

namespace botsim {

namespace {

// Each inbox's host, looked up on every message sent: an open-addressing table (linear
// probing, at most half full), one cache line per look-up where a std::unordered_map walked a
// bucket and a node. Entries are never removed.
class InboxHosts {
 public:
  const simgrid::s4u::Host* find(const simgrid::s4u::Mailbox* mailbox) const {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = index(mailbox);; i = (i + 1) & mask()) {
      if (slots_[i].mailbox == mailbox) return slots_[i].host;
      if (!slots_[i].mailbox) return nullptr;
    }
  }
  void set(const simgrid::s4u::Mailbox* mailbox, const simgrid::s4u::Host* host) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    std::size_t i = index(mailbox);
    while (slots_[i].mailbox && slots_[i].mailbox != mailbox) i = (i + 1) & mask();
    if (!slots_[i].mailbox) {
      slots_[i].mailbox = mailbox;
      ++used_;
    }
    slots_[i].host = host;
  }

 private:
  struct Slot {
    const simgrid::s4u::Mailbox* mailbox = nullptr;
    const simgrid::s4u::Host* host = nullptr;
  };
  std::size_t mask() const { return slots_.size() - 1; }
  std::size_t index(const simgrid::s4u::Mailbox* mailbox) const {
    // Fibonacci hashing: the product's high bits spread aligned pointers over the table.
    const auto h = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(mailbox)) *
                   0x9E3779B97F4A7C15ULL;
    return static_cast<std::size_t>(h >> (64 - bits_));
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    ++bits_;
    slots_.assign(std::size_t{1} << bits_, Slot{});
    used_ = 0;
    for (const Slot& s : old)
      if (s.mailbox) set(s.mailbox, s.host);
  }

  std::vector<Slot> slots_;
  int bits_ = 4;  // the table has 2^bits_ slots once it has any
  std::size_t used_ = 0;
};

InboxHosts& inbox_hosts() {
  static InboxHosts hosts;
  return hosts;
}

}  // namespace

const simgrid::s4u::Host* inbox_host(const simgrid::s4u::Mailbox* mailbox) {
  return inbox_hosts().find(mailbox);
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
