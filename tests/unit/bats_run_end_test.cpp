// BaTS: the invariants checked where every run ends, each shown failing on a state where it
// does not hold.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "bats/run_end.hpp"
#include "core/error.hpp"

using namespace botsim::bats;

namespace {

// A run that kept to its $11 (the $9 given and the $2 raise) and released every machine.
RunEnd kept() { return RunEnd{"U0", 11, 11.0, 0, 0}; }

// check_run_end's message, "" when every invariant holds.
std::string error_of(const RunEnd& end) {
  try {
    check_run_end(end);
  } catch (const botsim::InternalError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(BatsRunEnd, ARunThatKeptItsBudgetAndReleasedEveryMachinePasses) {
  EXPECT_EQ(error_of(kept()), "");
  RunEnd no_limit = kept();  // an LR sampling paid apart, stopped before any schedule
  no_limit.budget.reset();
  no_limit.spent = 1e6;
  EXPECT_EQ(error_of(no_limit), "");
  RunEnd rounding = kept();  // a sum of prices a rounding error above
  rounding.spent = 11 + 1e-12;
  EXPECT_EQ(error_of(rounding), "");
}

TEST(BatsRunEnd, SpendingBeyondTheBudgetAndAcceptedCushionIsAnInternalError) {
  RunEnd over = kept();
  over.spent = 12;  // one ATU of $1 more than the $11
  EXPECT_EQ(error_of(over),
            "BaTS user U0: spent 12, more than its budget and accepted raise or cushion, 11");
}

TEST(BatsRunEnd, AMachineLeftLiveIsAnInternalError) {
  RunEnd instance = kept();
  instance.live_instances = 1;
  EXPECT_EQ(error_of(instance),
            "BaTS user U0: 1 instances and 0 machines still live at the end of its run");
  RunEnd machine = kept();
  machine.fleet_machines = 1;  // the pool let it go, the fleet still counts it
  EXPECT_EQ(error_of(machine),
            "BaTS user U0: 0 instances and 1 machines still live at the end of its run");
}
