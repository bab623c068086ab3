#pragma once
// Timers: the one way for an actor to get a message at a time, every period, or when an Exec
// ends. Each timer is a small daemon actor on the caller's host that sleeps and then sends to
// the actor's inbox, so that actors wait only on their inbox: in SimGrid 3.32 a get with a
// timeout can lose a message that arrives as it times out, and killing an actor blocked in
// Activity::wait_any_for with a timeout segfaults (docs/simgrid.md). Timer messages are
// zero-byte: they take no time on the wire.
#include <functional>
#include <memory>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <simgrid/s4u/Mailbox.hpp>
#include <simgrid/s4u/Semaphore.hpp>
#include <utility>

#include "platform/messaging.hpp"

namespace botsim {

/// A periodic timer; stop() ends it (it sends nothing more). Copies share the timer.
/// A timer made by every_interval() can also be made idle: while its owner has nothing for a
/// tick to look at, set_idle(true) stops the ticks (the daemon sleeps until set_idle(false)
/// instead of waking every period), so that a long wait costs one event, not one per period.
class Timer {
 public:
  struct State {
    bool running = true;
    bool idle = false;
    bool waiting = false;  // the daemon is blocked on `wake`, its ticks skipped
    simgrid::s4u::SemaphorePtr wake;
  };
  Timer() = default;
  explicit Timer(std::shared_ptr<State> state) : state_(std::move(state)) {}
  void stop() {
    if (!state_) return;
    state_->running = false;
    if (state_->waiting) state_->wake->release();  // let the daemon end
    state_.reset();
  }
  bool active() const { return state_ != nullptr; }
  void set_idle(bool idle) {
    if (!state_ || state_->idle == idle) return;
    state_->idle = idle;
    if (!idle && state_->waiting) {
      state_->waiting = false;
      state_->wake->release();
    }
  }

 private:
  std::shared_ptr<State> state_;
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
  auto state = std::make_shared<Timer::State>();
  spawn_daemon("ticker", [to, first, period, message, state] {
    for (long k = 0; state->running; ++k) {
      simgrid::s4u::this_actor::sleep_until(first + static_cast<double>(k) * period);
      if (state->running) send<Protocol>(to, message, 0);
    }
  });
  return Timer(state);
}

/// Sends `message` every `interval` seconds from now, each wait starting when the previous
/// one ended (sleep_for in a loop: the times accumulate as sums, unlike every()). While the
/// timer is idle (Timer::set_idle) no tick is sent: a tick that falls due while idle is
/// skipped, the daemon sleeps until the owner is busy again and then goes on at the first
/// time of the same sequence (t + interval + interval ...) after that instant.
template <class Protocol, class M>
Timer every_interval(simgrid::s4u::Mailbox* to, double interval, M message) {
  auto state = std::make_shared<Timer::State>();
  state->wake = simgrid::s4u::Semaphore::create(0);
  spawn_daemon("ticker", [to, interval, message, state] {
    bool resumed = false;
    double due = 0;
    while (state->running) {
      if (resumed)
        simgrid::s4u::this_actor::sleep_until(due);
      else
        simgrid::s4u::this_actor::sleep_for(interval);
      if (!state->running) break;
      resumed = false;
      if (!state->idle) {
        send<Protocol>(to, message, 0);
        continue;
      }
      due = simgrid::s4u::Engine::get_clock();  // this tick is skipped
      state->waiting = true;
      state->wake->acquire();
      const double now = simgrid::s4u::Engine::get_clock();
      while (due <= now) due += interval;  // and so are those that fell due meanwhile
      resumed = true;
    }
  });
  return Timer(state);
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
