#include "agents/scheduler.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/error.hpp"
#include "policy/registry.hpp"

namespace botsim::agents {

namespace {

constexpr int kNoResource = Scheduler::kNoResource;

// Better of two candidates: `better(a, b)` on values, ties to the lowest resource id.
template <class Better>
bool prefer(double value, int id, double best_value, int best_id, Better better) {
  if (best_id == kNoResource) return true;
  if (better(value, best_value)) return true;
  return value == best_value && id < best_id;
}

}  // namespace

Scheduler::Scheduler(Heuristic heuristic, std::shared_ptr<policy::AgentsOrdering> ordering,
                     std::shared_ptr<policy::AgentsMapping> mapping)
    : heuristic_(std::move(heuristic)),
      ordering_(std::move(ordering)),
      mapping_(std::move(mapping)) {
  if (heuristic_.ordering == TaskOrdering::Registered && !ordering_)
    throw std::invalid_argument("ordering " + quote_text(heuristic_.registered_ordering) +
                                " has no policy object");
  if (heuristic_.mapping == MappingPolicy::Registered && !mapping_)
    throw std::invalid_argument("mapping policy " + quote_text(heuristic_.registered) +
                                " has no policy object");
  keep_groups_ = by_speed();
}

void Scheduler::add_tasks(const std::vector<Task>& tasks) {
  for (const auto& t : tasks) {
    if (!(t.size_mi > 0) || !std::isfinite(t.size_mi))
      throw std::invalid_argument("task " + std::to_string(t.id) +
                                  ": size must be a positive number of MI");
  }
  for (const auto& t : tasks) {
    // Table 1: U keeps submission order; LtoS / StoL sort by size, ties in submission order.
    double priority = 0;
    if (heuristic_.ordering == TaskOrdering::LtoS) priority = -t.size_mi;
    if (heuristic_.ordering == TaskOrdering::StoL) priority = t.size_mi;
    if (heuristic_.ordering == TaskOrdering::Registered) {
      priority = ordering_->rank(policy::AgentTask{t.id, t.size_mi});
      if (std::isnan(priority))
        throw policy::DecisionError("rank() of task " + std::to_string(t.id) + " is NaN");
    }
    pending_.emplace(TaskKey{priority, next_seq_++}, t);
  }
  plan_dirty_ = true;
}

void Scheduler::add_resource(const ResourceView& r, double now) {
  if (!(r.speed_mips > 0) || !std::isfinite(r.speed_mips))
    throw std::invalid_argument("resource " + std::to_string(r.id) + ": speed must be > 0 MI/s");
  if (resources_.count(r.id))
    throw std::invalid_argument("resource " + std::to_string(r.id) + " added twice");
  Entry& e = resources_[r.id];
  if (r.id >= 0 && r.id < kDenseIds) {
    if (by_id_.size() <= static_cast<std::size_t>(r.id))
      by_id_.resize(static_cast<std::size_t>(r.id) + 1, nullptr);
    by_id_[static_cast<std::size_t>(r.id)] = &e;
  }
  ResourceState& s = e.state;
  s.id = r.id;
  s.speed_mips = r.speed_mips;
  s.alloc_end = r.alloc_end;
  s.ready_time = now;
  mark_free(e);
  plan_dirty_ = true;
}

void Scheduler::set_allocation_end(int resource_id, double alloc_end) {
  ResourceState& r = entry(resource_id).state;
  if (!r.occupied && keep_groups_) {  // re-key the unoccupied resource under its new end
    auto& by_end = free_by_speed_.at(r.speed_mips).by_end;
    by_end.erase({r.alloc_end, r.id});
    by_end.emplace(alloc_end, r.id);
  }
  r.alloc_end = alloc_end;
}

std::optional<Task> Scheduler::remove_resource(int resource_id) {
  Entry& e = entry(resource_id);
  ResourceState& r = e.state;
  std::optional<Task> lost = r.running;
  if (r.occupied) {
    if (lost) {
      pending_.emplace(e.running_key, *lost);
      --running_;
    }
  } else {
    mark_occupied(e);
  }
  if (resource_id >= 0 && resource_id < kDenseIds)
    by_id_[static_cast<std::size_t>(resource_id)] = nullptr;
  resources_.erase(resource_id);
  plan_.erase(resource_id);
  plan_dirty_ = true;
  return lost;
}

void Scheduler::resource_free(int resource_id, double now, std::optional<double> ended_at,
                              std::optional<double> started_at) {
  Entry& e = entry(resource_id);
  ResourceState& r = e.state;
  if (!r.occupied)
    throw std::logic_error("resource " + std::to_string(resource_id) + " is not occupied");
  if (started_at) {
    const double latency = std::max(0.0, *started_at - r.sent_at);
    r.handout_latency = std::min(r.handout_latency.value_or(latency), latency);
  }
  const double ended = ended_at.value_or(now);
  // The instant is that of the outputs that came with the first since the last mapping; those
  // that come while the broker waits are seen by the mapping but not waited for.
  if (!freed_at_) {
    freed_at_ = ended;
    instant_came_at_ = now;
  } else if (now <= instant_came_at_) {
    freed_at_ = std::max(*freed_at_, ended);
  }
  r.running.reset();
  --running_;
  r.ready_time = now;
  mark_free(e);
}

std::vector<Assignment> Scheduler::assign(double now, Rng& rng) {
  std::vector<Assignment> out;
  assign(now, rng, out);
  return out;
}

void Scheduler::assign(double now, Rng& rng, std::vector<Assignment>& out) {
  out.clear();
  freed_at_.reset();
  if (heuristic_.kind == HeuristicKind::Fig5)
    assign_fig5(now, rng, out);
  else
    assign_batch(now, out);
}

bool Scheduler::by_speed() const {
  if (heuristic_.kind != HeuristicKind::Fig5) return false;
  switch (heuristic_.mapping) {
    case MappingPolicy::R:
    case MappingPolicy::Registered:
      return false;
    case MappingPolicy::MaxET:
    case MappingPolicy::MaxCT:
    case MappingPolicy::MinET:
    case MappingPolicy::MinCT:
    case MappingPolicy::Fastest:
    case MappingPolicy::Slowest:
      return true;
  }
  return true;
}

bool Scheduler::awaiting_outputs() const {
  if (!rules_.same_instant_wait || heuristic_.kind != HeuristicKind::Fig5 || !freed_at_ ||
      pending_.empty())
    return false;
  drop_ended();
  if (running_ends_.empty()) return false;
  // SimGrid's clock and the broker's sum may differ in the last bits for the same instant.
  const double slack = 1e-9 * std::max(1.0, std::abs(*freed_at_));
  return running_ends_.front().earliest_end <= *freed_at_ + slack;
}

void Scheduler::drop_ended() const {
  while (!running_ends_.empty()) {
    const RunningEnd& top = running_ends_.front();
    const Entry* e = find(top.id);
    if (e && e->state.running && e->running_start == top.start) return;
    std::pop_heap(running_ends_.begin(), running_ends_.end(), LaterEnd{});
    running_ends_.pop_back();
  }
}

double Scheduler::remaining_allocation(int resource_id, double now) const {
  return resource(resource_id).alloc_end - now;
}

const ResourceState& Scheduler::resource(int resource_id) const {
  const Entry* e = find(resource_id);
  if (!e) throw std::out_of_range("no resource " + std::to_string(resource_id));
  return e->state;
}

bool Scheduler::has_resource(int resource_id) const { return find(resource_id) != nullptr; }

const Scheduler::Entry* Scheduler::find(int resource_id) const {
  if (resource_id >= 0 && resource_id < kDenseIds) {
    const auto i = static_cast<std::size_t>(resource_id);
    return i < by_id_.size() ? by_id_[i] : nullptr;
  }
  auto it = resources_.find(resource_id);
  return it == resources_.end() ? nullptr : &it->second;
}

Scheduler::Entry* Scheduler::find(int resource_id) {
  return const_cast<Entry*>(std::as_const(*this).find(resource_id));
}

Scheduler::Entry& Scheduler::entry(int resource_id) {
  Entry* e = find(resource_id);
  if (!e) throw std::out_of_range("no resource " + std::to_string(resource_id));
  return *e;
}

void Scheduler::mark_free(Entry& e) {
  ResourceState& r = e.state;
  r.occupied = false;
  if (keep_groups_) {
    SpeedGroup& g = free_by_speed_[r.speed_mips];
    g.by_end.emplace(r.alloc_end, r.id);
    g.ids.insert(r.id);
  }
  e.free_pos = free_list_.size();
  free_list_.push_back(r.id);
}

void Scheduler::mark_occupied(Entry& e) {
  ResourceState& r = e.state;
  r.occupied = true;
  if (keep_groups_) {
    auto g = free_by_speed_.find(r.speed_mips);
    g->second.by_end.erase({r.alloc_end, r.id});
    g->second.ids.erase(r.id);
    if (g->second.ids.empty()) free_by_speed_.erase(g);
  }
  // Swap-remove from the draw list: O(1).
  const std::size_t pos = e.free_pos;
  const int last = free_list_.back();
  entry(last).free_pos = pos;
  free_list_[pos] = last;
  free_list_.pop_back();
}

Assignment Scheduler::start(Entry& e, TaskKey key, double now) {
  ResourceState& r = e.state;
  Task t = pending_.at(key);
  pending_.erase(key);
  mark_occupied(e);
  r.running = t;
  r.ready_time = now + t.size_mi / r.speed_mips;
  r.sent_at = now;
  r.earliest_end = now + r.handout_latency.value_or(0.0) + t.size_mi / r.speed_mips;
  drop_ended();  // so that the heap holds few more than the running tasks
  e.running_start = ++starts_;
  running_ends_.push_back(RunningEnd{r.earliest_end, r.id, e.running_start});
  std::push_heap(running_ends_.begin(), running_ends_.end(), LaterEnd{});
  e.running_key = key;
  ++running_;
  return Assignment{t.id, r.id, t.size_mi, now, r.ready_time};
}

// Among the unoccupied resources: the max (or min) of the current remaining allocation time
// (MaxCT / MinCT) or of the expected one, remaining - size / speed (MaxET). Within a speed
// group the order by alloc_end is the order by either value.
Scheduler::Choice Scheduler::choose_by_end(double size_mi, double now, Extreme extreme,
                                           EndValue end_value) const {
  const bool maximise = extreme == Extreme::Largest;
  const bool expected = end_value == EndValue::Expected;
  Choice best;
  for (const auto& [speed, g] : free_by_speed_) {
    double end = maximise ? g.by_end.rbegin()->first : g.by_end.begin()->first;
    int id = g.by_end.lower_bound({end, std::numeric_limits<int>::min()})->second;
    double value = end - now - (expected ? size_mi / speed : 0.0);
    bool better = maximise ? prefer(value, id, best.value, best.id, std::greater<double>())
                           : prefer(value, id, best.value, best.id, std::less<double>());
    if (better) best = Choice{id, value};
  }
  return best;
}

// MinET: the least expected remaining allocation time among the resources where the task
// still fits (>= 0); if it fits nowhere, the least overrun (as MaxET). docs/gutierrez2012.md.
Scheduler::Choice Scheduler::choose_min_et(double size_mi, double now) const {
  Choice best;
  for (const auto& [speed, g] : free_by_speed_) {
    double need = now + size_mi / speed;
    auto it = g.by_end.lower_bound({need, std::numeric_limits<int>::min()});
    if (it == g.by_end.end()) continue;
    double value = it->first - need;
    if (prefer(value, it->second, best.value, best.id, std::less<double>()))
      best = Choice{it->second, value};
  }
  // Fits nowhere: the least overrun (botsim's rule), or as printed the minimum, the most.
  if (best.id == kNoResource)
    return choose_by_end(size_mi, now, rules_.least_overrun ? Extreme::Largest : Extreme::Least,
                         EndValue::Expected);
  return best;
}

int Scheduler::choose(double size_mi, double now, Rng& rng) const {
  switch (heuristic_.mapping) {
    case MappingPolicy::R:  // rng() % n: the same draw on every standard library
      return free_list_[static_cast<std::size_t>(rng() % free_list_.size())];
    case MappingPolicy::MaxET:
      return choose_by_end(size_mi, now, Extreme::Largest, EndValue::Expected).id;
    case MappingPolicy::MaxCT:
      return choose_by_end(size_mi, now, Extreme::Largest, EndValue::Remaining).id;
    case MappingPolicy::MinET:
      return choose_min_et(size_mi, now).id;
    case MappingPolicy::MinCT:
      return choose_by_end(size_mi, now, Extreme::Least, EndValue::Remaining).id;
    case MappingPolicy::Fastest:
      return *free_by_speed_.rbegin()->second.ids.begin();
    case MappingPolicy::Slowest:
      return *free_by_speed_.begin()->second.ids.begin();
    case MappingPolicy::Registered:
      return choose_registered(size_mi, now, rng);
  }
  return kNoResource;
}

namespace {

class View : public policy::MappingView {
 public:
  View(double now, policy::AgentTask task, Rng& rng) : now_(now), task_(task), random_(rng) {}
  double now() const override { return now_; }
  const policy::AgentTask& task() const override { return task_; }
  const std::vector<policy::AgentResource>& unoccupied() const override { return unoccupied_; }
  policy::Random& random() const override { return random_; }
  std::vector<policy::AgentResource> unoccupied_;

