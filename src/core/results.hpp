#pragma once
// What a run reports: summary.json, tasks.csv and the per-model timelines of docs/reference.md.
// Actors append records as the simulation goes; the CLI writes them once the run succeeded.
#include <cstdint>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/output_dir.hpp"
#include "core/summary.hpp"

namespace botsim {

struct TaskRecord {
  std::string user;
  long task = 0;
  double length_mi = 0;
  std::string host;
  double submit_s = 0;
  std::optional<double> start_s;
  std::optional<double> end_s;
  /// A replica: runs alongside other attempts of the task by design (BaTS's replicated sample
  /// tasks), so it is no re-run of an unfinished one.
  bool replica = false;
};

/// An attempt of a task that was lost (its row in tasks.csv has no end), with its reason and
/// the money spent on it: lost.csv, in runs that model faults.
struct LostRecord {
  static constexpr const char* kFile = "lost.csv";
  static constexpr const char* kHeader = "user,task,host,start_s,lost_s,reason,cost";
  static constexpr bool kStreamed = false;

  std::string user;
  long task = 0;
  std::string host;
  std::optional<double> start_s;
  double lost_s = 0;
  std::string reason;
  std::optional<double> cost;  // none: the model does not price lost attempts
  std::string csv_row() const;
};

/// The precision of the numbers in the results files: a millionth of each value's unit (a
/// microsecond for times, a millionth of the currency for money, of an MI for lengths, of a
/// share), so that no binary noise shows (2.525, not 2.5249999999999972; docs/units.md).
inline constexpr double kResultsResolution = 1e-6;
/// `value` rounded to kResultsResolution (-0 as 0; values beyond 1e15 as they are).
double results_rounded(double value);
/// Every floating-point number in `j` rounded by results_rounded (summary.json, schedules.json).
void round_results_numbers(nlohmann::json& j);
void round_results_numbers(nlohmann::ordered_json& j);

/// A number as the results files write it: rounded to kResultsResolution, then the shortest
/// text that reads back the same.
std::string csv_number(double value);
std::string csv_number(const std::optional<double>& value);  // empty when absent

/// One timeline file of the results, whatever its record type (see Timeline).
class TimelineFile {
 public:
  virtual ~TimelineFile() = default;
  /// Writes (or moves the streamed file) into `dir`; nothing when there are no records.
  virtual void write(const std::string& dir) = 0;
  /// From now on, write records to `path` as they come (only for streamed record types).
  virtual void stream_to(const std::string& path) = 0;
  virtual bool streamed_type() const = 0;
  /// Removes the stream file, if any (a failed run leaves nothing behind).
  virtual void discard() = 0;
};

/// A timeline a model adds to its run's results, e.g. bids.csv or instances.csv: records of
/// type R, which names its file (`static constexpr const char* kFile`), its CSV header
/// (`kHeader`, without newline), whether its rows may be streamed to disk as they come
/// (`kStreamed`: records that never change once added), and `std::string csv_row() const`.
template <class R>
class Timeline : public TimelineFile {
 public:
  /// Adds a record; the index stays valid (records kept in memory can be changed with at()).
  size_t add(R r) {
    if (stream_) {
      *stream_ << r.csv_row() << '\n';
      return streamed_++;
    }
    records_.push_back(std::move(r));
    return records_.size() - 1;
  }
  R& at(size_t i) { return records_.at(i); }
  /// The records kept in memory (none while they are streamed to a file).
  const std::vector<R>& records() const { return records_; }

  void write(const std::string& dir) override;
  void stream_to(const std::string& path) override;
  bool streamed_type() const override { return R::kStreamed; }
  void discard() override;

 private:
  std::vector<R> records_;
  std::unique_ptr<std::ofstream> stream_;
  std::string stream_path_;
  size_t streamed_ = 0;
};

class Results {
 public:
  /// add_* return an index that stays valid as more records are added; a reference from
  /// user(i), task(i)... does not (the records are in vectors).
  size_t add_user(UserRecord r);
  UserRecord& user(size_t i) { return users_[i]; }
  /// Adds an entry of summary.json's "resources": a model's record of one of its resources, a
  /// JSON object of the model's making (e.g. grid::ResourceRecord::to_json).
  size_t add_resource(nlohmann::ordered_json r);
  nlohmann::ordered_json& resource(size_t i) { return resources_[i]; }
  /// Adds one attempt of a task; counts it in its user's tasks_rerun when an earlier attempt
  /// of the same task has no end (it was lost) and neither is a replica.
  size_t add_task(TaskRecord r);
  /// Attempt `i`, while it can still change (until it ended or was lost; see tasks()).
  TaskRecord& task(size_t i);
  /// Attempt `row` ended at `end_s`.
  void end_task(size_t row, double end_s);
  /// The row of the last attempt of `user`'s `task`, if any.
  std::optional<size_t> last_attempt(const std::string& user, long task) const;
  /// Whether attempt `row` has neither ended nor been lost (task(row) can still change it).
  bool attempt_open(size_t row) const { return !(row_flags_.at(row) & (kEnded | kLost)); }
  /// Reports attempt `row` lost at `lost_s` for `reason`, `cost` spent on it (added to its
  /// user's spent_on_lost_work): a lost.csv row in runs that model faults.
  void lose_task(size_t row, double lost_s, const std::string& reason,
                 std::optional<double> cost = std::nullopt);
  /// The run models faults (a failure injector, a host state profile): summary.json then has
  /// each user's tasks_rerun and spent_on_lost_work, and lost.csv the lost attempts.
  void model_faults() { faults_ = true; }
  bool models_faults() const { return faults_; }
  /// The timeline of record type R, created on first use.
  template <class R>
  Timeline<R>& timeline();
  /// The records of timeline R kept in memory (none if it has none or streams them).
  template <class R>
  const std::vector<R>& records() const {
    static const std::vector<R> none;
    auto it = timelines_.find(R::kFile);
    auto* t = it == timelines_.end() ? nullptr : dynamic_cast<const Timeline<R>*>(it->second.get());
    return t ? t->records() : none;
  }
  /// Add a file the model writes itself (e.g. BaTS's schedules.json) to the results directory.
  void add_file(const std::string& name, std::string content);
  /// The whole files models added, by name.
  const std::map<std::string, std::string>& files() const { return files_; }

