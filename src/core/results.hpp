#pragma once
// What a run reports: summary.json, tasks.csv and the per-model timelines of CONTRACT.md.
// Actors append records as the simulation goes; the CLI writes them once the run succeeded.
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace botsim {

struct UserRecord {
  std::string name;
  std::string model;   // "auction" | "silva" | "bats" | "agents"
  std::string policy;  // e.g. "no-opt", "global", "local"
  std::optional<std::string> vo;
  long tasks_total = 0;
  long tasks_done = 0;
  double start_s = 0;
  std::optional<double> finish_s;
  std::optional<double> deadline_s;  // relative to start_s
  std::optional<double> budget;
  double spent = 0;
  std::optional<long> instances;
  std::optional<long> charged_units;
  std::optional<long> messages;
};

struct ResourceRecord {
  std::string name;
  std::vector<std::string> vo;
  double earned = 0;
};

struct TaskRecord {
  std::string user;
  long task = 0;
  double length_mi = 0;
  std::string host;
  double submit_s = 0;
  std::optional<double> start_s;
  std::optional<double> end_s;
};

struct BidRecord {
  double time_s = 0;
  std::string resource, user;
  double bid = 0;    // cents per minute
  double share = 0;  // fraction of the resource, in [0, 1]
  double cost = 0;   // charged for this auction period (G$)
};

struct InstanceRecord {
  std::string user, instance, type;
  double start_s = 0;
  std::optional<double> stop_s;
  long charged_units = 0;
  double cost = 0;
};

struct RunInfo {
  std::string version, platform, deployment;
  unsigned long long seed = 1;
  double simulated_time_s = 0;
};

class Results {
 public:
  /// add_* return an index that stays valid as more records are added; a reference from
  /// user(i), task(i)... does not (the records are in vectors).
  size_t add_user(UserRecord r);
  UserRecord& user(size_t i) { return users_[i]; }
  size_t add_resource(ResourceRecord r);
  ResourceRecord& resource(size_t i) { return resources_[i]; }
  size_t add_task(TaskRecord r);
  TaskRecord& task(size_t i) { return tasks_[i]; }
  void add_bid(BidRecord r);
  size_t add_instance(InstanceRecord r);
  InstanceRecord& instance(size_t i) { return instances_[i]; }

  const std::vector<UserRecord>& users() const { return users_; }
  const std::vector<ResourceRecord>& resources() const { return resources_; }
  const std::vector<TaskRecord>& tasks() const { return tasks_; }
  /// The bid records kept in memory (none while they are streamed to a file).
  const std::vector<BidRecord>& bids() const { return bids_; }
  /// From now on, write bid records to `path` as they come instead of keeping them (a large
  /// auction run has millions); write() then moves that file into the results directory.
  void stream_bids_to(const std::string& path);
  const std::vector<InstanceRecord>& instances() const { return instances_; }

  /// Writes summary.json, tasks.csv and, when there are records for them, bids.csv and
  /// instances.csv into `dir` (which must exist).
  void write(const std::string& dir, const RunInfo& info);
  /// The per-user table printed by `botsim run`.
  std::string table() const;
  void clear();

 private:
  std::vector<UserRecord> users_;
  std::vector<ResourceRecord> resources_;
  std::vector<TaskRecord> tasks_;
  std::vector<BidRecord> bids_;
  std::vector<InstanceRecord> instances_;
  std::unique_ptr<std::ofstream> bid_stream_;
  std::string bid_stream_path_;
  size_t bids_streamed_ = 0;
};

/// The results of the simulation running in this process (one simulation per process).
Results& results();

/// Writes a results directory atomically: `fill(tmp)` writes into a fresh temporary directory
/// next to `dir`, which then replaces `dir`. If `fill` throws, `dir` is left as it was.
void write_directory_atomically(const std::string& dir,
                                const std::function<void(const std::string&)>& fill);

}  // namespace botsim
