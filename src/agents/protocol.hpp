#pragma once
// The messages of the agent model of Gutierrez-Garcia & Sim (2012), Section 2.2 and Fig. 2:
// directory registration and look-up, the contract net (call for proposals, propose or refuse,
// accept or reject, result) for CA -> BA (execute a BoT) and BA -> SPA (allocate a resource),
// allocation through RAs, task hand-out and outputs, and I-ElasticAM's reallocation (Figs. 3-4).
// Each actor has one inbox whose protocol is one std::variant below.
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "agents/allocation.hpp"
#include "agents/heuristics.hpp"
#include "agents/scheduler.hpp"
#include "cloud/billing.hpp"
#include "platform/messaging.hpp"
#include "policy/registry.hpp"

namespace botsim::agents {

// ---- Cloud directory (Section 2.1 (7)): BAs and SPAs register, CAs and BAs look up.
enum class Role { Broker, Provider };
struct Listing {
  Role role = Role::Broker;
  std::string user;
  std::vector<std::string> names;  // registered agents' hosts, in registration order
};
struct Register {
  Role role = Role::Broker;
  std::string name;
};
struct Lookup {
  Role role = Role::Broker;
  std::string user;  // on whose behalf (counted)
  ReplyTo<Listing> reply;
};
using DirectoryMessage = std::variant<Register, Lookup>;

// ---- Contract net replies (both CNPs). `cnp` tells the manager's CNPs apart.
struct Propose {
  std::string contractor;
  std::string user;
  int cnp = 0;
  double price = 0;
};
struct Refuse {
  std::string contractor;
  std::string user;
  int cnp = 0;
  std::string reason;
};
struct Accept {
  std::string user;
  int cnp = 0;
};
struct Reject {
  std::string user;
  int cnp = 0;
};

// ---- CA -> BA: execute a BoT.
/// A resource requested while the BoT runs: its CNP starts `after_s` after scheduling began
/// (Section 4: resources joining "while scheduling and executing a given BoT").
struct LateResource {
  std::string type;
  double after_s = 0;
};
struct BotRequest {
  std::string user;
  std::vector<Task> tasks;
  Heuristic heuristic;
  /// The ordering's and mapping's policy objects when the heuristic names registered ones.
  std::shared_ptr<policy::AgentsOrdering> ordering_policy;
  std::shared_ptr<policy::AgentsMapping> mapping_policy;
  /// The registry's entries of the heuristic's ordering and mapping and of the allocation
  /// mechanism (how a failing policy is named).
  const policy::PolicyEntry* ordering_entry = nullptr;
  const policy::PolicyEntry* mapping_entry = nullptr;
  const policy::PolicyEntry* allocation_entry = nullptr;
  AllocationConfig allocation;
  std::vector<std::string> resource_types;  // one resource of each (Table 5)
  std::size_t contractors = 3;              // k of the BA's CNPs
  double submit_s = 0;
  std::vector<LateResource> late_resources;  // one resource each, joining while the BoT runs
  /// The rules botsim adds (not in the paper), each on or off; AgentRules::paper(): as printed.
  AgentRules rules;
  /// Fig. 5 line 6's wait for the outputs of an instant (rules.same_instant_wait) counts each
  /// resource's shortest hand-out latency seen, so that it does not wait for tasks that started
  /// too late to have ended by then (not in the paper, which has no latencies;
  /// `handout_latency=zero` drops it).
  bool handout_latency_seen = true;
  /// The consumer's limits (not in the paper): money for the resources' slots, and a time
  /// from its submission after which the BoT stops undone.
  std::optional<double> budget, deadline_s;
};
/// The CNP's result: what the BA reports back (or why it could not execute the BoT).
struct BotResult {
  bool executed = false;
  std::string reason;  // when not executed
  long tasks_done = 0;
  double critical_busy_s = 0;  // busy time of the resource whose output came last
  long failed_cnps = 0;        // resource CNPs where every SPA refused
  double spent = 0;
  long instances = 0;
  long charged_units = 0;
  long renewals = 0;
  std::string stopped_as;  // a user_status, when the BoT stopped undone at a limit
};
using ConsumerAddress = ReplyTo<Propose, Refuse, BotResult>;
struct CallForBot {
  std::shared_ptr<const BotRequest> bot;
  ConsumerAddress reply;
};
using ConsumerMessage = std::variant<Listing, Propose, Refuse, BotResult>;

// ---- BA -> SPA: allocate one resource of a type for some slots; then run tasks on it.
struct Allocated {  // the resource CNP's result
  std::string user;
  int cnp = 0;
  std::string ra;   // the RA's host
  std::string spa;  // the SPA's host
  std::string type;
  double speed_mips = 0;
  double price = 0;  // per slot
  double start_s = 0;
  double alloc_end = 0;
  cloud::BillingTerms billing;  // its type's billing rule (the platform's)
};
struct Renewed {
  std::string user;
  std::string ra;
  double alloc_end = 0;
};
struct Released {
  std::string user;
  std::string ra;
};
struct TaskOutput {
  std::string user;
  std::string ra;
  int task = 0;
  double start_s = 0;
  double end_s = 0;
};
struct ResourceFailed {  // the resource's host failed: its running task is lost
  std::string user;
  std::string ra;
};
using BrokerAddress =
    ReplyTo<Propose, Refuse, Allocated, Renewed, Released, TaskOutput, ResourceFailed>;
struct CallForResource {
  std::string user;
  int cnp = 0;
  std::string type;
  long slots = 1;
  BrokerAddress reply;
};
struct Reallocate {  // Fig. 3 line 5
  std::string user;
  std::string ra;
  long slots = 1;
};
struct ReleaseResource {
  std::string user;
  std::string ra;
};
struct ExecuteTask {
  std::string user;
  std::string ra;
  Task task;
};
struct CheckAllocation {  // the BA's timer for one resource (Fig. 3's time-driven activation)
  std::string user;
  int resource = 0;
  long generation = 0;  // a check made stale by a renewal or release is ignored
};
struct BotDeadline {  // the BA's timer for a BoT's deadline
  std::string user;
};
struct CallLateResource {  // the BA's timer for a late resource's CNP
  std::string user;
  int cnp = 0;
};
using BrokerMessage =
    std::variant<CallForBot, Accept, Reject, Listing, Propose, Refuse, Allocated, Renewed, Released,
                 TaskOutput, ResourceFailed, CheckAllocation, CallLateResource, BotDeadline>;

// ---- SPA <-> RA.
struct RaAllocated {
  std::string user;
  std::string ra;
};
struct RaReleased {
  std::string user;
  std::string ra;
};
struct RaHostChanged {  // the SPA's own HostWatch: an RA's host failed or came back
  std::string ra;
  bool on = false;
};
using ProviderMessage =
    std::variant<CallForResource, Accept, Reject, Reallocate, ReleaseResource, ExecuteTask,
                 RaAllocated, RaReleased, TaskOutput, RaHostChanged>;
using ProviderAddress = ReplyTo<RaAllocated, RaReleased, TaskOutput>;
struct Allocate {
  std::string user;
};
struct Release {
  std::string user;
};
using ResourceMessage = std::variant<Allocate, ExecuteTask, Release>;

/// Inbox names: one per actor, by role and host (RAs, BAs, SPAs) or user (CAs).
inline std::string directory_inbox() { return "agents:directory"; }
inline std::string consumer_inbox(const std::string& user) { return "agents:ca:" + user; }
inline std::string broker_inbox(const std::string& host) { return "agents:ba:" + host; }
inline std::string provider_inbox(const std::string& host) { return "agents:spa:" + host; }
inline std::string resource_inbox(const std::string& host) { return "agents:ra:" + host; }

}  // namespace botsim::agents