  const std::vector<UserRecord>& users() const { return users_; }
  const std::vector<nlohmann::ordered_json>& resources() const { return resources_; }
  /// tasks.csv's rows in memory: all of them, unless they are streamed (then those from the
  /// first attempt that has neither ended nor been lost on).
  const std::deque<TaskRecord>& tasks() const { return tasks_; }
  /// From now on, streamed timelines (e.g. bids.csv: a large auction run has millions of rows)
  /// go to files named "<prefix>.<file stem>-<pid>.tmp" as their records come, instead of
  /// memory; write() then moves those files into the results directory. So do tasks.csv's
  /// rows, in order, each once it and every row before it ended or was lost.
  void stream_timelines(const std::string& prefix);

  /// Writes summary.json, tasks.csv, every timeline that has records and every added file
  /// into `dir` (which must exist).
  void write(const std::string& dir, const RunInfo& info);
  void clear();

 private:
  std::vector<UserRecord> users_;
  std::vector<nlohmann::ordered_json> resources_;
  /// The row of each task's latest attempt, per user: by task number for the usual dense
  /// numbering (0, 1, ...), in a hash map for others.
  struct LastAttempts {
    static constexpr size_t kNone = static_cast<size_t>(-1);
    std::vector<size_t> dense;
    std::unordered_map<long, size_t> sparse;
    size_t& at(long task);         // kNone for a task not seen yet
    size_t find(long task) const;  // kNone for a task not seen yet; adds nothing
  };
  /// What a task's user name leads to, in one look-up per task: its records in users_ and
  /// the rows of its tasks' latest attempts.
  struct UserIndex {
    std::vector<size_t> records;
    LastAttempts last;
  };
  std::unordered_map<std::string, UserIndex> by_name_;
  enum RowFlag : std::uint8_t { kEnded = 1, kLost = 2, kReplica = 4 };
  std::deque<TaskRecord> tasks_;         // rows first_row_, first_row_ + 1, ...
  size_t first_row_ = 0;                 // rows before it are in tasks_stream_
  std::vector<std::uint8_t> row_flags_;  // per row: RowFlag bits
  std::unique_ptr<std::ofstream> tasks_stream_;
  std::string tasks_stream_path_;
  std::map<std::string, std::unique_ptr<TimelineFile>> timelines_;  // by file name
  std::map<std::string, std::string> files_;
  /// Writes the rows at the front of tasks_ that can no longer change to tasks_stream_.
  void flush_settled_tasks();
  void write_tasks(const std::string& dir);  // tasks.csv, from memory or from its stream
  /// In runs that model faults: a lost.csv row for every attempt with no end that no model
  /// reported (e.g. one a broker abandoned for a later attempt), so none goes unreported.
  void report_unfinished(double end_s);
  bool faults_ = false;
  std::string stream_prefix_;
  std::string stream_path(const std::string& file) const;
};

template <class R>
Timeline<R>& Results::timeline() {
  auto& slot = timelines_[R::kFile];
  if (!slot) {
    slot = std::make_unique<Timeline<R>>();
    if (!stream_prefix_.empty() && R::kStreamed) slot->stream_to(stream_path(R::kFile));
  }
  auto* t = dynamic_cast<Timeline<R>*>(slot.get());
  if (!t) throw std::logic_error(std::string("two record types for ") + R::kFile);
  return *t;
}

template <class R>
void Timeline<R>::write(const std::string& dir) {
  const std::string path = dir + "/" + R::kFile;
  if (stream_) {
    stream_->close();
    bool failed = stream_->fail();
    stream_.reset();
    if (failed) throw std::runtime_error("cannot write " + stream_path_);
    move_or_remove(stream_path_, streamed_ > 0 ? path : "");
    return;
  }
  if (records_.empty()) return;
  std::ofstream out(path, std::ios::binary);
  out << R::kHeader << '\n';
  for (const auto& r : records_) out << r.csv_row() << '\n';
  if (!out) throw std::runtime_error("cannot write " + path);
}

template <class R>
void Timeline<R>::stream_to(const std::string& path) {
  stream_ = std::make_unique<std::ofstream>(path, std::ios::binary);
  if (!*stream_) throw std::runtime_error("cannot write " + path);
  stream_path_ = path;
  *stream_ << R::kHeader << '\n';
  for (const auto& r : records_) *stream_ << r.csv_row() << '\n';
  streamed_ = records_.size();
  records_.clear();
}

template <class R>
void Timeline<R>::discard() {
  if (!stream_) return;
  stream_.reset();
  move_or_remove(stream_path_, "");
}

}  // namespace botsim
