#include "core/results.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/error.hpp"

namespace botsim {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

size_t Results::add_user(UserRecord r) {
  by_name_[r.name].records.push_back(users_.size());
  users_.push_back(std::move(r));
  return users_.size() - 1;
}

size_t Results::add_resource(Json r) {
  resources_.push_back(std::move(r));
  return resources_.size() - 1;
}
size_t& Results::LastAttempts::at(long task) {
  // Dense below 2^21 (at most 16 MB per user), so that a huge task number allocates little.
  constexpr long kDenseLimit = 1L << 21;
  if (task < 0 || task >= kDenseLimit) return sparse.try_emplace(task, kNone).first->second;
  const auto i = static_cast<size_t>(task);
  if (i >= dense.size()) dense.resize(std::max(i + 1, 2 * dense.size()), kNone);
  return dense[i];
}

size_t Results::LastAttempts::find(long task) const {
  if (task >= 0 && static_cast<size_t>(task) < dense.size()) return dense[task];
  auto it = sparse.find(task);
  return it == sparse.end() ? kNone : it->second;
}

std::optional<size_t> Results::last_attempt(const std::string& user, long task) const {
  auto it = by_name_.find(user);
  if (it == by_name_.end()) return std::nullopt;
  const size_t row = it->second.last.find(task);
  return row == LastAttempts::kNone ? std::nullopt : std::optional<size_t>(row);
}

// One tasks.csv row, appended to `out`, its numbers as csv_number writes them (straight into
// the buffer: a row per task, so no string per number and per row).
static void append_task_row(fmt::memory_buffer& out, const TaskRecord& t) {
  const auto number = [&out](double v) {
    fmt::format_to(fmt::appender(out), "{}", results_rounded(v));
  };
  fmt::format_to(fmt::appender(out), "{},{},", t.user, t.task);
  number(t.length_mi);
  fmt::format_to(fmt::appender(out), ",{},", t.host);
  number(t.submit_s);
  out.push_back(',');
  if (t.start_s) number(*t.start_s);
  out.push_back(',');
  if (t.end_s) number(*t.end_s);
  out.push_back('\n');
}
static std::string task_row(const TaskRecord& t) {
  fmt::memory_buffer out;
  append_task_row(out, t);
  return fmt::to_string(out);
}
static const char* const kTasksHeader = "user,task,length_mi,host,submit_s,start_s,end_s\n";

size_t Results::add_task(TaskRecord r) {
  const size_t row = first_row_ + tasks_.size();
  UserIndex& user = by_name_[r.user];
  size_t& last = user.last.at(r.task);
  if (last != LastAttempts::kNone) {
    const bool ended = last >= first_row_ ? tasks_[last - first_row_].end_s.has_value()
                                          : (row_flags_[last] & kEnded) != 0;
    if (!ended && !(row_flags_[last] & kReplica) && !r.replica)
      for (size_t u : user.records) ++users_[u].tasks_rerun;
  }
  last = row;
  row_flags_.push_back(r.replica ? kReplica : 0);
  tasks_.push_back(std::move(r));
  return row;
}

TaskRecord& Results::task(size_t i) {
  if (i < first_row_)
    throw std::logic_error("tasks.csv row " + std::to_string(i) + " changed after it was written");
  return tasks_.at(i - first_row_);
}

void Results::end_task(size_t row, double end_s) {
  task(row).end_s = end_s;
  row_flags_[row] |= kEnded;
  flush_settled_tasks();
}

void Results::flush_settled_tasks() {
  if (!tasks_stream_) return;
  fmt::memory_buffer rows;
  const auto write = [&] {
    tasks_stream_->write(rows.data(), static_cast<std::streamsize>(rows.size()));
    rows.clear();
  };
  while (!tasks_.empty() && (tasks_.front().end_s || (row_flags_[first_row_] & kLost))) {
    if (tasks_.front().end_s) row_flags_[first_row_] |= kEnded;
    append_task_row(rows, tasks_.front());
    tasks_.pop_front();
    ++first_row_;
    // Hundreds of rows may settle at once (the first one ended last): written before the
    // buffer outgrows its own storage.
    if (rows.size() >= 400) write();
  }
  if (rows.size() > 0) write();
}

void Results::lose_task(size_t row, double lost_s, const std::string& reason,
                        std::optional<double> cost) {
  const TaskRecord& t = task(row);
  row_flags_[row] |= kLost;
  if (cost)
    for (size_t i : by_name_.at(t.user).records) {
      UserRecord& u = users_[i];
      u.spent_on_lost_work = u.spent_on_lost_work.value_or(0) + *cost;
    }
  if (faults_)
    timeline<LostRecord>().add(LostRecord{t.user, t.task, t.host, t.start_s, lost_s, reason, cost});
  flush_settled_tasks();
}

void Results::report_unfinished(double end_s) {
  // Rows already written to the stream had ended or were lost: none of them is unfinished.
  for (size_t k = 0; k < tasks_.size(); ++k) {
    const size_t row = first_row_ + k;
    const TaskRecord& t = tasks_[k];
    if (t.end_s || (row_flags_[row] & kLost)) continue;
    row_flags_[row] |= kLost;
    size_t last = by_name_.at(t.user).last.at(t.task);
    if (last == row) {
      timeline<LostRecord>().add(LostRecord{t.user, t.task, t.host, t.start_s, end_s,
                                            "unfinished when the run ended", std::nullopt});
    } else {  // the next attempt of the task started when this one was given up
      size_t next = k + 1;
      while (tasks_[next].user != t.user || tasks_[next].task != t.task) ++next;
      timeline<LostRecord>().add(LostRecord{t.user, t.task, t.host, t.start_s,
                                            tasks_[next].start_s.value_or(tasks_[next].submit_s),
                                            "given up for a later attempt", std::nullopt});
    }
  }
}

std::string LostRecord::csv_row() const {
  // Rows are written unquoted, as tasks.csv's are: a comma in the free-text reason becomes ';'
  // so that a reader splitting on commas still finds seven fields.
  std::string why = reason;
  std::replace(why.begin(), why.end(), ',', ';');
  return fmt::format("{},{},{},{},{},{},{}", user, task, host, csv_number(start_s),
                     csv_number(lost_s), why, csv_number(cost));
}
double results_rounded(double v) {
  if (!std::isfinite(v) || std::abs(v) >= 1e15) return v;
  // Divided by the exact 1e6, the quotient is the double nearest the decimal: no noise.
  constexpr double kPerUnit = 1e6;  // 1 / kResultsResolution
  return std::round(v * kPerUnit) / kPerUnit + 0.0;
}

namespace {
template <class J>
void round_numbers_in(J& j) {
  if (j.is_number_float())
    j = results_rounded(j.template get<double>());
  else if (j.is_structured())
    for (auto it = j.begin(); it != j.end(); ++it) round_numbers_in(*it);
}
}  // namespace

void round_results_numbers(nlohmann::json& j) { round_numbers_in(j); }
void round_results_numbers(nlohmann::ordered_json& j) { round_numbers_in(j); }

std::string csv_number(double v) { return fmt::format("{}", results_rounded(v)); }
std::string csv_number(const std::optional<double>& v) { return v ? csv_number(*v) : ""; }

void Results::add_file(const std::string& name, std::string content) {
  files_[name] = std::move(content);
}

std::string Results::stream_path(const std::string& file) const {
  return stream_prefix_ + "." + fs::path(file).stem().string() + "-" + std::to_string(getpid()) +
         ".tmp";
}

void Results::stream_timelines(const std::string& prefix) {
  stream_prefix_ = prefix;
  const fs::path p(prefix);
  set_streamed_files(p.parent_path().string(), p.filename().string() + ".",
                     "-" + std::to_string(getpid()) + ".tmp");
  for (auto& [file, t] : timelines_)
    if (t->streamed_type()) t->stream_to(stream_path(file));
  tasks_stream_path_ = stream_path("tasks.csv");
  tasks_stream_ = std::make_unique<std::ofstream>(tasks_stream_path_, std::ios::binary);
  if (!*tasks_stream_) throw std::runtime_error("cannot write " + tasks_stream_path_);
  *tasks_stream_ << kTasksHeader;
  flush_settled_tasks();
}

void Results::clear() {
  for (auto& [file, t] : timelines_) {
    try {
      t->discard();
    } catch (const std::exception&) {  // already gone: nothing to clean up
    }
  }
  if (tasks_stream_) {
    tasks_stream_.reset();
    std::error_code ec;
    fs::remove(tasks_stream_path_, ec);
  }
  if (!stream_prefix_.empty()) set_streamed_files("", "", "");
  *this = Results();
}

void Results::write(const std::string& dir, const RunInfo& info) {
  if (faults_) report_unfinished(info.simulated_time_s);
  Json summary = summary_json(info, users_, resources_, faults_);
  round_results_numbers(summary);
  write_text_file(fs::path(dir) / "summary.json", summary.dump(2) + "\n");

  write_tasks(dir);

  for (auto& [file, t] : timelines_) t->write(dir);
  for (const auto& [name, content] : files_) write_text_file(fs::path(dir) / name, content);
}

void Results::write_tasks(const std::string& dir) {
  const fs::path path = fs::path(dir) / "tasks.csv";
  if (!tasks_stream_) {
    std::string csv = kTasksHeader;
    for (const auto& t : tasks_) csv += task_row(t);
    write_text_file(path, csv);
    return;
  }
  for (const auto& t : tasks_) *tasks_stream_ << task_row(t);
  tasks_stream_->close();
  const bool failed = tasks_stream_->fail();
  tasks_stream_.reset();
  if (failed) throw std::runtime_error("cannot write " + tasks_stream_path_);
  move_or_remove(tasks_stream_path_, path.string());
}

}  // namespace botsim
