// The utility-cloud provider alone, driven by a test actor that rents instances through the
// provider's protocol (src/cloud/messages.hpp). Each TEST runs one simulation.
#include <gtest/gtest.h>

#include <map>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <string>
#include <variant>
#include <vector>

#include "cloud/messages.hpp"
#include "cloud/provider.hpp"
#include "cloud/records.hpp"
#include "core/units.hpp"
#include "platform/messaging.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
using namespace botsim::cloud;
namespace sg4 = simgrid::s4u;
namespace t = botsim::test;

namespace {

struct Seen {
  double time;
  std::string what, instance;
  long units = 0;
  double cost = 0;
  bool host_on = false;
};
std::vector<Seen> g_seen;

/// Rents one instance per entry of `stop_at` at time 0, stops each at its time.
class TestRenter {
 public:
  struct Params {
    std::string type;
    std::vector<double> stop_at;
    static Params read(const PropReader& props, const ActorSite&) {
      Params p;
      p.type = props.text("type");
      for (const auto& w : props.list("stop_at")) p.stop_at.push_back(parse_duration(w));
      return p;
    }
  };
  TestRenter(Params params, Run&) : params_(std::move(params)) {}
  void operator()() {
    using Replies =
        std::variant<InstanceReady, InstanceRefused, InstanceStopped, InterruptionNotice>;
    Inbox<Replies> in("renter");
    auto owner = in.reply_to<InstanceReady, InstanceRefused, InstanceStopped, InterruptionNotice>();
    auto* provider = sg4::Mailbox::by_name(provider_mailbox("provider"));
    for (size_t i = 0; i < params_.stop_at.size(); ++i) {
      std::string name = "r" + std::to_string(i);
      send<ProviderMessage>(
          provider, StartInstance{"T", owner, name, params_.type, Market::OnDemand, std::nullopt},
          0);
      std::string host;
      // Stop timers: one helper actor per instance.
      double at = params_.stop_at[i];
      sg4::Actor::create("stop-" + name, sg4::this_actor::get_host(), [name, at, provider] {
        sg4::this_actor::sleep_until(at);
        send<ProviderMessage>(provider, StopInstance{name}, 0);
      });
    }
    size_t open = params_.stop_at.size();
    while (open > 0) {
      auto msg = in.receive();
      double now = sg4::Engine::get_clock();
      if (auto* m = std::get_if<InstanceReady>(msg.get())) {
        g_seen.push_back({now, "ready", m->instance, 0, 0, sg4::Host::by_name(m->host)->is_on()});
        hosts_[m->instance] = m->host;
      } else if (auto* m = std::get_if<InstanceRefused>(msg.get())) {
        g_seen.push_back({now, "refused", m->instance});
        --open;
      } else if (auto* m = std::get_if<InstanceStopped>(msg.get())) {
        bool on = hosts_.count(m->instance) && sg4::Host::by_name(hosts_[m->instance])->is_on();
        g_seen.push_back({now, "stopped", m->instance, m->charged_units, m->cost, on});
        --open;
      }
    }
  }

