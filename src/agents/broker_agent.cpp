#include "agents/broker_agent.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <cmath>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include "agents/catalog.hpp"
#include "cloud/billing.hpp"
#include "cloud/records.hpp"
#include "core/results.hpp"
#include "core/units.hpp"
#include "platform/timers.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::agents {

BrokerAgent::Params BrokerAgent::Params::read(const PropReader& props, const ActorSite&) {
  Params p;
  p.margin = props.number("margin", 0.0, 0);
  p.capacity = static_cast<long>(props.integer("capacity", -1, -1));
  props.reject_unknown();
  return p;
}

BrokerAgent::BrokerAgent(Params params, Run& run) : params_(std::move(params)), run_(run) {}

double BrokerAgent::estimate(const BotRequest& bot, double margin, const Catalog& catalog) {
  double mi = 0, speed = 0, price = 0;
  for (const auto& t : bot.tasks) mi += t.size_mi;
  for (const auto& type : bot.resource_types) {
    const auto& site = catalog.example(type);
    speed += site.speed_mips;
    price += site.price;
  }
  double hours = std::max(1.0, std::ceil(mi / speed / kSlotSeconds));
  return hours * price * (1 + margin);
}

void BrokerAgent::operator()() {
  sg4::Actor::self()->daemonize();  // serves for as long as consumers run
  host_ = sg4::this_actor::get_host()->get_name();
  inbox_.emplace(broker_inbox(host_));
  send<DirectoryMessage>(sg4::Mailbox::by_name(directory_inbox()), Register{Role::Broker, host_},
                         0);
  auto* mailbox = inbox_->mailbox();
  for (;;) {
    auto msg = inbox_->receive();
    std::visit([this](const auto& m) { on(m); }, *msg);
    // Messages of the same instant first, so that a mapping sees every resource freed now.
    if (mailbox->ready()) continue;
    progress_all();
    // Allocation checks last: a resource freed at the check's instant has had its next task.
    auto checks = std::move(checks_);
    checks_.clear();
    for (const auto& c : checks) check(c);
    progress_all();
  }
}

void BrokerAgent::progress_all() {
  auto dirty = std::move(dirty_);
  dirty_.clear();
  for (const auto& user : dirty)
    if (Job* j = job(user)) progress(*j);
}

BrokerAgent::Job* BrokerAgent::job(const std::string& user) {
  auto it = jobs_.find(user);
  return it == jobs_.end() ? nullptr : &it->second;
}

void BrokerAgent::send_spa(const Job& j, const std::string& spa, ProviderMessage m) {
  send_for<ProviderMessage>(run_.messages(), j.bot->user,
                            sg4::Mailbox::by_name(provider_inbox(spa)), std::move(m), 0);
}

void BrokerAgent::on(const CallForBot& m) {
  const auto& user = m.bot->user;
  if (params_.capacity >= 0 && static_cast<long>(jobs_.size()) >= params_.capacity) {
    m.reply.send_for(run_.messages(), user, Refuse{host_, user, 0, "broker at capacity"}, 0);
    return;
  }
  Job j;  // held while the proposal stands (a proposal is a commitment)
  j.bot = m.bot;
  j.consumer = m.reply;
  j.rng = run_.rng("broker:" + host_ + ":" + user);
  jobs_.emplace(user, std::move(j));
  m.reply.send_for(run_.messages(), user,
                   Propose{host_, user, 0, estimate(*m.bot, params_.margin, catalog(run_))}, 0);
}

void BrokerAgent::on(const Reject& m) { jobs_.erase(m.user); }

void BrokerAgent::on(const Accept& m) {
  Job* j = job(m.user);
  if (!j) return;
  j->scheduler.emplace(j->bot->heuristic);
  j->scheduler->add_tasks(j->bot->tasks);
  if (j->bot->deadline_s)
    send_at<BrokerMessage>(inbox_->mailbox(), j->bot->submit_s + *j->bot->deadline_s,
                           BotDeadline{m.user});
  send_for<DirectoryMessage>(run_.messages(), m.user, sg4::Mailbox::by_name(directory_inbox()),
                             Lookup{Role::Provider, m.user, inbox_->reply_to<Listing>()}, 0);
}

