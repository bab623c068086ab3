#pragma once
// summary.json (docs/reference.md): its records and the one table of per-user fields that both
// writes and reads it. A model adds its own fields and names its currency here
// (register_user_field, register_currency): this file knows no model.
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace botsim {

/// How a user ended: summary.json's per-user "status" (README, docs/reliability.md).
namespace user_status {
inline constexpr const char* kDone = "done";                  // every task done, in time
inline constexpr const char* kDoneLate = "done_late";         // every task done, past the deadline
inline constexpr const char* kOutOfBudget = "out_of_budget";  // stopped: no money for the rest
inline constexpr const char* kDeadlinePassed = "deadline_passed";    // stopped at its deadline
inline constexpr const char* kResourcesFailed = "resources_failed";  // none left to run on
inline constexpr const char* kUnfinished = "unfinished";  // tasks undone for another reason
}  // namespace user_status

struct UserRecord {
  std::string name;
  std::string model;   // the model's name, e.g. "silva"
  std::string policy;  // e.g. "no-opt", "global", "local"
  std::optional<std::string> vo;
  long tasks_total = 0;
  long tasks_done = 0;
  double start_s = 0;
  std::optional<double> finish_s;
  std::optional<double> deadline_s;  // relative to start_s
  /// The most the user may spend: BaTS's budget plus its accepted cushion; for the auction
  /// model the fund plus the allowances received while the broker ran (docs/units.md).
  std::optional<double> budget;
  double spent = 0;
  std::optional<long> instances;
  std::optional<long> charged_units;
  std::optional<long> messages;
  /// Attempts started again after an earlier attempt of the same task did not finish
  /// (Results::add_task counts them), and the money spent on attempts that were lost (a model
  /// that prices them sets it to 0 when the user starts; none: the model does not tell).
  /// Written to summary.json only in runs that model faults (Results::model_faults).
  long tasks_rerun = 0;
  std::optional<double> spent_on_lost_work;
  /// Why the user stopped with tasks undone (a user_status, and a free-text reason), as its
  /// model set it (UserRole::stop); status() derives the rest.
  std::string stopped_as;
  std::string stop_reason;
  /// A model's own per-user fields: those it registered (register_user_field) are written in
  /// their place in summary.json, the others after the fields above.
  nlohmann::ordered_json extra = nlohmann::ordered_json::object();

  /// summary.json's makespan_s as read back (read_summary; none in a run): rounded from the
  /// exact finish_s - start_s, so it may differ from the difference of the rounded ones.
  std::optional<double> written_makespan_s;

  /// finish_s - start_s, when the user finished; as written, for a record read back.
  std::optional<double> makespan_s() const {
    if (written_makespan_s) return written_makespan_s;
    return finish_s ? std::optional<double>(*finish_s - start_s) : std::nullopt;
  }
  /// Whether it finished within its deadline (none without a deadline).
  std::optional<bool> met_deadline() const {
    if (!deadline_s) return std::nullopt;
    const auto m = makespan_s();  // as written, for a record read back
    return m && *m <= *deadline_s;
  }
  /// summary.json's "status": done or done_late when every task is done, else why it stopped
  /// (stopped_as; "unfinished" when no model said).
  std::string status() const {
    if (tasks_done >= tasks_total)
      return met_deadline() == false ? user_status::kDoneLate : user_status::kDone;
    return stopped_as.empty() ? user_status::kUnfinished : stopped_as;
  }
};

struct RunInfo {
  std::string version, platform, deployment;
  unsigned long long seed = 1;
  double simulated_time_s = 0;
  std::vector<std::string> settings;  // --set ACTOR.PROP=VALUE, in order ("set"; absent if none)
};

/// What a per-user field counts, for its unit (field_unit).
enum class FieldUnit { None, Seconds, Money, ChargedUnits };

/// One per-user field of summary.json: its key, unit, how it is written and read back.
struct UserField {
  std::string key;
  FieldUnit unit = FieldUnit::None;
  bool required = false;     // read_summary fails on a record without it
  bool faults_only = false;  // written only in runs that model faults
  std::function<nlohmann::ordered_json(const UserRecord&)> get;
  /// Sets the record from the field's value; none for a field derived from others
  /// (met_deadline).
  std::function<void(UserRecord&, const nlohmann::ordered_json&)> set;
};

/// A model's own number field, kept in UserRecord::extra under `key`: written in its place in
/// the table (null for a user without it), read back into extra.
UserField number_field(const std::string& key, FieldUnit unit);
/// The number `u.extra` holds under `key`; none when it holds none or null. Throws
/// nlohmann::json::type_error when it holds something else.
std::optional<double> extra_number(const UserRecord& u, const std::string& key);

/// Adds a model's field, written for every user (null where `get` says so) after the
/// common field "met_deadline", in the order models register them. Registering a key again
/// replaces it.
void register_user_field(UserField field);
/// Adds a field of `model`'s own, kept in UserRecord::extra under `key`: written only for that
/// model's users and only where their record holds it (null included), after the common
/// fields, in the order the model registers them; read back into extra. Unlike
/// register_user_field, the other models' users get no null for it. Registering a key again
/// replaces it.
void register_model_field(const std::string& model, const std::string& key, FieldUnit unit);
/// Names the currency of `model`'s money (a model that names none counts in "$").
void register_currency(const std::string& model, const std::string& currency);

/// Every per-user field, in summary.json's order: the common ones and the models'.
const std::vector<UserField>& user_fields();

/// The currency of a model's money (docs/units.md).
std::string currency_of(const std::string& model);
/// The unit of a per-user field of summary.json for a user of `model`: "s" for times, the
/// model's currency for money, "ATUs" for charged_units; "" for counts and words. A field
/// in neither table (a model's own extra it did not register) is in seconds when its name ends
/// in "_s".
std::string field_unit(const std::string& field, const std::string& model);

/// summary.json as written: the run, every user's fields then its extras, the resources'
/// entries as their models made them ("resources", [] when none; numbers not yet rounded).
/// `faults`: the run models faults (Results::model_faults).
nlohmann::ordered_json summary_json(const RunInfo& info, const std::vector<UserRecord>& users,
                                    const std::vector<nlohmann::ordered_json>& resources,
                                    bool faults);

/// A results directory's summary.json read back (by the experiments that aggregate runs).
struct RunSummary {
  RunInfo info;
  std::vector<UserRecord> users;                  // a model's own fields in `extra`
  std::vector<nlohmann::ordered_json> resources;  // each as its model wrote it
};
/// Reads DIR/summary.json. Throws std::runtime_error naming the file on a missing file or a
/// missing or mistyped field.
RunSummary read_summary(const std::string& dir);

}  // namespace botsim
