#pragma once
// The cloud protocols, sent through SimGrid mailboxes (one inbox per actor) with
// platform/messaging.hpp. Control messages are zero-byte: their time is the route's latency.
// The provider answers an instance's owner through a ReplyTo address, so that any actor whose
// protocol takes the replies (an InstancePool's owner, a test) can rent instances.
#include <optional>
#include <string>
#include <variant>

#include "platform/messaging.hpp"
#include "policy/market.hpp"

namespace botsim::cloud {

// ---- from the provider to an instance's owner ----
struct InstanceReady {
  std::string instance, host;
  double billing_start_s = 0;  // the start request as the provider received it
  double sent_s = 0;           // when the provider sent this (the owner measures the delay)
};
struct InstanceRefused {
  std::string instance, reason;
  /// Every host of the type has failed for good (Run::host_fates): asking again is useless.
  bool for_good = false;
};
struct InstanceStopped {
  std::string instance;
  double stop_s = 0;
  long charged_units = 0;
  double cost = 0;
  bool failed = false;       // its host failed (not asked to stop)
  bool interrupted = false;  // a spot instance its provider reclaimed (docs/cloud.md)
};
/// A spot instance will be reclaimed at reclaim_s (docs/cloud.md, "Spot instances"): its
/// price rose above its maximum, or its type's spot capacity was withdrawn, at notice_s.
struct InterruptionNotice {
  std::string instance;
  double notice_s = 0, reclaim_s = 0;
};
using InstanceOwner = ReplyTo<InstanceReady, InstanceRefused, InstanceStopped, InterruptionNotice>;

// ---- to the provider ----
struct StartInstance {
  std::string user;      // whose bill
  InstanceOwner owner;   // where InstanceReady/Refused/Stopped go
  std::string instance;  // unique name chosen by the owner
  std::string type;
  policy::Market market = policy::Market::OnDemand;
  std::optional<double> max_price;  // spot only; none: only a capacity withdrawal interrupts
  /// On demand only: on one of its owner's reserved slots (docs/cloud.md, "Reserved
  /// capacity"), which the reservation pays for: the provider charges it nothing more.
  bool reserved = false;
};
struct StopInstance {
  std::string instance;
};
struct BootDone {  // the provider's own boot timers
  std::string instance;
};
struct SpotTimer {  // the provider's own interruption timers, one per spot instance
  std::string instance;
  bool reclaim = false;  // else the notice
};
// The provider's own HostWatch: a host of an instance type failed or came back.
struct HostChanged {
  std::string host;
  bool on = false;
};
using ProviderMessage = std::variant<StartInstance, StopInstance, BootDone, HostChanged, SpotTimer>;

// ---- from an InstancePool's workers and alarms to the pool's owner ----
struct TaskDone {
  std::string instance;
  int slot = 0;
  long task = 0;
  double start_s = 0, end_s = 0;
};
struct AtuEnding {  // the instance's paid time is about to end (InstancePool::alarm_at)
  std::string instance;
  bool final = false;  // re-sent once, so that completions of the same instant come first
};

// ---- to a worker (one per core of an instance) ----
struct RunTask {
  long task = 0;
  double flops = 0;
};
// A worker runs until its instance's host is turned off (or the simulation ends).
using WorkerMessage = std::variant<RunTask>;

}  // namespace botsim::cloud
