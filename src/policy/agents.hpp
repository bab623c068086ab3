#pragma once
// The agents' three decision points (docs/policies.md), Gutierrez-Garcia & Sim 2012: the broker
// agent's scheduler takes a BoT's unsent tasks in the order of a task ordering (Table 1) and
// sends each to the unoccupied resource a mapping policy picks (Table 2; Fig. 5 lines 2-4); an
// allocation mechanism renews or releases each resource near the end of its paid allocation
// (FixedAM, GeneralizedAM, I-ElasticAM: Section 3, Fig. 3; Section 5.3(b)). The papers' own are
// the first implementations; a deployment names one in a ConsumerAgent's `heuristic`
// (ORDERING,MAPPING) and `allocation` props. No SimGrid here.
#include <string>
#include <vector>

#include "props.hpp"
#include "random.hpp"

namespace botsim::policy {

/// A task of the consumer's BoT: `id` is its place in the bag (0, 1, ...: the "U" order).
struct AgentTask {
  long id = 0;
  double size_mi = 0;  // million instructions: it runs size_mi / speed_mips seconds
};

/// A resource agent held for the BoT, as the broker sees it.
struct AgentResource {
  int id = 0;             // the broker's number for it (the order it was composed in)
  double speed_mips = 0;  // MI/s
  double alloc_end = 0;   // when its paid allocation ends (simulated seconds)
  /// The paper's "current remaining allocation time" at `now`.
  double remaining_allocation(double now) const { return alloc_end - now; }
};

/// Task ordering (Table 1): the broker takes the unsent tasks by increasing rank, ties in the
/// bag's order. rank() is asked once per task, when the BoT comes to the broker.
class AgentsOrdering {
 public:
  virtual ~AgentsOrdering() = default;
  virtual double rank(const AgentTask& task) = 0;
};

/// What a mapping policy sees: read-only, valid during the call only.
class MappingView {
 public:
  virtual ~MappingView() = default;
  virtual double now() const = 0;
  /// The task to send: the first unsent one in the ordering's order.
  virtual const AgentTask& task() const = 0;
  /// The unoccupied resources, by increasing id; never empty.
  virtual const std::vector<AgentResource>& unoccupied() const = 0;
  /// The consumer's own random stream: draw from it only.
  virtual Random& random() const = 0;
};

/// Mapping policy (Table 2, Fig. 5 line 3): the id of the unoccupied resource the task goes to.
class AgentsMapping {
 public:
  virtual ~AgentsMapping() = default;
  virtual int choose(const MappingView& view) = 0;
};

/// What an allocation mechanism knows of the BoT's resources when it is built.
struct AllocationSetup {
  double slot_s = 3600;     // the allocation slot, also the billing unit (one hour)
  double threshold_s = 60;  // how long before a slot's end a resource is checked
  long fixed_hours = 10;    // the consumer's `fixed_hours` (FixedAM's allocation)
};

/// A resource at its check: threshold_s before the end of its allocation (or at the end, for a
/// mechanism that checks at the end).
struct AllocationCheck {
  int resource = 0;
  double now = 0;
  double alloc_end = 0;
  bool busy = false;          // it executes a task now
  bool bot_finished = false;  // every task of the BoT has been executed
  long tasks_unsent = 0;      // tasks not sent yet (or sent again after a loss)
  long tasks_running = 0;
};

/// Allocation mechanism: how many slots a resource gets when composed, and at each check how
/// many more (0 releases it at the end of its allocation; it gets no more tasks).
class AgentsAllocation {
 public:
  virtual ~AgentsAllocation() = default;
  /// Slots allocated when a resource is composed (>= 1; Section 3: 1 h).
  virtual long initial_slots(const AllocationSetup&) const { return 1; }
  /// Whether the allocation is paid in advance: a resource given up early is still charged up
  /// to its allocation's end (FixedAM's hours).
  virtual bool paid_in_advance() const { return false; }
  /// Whether the check comes at the allocation's end rather than threshold_s before it.
  virtual bool checks_at_end() const { return false; }
  /// Slots added at the check (>= 0; 0 releases the resource).
  virtual long renew(const AllocationCheck& check) = 0;
};

}  // namespace botsim::policy
