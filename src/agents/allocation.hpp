#pragma once
// Cloud resource allocation mechanisms of Gutierrez-Garcia & Sim (2012) as pure decisions:
// FixedAM and GeneralizedAM (Section 5.3(b)) and I-ElasticAM (Section 3, Figs. 3-4), the first
// implementations of the agents-allocation decision point (policy/agents.hpp), and any other
// mechanism of the policy registry. The broker actor asks decide() at each resource's check
// time and acts on the answer.
#include <memory>
#include <string>
#include <string_view>

#include "agents/instance_types.hpp"
#include "policy/agents.hpp"

namespace botsim::agents {

/// Registered: a mechanism of the policy registry other than these three, in
/// AllocationConfig::policy.
enum class AllocationMechanism { FixedAM, GeneralizedAM, IElasticAM, Registered };

/// "fixed", "generalized", "i-elastic" (an "am" suffix, as in "FixedAM" or "I-ElasticAM", is
/// accepted; case-insensitive), else Registered if the policy registry has an agents-allocation
/// policy of that name (any case). Throws std::invalid_argument listing the valid names.
AllocationMechanism parse_allocation_mechanism(std::string_view name);
std::string to_string(AllocationMechanism m);

/// The papers' three mechanisms as policies (registered as "fixed", "generalized", "i-elastic").
std::unique_ptr<policy::AgentsAllocation> make_mechanism(AllocationMechanism m);

struct AllocationConfig {
  AllocationMechanism mechanism = AllocationMechanism::IElasticAM;
  long fixed_hours = 10;         // FixedAM's allocation (Table 11)
  double slot_s = kSlotSeconds;  // allocation slot and billing unit
  double threshold_s = 60;       // reallocation threshold (Section 3; Table 11: 1 min)
  /// The mechanism's policy object when it is Registered (else the built-in one is used).
  std::shared_ptr<policy::AgentsAllocation> policy;
  std::string registered;  // its name
};

/// What the mechanism is given: the slot, the threshold, FixedAM's hours.
policy::AllocationSetup allocation_setup(const AllocationConfig& c);

/// Throws std::invalid_argument unless fixed_hours >= 1, slot_s > 0, 0 <= threshold_s < slot_s.
void validate(const AllocationConfig& c);

/// Slots allocated when the resource is composed: fixed_hours for FixedAM, else 1 (Section 3:
/// "each Cloud resource initially allocated for 1 h").
long initial_slots(const AllocationConfig& c);
double initial_allocation_end(const AllocationConfig& c, double start);

/// When decide() must next be asked for a resource whose allocation ends at alloc_end:
/// threshold_s before the end (I-ElasticAM's time-driven activation, Fig. 3; GeneralizedAM's
/// hourly verification, made at the same moment), or at the end for FixedAM.
double check_time(const AllocationConfig& c, double alloc_end);

struct AllocationStatus {
  double alloc_end = 0;       // current end of the resource's allocation
  bool busy = false;          // executing a task now
  bool bot_finished = false;  // every task of the BoT has been executed
  int resource = 0;
  double now = 0;
  long tasks_unsent = 0, tasks_running = 0;
};

enum class AllocationAction { Renew, Release };

struct AllocationDecision {
  AllocationAction action = AllocationAction::Release;
  long slots = 0;         // slots added (Renew)
  double alloc_end = 0;   // the allocation end after the decision
  double next_check = 0;  // the next check_time (Renew), or +infinity (Release)
};

/// FixedAM: never renew (no elasticity). GeneralizedAM: renew every resource for one slot while
/// the BoT is unfinished, busy or idle. I-ElasticAM (Fig. 3 lines 2-8): renew a busy resource
/// for one slot, release an idle one (it gets no more tasks). A registered mechanism's renew():
/// throws policy::DecisionError if it returns a negative count.
AllocationDecision decide(const AllocationConfig& c, const AllocationStatus& s);

/// Slots charged per started slot (botsim::cloud::charged_units) for a resource allocated at
/// `start`, given up at `released_at`, whose allocation ends at alloc_end. FixedAM's hours are
/// paid in advance: it is charged up to alloc_end whenever it is given up.
long charged_slots(const AllocationConfig& c, double start, double released_at, double alloc_end);
/// When a resource given up at `released_at`, whose allocation ends at alloc_end, stops being
/// charged per started slot: alloc_end for FixedAM (paid in advance), else released_at.
double paid_slots_end(const AllocationConfig& c, double released_at, double alloc_end);

}  // namespace botsim::agents
