#pragma once
// Typed messages over SimGrid mailboxes. Each protocol is one std::variant of small structs;
// each actor has one inbox. Sends are detached puts, so two actors that send to each other at
// the same moment never deadlock; the payload is freed if it is never received.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <simgrid/Exception.hpp>
#include <simgrid/s4u/Activity.hpp>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <variant>

namespace botsim {

/// Size of a control message on the wire (bytes).
constexpr std::uint64_t kControlMessageBytes = 1024;

/// The host of the actor that owns inbox `mailbox` (nullptr if none).
const simgrid::s4u::Host* inbox_host(const simgrid::s4u::Mailbox* mailbox);
void set_inbox_host(const simgrid::s4u::Mailbox* mailbox, const simgrid::s4u::Host* host);

namespace detail {
/// Set while a TransferLog lives (platform/transfer_log.hpp): called for every message sent.
inline void (*transfer_hook)(const simgrid::s4u::Mailbox* to, std::uint64_t bytes) = nullptr;
}  // namespace detail

/// Records that the scenario cannot run (e.g. two actors that must talk have no route between
/// their hosts) and ends the calling actor; run_scenario then reports `problem` as bad input
/// (exit code 2).
[[noreturn]] void stop_simulation(const std::string& problem);
/// The problem given to stop_simulation, if any.
const std::string* simulation_problem();

/// While it lives, stop_simulation called by the actor that made it first runs `hook`, in that
/// actor, which may still wait (once the actor is ending, it could not).
class StopHook {
 public:
  explicit StopHook(std::function<void()> hook);
  ~StopHook();
  StopHook(const StopHook&) = delete;
  StopHook& operator=(const StopHook&) = delete;

 private:
  long actor_;
};

/// A message to an actor whose host is off is lost, as on a real network (SimGrid 3.32 would
/// abort on a transfer to a host that is off).
template <class Protocol, class Message>
void send(simgrid::s4u::Mailbox* to, Message message, std::uint64_t bytes = kControlMessageBytes) {
  if (const auto* host = inbox_host(to); host && !host->is_on()) return;
  auto payload = std::make_unique<Protocol>(std::move(message));
  try {
    simgrid::s4u::CommPtr comm = to->put_init(payload.get(), bytes);
    comm->detach([](void* p) { delete static_cast<Protocol*>(p); });
    payload.release();  // the comm owns it now
    if (detail::transfer_hook) detail::transfer_hook(to, bytes);
  } catch (const std::invalid_argument& e) {  // SimGrid: no route between the two hosts
    stop_simulation(std::string("bad platform: ") + e.what());
  }
}

/// Messages sent on behalf of each user (the agent model reports them per consumer): every
/// actor that sends for a user counts the message here, whoever it is.
class MessageTally {
 public:
  MessageTally() = default;
  // last_ points into counts_: a copy finds its own.
  MessageTally(const MessageTally& other) : counts_(other.counts_) {}
  MessageTally& operator=(const MessageTally& other) {
    counts_ = other.counts_;
    last_ = nullptr;
    return *this;
  }

  void count(const std::string& user, long n = 1) {
    // Runs of messages are mostly one user's: its counter is kept at hand (map nodes stay put).
    if (!last_ || last_->first != user) last_ = &*counts_.try_emplace(user, 0).first;
    last_->second += n;
  }
  long of(const std::string& user) const {
    auto it = counts_.find(user);
    return it == counts_.end() ? 0 : it->second;
  }

