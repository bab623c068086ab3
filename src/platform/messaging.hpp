#pragma once
// Typed messages over SimGrid mailboxes. Each protocol is one std::variant of small structs;
// each actor has one inbox. Sends are detached puts, so two actors that send to each other at
// the same moment never deadlock; the payload is freed if it is never received.
#include <cstdint>
#include <memory>
#include <simgrid/s4u/Activity.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <stdexcept>
#include <string>

namespace botsim {

/// Size of a control message on the wire (bytes).
constexpr std::uint64_t kControlMessageBytes = 1024;

/// The host of the actor that owns inbox `mailbox` (nullptr if none).
const simgrid::s4u::Host* inbox_host(const simgrid::s4u::Mailbox* mailbox);
void set_inbox_host(const simgrid::s4u::Mailbox* mailbox, const simgrid::s4u::Host* host);

/// Records that the scenario cannot run (e.g. two actors that must talk have no route between
/// their hosts) and ends the calling actor; run_scenario then reports `problem` as bad input
/// (exit code 2).
[[noreturn]] void stop_simulation(const std::string& problem);
/// The problem given to stop_simulation, if any.
const std::string* simulation_problem();

/// A message to an actor whose host is off is lost, as on a real network (SimGrid 3.32 would
/// abort on a transfer to a host that is off).
template <class Protocol, class Message>
void send(simgrid::s4u::Mailbox* to, Message message, std::uint64_t bytes = kControlMessageBytes) {
  if (const auto* host = inbox_host(to); host && !host->is_on()) return;
  auto payload = std::make_unique<Protocol>(std::move(message));
  try {
    simgrid::s4u::CommPtr comm = to->put_init(payload.get(), bytes);
    comm->detach([](void* p) { delete static_cast<Protocol*>(p); });
    payload.release();                        // the comm owns it now
  } catch (const std::invalid_argument& e) {  // SimGrid: no route between the two hosts
    stop_simulation(std::string("bad platform: ") + e.what());
  }
}

/// A clock for an actor: a daemon actor on the caller's host sends `tick` to `inbox` at
/// `first`, `first + period`, ... until the returned flag is set to false. Actors wait only on
/// their inbox (no receive timeouts): in SimGrid 3.32 a get with a timeout can lose a message
/// that arrives as it times out, and killing an actor blocked in Activity::wait_any_for with a
/// timeout segfaults (docs/simgrid.md).
template <class Protocol, class Tick>
std::shared_ptr<bool> start_ticker(simgrid::s4u::Mailbox* inbox, double first, double period,
                                   Tick tick) {
  auto running = std::make_shared<bool>(true);
  simgrid::s4u::Actor::create("ticker", simgrid::s4u::this_actor::get_host(),
                              [inbox, first, period, tick, running] {
                                simgrid::s4u::Actor::self()->daemonize();
                                for (long k = 0; *running; ++k) {
                                  simgrid::s4u::this_actor::sleep_until(first + k * period);
                                  if (*running) send<Protocol>(inbox, tick, 0);
                                }
                              });
  return running;
}

/// One actor's inbox for protocol `Protocol` (a std::variant). Create it inside the actor.
template <class Protocol>
class Inbox {
 public:
  explicit Inbox(const std::string& name) : mailbox_(simgrid::s4u::Mailbox::by_name(name)) {
    // A permanent receiver keeps a busy mailbox fast (../shared/SIMGRID-NOTES.md).
    mailbox_->set_receiver(simgrid::s4u::Actor::self());
    set_inbox_host(mailbox_, simgrid::s4u::this_actor::get_host());
  }
  simgrid::s4u::Mailbox* mailbox() const { return mailbox_; }

  /// The next message, waiting as long as needed.
  std::unique_ptr<Protocol> receive() { return mailbox_->get_unique<Protocol>(); }

 private:
  simgrid::s4u::Mailbox* mailbox_;
};

}  // namespace botsim
