#pragma once
// The agents model's records in a run's results: its consumers' own fields of summary.json
// (docs/gutierrez2012.md, "The agents") and the form of their policy. Each key is declared
// here once; the consumer agent writes the fields and everything else reads them through
// these accessors. register_model registers them (register_consumer_fields): each is written
// after the common fields, only for a consumer that has it, in the order below.
#include <optional>
#include <string>
#include <vector>

#include "core/summary.hpp"

namespace botsim::agents {

inline constexpr const char* kBrokerField = "broker";      // the BA that won the BoT's CNP
inline constexpr const char* kRefusedField = "refused";    // no broker or no resource took it
inline constexpr const char* kRenewalsField = "renewals";  // reallocations acknowledged (Fig. 3)
inline constexpr const char* kFailedCnpsField = "failed_cnps";  // resource CNPs all refused
inline constexpr const char* kReasonField = "reason";  // why refused, which CNPs or hosts failed
/// Section 5.2(c): the makespan minus the busy time of the resource whose output came last.
inline constexpr const char* kSchedulingOverheadField = "scheduling_overhead_s";

/// The model's name in summary.json ("agents"), under which its fields are registered.
inline constexpr const char* kModel = "agents";

/// Registers every field above with its unit, in summary.json's order.
inline void register_consumer_fields() {
  register_model_field(kModel, kBrokerField, FieldUnit::None);
  register_model_field(kModel, kRefusedField, FieldUnit::None);
  register_model_field(kModel, kRenewalsField, FieldUnit::None);
  register_model_field(kModel, kFailedCnpsField, FieldUnit::None);
  register_model_field(kModel, kReasonField, FieldUnit::None);
  register_model_field(kModel, kSchedulingOverheadField, FieldUnit::Seconds);
}

namespace detail {
template <class T>
std::optional<T> extra_of(const UserRecord& u, const char* key) {
  auto it = u.extra.find(key);
  if (it == u.extra.end() || it->is_null()) return std::nullopt;
  return it->get<T>();
}
}  // namespace detail

/// A consumer's fields; none for a user of another model, or one that never got that far.
inline std::optional<std::string> broker_of(const UserRecord& u) {
  return detail::extra_of<std::string>(u, kBrokerField);
}
inline std::optional<bool> refused_of(const UserRecord& u) {
  return detail::extra_of<bool>(u, kRefusedField);
}
inline std::optional<long> renewals_of(const UserRecord& u) {
  return detail::extra_of<long>(u, kRenewalsField);
}
inline std::optional<long> failed_cnps_of(const UserRecord& u) {
  return detail::extra_of<long>(u, kFailedCnpsField);
}
inline std::optional<std::string> reason_of(const UserRecord& u) {
  return detail::extra_of<std::string>(u, kReasonField);
}
inline std::optional<double> scheduling_overhead_s_of(const UserRecord& u) {
  return extra_number(u, kSchedulingOverheadField);
}

/// The consumer agent's writers of the same fields.
inline void set_broker(UserRecord& u, const std::string& ba) { u.extra[kBrokerField] = ba; }
inline void set_refused(UserRecord& u, bool refused) { u.extra[kRefusedField] = refused; }
inline void set_renewals(UserRecord& u, long n) { u.extra[kRenewalsField] = n; }
inline void set_failed_cnps(UserRecord& u, long n) { u.extra[kFailedCnpsField] = n; }
inline void set_reason(UserRecord& u, const std::string& why) { u.extra[kReasonField] = why; }
inline void set_scheduling_overhead_s(UserRecord& u, double s) {
  u.extra[kSchedulingOverheadField] = s;
}

/// summary.json's policy of a consumer, "HEURISTIC/ALLOCATION" (e.g. "LtoS,MaxET/i-elastic"),
/// then rules_label's ",paper" or ",no-<rule>..." when a rule botsim adds is off, and its parts
/// read back (an allocation's name has no comma).
inline std::string policy_name(const std::string& heuristic, const std::string& allocation) {
  return heuristic + "/" + allocation;
}
struct PolicyParts {
  std::string heuristic, allocation;
  std::string rules;  // "" (botsim's), or rules_label's without its first comma
};
inline PolicyParts policy_parts(const std::string& policy) {
  const auto slash = policy.rfind('/');
  if (slash == std::string::npos) return {policy, "", ""};
  std::string allocation = policy.substr(slash + 1);
  const auto comma = allocation.find(',');
  if (comma == std::string::npos) return {policy.substr(0, slash), allocation, ""};
  return {policy.substr(0, slash), allocation.substr(0, comma), allocation.substr(comma + 1)};
}

}  // namespace botsim::agents
