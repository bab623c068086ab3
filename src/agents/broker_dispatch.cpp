#include "agents/broker_dispatch.hpp"

#include <algorithm>

#include "platform/policy_failure.hpp"

namespace botsim::agents {

TaskDispatch::TaskDispatch(const BotRequest& bot, BrokerPort& port)
    : bot_(bot),
      port_(port),
      user_(port.run(), bot.user),
      scheduler_(bot.heuristic, bot.ordering_policy, bot.mapping_policy) {
  scheduler_.set_rules(bot.rules);
  guard_registered_policy(bot.ordering_policy != nullptr, bot.ordering_entry, bot.user, "rank",
                          [&] { scheduler_.add_tasks(bot.tasks); });
  std::size_t ids = 0;
  for (const Task& t : bot.tasks) ids = std::max(ids, static_cast<std::size_t>(t.id) + 1);
  rows_.resize(ids);
  handed_out_s_.resize(ids);
}

void TaskDispatch::add_resource(int id, double speed_mips, double alloc_end) {
  scheduler_.add_resource(ResourceView{id, speed_mips, alloc_end}, port_.now());
  if (busy_s_.size() <= static_cast<std::size_t>(id))
    busy_s_.resize(static_cast<std::size_t>(id) + 1);
}

void TaskDispatch::set_allocation_end(int id, double alloc_end) {
  scheduler_.set_allocation_end(id, alloc_end);
}

void TaskDispatch::remove_resource(int id) { scheduler_.remove_resource(id); }

void TaskDispatch::lose_running(int id, const std::string& reason, double price) {
  const double now = port_.now();
  if (std::optional<Task> lost = scheduler_.remove_resource(id))
    user_.lost(rows_.at(lost->id), now, reason,
               (now - handed_out_s_.at(lost->id)) * price / bot_.allocation.slot_s);
}

void TaskDispatch::output(const TaskOutput& m, std::optional<int> id) {
  user_.ran(rows_.at(m.task), m.start_s, m.end_s);
  if (id) {
    busy_s_.at(static_cast<std::size_t>(*id)) += m.end_s - m.start_s;
    scheduler_.resource_free(*id, port_.now(), m.end_s,
                             bot_.handout_latency_seen ? std::optional(m.start_s) : std::nullopt);
    last_resource_ = id;
  }
  ++tasks_done_;
}

void TaskDispatch::hand_out(const std::vector<HeldResource>& held, Rng& rng) {
  const double now = port_.now();
  guard_registered_policy(bot_.mapping_policy != nullptr, bot_.mapping_entry, bot_.user, "choose",
                          [&] { scheduler_.assign(now, rng, assigned_); });
  for (const Assignment& a : assigned_) {
    const auto& r = held.at(static_cast<std::size_t>(a.resource_id));
    rows_[a.task_id] = user_.sent(a.task_id, a.size_mi, r.ra, bot_.submit_s);
    handed_out_s_[a.task_id] = now;
    port_.to_provider(bot_.user, r.spa, ExecuteTask{bot_.user, r.ra, Task{a.task_id, a.size_mi}});
  }
}

bool TaskDispatch::busy(int id) const {
  return scheduler_.resource(id).occupied || scheduler_.awaiting_outputs();
}

double TaskDispatch::critical_busy_s() const {
  return last_resource_ ? busy_s_.at(static_cast<std::size_t>(*last_resource_)) : 0.0;
}

}  // namespace botsim::agents