 private:
  std::map<std::string, long> counts_;
  std::pair<const std::string, long>* last_ = nullptr;  // the last user counted
};
/// send(), counted in `tally` (the run's) as a message sent on behalf of `user`.
template <class Protocol, class Message>
void send_for(MessageTally& tally, const std::string& user, simgrid::s4u::Mailbox* to,
              Message message, std::uint64_t bytes = kControlMessageBytes) {
  tally.count(user);
  send<Protocol>(to, std::move(message), bytes);
}

/// Whether message type M is one of the alternatives of Protocol (a std::variant).
template <class M, class Protocol>
struct is_alternative : std::false_type {};
template <class M, class... Ts>
struct is_alternative<M, std::variant<Ts...>> : std::disjunction<std::is_same<M, Ts>...> {};

/// Where to send replies of the types Ms, whatever the receiver's own protocol: a service
/// (a cloud provider, a contract-net contractor) answers whoever asked without knowing the
/// asker's message set. Built from the receiver's protocol, so that an address for a protocol
/// that cannot take every M does not compile; sending a type not among Ms does not compile.
template <class... Ms>
class ReplyTo {
 public:
  ReplyTo() = default;
  template <class Protocol>
  static ReplyTo to(simgrid::s4u::Mailbox* mailbox) {
    static_assert((is_alternative<Ms, Protocol>::value && ...),
                  "the receiver's protocol does not take every reply type");
    ReplyTo r;
    r.mailbox_ = mailbox;
    r.senders_ = std::make_tuple(&deliver<Protocol, Ms>...);
    return r;
  }
  template <class M>
  void send(M message, std::uint64_t bytes = kControlMessageBytes) const {
    std::get<Sender<M>>(senders_)(mailbox_, std::move(message), bytes);
  }
  /// send(), counted as a message sent on behalf of `user` (MessageTally).
  template <class M>
  void send_for(MessageTally& tally, const std::string& user, M message,
                std::uint64_t bytes = kControlMessageBytes) const {
    tally.count(user);
    send(std::move(message), bytes);
  }
  simgrid::s4u::Mailbox* mailbox() const { return mailbox_; }
  /// The same address, for fewer reply types (e.g. the part of a protocol one service sends).
  template <class... Ns>
  ReplyTo<Ns...> only() const {
    ReplyTo<Ns...> r;
    r.mailbox_ = mailbox_;
    r.senders_ = std::make_tuple(std::get<Sender<Ns>>(senders_)...);
    return r;
  }

 private:
  template <class...>
  friend class ReplyTo;
  template <class M>
  using Sender = void (*)(simgrid::s4u::Mailbox*, M&&, std::uint64_t);
  template <class Protocol, class M>
  static void deliver(simgrid::s4u::Mailbox* to, M&& message, std::uint64_t bytes) {
    botsim::send<Protocol>(to, std::move(message), bytes);
  }
  simgrid::s4u::Mailbox* mailbox_ = nullptr;
  std::tuple<Sender<Ms>...> senders_{};
};

/// One actor's inbox for protocol `Protocol` (a std::variant). Create it inside the actor.
template <class Protocol>
class Inbox {
 public:
  explicit Inbox(const std::string& name) : mailbox_(simgrid::s4u::Mailbox::by_name(name)) {
    // A permanent receiver keeps a busy mailbox fast (docs/simgrid.md).
    mailbox_->set_receiver(simgrid::s4u::Actor::self());
    set_inbox_host(mailbox_, simgrid::s4u::this_actor::get_host());
  }
  simgrid::s4u::Mailbox* mailbox() const { return mailbox_; }

  /// The next message, waiting as long as needed. A message whose sender's host failed while
  /// it was on the wire is lost, as on a real network: the next one is awaited (a host that
  /// failed every millisecond made the receiver throw, an internal error).
  std::unique_ptr<Protocol> receive() {
    for (;;) {
      try {
        return mailbox_->get_unique<Protocol>();
      } catch (const simgrid::NetworkFailureException&) {
      }
    }
  }
  /// An address for replies of types Ms to this inbox (a compile error if Protocol lacks one).
  template <class... Ms>
  ReplyTo<Ms...> reply_to() const {
    return ReplyTo<Ms...>::template to<Protocol>(mailbox_);
  }

 private:
  simgrid::s4u::Mailbox* mailbox_;
};

}  // namespace botsim
