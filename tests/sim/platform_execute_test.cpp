// botsim::execute against this_actor::execute when the host is turned off during the Exec, as
// a cloud provider does to a stopped instance: SimGrid 3.32 keeps the cut-short Exec connected
// to Host::on_state_change for good, botsim::execute does not. One simulation.
#include <gtest/gtest.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <string>
#include <vector>

#include "platform/execute.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace sg4 = simgrid::s4u;
namespace t = botsim::test;

namespace {

int g_slots_at_start = -1;
std::vector<int> g_slots;  // Host::on_state_change's slot count after each phase
std::vector<std::string> g_done;

int slots() { return sg4::Host::on_state_change.get_slot_count(); }

// On host "b", `n` workers one after the other, each executing 2 s of work (2 Gf at 1 Gf/s)
// through `execute`; the host is turned off 1 s into each one, except the last one if `finish`.
template <class Execute>
void phase(const std::string& name, int n, bool finish, Execute execute) {
  auto* b = sg4::Host::by_name("b");
  for (int i = 0; i < n; ++i) {
    b->turn_on();
    std::string tag = name + std::to_string(i);
    sg4::Actor::create(tag, b, [tag, execute] {
      execute(2e9);
      g_done.push_back(tag + "@" + std::to_string(static_cast<int>(sg4::Engine::get_clock())));
    });
    sg4::this_actor::sleep_for(i == n - 1 && finish ? 3 : 1);
    b->turn_off();
  }
  g_slots.push_back(slots());
}

struct Controller {
  struct Params {
    static Params read(const PropReader&, const ActorSite&) { return {}; }
  };
  Controller(Params, Run&) {}
  void operator()() {
    sg4::Host::by_name("b")->turn_off();
    g_slots_at_start = slots();
    // SimGrid's own execute: each Exec cut short stays connected.
    phase("plain", 3, false, [](double flops) { sg4::this_actor::execute(flops); });
    // botsim's: none stays, and one that ends normally leaves nothing either.
    phase("botsim", 4, true, [](double flops) { botsim::execute(flops); });
  }
};

}  // namespace

TEST(PlatformExecute, AnExecCutShortByItsHostLeavesNoSlotBehind) {
  actor_registry().add<Controller>("TestExecController", "test");
  std::string dir = t::temp_dir();
  std::string platform = t::write_file(dir, "p.xml", t::platform_xml(R"(
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf"/>
    <host id="b" speed="1Gf"/>
  </zone>)"));
  std::string deployment = t::write_file(
      dir, "d.xml", t::platform_xml("  <actor host=\"a\" function=\"TestExecController\"/>\n"));
  t::run(platform, deployment);
  ASSERT_GE(g_slots_at_start, 0);
  // Three cut-short Execs of this_actor::execute: three slots more; botsim::execute's three
  // cut short and one finished: none more.
  EXPECT_EQ(g_slots, (std::vector<int>{g_slots_at_start + 3, g_slots_at_start + 3}));
  // Only the last worker finished: started at 6 s (six workers of 1 s before it), 2 s of work.
  EXPECT_EQ(g_done, (std::vector<std::string>{"botsim3@8"}));
}
