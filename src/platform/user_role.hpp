#pragma once
// What every model's user actor shares (a Broker, a SilvaCoordinator, a BaTS scheduler, a
// consumer agent): its name, its bag of tasks, its random streams, and its rows in the results
// (its summary.json record from start to finish, and its tasks.csv rows).
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/props.hpp"
#include "core/results.hpp"
#include "platform/scenario.hpp"

namespace botsim {

/// A user as its actor's Params read it: the one naming rule and the bag of tasks.
struct UserSpec {
  std::string name;
  std::vector<double> tasks;  // one size per task: MI (grid models) or seconds (cloud models)

  /// How a model draws `n` task sizes its own way (the agents' Table 4 BoTs).
  using DrawTasks = std::function<std::vector<double>(long long n)>;
  /// As read() below, but `tasks` is drawn by `draw` (the model reads its own distribution).
  static UserSpec read(const PropReader& props, const ActorSite& site, const DrawTasks& draw);

  /// `name` (default: the host's name; `old_name_key`, if given, is an older spelling still
  /// read), and the tasks from `workload` (a file) or `tasks` and the distribution in
  /// `size_key`, drawn from the run's stream `stream_prefix + name`.
  static UserSpec read(const PropReader& props, const ActorSite& site, const std::string& size_key,
                       const std::string& stream_prefix, const std::string& old_name_key = "");
};

class UserRole {
 public:
  UserRole(Run& run, std::string name) : run_(run), name_(std::move(name)) {}
  const std::string& name() const { return name_; }

  /// The run's random stream `prefix + name` (e.g. "order:U0"): each user draws its own.
  Rng rng(std::string_view prefix) const;

  /// Adds the user's summary.json record (its name filled in); call once, when the user starts.
  void open(UserRecord record);
  UserRecord& record();

  /// A tasks.csv row for one attempt of `task` on `host`, submitted at `submit_s` and started
  /// now; returns the row, for ended(). A `replica` runs alongside other attempts by design
  /// (it is no re-run, TaskRecord::replica).
  size_t started(long task, double length_mi, const std::string& host, double submit_s,
                 bool replica = false);
  void ended(size_t row, double end_s);
  /// A tasks.csv row for an attempt of `task` sent now to `host`, whose start is told later
  /// (ran()): a model that hands tasks out through messages (the agents' brokers).
  size_t sent(long task, double length_mi, const std::string& host, double submit_s);
  /// Attempt `row` ran from `start_s` to `end_s`.
  void ran(size_t row, double start_s, double end_s);
  /// Attempt `row` was lost at `lost_s` for `reason`, `cost` spent on it (Results::lose_task).
  void lost(size_t row, double lost_s, const std::string& reason,
            std::optional<double> cost = std::nullopt);

  /// The row of `task`'s last attempt if it is on `host` and has no end.
  std::optional<size_t> open_attempt(long task, const std::string& host) const;
  /// The user stops with tasks undone, as `status` (a user_status, e.g. out_of_budget) for
  /// `reason` (summary.json's "status" and "status_reason", the run table's last line).
  void stop(const char* status, const std::string& reason);

  /// Messages counted on this user's behalf so far (send_for).
  long messages() const { return run_.messages().of(name_); }

 private:
  Run& run_;
  std::string name_;
  std::optional<size_t> record_;
};

}  // namespace botsim
