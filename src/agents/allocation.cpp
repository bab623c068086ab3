#include "agents/allocation.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "cloud/billing.hpp"
#include "core/names.hpp"
#include "policy/registry.hpp"

namespace botsim::agents {

namespace {
constexpr AllocationMechanism kMechanisms[] = {AllocationMechanism::FixedAM,
                                               AllocationMechanism::GeneralizedAM,
                                               AllocationMechanism::IElasticAM};

// FixedAM (Section 5.3(b)): fixed_hours paid in advance, never renewed; checked at its end.
class FixedAM : public policy::AgentsAllocation {
 public:
  long initial_slots(const policy::AllocationSetup& s) const override { return s.fixed_hours; }
  bool paid_in_advance() const override { return true; }
  bool checks_at_end() const override { return true; }
  long renew(const policy::AllocationCheck&) override { return 0; }
};

// GeneralizedAM (Section 5.3(b)): every resource renewed hourly while the BoT is unfinished.
class GeneralizedAM : public policy::AgentsAllocation {
 public:
  long renew(const policy::AllocationCheck& c) override { return c.bot_finished ? 0 : 1; }
};

// I-ElasticAM (Fig. 3 lines 2-8): a busy resource renewed for one slot, an idle one released.
class IElasticAM : public policy::AgentsAllocation {
 public:
  long renew(const policy::AllocationCheck& c) override { return c.busy ? 1 : 0; }
};

policy::AgentsAllocation& mechanism(const AllocationConfig& c) {
  if (c.policy) return *c.policy;
  static FixedAM fixed;
  static GeneralizedAM generalized;
  static IElasticAM elastic;
  switch (c.mechanism) {
    case AllocationMechanism::FixedAM:
      return fixed;
    case AllocationMechanism::GeneralizedAM:
      return generalized;
    case AllocationMechanism::IElasticAM:
      return elastic;
    case AllocationMechanism::Registered:
      break;
  }
  throw std::logic_error("allocation mechanism '" + c.registered + "' has no policy object");
}

}  // namespace

std::string to_string(AllocationMechanism m) {
  static constexpr const char* kNames[] = {"fixed", "generalized", "i-elastic", "registered"};
  return enum_name(m, kNames);
}

std::unique_ptr<policy::AgentsAllocation> make_mechanism(AllocationMechanism m) {
  switch (m) {
    case AllocationMechanism::FixedAM:
      return std::make_unique<FixedAM>();
    case AllocationMechanism::GeneralizedAM:
      return std::make_unique<GeneralizedAM>();
    case AllocationMechanism::IElasticAM:
      return std::make_unique<IElasticAM>();
    case AllocationMechanism::Registered:
      break;
  }
  throw std::logic_error("make_mechanism: not one of the paper's mechanisms");
}

policy::AllocationSetup allocation_setup(const AllocationConfig& c) {
  return {c.slot_s, c.threshold_s, c.fixed_hours};
}

AllocationMechanism parse_allocation_mechanism(std::string_view name) {
  std::string valid;
  for (auto m : kMechanisms) {
    std::string n = to_string(m);
    if (iequals(name, n) || iequals(name, n + "am")) return m;
    valid += (valid.empty() ? "" : ", ") + n;
  }
  if (policy::find_policy_any_case(policy::DecisionPoint::AgentsAllocation, name))
    return AllocationMechanism::Registered;
  for (const auto* p : policy::policies_of(policy::DecisionPoint::AgentsAllocation))
    if (valid.find(p->name) == std::string::npos) valid += ", " + p->name;
  throw std::invalid_argument("unknown allocation mechanism '" + std::string(name) +
                              "' (valid: " + valid + ")");
}

void validate(const AllocationConfig& c) {
  if (c.fixed_hours < 1)
    throw std::invalid_argument("FixedAM allocation must be at least 1 hour (got " +
                                std::to_string(c.fixed_hours) + ")");
  if (!(c.slot_s > 0) || !std::isfinite(c.slot_s))
    throw std::invalid_argument("allocation slot must be > 0 s");
  if (!(c.threshold_s >= 0) || !(c.threshold_s < c.slot_s))
    throw std::invalid_argument("reallocation threshold must be >= 0 and shorter than a slot");
}

long initial_slots(const AllocationConfig& c) {
  const long slots = mechanism(c).initial_slots(allocation_setup(c));
  if (slots < 1)
    throw policy::DecisionError("initial_slots() returned " + std::to_string(slots) +
                                ": a resource is allocated for at least one slot");
  return slots;
}

double initial_allocation_end(const AllocationConfig& c, double start) {
  return start + static_cast<double>(initial_slots(c)) * c.slot_s;
}

double check_time(const AllocationConfig& c, double alloc_end) {
  if (mechanism(c).checks_at_end()) return alloc_end;
  return alloc_end - c.threshold_s;
}

AllocationDecision decide(const AllocationConfig& c, const AllocationStatus& s) {
  const long slots = mechanism(c).renew(policy::AllocationCheck{
      s.resource, s.now, s.alloc_end, s.busy, s.bot_finished, s.tasks_unsent, s.tasks_running});
  if (slots < 0)
    throw policy::DecisionError("renew() returned " + std::to_string(slots) +
                                " slots: a count is 0 (release) or more");
  if (slots == 0)
    return {AllocationAction::Release, 0, s.alloc_end, std::numeric_limits<double>::infinity()};
  double end = s.alloc_end + static_cast<double>(slots) * c.slot_s;
  return {AllocationAction::Renew, slots, end, check_time(c, end)};
}

double paid_slots_end(const AllocationConfig& c, double released_at, double alloc_end) {
  return mechanism(c).paid_in_advance() ? alloc_end : released_at;
}

long charged_slots(const AllocationConfig& c, double start, double released_at, double alloc_end) {
  return cloud::charged_units(start, paid_slots_end(c, released_at, alloc_end), c.slot_s);
}

}  // namespace botsim::agents
