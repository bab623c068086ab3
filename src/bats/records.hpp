#pragma once
// BaTS's records in a run's results (docs/bats2011.md, "summary.json"): its users' own fields
// of summary.json and schedules.json, each key declared here once with its type. The model
// writes them and the experiments and the run table read them through these declarations
// only. No SimGrid.
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bats/cluster.hpp"
#include "bats/sampling_summary.hpp"
#include "bats/schedules.hpp"
#include "core/summary.hpp"

namespace botsim::bats {

/// summary.json's "model" of a BaTS user.
inline constexpr const char* kModel = "bats";

/// One of BaTS's own per-user fields of summary.json, kept in UserRecord::extra: its key, its
/// unit (field_unit) and the type of its value. register_fields() registers every one in
/// summary.json's order.
template <class T>
struct Field {
  const char* key;
  FieldUnit unit;

  /// Its value in `u`; none when `u` has none or null (e.g. a run that ended before its
  /// execution phase). Throws nlohmann::json::type_error on a value of another type.
  std::optional<T> of(const UserRecord& u) const {
    auto it = u.extra.find(key);
    if (it == u.extra.end() || it->is_null()) return std::nullopt;
    return it->template get<T>();
  }
  /// Its value in `u`; throws std::runtime_error naming the user and the field when it has
  /// none (or null).
  T at(const UserRecord& u) const {
    if (std::optional<T> v = of(u)) return *v;
    throw std::runtime_error(u.name + " has no " + key);
  }
  void set(UserRecord& u, const T& value) const { u.extra[key] = value; }
  /// Sets it to `value`, null for none.
  void set(UserRecord& u, const std::optional<T>& value) const {
    if (value)
      set(u, *value);
    else
      u.extra[key] = nullptr;
  }
};

/// BaTS's per-user fields of summary.json, in the order it writes them (docs/bats2011.md,
/// "summary.json"). The first seven only once the execution phase has started; the
/// incomplete_reason only for a bag left undone.
namespace fields {
inline constexpr Field<std::string> schedule{"schedule", FieldUnit::None};  // "Sched2", "budget"
inline constexpr Field<double> schedule_budget{"schedule_budget", FieldUnit::Money};  // no raise
/// Case (a)'s raise and case (b)'s cushion, as accepted (0 when refused or none).
inline constexpr Field<double> raise{"raise", FieldUnit::Money};
inline constexpr Field<double> cushion{"cushion", FieldUnit::Money};
inline constexpr Field<std::string> risk{"risk", FieldUnit::None};               // to_string(Risk)
inline constexpr Field<std::vector<int>> machines{"machines", FieldUnit::None};  // per cluster
inline constexpr Field<double> expected_makespan_s{"expected_makespan_s", FieldUnit::Seconds};
/// The bag's real mean and deviation of a task's time on each cluster (Fig. 5; not BaTS's).
inline constexpr Field<std::vector<double>> real_mu_s{"real_mu_s", FieldUnit::Seconds};
inline constexpr Field<std::vector<double>> real_sigma_s{"real_sigma_s", FieldUnit::Seconds};
inline constexpr Field<long> ns{"ns", FieldUnit::None};
inline constexpr Field<double> sampling_spent{"sampling_spent", FieldUnit::Money};  // Table 1's S
inline constexpr Field<double> sampling_end_s{"sampling_end_s", FieldUnit::Seconds};
inline constexpr Field<double> total_spent{"total_spent", FieldUnit::Money};
inline constexpr Field<double> sampling_s{"sampling_s", FieldUnit::Seconds};
inline constexpr Field<double> execution_spent{"execution_spent", FieldUnit::Money};
/// From the end of the sampling to the last task; null for a bag left undone.
inline constexpr Field<double> execution_makespan_s{"execution_makespan_s", FieldUnit::Seconds};
inline constexpr Field<long> reconfigurations{"reconfigurations", FieldUnit::None};
inline constexpr Field<long> violation_signals{"violation_signals", FieldUnit::None};
inline constexpr Field<double> first_signal_s{"first_signal_s", FieldUnit::Seconds};  // or null
inline constexpr Field<double> replanned_makespan_s{"replanned_makespan_s", FieldUnit::Seconds};
inline constexpr Field<std::string> incomplete_reason{"incomplete_reason", FieldUnit::None};
}  // namespace fields

/// Registers the fields above with summary.json's table (core/summary.hpp), in their order,
/// for BaTS's users only.
void register_fields();

/// schedules.json (docs/bats2011.md, "Budget estimates"): one cluster, its price and size and
/// what the sampling estimated of it.
struct ClusterRecord {
  std::string name;
  double price_per_atu = 0;
  int max_machines = 0;
  std::optional<double> ti_s;
  std::optional<LinearDependency> beta;  // against the base cluster
  std::optional<Moments> sample;         // of its complete sample set (s)
};

/// schedules.json: one proposed schedule.
struct ProposedRecord {
  std::string name;
  double budget = 0, raise = 0, cushion = 0;  // Schedule's
  std::string risk;
  std::vector<int> machines;
  long makespan_atus = 0;
  double expected_makespan_s = 0, cost = 0;
  long delta_n = 0, delta_n_initial = 0;

  static ProposedRecord of(const Schedule& s);
};

/// schedules.json as a whole.
struct SchedulesRecord {
  double atu_s = 0;
  long ns = 0;
  int nlr = kNlr;
  std::optional<std::string> base_cluster;
  std::vector<ClusterRecord> clusters;
  std::vector<ProposedRecord> schedules;

  /// Its numbers at the results files' precision.
  nlohmann::json to_json() const;
  /// Throws nlohmann::json::exception on a missing or mistyped field.
  static SchedulesRecord from_json(const nlohmann::json& j);
};

/// schedules.json: every schedule (budget, cushion, machines per cluster, makespan in ATUs ...)
/// plus the Ti, beta and sample statistics they came from.
nlohmann::json schedules_json(const std::vector<Schedule>& schedules,
                              const std::vector<Cluster>& clusters, double atu_s,
                              const SamplingSummary& sampling);

}  // namespace botsim::bats