void BrokerAgent::on(const Listing& m) {  // one CNP per resource, all in parallel (Section 2.2)
  Job* j = job(m.user);
  if (!j) return;
  const std::size_t n = j->bot->resource_types.size();
  j->providers = m.names;
  j->cnps.resize(n + j->bot->late_resources.size());
  for (std::size_t i = 0; i < j->cnps.size(); ++i)
    j->cnps[i].type = i < n ? j->bot->resource_types[i] : j->bot->late_resources[i - n].type;
  j->unsettled = n;
  for (std::size_t i = 0; i < n; ++i)
    if (!call_for_resource(*j, static_cast<int>(i)))
      cnp_failed(*j, static_cast<int>(i), "no service provider registered");
}

bool BrokerAgent::is_late(const Job& j, int cnp) {
  return static_cast<std::size_t>(cnp) >= j.bot->resource_types.size();
}

std::optional<int> BrokerAgent::live_resource(const Job& j, const std::string& ra) {
  auto it = j.live.find(ra);
  if (it == j.live.end()) return std::nullopt;
  return it->second;
}

const std::string& BrokerAgent::cnp_type(const Job& j, int cnp) {
  return j.cnps.at(static_cast<std::size_t>(cnp)).type;
}

bool BrokerAgent::call_for_resource(Job& j, int cnp_id) {  // the CNP's call (Section 2.2)
  auto& cnp = j.cnps.at(static_cast<std::size_t>(cnp_id));
  std::size_t k = std::min(j.bot->contractors, j.providers.size());
  if (k > 0) cnp.contractors = choose_contractors(j.providers, k, j.rng);
  auto reply =
      inbox_->reply_to<Propose, Refuse, Allocated, Renewed, Released, TaskOutput, ResourceFailed>();
  long slots = initial_slots(j.bot->allocation);
  for (const auto& spa : cnp.contractors)
    send_spa(j, spa, CallForResource{j.bot->user, cnp_id, cnp_type(j, cnp_id), slots, reply});
  return !cnp.contractors.empty();
}

void BrokerAgent::on(const CallLateResource& m) {  // a resource joining the run (Section 4)
  Job* j = job(m.user);
  if (!j || j->ending) return;
  ++j->late_open;
  if (!call_for_resource(*j, m.cnp)) cnp_failed(*j, m.cnp, "no service provider registered");
}

void BrokerAgent::on(const Propose& m) {
  if (Job* j = job(m.user)) reply_to_cnp(*j, m.cnp, Proposal{m.contractor, m.price});
}

void BrokerAgent::on(const Refuse& m) {
  if (Job* j = job(m.user)) reply_to_cnp(*j, m.cnp, Proposal{m.contractor, std::nullopt});
}

void BrokerAgent::reply_to_cnp(Job& j, int cnp_id, Proposal p) {
  auto& cnp = j.cnps.at(static_cast<std::size_t>(cnp_id));
  cnp.replies.push_back(std::move(p));
  if (cnp.replies.size() < cnp.contractors.size()) return;
  CnpOutcome out = select_winner(cnp.replies);  // the cheapest proposal wins
  const auto& user = j.bot->user;
  for (const auto& loser : out.rejected) send_spa(j, loser, Reject{user, cnp_id});
  // A replacement is paid from the budget like a renewal: its first slots in advance.
  if (out.awarded && !cnp.replaces.empty() && !affordable(j, std::nullopt, 0, out.price)) {
    send_spa(j, out.winner, Reject{user, cnp_id});
    cnp_failed(j, cnp_id,
               fmt::format("the budget ({}) cannot pay for it", format_number(*j.bot->budget)));
    return;
  }
  if (out.awarded) {
    // Counted against the budget until allocated, so that two replacements awarded at the
    // same instant cannot together spend more than it.
    if (!cnp.replaces.empty()) cnp.awarded_price = out.price;
    send_spa(j, out.winner, Accept{user, cnp_id});  // settled when Allocated comes
    return;
  }
  cnp_failed(j, cnp_id, failure_reason(out));
}

