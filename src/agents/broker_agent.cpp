#include "agents/broker_agent.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include "agents/broker.hpp"
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

namespace {

// The broker's ties to the simulation: its inbox, SimGrid's clock, the run's message tally.
class SimBrokerPort : public BrokerPort {
 public:
  SimBrokerPort(Run& run, std::string host)
      : run_(run), host_(std::move(host)), inbox_(broker_inbox(host_)) {}
  Inbox<BrokerMessage>& inbox() { return inbox_; }

  double now() const override { return sg4::Engine::get_clock(); }
  Run& run() override { return run_; }
  const std::string& host() const override { return host_; }
  void to_provider(const std::string& user, const std::string& spa, ProviderMessage m) override {
    // Every task goes through its resource's SPA: the last SPA's inbox name is kept.
    if (spa_inbox_.empty() || spa != spa_) {
      spa_ = spa;
      spa_inbox_ = provider_inbox(spa);
    }
    send_for<ProviderMessage>(run_.messages(), user, sg4::Mailbox::by_name(spa_inbox_),
                              std::move(m), 0);
  }
  void to_consumer(const ConsumerAddress& to, const std::string& user, ConsumerReply m) override {
    std::visit([&](auto&& reply) { to.send_for(run_.messages(), user, std::move(reply), 0); },
               std::move(m));
  }
  void look_up_providers(const std::string& user) override {
    send_for<DirectoryMessage>(run_.messages(), user, sg4::Mailbox::by_name(directory_inbox()),
                               Lookup{Role::Provider, user, inbox_.reply_to<Listing>()}, 0);
  }
  void at(double at, BrokerMessage m) override {
    send_at<BrokerMessage>(inbox_.mailbox(), at, std::move(m));
  }
  BrokerAddress address() override {
    return inbox_
        .reply_to<Propose, Refuse, Allocated, Renewed, Released, TaskOutput, ResourceFailed>();
  }

 private:
  Run& run_;
  std::string host_;
  Inbox<BrokerMessage> inbox_;
  std::string spa_, spa_inbox_;  // the last SPA sent to, and its inbox's name
};

// What outlives the actor: the end-of-run check reads the broker once SimGrid is done.
struct Shell {
  Shell(Run& run, std::string host, BotContracts::Terms terms)
      : port(run, std::move(host)), broker(port, terms) {}
  SimBrokerPort port;
  Broker broker;
};

}  // namespace

void BrokerAgent::operator()() {
  sg4::Actor::self()->daemonize();  // serves for as long as consumers run
  auto shell =
      std::make_shared<Shell>(run_, sg4::this_actor::get_host()->get_name(), params_.terms);
  run_.at_end([shell] { shell->broker.check_end(); });
  send<DirectoryMessage>(sg4::Mailbox::by_name(directory_inbox()),
                         Register{Role::Broker, shell->port.host()}, 0);
  auto& inbox = shell->port.inbox();
  for (;;) {
    auto msg = inbox.receive();
    shell->broker.on(*msg);
    // Messages of the same instant first, so that a mapping sees every resource freed now.
    if (inbox.mailbox()->ready()) continue;
    shell->broker.end_of_instant();
  }
}

}  // namespace botsim::agents
