#pragma once
// The Auctioneers' task waiters and the users whose end stops them (docs/simgrid.md).
#include <functional>
#include <map>
#include <memory>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Exec.hpp>
#include <string>
#include <vector>

#include "platform/run.hpp"

namespace botsim::grid {

/// One task waiter per resource watches every running Exec of it in one Activity::wait_any.
/// SimGrid 3.32 leaves a wait_any registered with its activities when the waiting actor is
/// killed (daemons are, at the end), and an Exec ending later resumes the dead actor; so every
/// waiter is stopped before the last user (a Broker) is gone, however that user ends: it
/// returns or stops the simulation (it stops them itself), or its host goes off (a non-daemon
/// actor made then stops them).
/// Run data is stored const: the members change as the run goes (hence mutable).
struct TaskWaiters {
  struct Watch {
    simgrid::s4u::ExecPtr exec;
    std::string user;
    size_t row;  // the task's, reported with the Exec's end
  };
  struct Waiter {
    std::vector<Watch> handed;   // Execs to watch, handed over since it last woke
    simgrid::s4u::ExecPtr wake;  // resumed to wake it up (null while it is awake)
    bool woken = false;
    bool stopping = false;
    simgrid::s4u::ActorPtr actor;
    bool running = false;  // false once it ended (stopped or killed with its host)
    void wake_up();
  };

  TaskWaiters();
  ~TaskWaiters();
  TaskWaiters(const TaskWaiters&) = delete;
  TaskWaiters& operator=(const TaskWaiters&) = delete;

  /// The run's (made on first use).
  static const TaskWaiters& of(Run& run);
  /// Each user counts itself when made (before the simulation starts), with its host...
  void user_made(const std::string& host) const;
  /// ... and serves through this: the last user to return (or to stop the simulation) stops
  /// every waiter and waits for its end (no simulated time passes).
  void serve_user(const std::string& host, const std::function<void()>& serve) const;
  void add(std::shared_ptr<Waiter> waiter) const { waiters_.push_back(std::move(waiter)); }
  /// Users not yet counted out (tests).
  long users() const { return users_; }

 private:
  void user_ended(const std::string& host) const;
  /// Stops every running waiter and joins it (from an actor other than the waiters).
  void stop_all() const;
  /// In SimGrid's kernel: a host went off, with its users.
  void host_off(const simgrid::s4u::Host& host) const;

  mutable long users_ = 0;                       // users that have not ended
  mutable std::map<std::string, long> on_host_;  // of those, per host
  mutable std::vector<std::shared_ptr<Waiter>> waiters_;
  mutable bool stopped_ = false;
  unsigned state_slot_ = 0;  // on Host::on_state_change
};

}  // namespace botsim::grid