void BrokerAgent::cnp_failed(Job& j, int cnp, const std::string& why) {
  j.cnps.at(static_cast<std::size_t>(cnp)).awarded_price = 0;
  const std::string& replaces = j.cnps.at(static_cast<std::size_t>(cnp)).replaces;
  std::string reason =
      (replaces.empty() ? cnp_type(j, cnp) : "no replacement for " + replaces) + ": " + why;
  spdlog::warn("{}: {} for {}", host_, reason, j.bot->user);
  if (replaces.empty()) {
    j.failures.push_back(reason);
  } else {  // told with the failure it follows
    j.resource_failures.push_back(reason);
    ++j.failed_replacements;
  }
  if (is_late(j, cnp))
    late_settled(j, cnp);
  else
    cnp_settled(j);
}

void BrokerAgent::cnp_settled(Job& j) {
  if (--j.unsettled > 0) return;
  // "Once all the Cloud resources are allocated, the BA schedules" (Section 2.2).
  j.running = true;
  dirty_.insert(j.bot->user);
  const double now = sg4::Engine::get_clock();
  const std::size_t n = j.bot->resource_types.size();
  for (std::size_t i = 0; i < j.bot->late_resources.size(); ++i)
    send_at<BrokerMessage>(inbox_->mailbox(), now + j.bot->late_resources[i].after_s,
                           CallLateResource{j.bot->user, static_cast<int>(n + i)});
}

void BrokerAgent::late_settled(Job& j, int cnp) {
  --j.late_open;
  if (!j.cnps.at(static_cast<std::size_t>(cnp)).replaces.empty()) --j.replacing;
  dirty_.insert(j.bot->user);
  // An ending BoT's result waits for its late CNPs (no message for it after the result).
  if (j.ending) on(Released{j.bot->user, ""});
}

void BrokerAgent::on(const Allocated& m) {
  Job* j = job(m.user);
  if (!j) return;
  int id = static_cast<int>(j->resources.size());
  Resource r;
  r.ra = m.ra;
  r.spa = m.spa;
  r.type = m.type;
  r.price = m.price;
  r.start = m.start_s;
  r.alloc_end = m.alloc_end;
  j->resources.push_back(r);
  j->live[m.ra] = id;
  j->cnps.at(static_cast<std::size_t>(m.cnp)).awarded_price = 0;  // counted as a resource now
  // A resource that joins while the BoT runs is used from the next decision on (Section 4).
  j->scheduler->add_resource(ResourceView{id, m.speed_mips, m.alloc_end}, sg4::Engine::get_clock());
  dirty_.insert(m.user);
  if (j->ending)
    release(*j, id);  // a late resource the finished BoT no longer needs
  else
    schedule_check(*j, id);
  if (is_late(*j, m.cnp))
    late_settled(*j, m.cnp);
  else
    cnp_settled(*j);
}

void BrokerAgent::schedule_check(Job& j, int id) {
  auto& r = j.resources[static_cast<std::size_t>(id)];
  send_at<BrokerMessage>(inbox_->mailbox(), check_time(j.bot->allocation, r.alloc_end),
                         CheckAllocation{j.bot->user, id, r.generation});
}

void BrokerAgent::on(const CheckAllocation& m) { checks_.push_back(m); }

void BrokerAgent::check(const CheckAllocation& m) {  // Fig. 3, at its time-driven activation
  Job* j = job(m.user);
  if (!j || j->ending) return;
  auto& r = j->resources[static_cast<std::size_t>(m.resource)];
  if (r.released || r.generation != m.generation) return;
  // A free resource whose next task waits for the other outputs of its instant is busy.
  AllocationStatus s{
      r.alloc_end, j->scheduler->resource(m.resource).occupied || j->scheduler->awaiting_outputs(),
      j->scheduler->finished()};
  AllocationDecision d = decide(j->bot->allocation, s);
  if (d.action == AllocationAction::Renew && !affordable(*j, m.resource, d.slots)) {
    j->budget_short = fmt::format("the budget ({}) cannot pay for renewing {}",
                                  format_number(*j->bot->budget), r.ra);
    spdlog::info("{}: {} for {}", host_, j->budget_short, m.user);
    d.action = AllocationAction::Release;
  }
  if (d.action == AllocationAction::Renew) {
    ++j->result.renewals;  // the contract is updated when the SPA acknowledges (Fig. 3 l. 6-7)
    send_spa(*j, r.spa, Reallocate{m.user, r.ra, d.slots});
  } else {
    release(*j, m.resource);
  }
  dirty_.insert(m.user);
}

