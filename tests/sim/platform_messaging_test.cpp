// The platform's messaging in a real simulation: typed replies, timers and the per-user message
// tally. Each TEST runs one simulation.
#include <gtest/gtest.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <string>
#include <variant>
#include <vector>

#include "platform/messaging.hpp"
#include "platform/timers.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace sg4 = simgrid::s4u;
namespace t = botsim::test;

namespace {

struct Ping {
  int n;
};
struct Pong {
  int n;
};
struct Alarm {
  int n;
};
using ServerMessage = std::variant<Ping>;
using ClientMessage = std::variant<Pong, Alarm>;

std::vector<std::string> g_seen;
MessageTally g_tally;  // the run's tally, copied when the client is done

// Answers every Ping with a Pong through the ReplyTo it was given, counted for "U0".
struct Server {
  struct Params {
    static Params read(const PropReader&, const ActorSite&) { return {}; }
  };
  Server(Params, Run& run) : run_(run) {}
  void operator()() {
    sg4::Actor::self()->daemonize();
    Inbox<std::variant<std::pair<Ping, ReplyTo<Pong>>>> inbox("server");
    for (;;) {
      auto msg = inbox.receive();
      auto& [ping, reply] = std::get<0>(*msg);
      reply.send_for(run_.messages(), "U0", Pong{ping.n}, 0);
    }
  }
  Run& run_;
};

// Sends three pings for "U0" and one for "U1", sets two alarms, and logs what comes back.
struct Client {
  struct Params {
    static Params read(const PropReader&, const ActorSite&) { return {}; }
  };
  Client(Params, Run& run) : run_(run) {}
  void operator()() {
    Inbox<ClientMessage> inbox("client");
    using Request = std::variant<std::pair<Ping, ReplyTo<Pong>>>;
    auto* server = sg4::Mailbox::by_name("server");
    for (int i = 0; i < 4; ++i)
      send_for<Request>(run_.messages(), i < 3 ? "U0" : "U1", server,
                        std::pair<Ping, ReplyTo<Pong>>{Ping{i}, inbox.reply_to<Pong>()}, 0);
    send_at<ClientMessage>(inbox.mailbox(), 50, Alarm{1});
    send_after<ClientMessage>(inbox.mailbox(), 20, Alarm{2});
    for (int k = 0; k < 6; ++k) {
      auto msg = inbox.receive();
      std::string at = "@" + std::to_string(static_cast<int>(sg4::Engine::get_clock()));
      if (auto* p = std::get_if<Pong>(msg.get()))
        g_seen.push_back("pong" + std::to_string(p->n) + at);
      if (auto* a = std::get_if<Alarm>(msg.get()))
        g_seen.push_back("alarm" + std::to_string(a->n) + at);
    }
    g_tally = run_.messages();
  }
  Run& run_;
};

void run() {
  actor_registry().add<Server>("TestServer", "test");
  actor_registry().add<Client>("TestClient", "test");
  std::string dir = t::temp_dir();
  std::string platform = t::write_file(dir, "p.xml", t::platform_xml(R"(
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf"/>
    <host id="b" speed="1Gf"/>
    <link id="l" bandwidth="1Gbps" latency="0"/>
    <route src="a" dst="b"><link_ctn id="l"/></route>
  </zone>)"));
  std::string deployment =
      t::write_file(dir, "d.xml",
                    t::platform_xml("  <actor host=\"a\" function=\"TestServer\"/>\n"
                                    "  <actor host=\"b\" function=\"TestClient\"/>\n"));
  t::run(platform, deployment);
}

}  // namespace

TEST(PlatformMessaging, RepliesTimersAndTheTallyPerUser) {
  run();
  // Zero-latency links: the replies come at once and in order, the alarms at their times.
  EXPECT_EQ(g_seen, (std::vector<std::string>{"pong0@0", "pong1@0", "pong2@0", "pong3@0",
                                              "alarm2@20", "alarm1@50"}));
  // U0: three requests and the server counts all four replies for U0; U1: one request.
  EXPECT_EQ(g_tally.of("U0"), 7);
  EXPECT_EQ(g_tally.of("U1"), 1);
  EXPECT_EQ(g_tally.of("nobody"), 0);
}

namespace {

std::vector<std::string> g_started;

// Records its host, the `tag` its Params read at validation, and when it started.
struct Tagged {
  struct Params {
    std::string tag;
    static Params read(const PropReader& props, const ActorSite&) {
      return Params{props.text("tag")};
    }
  };
  Tagged(Params params, Run&) : params_(std::move(params)) {}
  void operator()() {
    g_started.push_back(sg4::this_actor::get_host()->get_name() + ":" + params_.tag + "@" +
                        std::to_string(static_cast<int>(sg4::Engine::get_clock())));
  }
  Params params_;
};

}  // namespace

// Each actor is built from the Params validation read for its own <actor> element, whatever
// SimGrid's start_time order.
TEST(PlatformRegistry, ActorsGetTheParamsOfTheirOwnElement) {
  actor_registry().add<Tagged>("TestTagged", "test");
  std::string dir = t::temp_dir();
  std::string platform = t::write_file(dir, "p.xml", t::platform_xml(R"(
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf"/>
    <host id="b" speed="1Gf"/>
    <link id="l" bandwidth="1Gbps" latency="0"/>
    <route src="a" dst="b"><link_ctn id="l"/></route>
  </zone>)"));
  auto actor = [](const std::string& host, const std::string& start, const std::string& tag) {
    return "  <actor host=\"" + host + "\" function=\"TestTagged\" start_time=\"" + start +
           "\"><prop id=\"tag\" value=\"" + tag + "\"/></actor>\n";
  };
  std::string deployment =
      t::write_file(dir, "d.xml",
                    t::platform_xml(actor("b", "30", "first") + actor("a", "0", "second") +
                                    actor("b", "10", "third")));
  t::run(platform, deployment);
  EXPECT_EQ(g_started, (std::vector<std::string>{"a:second@0", "b:third@10", "b:first@30"}));
}

namespace {

std::vector<std::string> g_ticks;
long g_time_advances = 0;

// A ticker every 10 s: busy until the second tick, then idle until an alarm at 1e6 s, then
// busy for two more ticks.
struct IdleTicker {
  struct Params {
    static Params read(const PropReader&, const ActorSite&) { return {}; }
  };
  IdleTicker(Params, Run&) {}
  void operator()() {
    Inbox<ClientMessage> inbox("idle-ticker");
    Timer ticker = every_interval<ClientMessage>(inbox.mailbox(), 10, Alarm{0});
    int ticks = 0;
    while (ticks < 4) {
      auto msg = inbox.receive();
      int n = std::get<Alarm>(*msg).n;
      std::string at = "@" + std::to_string(static_cast<long>(sg4::Engine::get_clock()));
      g_ticks.push_back((n == 0 ? "tick" : "wake") + at);
      if (n == 0 && ++ticks == 2) {
        ticker.set_idle(true);
        send_at<ClientMessage>(inbox.mailbox(), 1e6, Alarm{1});
      }
      if (n == 1) ticker.set_idle(false);
    }
    ticker.stop();
  }
};

}  // namespace

// An idle ticker does not wake every period: the wait of 1e6 s costs a handful of time
// advances, not 1e5. Its ticks go on on the same sequence (10, 20, ..., every 10 s), from the
// first time after the owner is busy again: the one due at the very instant (1e6) is skipped.
TEST(PlatformTimers, AnIdleTickerSleepsThroughTheWait) {
  actor_registry().add<IdleTicker>("TestIdleTicker", "test");
  std::string dir = t::temp_dir();
  std::string platform = t::write_file(dir, "p.xml", t::platform_xml(R"(
  <zone id="z" routing="Full"><host id="a" speed="1Gf"/></zone>)"));
  std::string deployment = t::write_file(
      dir, "d.xml", t::platform_xml("  <actor host=\"a\" function=\"TestIdleTicker\"/>\n"));
  sg4::Engine::on_time_advance_cb([](double) { ++g_time_advances; });
  t::run(platform, deployment);
  EXPECT_EQ(g_ticks, (std::vector<std::string>{"tick@10", "tick@20", "wake@1000000", "tick@1000010",
                                               "tick@1000020"}));
  EXPECT_LT(g_time_advances, 20);
}
