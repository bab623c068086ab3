#include "agents/broker_agent.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include "agents/broker_roles.hpp"
#include "platform/timers.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::agents {

BrokerAgent::Params BrokerAgent::Params::read(const PropReader& props, const ActorSite&) {
  Params p;
  p.terms.margin = props.number("margin", 0.0, 0);
  p.terms.capacity = static_cast<long>(props.integer("capacity", -1, -1));
  props.reject_unknown();
  return p;
}

void BrokerContext::send_spa(const Job& j, const std::string& spa, ProviderMessage m) {
  send_for<ProviderMessage>(run.messages(), j.bot->user, sg4::Mailbox::by_name(provider_inbox(spa)),
                            std::move(m), 0);
}

void BrokerContext::send_self_at(double at, BrokerMessage m) {
  send_at<BrokerMessage>(inbox->mailbox(), at, std::move(m));
}

BrokerAddress BrokerContext::reply_address() {
  return inbox
      ->reply_to<Propose, Refuse, Allocated, Renewed, Released, TaskOutput, ResourceFailed>();
}

namespace {
// Each message to the role that handles it.
struct ToRole {
  BrokerRoles& b;
  void operator()(const CallForBot& m) { b.bots.on(m); }
  void operator()(const Accept& m) { b.bots.on(m); }
  void operator()(const Reject& m) { b.bots.on(m); }
  void operator()(const Listing& m) { b.contracts.on(m); }
  void operator()(const Propose& m) { b.contracts.on(m); }
  void operator()(const Refuse& m) { b.contracts.on(m); }
  void operator()(const CallLateResource& m) { b.contracts.on(m); }
  void operator()(const Allocated& m) { b.ledger.on(m); }
  void operator()(const Renewed& m) { b.ledger.on(m); }
  void operator()(const CheckAllocation& m) { b.ledger.on(m); }
  void operator()(const ResourceFailed& m) { b.ledger.on(m); }
  void operator()(const TaskOutput& m) { b.dispatch.on(m); }
  void operator()(const Released& m) { b.report.on(m); }
  void operator()(const BotDeadline& m) { b.report.on(m); }
};

void progress_touched(BrokerRoles& b) {
  auto touched = std::move(b.ctx.dirty);
  b.ctx.dirty.clear();
  for (const auto& user : touched)
    if (Job* j = b.ctx.job(user)) b.dispatch.progress(*j);
}
}  // namespace

void BrokerAgent::operator()() {
  sg4::Actor::self()->daemonize();  // serves for as long as consumers run
  roles_ =
      std::make_shared<BrokerRoles>(run_, sg4::this_actor::get_host()->get_name(), params_.terms);
  BrokerRoles& b = *roles_;
  b.ctx.inbox.emplace(broker_inbox(b.ctx.host));
  send<DirectoryMessage>(sg4::Mailbox::by_name(directory_inbox()),
                         Register{Role::Broker, b.ctx.host}, 0);
  auto* mailbox = b.ctx.inbox->mailbox();
  for (;;) {
    auto msg = b.ctx.inbox->receive();
    std::visit(ToRole{b}, *msg);
    // Messages of the same instant first, so that a mapping sees every resource freed now.
    if (mailbox->ready()) continue;
    progress_touched(b);
    // Allocation checks last: a resource freed at the check's instant has had its next task.
    b.ledger.run_checks();
    progress_touched(b);
  }
}

}  // namespace botsim::agents
