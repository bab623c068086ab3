#include "grid/task_waiters.hpp"

#include <simgrid/s4u/Host.hpp>

#include "platform/messaging.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::grid {

TaskWaiters::TaskWaiters()
    : state_slot_(sg4::Host::on_state_change.connect([this](const sg4::Host& h) {
        if (!h.is_on()) host_off(h);
      })) {}

TaskWaiters::~TaskWaiters() { sg4::Host::on_state_change.disconnect(state_slot_); }

const TaskWaiters& TaskWaiters::of(Run& run) {
  if (!run.has<TaskWaiters>()) run.set(std::make_shared<const TaskWaiters>());
  return run.get<TaskWaiters>();
}

void TaskWaiters::Waiter::wake_up() {
  if (!wake || woken) return;  // it will see what was handed before it waits again
  wake->resume();
  woken = true;
}

void TaskWaiters::user_made(const std::string& host) const {
  ++users_;
  ++on_host_[host];
}

void TaskWaiters::serve_user(const std::string& host, const std::function<void()>& serve) const {
  {
    StopHook hook([this, host] { user_ended(host); });
    serve();
  }
  user_ended(host);
}

void TaskWaiters::user_ended(const std::string& host) const {
  --on_host_[host];
  if (--users_ == 0) stop_all();
}

void TaskWaiters::host_off(const sg4::Host& host) const {
  // Every actor of the host was just killed, its users with it: they never return.
  auto it = on_host_.find(host.get_name());
  if (it == on_host_.end() || it->second == 0) return;
  users_ -= it->second;
  it->second = 0;
  if (users_ > 0 || stopped_) return;
  // In SimGrid's kernel no actor can wait, but one can be made: a non-daemon one, so that
  // the waiters (daemons) are not killed before it has stopped them.
  for (const auto& w : waiters_)
    if (w->running && w->actor->get_host()->is_on()) {
      sg4::Actor::create("task-waiters-stop", w->actor->get_host(), [this] { stop_all(); });
      return;
    }
}

void TaskWaiters::stop_all() const {
  if (stopped_) return;
  stopped_ = true;
  for (const auto& w : waiters_) {
    // One whose host is off dies with it: its Execs fail there too, and SimGrid then answers
    // no one.
    if (!w->running || !w->actor->get_host()->is_on()) continue;
    w->stopping = true;
    w->wake_up();
    w->actor->join();
  }
  for (const auto& w : waiters_) w->actor = nullptr;  // the actor's code holds `w`: no cycle
  waiters_.clear();
}

}  // namespace botsim::grid
