#include "agents/broker_dispatch.hpp"

#include <simgrid/s4u/Engine.hpp>

#include "agents/broker_roles.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::agents {

void TaskDispatch::on(const TaskOutput& m) {
  Job* j = b_.ctx.job(m.user);
  if (!j) return;
  auto& d = j->dispatch;
  j->user->ran(d.rows.at(m.task), m.start_s, m.end_s);
  if (const std::optional<int> id = ResourceLedger::live_resource(*j, m.ra)) {
    j->held.resources[static_cast<std::size_t>(*id)].busy_s += m.end_s - m.start_s;
    d.scheduler->resource_free(*id, sg4::Engine::get_clock(), m.end_s);
    d.last_resource = id;
  }
  ++j->result.tasks_done;
  b_.ctx.touch(*j);
}

void TaskDispatch::progress(Job& j) {
  if (!j.end.running || j.end.ending) return;
  // With no resource left, a replacement being contracted is waited for.
  if (bot_must_end(j.dispatch.scheduler->finished(), j.end.deadline_passed, j.held.live.size(),
                   j.contracts.replacing)) {
    b_.report.end(j);
    return;
  }
  // Fig. 5 line 6: the outputs of the same instant first, however long each takes to come.
  if (j.dispatch.scheduler->awaiting_outputs()) return;
  hand_out(j);
}

void TaskDispatch::hand_out(Job& j) {  // Fig. 5 lines 2-4, through the resources' SPAs
  const double now = sg4::Engine::get_clock();
  const auto& user = j.bot->user;
  auto& d = j.dispatch;
  for (const Assignment& a : d.scheduler->assign(now, j.rng)) {
    const auto& r = j.held.resources[static_cast<std::size_t>(a.resource_id)];
    d.rows[a.task_id] = j.user->sent(a.task_id, a.size_mi, r.ra, j.bot->submit_s);
    d.handed_out_s[a.task_id] = now;
    b_.ctx.send_spa(j, r.spa, ExecuteTask{user, r.ra, Task{a.task_id, a.size_mi}});
  }
}

void TaskDispatch::lose_running(Job& j, int id, double now, const std::string& reason,
                                double price) {
  if (std::optional<Task> lost = j.dispatch.scheduler->remove_resource(id))
    j.user->lost(j.dispatch.rows.at(lost->id), now, reason,
                 (now - j.dispatch.handed_out_s.at(lost->id)) * price / j.bot->allocation.slot_s);
}

}  // namespace botsim::agents
