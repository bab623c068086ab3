#pragma once
// The broker agent's scheduler (Gutierrez-Garcia & Sim 2012, Section 4, Fig. 5, and the
// benchmarks of Section 5.1(b)), as pure logic: the broker actor tells it about tasks,
// resources, completions and renewals; it answers which task to send to which resource.
// docs/gutierrez2012.md describes the choices; the SimGrid actor only keeps time and messages.
//
// Costs per assignment (n resources, s distinct speeds among them, m pending tasks):
// R O(1); MaxCT, MinCT, MaxET, MinET, Fastest, Slowest O(s log n); taking the next task
// O(log m). Min-min / Max-min plan every unsent task at once, O(m (s + log n)), again only when
// tasks or resources were added or removed since the last plan.
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "agents/heuristics.hpp"
#include "agents/rules.hpp"
#include "core/rng.hpp"
#include "policy/agents.hpp"

namespace botsim::agents {

struct Task {
  int id = 0;
  double size_mi = 0;  // million instructions
};

/// A resource as the broker sees it when it is composed (or joins later).
struct ResourceView {
  int id = 0;
  double speed_mips = 0;  // MI/s
  double alloc_end = 0;   // simulated time (s) its paid allocation ends
};

/// The broker's bookkeeping for one resource.
struct ResourceState {
  int id = 0;
  double speed_mips = 0;
  double alloc_end = 0;
  bool occupied = false;
  double ready_time = 0;        // expected end of its current task, or when it became free
  std::optional<Task> running;  // the task it executes
  double sent_at = 0;           // when its current (or last) task was sent
  /// The shortest time a task sent to it took to start (its hand-out's latency), among the
  /// start times reported to resource_free; unknown (taken as 0) before any.
  std::optional<double> handout_latency;
  double earliest_end = 0;  // of its current task: sent_at + handout_latency + size / speed
};

struct Assignment {
  int task_id = 0;
  int resource_id = 0;
  double size_mi = 0;
  double start = 0;
  double expected_end = 0;  // start + size / speed
};

class Scheduler {
 public:
  /// The id that stands for no resource (a choice before any resource is seen, or none free).
  static constexpr int kNoResource = -1;

  /// `ordering` / `mapping`: the policy objects of a Registered ordering / mapping (required
  /// then, ignored otherwise). A registered mapping sees every unoccupied resource (O(n log n)
  /// per task) and must choose one of them (else policy::DecisionError).
  explicit Scheduler(Heuristic heuristic, std::shared_ptr<policy::AgentsOrdering> ordering = {},
                     std::shared_ptr<policy::AgentsMapping> mapping = {});
  // by_id_ points into resources_: a copy would point into the original's (a move keeps the
  // nodes).
  Scheduler(const Scheduler&) = delete;
  Scheduler& operator=(const Scheduler&) = delete;
  Scheduler(Scheduler&&) = default;
  Scheduler& operator=(Scheduler&&) = default;

  /// The rules botsim adds that the scheduler keeps (same_instant_wait, least_overrun); all on
  /// unless set (docs/gutierrez2012.md, "Rules botsim adds").
  void set_rules(const AgentRules& rules) { rules_ = rules; }
  const AgentRules& rules() const { return rules_; }

  /// Tasks to execute, in submission order (the "U" order). Sizes must be > 0.
  void add_tasks(const std::vector<Task>& tasks);
  /// A resource composed for the BoT, unoccupied from `now`. New resources may join during a
  /// run: the Fig. 5 heuristics simply consider them from the next assign() on.
  void add_resource(const ResourceView& resource, double now);
  /// A renewal (Section 3) moved the end of the resource's allocation.
  void set_allocation_end(int resource_id, double alloc_end);
  /// The resource was released. If it was executing a task, that task is returned and goes
  /// back to the unsent tasks (in its original place in the order).
  std::optional<Task> remove_resource(int resource_id);
  /// The resource returned its task's output at `now`: it is unoccupied again. `ended_at`: when
  /// the task ended (default `now`); the output took the time between to come. `started_at`:
  /// when the task started, if known: the time since it was sent is a hand-out latency of this
  /// resource, and the shortest one bounds when its next tasks can end (awaiting_outputs).
  void resource_free(int resource_id, double now, std::optional<double> ended_at = std::nullopt,
                     std::optional<double> started_at = std::nullopt);
  /// Fig. 5 line 6 at the instant of the first outputs received since the last assign() (the
  /// latest end among those that came at the same time; later ones do not move it): whether the
  /// output of another resource that may have been freed by then is still on its way (a task
  /// cannot end before it was sent, plus the shortest hand-out latency seen on its resource,
  /// plus its size over the resource's speed). A mapping made before it comes would choose
  /// among fewer resources than Fig. 5 gives it. Always false for Min-min and Max-min, whose
  /// plan does not depend on which resources are free, and when the same_instant_wait rule is
  /// off (as printed: each output is mapped on as it comes). O(1).
  bool awaiting_outputs() const;

