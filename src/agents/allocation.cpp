#include "agents/allocation.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "cloud/billing.hpp"
#include "core/names.hpp"

namespace botsim::agents {

namespace {
constexpr AllocationMechanism kMechanisms[] = {AllocationMechanism::FixedAM,
                                               AllocationMechanism::GeneralizedAM,
                                               AllocationMechanism::IElasticAM};
}

std::string to_string(AllocationMechanism m) {
  static constexpr const char* kNames[] = {"fixed", "generalized", "i-elastic"};
  return enum_name(m, kNames);
}

AllocationMechanism parse_allocation_mechanism(std::string_view name) {
  std::string valid;
  for (auto m : kMechanisms) {
    std::string n = to_string(m);
    if (iequals(name, n) || iequals(name, n + "am")) return m;
    valid += (valid.empty() ? "" : ", ") + n;
  }
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
  return c.mechanism == AllocationMechanism::FixedAM ? c.fixed_hours : 1;
}

double initial_allocation_end(const AllocationConfig& c, double start) {
  return start + static_cast<double>(initial_slots(c)) * c.slot_s;
}

double check_time(const AllocationConfig& c, double alloc_end) {
  if (c.mechanism == AllocationMechanism::FixedAM) return alloc_end;
  return alloc_end - c.threshold_s;
}

AllocationDecision decide(const AllocationConfig& c, const AllocationStatus& s) {
  bool renew = false;
  switch (c.mechanism) {
    case AllocationMechanism::FixedAM:
      renew = false;
      break;
    case AllocationMechanism::GeneralizedAM:
      renew = !s.bot_finished;
      break;
    case AllocationMechanism::IElasticAM:
      renew = s.busy;
      break;
  }
  if (!renew)
    return {AllocationAction::Release, 0, s.alloc_end, std::numeric_limits<double>::infinity()};
  double end = s.alloc_end + c.slot_s;
  return {AllocationAction::Renew, 1, end, check_time(c, end)};
}

long charged_slots(const AllocationConfig& c, double start, double released_at, double alloc_end) {
  double stop = c.mechanism == AllocationMechanism::FixedAM ? alloc_end : released_at;
  return cloud::charged_units(start, stop, c.slot_s);
}

}  // namespace botsim::agents