 private:
  double now_;
  policy::AgentTask task_;
  mutable policy::Random random_;
};

}  // namespace

// A registered policy sees every unoccupied resource, by id (O(n log n) per task: for
// policies under study, not for the paper's 2500-resource runs).
int Scheduler::choose_registered(double size_mi, double now, Rng& rng) const {
  std::vector<int> ids = free_list_;
  std::sort(ids.begin(), ids.end());
  View view(now, policy::AgentTask{pending_.begin()->second.id, size_mi}, rng);
  view.unoccupied_.reserve(ids.size());
  for (int id : ids) {
    const ResourceState& r = resource(id);
    view.unoccupied_.push_back(policy::AgentResource{r.id, r.speed_mips, r.alloc_end});
  }
  const int id = mapping_->choose(view);
  if (!std::binary_search(ids.begin(), ids.end(), id))
    throw policy::DecisionError("chose resource " + std::to_string(id) + " for task " +
                                std::to_string(view.task().id) + ", which it was not offered");
  return id;
}

// Fig. 5 lines 2-4: the next unexecuted task in order to the best unoccupied resource, until
// none is left (line 5-6: wait for an output).
void Scheduler::assign_fig5(double now, Rng& rng, std::vector<Assignment>& out) {
  while (!pending_.empty() && !free_list_.empty()) {
    auto first = pending_.begin();
    int id = choose(first->second.size_mi, now, rng);
    out.push_back(start(entry(id), first->first, now));
  }
}

// Min-min / Max-min (Section 5.1(b)): each unoccupied resource takes the next task of its
// planned queue.
void Scheduler::assign_batch(double now, std::vector<Assignment>& out) {
  if (plan_dirty_) plan_batch(now);
  std::vector<int> free_ids = free_list_;
  std::sort(free_ids.begin(), free_ids.end());
  for (int id : free_ids) {
    auto q = plan_.find(id);
    if (q == plan_.end() || q->second.empty()) continue;
    TaskKey key = q->second.front();
    q->second.pop_front();
    out.push_back(start(entry(id), key, now));
  }
}

// Min-min assigns, among all unassigned tasks, the one with the minimum earliest completion
// time (over all resources, from their expected ready times); Max-min the one with the maximum.
// With a resource's time for a task = size / speed, a task's earliest completion time grows
// with its size, so Min-min's pick is always the smallest task and Max-min's the largest:
// planning in StoL (LtoS) order, each task to its earliest-completion resource, is the same
// schedule in O(m (s + log n)) instead of O(m^2 n). Ties: submission order, lowest resource id.
void Scheduler::plan_batch(double now) {
  plan_.clear();
  std::map<double, std::set<std::pair<double, int>>> ready_by_speed;  // (ready, id)
  for (const auto& [id, e] : resources_) {
    const ResourceState& r = e.state;
    ready_by_speed[r.speed_mips].emplace(r.occupied ? std::max(r.ready_time, now) : now, id);
  }
  for (const auto& [key, task] : pending_) {
    double best_end = 0, best_speed = 0, best_ready = 0;
    int best_id = kNoResource;
    for (const auto& [speed, group] : ready_by_speed) {
      auto [ready, id] = *group.begin();
      double end = ready + task.size_mi / speed;
      if (prefer(end, id, best_end, best_id, std::less<double>())) {
        best_end = end, best_id = id, best_speed = speed, best_ready = ready;
      }
    }
    if (best_id == kNoResource) break;  // no resource yet
    auto& group = ready_by_speed[best_speed];
    group.erase({best_ready, best_id});
    group.emplace(best_end, best_id);
    plan_[best_id].push_back(key);
  }
  plan_dirty_ = false;
}

}  // namespace botsim::agents
