#include "agents/broker.hpp"

#include <algorithm>

#include "agents/catalog.hpp"
#include "core/error.hpp"

namespace botsim::agents {

Broker::Broker(BrokerPort& port, BotContracts::Terms terms)
    : port_(port), host_(port.host()), bots_(terms) {}

Job* Broker::job(const std::string& user) {
  auto it = jobs_.find(user);
  return it == jobs_.end() ? nullptr : &it->second;
}

// Each message to the roles that own what it changes.
struct Broker::ToRoles {
  Broker& b;

  void operator()(const CallForBot& m) {  // the CNP with the consumer (2.2): propose or refuse
    const auto& user = m.bot->user;
    if (b.bots_.full(b.jobs_.size())) {
      b.port_.to_consumer(m.reply, user, Refuse{b.host_, user, 0, "broker at capacity"});
      return;
    }
    // Held while the proposal stands (a proposal is a commitment).
    b.jobs_.try_emplace(user, m.bot, m.reply, b.port_.run().rng("broker:" + b.host_ + ":" + user),
                        b.port_);
    b.port_.to_consumer(m.reply, user,
                        Propose{b.host_, user, 0, b.bots_.bid(*m.bot, catalog(b.port_.run()))});
  }
  void operator()(const Reject& m) { b.jobs_.erase(m.user); }
  void operator()(const Accept& m) {
    Job* j = b.job(m.user);
    if (!j) return;
    j->dispatch.emplace(*j->bot, b.port_);
    if (j->bot->deadline_s) b.port_.at(j->bot->submit_s + *j->bot->deadline_s, BotDeadline{m.user});
    b.port_.look_up_providers(m.user);
  }
  void operator()(const Listing& m) {  // one CNP per resource, all in parallel
    if (Job* j = b.job(m.user)) b.settled(*j, j->contracts.start(m.names, j->rng));
  }
  void operator()(const Propose& m) { reply(m.user, m.cnp, Proposal{m.contractor, m.price}); }
  void operator()(const Refuse& m) { reply(m.user, m.cnp, Proposal{m.contractor, std::nullopt}); }
  void reply(const std::string& user, int cnp, Proposal p) {
    Job* j = b.job(user);
    if (!j) return;
    b.settled(*j, j->contracts.reply(cnp, std::move(p), [&](double price) {
      return b.affordable(*j, std::nullopt, 0, price);
    }));
  }
  void operator()(const CallLateResource& m) {  // a resource joining the running BoT (4)
    Job* j = b.job(m.user);
    if (!j || j->report.ending()) return;
    b.settled(*j, j->contracts.call_late(m.cnp, j->rng));
  }
  void operator()(const Allocated& m) {
    Job* j = b.job(m.user);
    if (!j) return;
    const int id = j->ledger.hold(m);
    // A resource that joins while the BoT runs is used from the next decision on (Section 4).
    j->dispatch->add_resource(id, m.speed_mips, m.alloc_end);
    b.touch(m.user);
    if (j->report.ending()) {  // a late resource the finished BoT no longer needs
      j->ledger.release(id);
      j->dispatch->remove_resource(id);
    } else {
      j->ledger.schedule_check(id);
    }
    b.settled(*j, j->contracts.allocated(m.cnp));
  }
  void operator()(const Renewed& m) {
    Job* j = b.job(m.user);
    if (!j) return;
    if (const std::optional<int> id = j->ledger.renewed(m))
      j->dispatch->set_allocation_end(*id, m.alloc_end);
  }
  void operator()(const CheckAllocation& m) { b.checks_.push_back(m); }  // made last
  void operator()(const ResourceFailed& m) {
    Job* j = b.job(m.user);
    if (!j) return;
    if (const std::optional<int> id = j->ledger.fail(m.ra)) {
      const HeldResource& r = j->ledger.resources()[static_cast<std::size_t>(*id)];
      // Its running task goes back to be scheduled on the others.
      j->dispatch->lose_running(*id, j->report.resource_failed(r.ra), r.price);
      // One resource of its type takes its place, unless nothing is left to send to it.
      if (j->bot->rules.replace_failed && !j->report.ending() && !j->report.past_deadline() &&
          j->dispatch->unsent() > 0)
        b.settled(*j, j->contracts.replace(r.type, r.ra, j->rng));
    }
    b.touch(m.user);
  }
  void operator()(const TaskOutput& m) {
    Job* j = b.job(m.user);
    if (!j) return;
    j->dispatch->output(m, j->ledger.live(m.ra));
    b.touch(m.user);
  }
  void operator()(const Released& m) {
    Job* j = b.job(m.user);
    if (!j) return;
    j->ledger.release_acknowledged();
    b.report_if_done(*j);
  }
  void operator()(const BotDeadline& m) {
    Job* j = b.job(m.user);
    if (!j || j->report.ending()) return;
    j->report.deadline_passed();  // ends the BoT at its next progress (once it runs)
    b.touch(m.user);
  }
};

void Broker::on(const BrokerMessage& m) { std::visit(ToRoles{*this}, m); }

void Broker::end_of_instant() {
  progress_touched();
  auto checks = std::move(checks_);
  checks_.clear();
  for (const auto& c : checks) check(c);
  progress_touched();
}

void Broker::touch(const std::string& user) {
  auto it = std::lower_bound(touched_.begin(), touched_.end(), user);
  if (it == touched_.end() || *it != user) touched_.insert(it, user);
}

void Broker::progress_touched() {
  // BoTs touched meanwhile wait for the next call, as before.
  progressing_.clear();
  progressing_.swap(touched_);
  for (const auto& user : progressing_)
    if (Job* j = job(user)) progress(*j);
  progressing_.clear();
}

void Broker::settled(Job& j, const ResourceContracts::Settled& s) {
  const std::string user = j.bot->user;
  for (const auto& reason : s.replacements_lost) j.report.replacement_lost(reason);
  if (s.composed) {
    // "Once all the Cloud resources are allocated, the BA schedules" (Section 2.2).
    j.report.start_running();
    touch(user);
  }
  if (s.joined) {
    touch(user);
    // An ending BoT's result waits for its late CNPs (no message for it after the result).
    if (j.report.ending()) report_if_done(j);  // may forget j
  }
}

void Broker::progress(Job& j) {
  if (!j.report.running() || j.report.ending()) return;
  // With no resource left, a replacement being contracted is waited for.
  if (bot_must_end(j.dispatch->finished(), j.report.past_deadline(), j.ledger.live_count(),
                   j.contracts.replacing())) {
    end(j);
    return;
  }
  // Fig. 5 line 6: the outputs of the same instant first, however long each takes to come.
  if (j.dispatch->awaiting_outputs()) return;
  j.dispatch->hand_out(j.ledger.resources(), j.rng);
}

void Broker::end(Job& j) {  // the BoT is done (or cannot go on): every resource given back
  j.report.begin_ending();
  for (int id : j.ledger.release_all()) j.dispatch->remove_resource(id);
  report_if_done(j);
}

void Broker::report_if_done(Job& j) {
  if (!result_may_go(j.report.ending(), j.ledger.pending_releases(), j.contracts.late_open()))
    return;
  // The result goes last, once every release is acknowledged: no message for this consumer
  // is sent after it.
  BotReporting::Tally t;
  t.instances = static_cast<long>(j.ledger.resources().size());
  t.spent = j.ledger.spent();
  t.charged_units = j.ledger.charged_units();
  t.renewals = j.ledger.renewals();
  t.budget_short = j.ledger.budget_short();
  t.cnp_failures = j.contracts.failures();
  t.failed_cnps = j.contracts.failed_cnps();
  if (j.dispatch) {
    t.finished = j.dispatch->finished();
    t.tasks_done = j.dispatch->tasks_done();
    t.critical_busy_s = j.dispatch->critical_busy_s();
  }
  const std::string user = j.bot->user;
  port_.to_consumer(j.consumer, user, j.report.result(t));
  jobs_.erase(user);
}

void Broker::check(const CheckAllocation& c) {  // Fig. 3, at its time-driven activation
  Job* j = job(c.user);
  if (!j || j->report.ending() || !j->ledger.current(c)) return;
  AllocationStatus status;
  status.busy = j->dispatch->busy(c.resource);
  status.bot_finished = j->dispatch->finished();
  status.tasks_unsent = static_cast<long>(j->dispatch->unsent());
  status.tasks_running = static_cast<long>(j->dispatch->running());
  const bool released = j->ledger.check(
      c.resource, status, [&](long slots) { return affordable(*j, c.resource, slots, 0); });
  if (released) j->dispatch->remove_resource(c.resource);
  touch(c.user);
}

bool Broker::affordable(const Job& j, std::optional<int> renewed, long slots, double extra) const {
  if (!j.bot->budget) return true;
  const double held = j.ledger.committed(renewed, slots);
  return agents::affordable(j.bot->budget, j.contracts.plus_awarded(held) + extra);
}

void Broker::check_end() const {
  std::vector<BotLeft> left;
  for (const auto& [user, j] : jobs_)
    left.push_back(BotLeft{user, j.ledger.pending_releases(), j.report.ending()});
  const std::string problem = broker_end_problem(host_, left);
  if (!problem.empty()) throw InternalError(problem);
}

}  // namespace botsim::agents
