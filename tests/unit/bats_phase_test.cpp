// BaTS (Oprescu, Kielmann & Leahu 2011): the phase in charge once the user has stopped
// (docs/bats2011.md, "The actor and its phases"): its machines are released at the end of
// their paid time, nothing is handed out, planned or stopped for.
#include <gtest/gtest.h>

#include <variant>

#include "bats/phase.hpp"
#include "bats_fake_backend.hpp"

using namespace botsim;
using namespace botsim::bats;

TEST(BatsStoppedPhase, NoMachineGoesOnAndNothingIsPlanned) {
  bats::test::FakeBackend backend;
  const std::vector<cloud::InstanceType> types{bats::test::fake_type("c1", 1, 4)};
  long lost = -1;
  MachineFleet fleet(backend, "U0", types, 100, [&](long task, int, int) { lost = task; });
  MachineFleet::Instance& m01 = *fleet.acquire(0);
  backend.deliver(m01.name);
  Stopped stopped;
  Phase& phase = stopped;
  EXPECT_FALSE(phase.goes_on(m01, true));  // busy or not, released at its ATU's end
  EXPECT_FALSE(phase.goes_on(m01, false));
  EXPECT_FALSE(phase.monitoring());
  phase.dispatch();
  EXPECT_TRUE(backend.runs.empty());  // no task handed out
  EXPECT_TRUE(std::holds_alternative<GoOn>(phase.tick(10)));
  EXPECT_TRUE(std::holds_alternative<GoOn>(phase.task_done(0, -1, 10)));
  EXPECT_TRUE(std::holds_alternative<GoOn>(phase.machine_stopped(true, 10)));
  EXPECT_TRUE(std::holds_alternative<GoOn>(phase.machine_refused("gone", true)));
  EXPECT_EQ(backend.live().size(), 1u);  // nothing rented
  EXPECT_EQ(lost, -1);
}
