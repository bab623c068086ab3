#pragma once
// Timers: the one way for an actor to get a message at a time, every period, or when an Exec
// ends. Each timer is a small daemon actor on the caller's host that sleeps and then sends to
// the actor's inbox, so that actors wait only on their inbox: in SimGrid 3.32 a get with a
// timeout can lose a message that arrives as it times out, and killing an actor blocked in
// Activity::wait_any_for with a timeout segfaults (docs/simgrid.md). Timer messages are
// zero-byte: they take no time on the wire.
#include <functional>
#include <memory>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <utility>

#include "platform/messaging.hpp"

namespace botsim {

/// A periodic timer; stop() ends it (it sends nothing more). Copies share the timer.
class Timer {
 public:
  Timer() = default;
  explicit Timer(std::shared_ptr<bool> running) : running_(std::move(running)) {}
  void stop() {
    if (running_) *running_ = false;
    running_.reset();
  }
  bool active() const { return running_ != nullptr; }

 private:
  std::shared_ptr<bool> running_;
};

/// Runs `body` in a new daemon actor on the calling actor's host.
void spawn_daemon(const std::string& name, std::function<void()> body);

/// Sends `message` to `to` at simulated time `at`.
template <class Protocol, class M>
void send_at(simgrid::s4u::Mailbox* to, double at, M message) {
  spawn_daemon("timer", [to, at, message] {
    simgrid::s4u::this_actor::sleep_until(at);
    send<Protocol>(to, message, 0);
  });
}

/// Sends `message` to `to` once `delay` seconds have passed.
template <class Protocol, class M>
void send_after(simgrid::s4u::Mailbox* to, double delay, M message) {
  spawn_daemon("timer", [to, delay, message] {
    simgrid::s4u::this_actor::sleep_for(delay);
    send<Protocol>(to, message, 0);
  });
}

/// Sends `message` at first, first + period, first + 2·period, ... (times on a fixed grid).
template <class Protocol, class M>
Timer every(simgrid::s4u::Mailbox* to, double first, double period, M message) {
  auto running = std::make_shared<bool>(true);
  spawn_daemon("ticker", [to, first, period, message, running] {
    for (long k = 0; *running; ++k) {
      simgrid::s4u::this_actor::sleep_until(first + static_cast<double>(k) * period);
      if (*running) send<Protocol>(to, message, 0);
    }
  });
  return Timer(running);
}

/// Sends `message` every `interval` seconds from now, each wait starting when the previous
/// one ended (sleep_for in a loop: the times accumulate as sums, unlike every()).
template <class Protocol, class M>
Timer every_interval(simgrid::s4u::Mailbox* to, double interval, M message) {
  auto running = std::make_shared<bool>(true);
  spawn_daemon("ticker", [to, interval, message, running] {
    while (*running) {
      simgrid::s4u::this_actor::sleep_for(interval);
      if (*running) send<Protocol>(to, message, 0);
    }
  });
  return Timer(running);
}

/// Sends `message` to `to` when `exec` (already started) ends.
template <class Protocol, class M>
void send_when_done(simgrid::s4u::ExecPtr exec, simgrid::s4u::Mailbox* to, M message) {
  spawn_daemon("exec-watch", [exec, to, message] {
    exec->wait();
    send<Protocol>(to, message, 0);
  });
}

}  // namespace botsim
