#pragma once
// Typed messages over SimGrid mailboxes. Each protocol is one std::variant of small structs;
// each actor has one inbox. Sends are detached puts, so two actors that send to each other at
// the same moment never deadlock; the payload is freed if it is never received.
#include <simgrid/s4u/Activity.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include <memory>
#include <string>
#include <vector>

namespace botsim {

/// Size of a control message on the wire (bytes).
constexpr std::uint64_t kControlMessageBytes = 1024;

template <class Protocol, class Message>
void send(simgrid::s4u::Mailbox* to, Message message,
          std::uint64_t bytes = kControlMessageBytes) {
  auto payload = std::make_unique<Protocol>(std::move(message));
  to->put_init(payload.release(), bytes)->detach([](void* p) { delete static_cast<Protocol*>(p); });
}

/// One actor's inbox for protocol `Protocol` (a std::variant). Create it inside the actor.
template <class Protocol>
class Inbox {
 public:
  explicit Inbox(const std::string& name) : mailbox_(simgrid::s4u::Mailbox::by_name(name)) {
    // A permanent receiver keeps a busy mailbox fast (SIMGRID-NOTES.md).
    mailbox_->set_receiver(simgrid::s4u::Actor::self());
  }
  simgrid::s4u::Mailbox* mailbox() const { return mailbox_; }

  /// The receive in progress, to wait on together with other activities.
  simgrid::s4u::CommPtr pending() {
    if (!comm_) comm_ = mailbox_->get_async<Protocol>(&data_);
    return comm_;
  }
  /// Takes the message of the completed pending() receive.
  std::unique_ptr<Protocol> take() {
    comm_ = nullptr;
    std::unique_ptr<Protocol> msg(data_);
    data_ = nullptr;
    return msg;
  }
  /// The next message; nullptr if none arrived by the absolute time `deadline`.
  std::unique_ptr<Protocol> receive_until(double deadline) {
    auto comm = pending();
    double timeout = deadline - simgrid::s4u::Engine::get_clock();
    if (timeout < 0) timeout = 0;
    std::vector<simgrid::s4u::ActivityPtr> acts{comm};
    if (simgrid::s4u::Activity::wait_any_for(acts, timeout) < 0) return nullptr;
    return take();
  }
  /// The next message, waiting as long as needed.
  std::unique_ptr<Protocol> receive() {
    pending()->wait();
    return take();
  }

 private:
  simgrid::s4u::Mailbox* mailbox_;
  simgrid::s4u::CommPtr comm_;
  Protocol* data_ = nullptr;
};

}  // namespace botsim