bool BrokerAgent::affordable(const Job& j, std::optional<int> id, long slots, double extra) const {
  if (!j.bot->budget) return true;
  double committed = j.result.spent;
  for (std::size_t k = 0; k < j.resources.size(); ++k) {
    const auto& r = j.resources[k];
    if (r.released) continue;
    committed +=
        static_cast<double>(charged_slots(j.bot->allocation, r.start, r.alloc_end, r.alloc_end)) *
        r.price;
    if (id && static_cast<int>(k) == *id) committed += static_cast<double>(slots) * r.price;
  }
  for (const auto& cnp : j.cnps) committed += cnp.awarded_price;
  committed += extra;
  return committed <= *j.bot->budget + 1e-9;
}

void BrokerAgent::on(const BotDeadline& m) {
  Job* j = job(m.user);
  if (!j || j->ending) return;
  j->deadline_passed = true;  // ends the BoT at its next progress (once it runs)
  dirty_.insert(m.user);
}

std::string BrokerAgent::stopped_as(const Job& j) {
  if (j.deadline_passed) return user_status::kDeadlinePassed;
  if (!j.budget_short.empty()) return user_status::kOutOfBudget;
  if (!j.resource_failures.empty()) return user_status::kResourcesFailed;
  return "";
}

void BrokerAgent::on(const Renewed& m) {
  Job* j = job(m.user);
  if (!j) return;
  const std::optional<int> id = live_resource(*j, m.ra);
  if (!id) return;
  auto& r = j->resources[static_cast<std::size_t>(*id)];
  r.alloc_end = m.alloc_end;
  ++r.generation;
  j->scheduler->set_allocation_end(*id, m.alloc_end);
  schedule_check(*j, *id);
}

void BrokerAgent::on(const TaskOutput& m) {
  Job* j = job(m.user);
  if (!j) return;
  const size_t row = j->task_records.at(m.task);
  run_.results().task(row).start_s = m.start_s;
  run_.results().end_task(row, m.end_s);
  if (const std::optional<int> id = live_resource(*j, m.ra)) {
    j->resources[static_cast<std::size_t>(*id)].busy_s += m.end_s - m.start_s;
    j->scheduler->resource_free(*id, sg4::Engine::get_clock(), m.end_s);
    j->last_resource = id;
  }
  ++j->result.tasks_done;
  dirty_.insert(m.user);
}

void BrokerAgent::progress(Job& j) {
  if (!j.running || j.ending) return;
  // With no resource left, a replacement being contracted is waited for.
  if (j.scheduler->finished() || (j.live.empty() && j.replacing == 0) || j.deadline_passed) {
    end(j);
    return;
  }
  // Fig. 5 line 6: the outputs of the same instant first, however long each takes to come.
  if (j.scheduler->awaiting_outputs()) return;
  hand_out(j);
}

void BrokerAgent::hand_out(Job& j) {  // Fig. 5 lines 2-4, through the resources' SPAs
  const double now = sg4::Engine::get_clock();
  const auto& user = j.bot->user;
  for (const Assignment& a : j.scheduler->assign(now, j.rng)) {
    const auto& r = j.resources[static_cast<std::size_t>(a.resource_id)];
    j.task_records[a.task_id] = run_.results().add_task(
        TaskRecord{user, a.task_id, a.size_mi, r.ra, j.bot->submit_s, std::nullopt, std::nullopt});
    j.handed_out_s[a.task_id] = now;
    send_spa(j, r.spa, ExecuteTask{user, r.ra, Task{a.task_id, a.size_mi}});
  }
}

void BrokerAgent::release(Job& j, int id) {
  auto& r = j.resources[static_cast<std::size_t>(id)];
  const double now = sg4::Engine::get_clock();
  r.released = true;
  j.live.erase(r.ra);
  j.scheduler->remove_resource(id);  // a running task (FixedAM's end) goes back to be sent
  bill(j, id, charged_slots(j.bot->allocation, r.start, now, r.alloc_end));
  ++j.pending_releases;
  send_spa(j, r.spa, ReleaseResource{j.bot->user, r.ra});
}

