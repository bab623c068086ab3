#include "agents/broker_bots.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <simgrid/s4u/Mailbox.hpp>
#include <string>

#include "agents/broker_roles.hpp"
#include "core/units.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::agents {

double BotContracts::estimate(const BotRequest& bot, double margin, const Catalog& catalog) {
  double mi = 0, speed = 0, price = 0;
  for (const auto& t : bot.tasks) mi += t.size_mi;
  // One look-up per type, not per resource: a BoT may ask for 10,000 resources of one type,
  // and catalog.example() looks at every site.
  std::map<std::string, const RaSite*> examples;
  for (const auto& type : bot.resource_types) {
    const RaSite*& site = examples[type];
    if (!site) site = &catalog.example(type);
    speed += site->speed_mips;
    price += site->price;
  }
  double hours = std::max(1.0, std::ceil(mi / speed / kSlotSeconds));
  return hours * price * (1 + margin);
}

void BotContracts::on(const CallForBot& m) {
  BrokerContext& c = b_.ctx;
  const auto& user = m.bot->user;
  if (terms_.capacity >= 0 && static_cast<long>(c.jobs.size()) >= terms_.capacity) {
    m.reply.send_for(c.run.messages(), user, Refuse{c.host, user, 0, "broker at capacity"}, 0);
    return;
  }
  Job j;  // held while the proposal stands (a proposal is a commitment)
  j.bot = m.bot;
  j.consumer = m.reply;
  j.user.emplace(c.run, user);
  j.rng = c.run.rng("broker:" + c.host + ":" + user);
  c.jobs.emplace(user, std::move(j));
  m.reply.send_for(c.run.messages(), user,
                   Propose{c.host, user, 0, estimate(*m.bot, terms_.margin, catalog(c.run))}, 0);
}

void BotContracts::on(const Reject& m) { b_.ctx.jobs.erase(m.user); }

void BotContracts::on(const Accept& m) {
  BrokerContext& c = b_.ctx;
  Job* j = c.job(m.user);
  if (!j) return;
  j->dispatch.scheduler.emplace(j->bot->heuristic);
  j->dispatch.scheduler->add_tasks(j->bot->tasks);
  std::size_t ids = 0;
  for (const Task& t : j->bot->tasks) ids = std::max(ids, static_cast<std::size_t>(t.id) + 1);
  j->dispatch.rows.resize(ids);
  j->dispatch.handed_out_s.resize(ids);
  if (j->bot->deadline_s)
    c.send_self_at(j->bot->submit_s + *j->bot->deadline_s, BotDeadline{m.user});
  send_for<DirectoryMessage>(c.run.messages(), m.user, sg4::Mailbox::by_name(directory_inbox()),
                             Lookup{Role::Provider, m.user, c.inbox->reply_to<Listing>()}, 0);
}

}  // namespace botsim::agents