 private:
  Params params_;
  std::map<std::string, std::string> hosts_;
};

const Results& run(const std::string& type, const std::string& stop_at) {
  actor_registry().add<TestRenter>("TestRenter", "test");
  std::string dir = t::temp_dir();
  std::string platform = t::write_file(dir, "p.xml", t::platform_xml(R"(
  <zone id="w" routing="Full">)" + t::cloud_control_zone() + R"(
    <cluster id="vm" prefix="vm-" radical="0-7" suffix="" speed="1Gf" core="1" bw="10Gbps" lat="0" router_id="vm-r">
      <prop id="instance_type" value="vm"/>
      <prop id="price" value="0.5"/>
      <prop id="atu" value="1h"/>
    </cluster>
    <cluster id="boot" prefix="boot-" radical="0-1" suffix="" speed="1Gf" core="1" bw="10Gbps" lat="0" router_id="boot-r">
      <prop id="instance_type" value="booting"/>
      <prop id="price" value="2"/>
      <prop id="atu" value="10min"/>
      <prop id="boot_time" value="100"/>
      <prop id="max_count" value="1"/>
    </cluster>
    <cluster id="slow" prefix="slow-" radical="0-1" suffix="" speed="1Gf" core="1" bw="10Gbps" lat="0" router_id="slow-r">
      <prop id="instance_type" value="slow"/><prop id="price" value="2"/><prop id="atu" value="10min"/><prop id="boot_time" value="2000"/>
    </cluster>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="vm" gw_src="gw" gw_dst="vm-r"><link_ctn id="bb"/></zoneRoute>
    <zoneRoute src="control" dst="boot" gw_src="gw" gw_dst="boot-r"><link_ctn id="bb"/></zoneRoute>
    <zoneRoute src="control" dst="slow" gw_src="gw" gw_dst="slow-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
  std::string deployment =
      t::write_file(dir, "d.xml",
                    t::platform_xml("  <actor host=\"provider\" function=\"CloudProvider\"/>\n"
                                    "  <actor host=\"client\" function=\"TestRenter\">\n"
                                    "    <prop id=\"type\" value=\"" +
                                    type + "\"/>\n    <prop id=\"stop_at\" value=\"" + stop_at +
                                    "\"/>\n  </actor>"));
  return t::run(platform, deployment);
}

const Seen* find(const std::string& what, const std::string& instance) {
  for (const auto& s : g_seen)
    if (s.what == what && s.instance == instance) return &s;
  return nullptr;
}

}  // namespace

TEST(CloudProvider, BillsEveryStartedAtu) {
  const auto& r = run("vm", "1800 3600 3601 2h 7201");
  ASSERT_EQ(r.records<botsim::cloud::InstanceRecord>().size(), 5u);
  const long expected[] = {1, 1, 2, 2, 3};
  for (size_t i = 0; i < 5; ++i) {
    const auto& rec = r.records<botsim::cloud::InstanceRecord>()[i];
    EXPECT_EQ(rec.user, "T");
    EXPECT_EQ(rec.type, "vm");
    EXPECT_DOUBLE_EQ(rec.start_s, 0);
    EXPECT_EQ(rec.charged_units, expected[i]) << rec.instance;
    EXPECT_DOUBLE_EQ(rec.cost, 0.5 * static_cast<double>(expected[i])) << rec.instance;
    auto* stopped = find("stopped", rec.instance);
    ASSERT_NE(stopped, nullptr);
    EXPECT_EQ(stopped->units, expected[i]);
    EXPECT_DOUBLE_EQ(*rec.stop_s, stopped->time);
    EXPECT_FALSE(stopped->host_on);  // the instance's host is off once stopped
  }
  // Ready at once (no boot time), on a host that is on.
  auto* ready = find("ready", "r0");
  ASSERT_NE(ready, nullptr);
  EXPECT_DOUBLE_EQ(ready->time, 0);
  EXPECT_TRUE(ready->host_on);
}

TEST(CloudProvider, MaxCountRefusesFurtherStarts) {
  // "booting" allows one instance; the second request is refused, nothing billed for it.
  const auto& r = run("booting", "500 500");
  ASSERT_EQ(r.records<botsim::cloud::InstanceRecord>().size(), 1u);
  EXPECT_NE(find("refused", "r1"), nullptr);
  EXPECT_EQ(find("refused", "r0"), nullptr);
}

TEST(CloudProvider, BootTimeDelaysReadinessAndIsBilled) {
  // Boots in 100 s; ATU 10 min. Stopped at 700 s: 2 started ATUs.
  const auto& r = run("booting", "700");
  auto* ready = find("ready", "r0");
  ASSERT_NE(ready, nullptr);
  EXPECT_DOUBLE_EQ(ready->time, 100);
  ASSERT_EQ(r.records<botsim::cloud::InstanceRecord>().size(), 1u);
  EXPECT_EQ(r.records<botsim::cloud::InstanceRecord>()[0].charged_units, 2);
  EXPECT_DOUBLE_EQ(r.records<botsim::cloud::InstanceRecord>()[0].cost, 4);
}

namespace {

// r0 of a type at $2 per ATU, stopped while booting at `at_s`: never ready, `units` ATUs billed.
void expect_stopped_booting(const Results& r, double at_s, long units) {
  EXPECT_EQ(find("ready", "r0"), nullptr);
  auto* stopped = find("stopped", "r0");
  ASSERT_NE(stopped, nullptr);
  EXPECT_DOUBLE_EQ(stopped->time, at_s);
  EXPECT_EQ(stopped->units, units);
  EXPECT_EQ(r.records<botsim::cloud::InstanceRecord>()[0].charged_units, units);
  EXPECT_DOUBLE_EQ(r.records<botsim::cloud::InstanceRecord>()[0].cost,
                   2 * static_cast<double>(units));
}

}  // namespace

TEST(CloudProvider, StopWhileBootingNeverBecomesReady) {
  expect_stopped_booting(run("booting", "50"), 50, 1);
}

TEST(CloudProvider, StopWhileBootingPastSeveralAtusBillsEveryStartedAtu) {
  // Boots in 2000 s; ATU 10 min. Stopped at 1500 s, still booting: 3 started ATUs, $6.
  expect_stopped_booting(run("slow", "1500"), 1500, 3);
}