void BrokerAgent::bill(Job& j, int id, long units) {
  const auto& r = j.resources[static_cast<std::size_t>(id)];
  double cost = static_cast<double>(units) * r.price;
  j.result.charged_units += units;
  j.result.spent += cost;
  run_.results().timeline<cloud::InstanceRecord>().add(cloud::InstanceRecord{
      j.bot->user, r.ra, r.type, r.start, sg4::Engine::get_clock(), units, cost});
}

void BrokerAgent::on(const ResourceFailed& m) {
  Job* j = job(m.user);
  if (!j) return;
  const double now = sg4::Engine::get_clock();
  if (const std::optional<int> live = live_resource(*j, m.ra)) {
    const int id = *live;
    auto& r = j->resources[static_cast<std::size_t>(id)];
    // Gone: the slots started until the failure are charged (as cloud instances are,
    // docs/cloud.md); its running task goes back to be scheduled on the others.
    r.released = true;
    j->live.erase(r.ra);
    std::string reason = "resource " + r.ra + " failed";
    j->resource_failures.push_back(reason);
    if (std::optional<Task> lost = j->scheduler->remove_resource(id))
      run_.results().lose_task(
          j->task_records.at(lost->id), now, reason,
          (now - j->handed_out_s.at(lost->id)) * r.price / j->bot->allocation.slot_s);
    bill(*j, id, cloud::charged_units(r.start, now, j->bot->allocation.slot_s));
    // One resource of its type takes its place, unless nothing is left to send to it.
    if (j->bot->replace_failed && !j->ending && !j->deadline_passed &&
        j->scheduler->unsent_tasks() > 0)
      replace(*j, r);
  }
  dirty_.insert(m.user);
}

void BrokerAgent::replace(Job& j, const Resource& failed) {
  ResourceCnp cnp;
  cnp.type = failed.type;
  cnp.replaces = failed.ra;
  j.cnps.push_back(std::move(cnp));
  const int id = static_cast<int>(j.cnps.size() - 1);  // after the late resources' CNPs
  ++j.late_open;
  ++j.replacing;
  spdlog::info("{}: contracting a {} resource to replace {} for {}", host_, failed.type, failed.ra,
               j.bot->user);
  if (!call_for_resource(j, id)) cnp_failed(j, id, "no service provider registered");
}

void BrokerAgent::end(Job& j) {  // the BoT is done (or cannot go on): give everything back
  j.ending = true;
  for (std::size_t id = 0; id < j.resources.size(); ++id)
    if (!j.resources[id].released) release(j, static_cast<int>(id));
  if (j.pending_releases == 0) on(Released{j.bot->user, ""});
}

void BrokerAgent::on(const Released& m) {
  Job* j = job(m.user);
  if (!j) return;
  if (!m.ra.empty()) --j->pending_releases;
  if (!j->ending || j->pending_releases > 0 || j->late_open > 0) return;
  // The result goes last, once every release is acknowledged: no message for this consumer
  // is sent after it.
  BotResult& res = j->result;
  res.executed = !j->resources.empty();
  res.instances = static_cast<long>(j->resources.size());
  res.failed_cnps = static_cast<long>(j->failures.size()) + j->failed_replacements;
  for (const auto& f : j->failures) res.reason += (res.reason.empty() ? "" : "; ") + f;
  for (const auto& f : j->resource_failures) res.reason += (res.reason.empty() ? "" : "; ") + f;
  if (!j->scheduler || !j->scheduler->finished()) {
    res.stopped_as = stopped_as(*j);
    std::string why = j->deadline_passed
                          ? "deadline of " + format_number(*j->bot->deadline_s) + " s passed"
                          : j->budget_short;
    if (!why.empty()) res.reason = why + (res.reason.empty() ? "" : "; " + res.reason);
  }
  if (j->last_resource)
    res.critical_busy_s = j->resources[static_cast<std::size_t>(*j->last_resource)].busy_s;
  j->consumer.send_for(run_.messages(), m.user, res, 0);
  jobs_.erase(m.user);
}

}  // namespace botsim::agents
