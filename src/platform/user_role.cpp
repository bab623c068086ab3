#include "platform/user_role.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <stdexcept>
#include <string>

#include "core/workload.hpp"
#include "traces/trace_workload.hpp"

namespace botsim {

UserSpec UserSpec::read(const PropReader& props, const ActorSite& site, const std::string& size_key,
                        const std::string& stream_prefix, const std::string& old_name_key) {
  UserSpec u;
  if (!old_name_key.empty() && props.has(old_name_key)) {
    if (props.has("name"))
      props.fail(old_name_key, "give the user's name once, as 'name' ('" + old_name_key +
                                   "' is its older spelling)");
    u.name = props.text(old_name_key);
    if (u.name.empty()) props.fail(old_name_key, "must not be empty");
  } else {
    u.name = user_name(props, site);
  }
  Rng rng = site.run.rng(stream_prefix + u.name);
  const std::string& dir = site.run.paths().deployment_dir;
  // A trace names its bag by props (docs/traces.md); sizes in MI for the grid model.
  u.tasks = traces::names_trace(props)
                ? traces::read_trace_workload(props, dir, size_key, size_key == "task_length")
                : read_workload(props, dir, rng, size_key);
  return u;
}

UserSpec UserSpec::read(const PropReader& props, const ActorSite& site, const DrawTasks& draw) {
  UserSpec u;
  u.name = user_name(props, site);
  if (props.has("workload")) {
    Rng unused = site.run.rng("workload:" + u.name);  // a file draws nothing
    u.tasks = read_workload(props, site.run.paths().deployment_dir, unused, "");
  } else {
    u.tasks = draw(props.integer("tasks", std::nullopt, 1, kMaxTasks));
  }
  return u;
}

Rng UserRole::rng(std::string_view prefix) const { return run_.rng(std::string(prefix) + name_); }

void UserRole::open(UserRecord record) {
  if (record_) throw std::logic_error("user " + name_ + " opened twice");
  record.name = name_;
  record_ = run_.results().add_user(std::move(record));
}

UserRecord& UserRole::record() {
  if (!record_) throw std::logic_error("user " + name_ + " has no results record yet");
  return run_.results().user(*record_);
}

size_t UserRole::started(long task, double length_mi, const std::string& host, double submit_s,
                         bool replica) {
  return run_.results().add_task(TaskRecord{name_, task, length_mi, host, submit_s,
                                            simgrid::s4u::Engine::get_clock(), std::nullopt,
                                            replica});
}

void UserRole::ended(size_t row, double end_s) { run_.results().end_task(row, end_s); }

size_t UserRole::sent(long task, double length_mi, const std::string& host, double submit_s) {
  return run_.results().add_task(
      TaskRecord{name_, task, length_mi, host, submit_s, std::nullopt, std::nullopt});
}

void UserRole::ran(size_t row, double start_s, double end_s) {
  run_.results().task(row).start_s = start_s;
  run_.results().end_task(row, end_s);
}

void UserRole::lost(size_t row, double lost_s, const std::string& reason,
                    std::optional<double> cost) {
  run_.results().lose_task(row, lost_s, reason, cost);
}

std::optional<size_t> UserRole::open_attempt(long task, const std::string& host) const {
  std::optional<size_t> row = run_.results().last_attempt(name_, task);
  if (!row || !run_.results().attempt_open(*row)) return std::nullopt;
  if (run_.results().task(*row).host != host) return std::nullopt;
  return row;
}

void UserRole::stop(const char* status, const std::string& reason) {
  UserRecord& r = record();
  r.stopped_as = status;
  r.stop_reason = reason;
}

}  // namespace botsim