  /// Fig. 5 lines 2-4: the tasks to send now, each to the best unoccupied resource. Empty when
  /// every resource is occupied (line 6: wait) or nothing is left to send.
  std::vector<Assignment> assign(double now, Rng& rng);
  /// As assign(), into `out` (cleared first): a broker reuses one vector for every mapping.
  void assign(double now, Rng& rng, std::vector<Assignment>& out);

  /// Remaining allocation time of the resource at `now` (alloc_end - now; negative if over).
  double remaining_allocation(int resource_id, double now) const;
  const ResourceState& resource(int resource_id) const;
  bool has_resource(int resource_id) const;
  const Heuristic& heuristic() const { return heuristic_; }
  std::size_t unsent_tasks() const { return pending_.size(); }
  std::size_t running_tasks() const { return running_; }
  std::size_t unoccupied_resources() const { return free_list_.size(); }
  /// Every task sent has been executed and none is left to send.
  bool finished() const { return pending_.empty() && running_ == 0; }

 private:
  using TaskKey = std::pair<double, long>;    // (ordering priority, submission number)
  struct SpeedGroup {                         // unoccupied resources of one speed
    std::set<std::pair<double, int>> by_end;  // (alloc_end, id)
    std::set<int> ids;
  };
  struct Choice {
    int id = kNoResource;
    double value = 0;
  };
  /// A resource's state and where the scheduler keeps it: kept with it, not in hash maps, so
  /// that a task's start and end look nothing up but the resource.
  struct Entry {
    ResourceState state;
    TaskKey running_key{};     // its running task's key (when state.running)
    long running_start = 0;    // its running task's start number (running_ends_)
    std::size_t free_pos = 0;  // its place in free_list_ (when unoccupied)
  };
  /// Ids below it are found through by_id_ (the broker's ids are 0, 1, ...), others in the map.
  static constexpr int kDenseIds = 1 << 20;

  const Entry* find(int resource_id) const;
  Entry* find(int resource_id);
  Entry& entry(int resource_id);
  void mark_free(Entry& e);
  void mark_occupied(Entry& e);
  Assignment start(Entry& e, TaskKey key, double now);
  int choose(double size_mi, double now, Rng& rng) const;
  int choose_registered(double size_mi, double now, Rng& rng) const;
  enum class Extreme { Largest, Least };        // which end of the order to take
  enum class EndValue { Remaining, Expected };  // remaining allocation time, or less the task's
  Choice choose_by_end(double size_mi, double now, Extreme extreme, EndValue value) const;
  Choice choose_min_et(double size_mi, double now) const;
  void assign_fig5(double now, Rng& rng, std::vector<Assignment>& out);
  void assign_batch(double now, std::vector<Assignment>& out);
  /// Whether the mapping chooses by speed or allocation end (free_by_speed_); R, a registered
  /// mapping and Min-min / Max-min do not, so the groups are not kept for them.
  bool by_speed() const;
  void plan_batch(double now);

  Heuristic heuristic_;
  AgentRules rules_;
  std::shared_ptr<policy::AgentsOrdering> ordering_;  // when the ordering is Registered
  std::shared_ptr<policy::AgentsMapping> mapping_;    // when the mapping is Registered
  long next_seq_ = 0;
  std::size_t running_ = 0;
  std::map<int, Entry> resources_;   // by id (its nodes stay put: by_id_ points at them)
  std::vector<Entry*> by_id_;        // resources_' entries of ids below kDenseIds; null if none
  std::map<TaskKey, Task> pending_;  // unsent tasks, in the heuristic's order
  std::map<double, SpeedGroup> free_by_speed_;
  std::vector<int> free_list_;               // unoccupied resources, for R's uniform draw
  std::map<int, std::deque<TaskKey>> plan_;  // Min-min / Max-min: each resource's queue
  /// Each started task's earliest end, the least on top (std::push_heap with LaterEnd). A task
  /// that ended or went back unsent stays until it reaches the top, then is dropped: no tree
  /// node per task.
  struct RunningEnd {
    double earliest_end = 0;
    int id = 0;
    long start = 0;  // the task's start number: its resource's running_start while it runs
  };
  struct LaterEnd {
    bool operator()(const RunningEnd& a, const RunningEnd& b) const {
      return a.earliest_end > b.earliest_end;
    }
  };
  void drop_ended() const;  // pops the entries of tasks no longer running off the top
  mutable std::vector<RunningEnd> running_ends_;
  long starts_ = 0;
  std::optional<double> freed_at_;  // latest end among the outputs of the mapping's instant
  double instant_came_at_ = 0;      // when the first output since the last assign() came
  bool plan_dirty_ = true;
  bool keep_groups_ = true;  // by_speed(): free_by_speed_ is kept
};

}  // namespace botsim::agents
