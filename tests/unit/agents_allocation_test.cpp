// Allocation mechanisms of Gutierrez-Garcia & Sim (2012): FixedAM and GeneralizedAM
// (Section 5.3(b)) against I-ElasticAM (Section 3, Fig. 3), billed per started hour.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include "agents/allocation.hpp"

using namespace botsim::agents;

namespace {

AllocationConfig config(AllocationMechanism m) {
  AllocationConfig c;
  c.mechanism = m;
  return c;  // 10 h FixedAM, 1 h slots, 60 s threshold (Table 11)
}

// Test-only timeline of one resource allocated at 0: it is busy until busy_until, then idle;
// the BoT completes at bot_end, when every resource still held is given up. Returns the slots
// charged.
long slots_charged(const AllocationConfig& c, double busy_until, double bot_end) {
  double end = initial_allocation_end(c, 0);
  double check = check_time(c, end);
  while (check < bot_end) {
    AllocationDecision d = decide(c, {end, check < busy_until, false});
    if (d.action == AllocationAction::Release) return charged_slots(c, 0, check, end);
    end = d.alloc_end;
    check = d.next_check;
  }
  return charged_slots(c, 0, bot_end, end);
}

}  // namespace

TEST(AgentsAllocation, ParsesTheThreeMechanisms) {
  EXPECT_EQ(parse_allocation_mechanism("fixed"), AllocationMechanism::FixedAM);
  EXPECT_EQ(parse_allocation_mechanism("FixedAM"), AllocationMechanism::FixedAM);
  EXPECT_EQ(parse_allocation_mechanism("generalized"), AllocationMechanism::GeneralizedAM);
  EXPECT_EQ(parse_allocation_mechanism("I-ElasticAM"), AllocationMechanism::IElasticAM);
  EXPECT_EQ(parse_allocation_mechanism("i-elastic"), AllocationMechanism::IElasticAM);
  try {
    parse_allocation_mechanism("elastic");
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("unknown allocation mechanism 'elastic'"), std::string::npos) << what;
    EXPECT_NE(what.find("i-elastic"), std::string::npos) << what;
  }
}

TEST(AgentsAllocation, BadSettingsAreRefused) {
  AllocationConfig c = config(AllocationMechanism::IElasticAM);
  EXPECT_NO_THROW(validate(c));
  c.threshold_s = -1;
  EXPECT_THROW(validate(c), std::invalid_argument);
  c.threshold_s = 3600;  // a check at the very start of the slot: not a threshold
  EXPECT_THROW(validate(c), std::invalid_argument);
  c = config(AllocationMechanism::FixedAM);
  c.fixed_hours = 0;
  EXPECT_THROW(validate(c), std::invalid_argument);
  c = config(AllocationMechanism::GeneralizedAM);
  c.slot_s = 0;
  EXPECT_THROW(validate(c), std::invalid_argument);
}

TEST(AgentsAllocation, InitialAllocationAndCheckTimes) {
  // FixedAM: 10 h in advance, looked at only when they end. The elastic ones: 1 h, checked
  // 60 s before its end (Fig. 3's time-driven activation).
  auto fixed = config(AllocationMechanism::FixedAM);
  EXPECT_EQ(initial_slots(fixed), 10);
  EXPECT_DOUBLE_EQ(initial_allocation_end(fixed, 100), 36100);
  EXPECT_DOUBLE_EQ(check_time(fixed, 36100), 36100);
  for (auto m : {AllocationMechanism::GeneralizedAM, AllocationMechanism::IElasticAM}) {
    auto c = config(m);
    EXPECT_EQ(initial_slots(c), 1);
    EXPECT_DOUBLE_EQ(initial_allocation_end(c, 100), 3700);
    EXPECT_DOUBLE_EQ(check_time(c, 3700), 3640);
  }
}

TEST(AgentsAllocation, RenewAndReleaseDecisions) {
  auto ielastic = config(AllocationMechanism::IElasticAM);
  auto general = config(AllocationMechanism::GeneralizedAM);
  auto fixed = config(AllocationMechanism::FixedAM);
  // Busy at the check, BoT unfinished: I-ElasticAM renews one hour (Fig. 3 lines 4-8) and
  // schedules its next activation 60 s before the new end.
  AllocationDecision d = decide(ielastic, {3600, true, false});
  EXPECT_EQ(d.action, AllocationAction::Renew);
  EXPECT_EQ(d.slots, 1);
  EXPECT_DOUBLE_EQ(d.alloc_end, 7200);
  EXPECT_DOUBLE_EQ(d.next_check, 7140);
  // Idle, BoT unfinished: I-ElasticAM lets it go (lines 2-3); GeneralizedAM renews it anyway.
  EXPECT_EQ(decide(ielastic, {3600, false, false}).action, AllocationAction::Release);
  EXPECT_TRUE(std::isinf(decide(ielastic, {3600, false, false}).next_check));
  EXPECT_EQ(decide(general, {3600, false, false}).action, AllocationAction::Renew);
  EXPECT_EQ(decide(general, {3600, true, false}).action, AllocationAction::Renew);
  // BoT finished: GeneralizedAM releases.
  EXPECT_EQ(decide(general, {3600, false, true}).action, AllocationAction::Release);
  // FixedAM never renews, even busy with the BoT unfinished.
  EXPECT_EQ(decide(fixed, {36000, true, false}).action, AllocationAction::Release);
}

TEST(AgentsAllocation, ChargedPerStartedHour) {
  auto ielastic = config(AllocationMechanism::IElasticAM);
  // Allocated at 100: given up at 3700 (the end of hour 1) is 1 hour, 1 s later 2 hours.
  EXPECT_EQ(charged_slots(ielastic, 100, 3700, 3700), 1);
  EXPECT_EQ(charged_slots(ielastic, 100, 3701, 7300), 2);
  EXPECT_EQ(charged_slots(ielastic, 100, 100, 3700), 1);  // the first hour is due at once
  EXPECT_EQ(charged_slots(ielastic, 0, 9000, 10800), 3);  // 2.5 h -> 3 started hours
  // FixedAM pays its 10 hours whenever the BoT finishes.
  auto fixed = config(AllocationMechanism::FixedAM);
  EXPECT_EQ(charged_slots(fixed, 0, 9000, 36000), 10);
}

// Worked example (Section 5.3's comparison): two resources allocated at 0, a standard-large
// X ($0.34/h) busy for the whole run and a high-CPU-medium Y ($0.17/h) busy only for the
// first 48 min (2880 s); the BoT completes at 2.5 h (9000 s). Checks 60 s before each hour.
//  FixedAM:       X 10 h, Y 10 h                        -> 10 x 0.51          = $5.10
//  GeneralizedAM: at 3540 and 7140 the BoT is unfinished: both renewed; both given up at
//                 9000, in their third hour              -> 3 x 0.51           = $1.53
//  I-ElasticAM:   X busy at 3540 and 7140: renewed twice, 3 h; Y idle at 3540: released,
//                 1 h                                    -> 3 x 0.34 + 0.17    = $1.19
TEST(AgentsAllocation, WorkedExampleAgainstFixedAndGeneralized) {
  const double price_x = 0.34, price_y = 0.17, bot_end = 9000;
  auto cost = [&](AllocationMechanism m) {
    auto c = config(m);
    return static_cast<double>(slots_charged(c, bot_end, bot_end)) * price_x +
           static_cast<double>(slots_charged(c, 2880, bot_end)) * price_y;
  };
  EXPECT_EQ(slots_charged(config(AllocationMechanism::IElasticAM), bot_end, bot_end), 3);
  EXPECT_EQ(slots_charged(config(AllocationMechanism::IElasticAM), 2880, bot_end), 1);
  EXPECT_EQ(slots_charged(config(AllocationMechanism::GeneralizedAM), 2880, bot_end), 3);
  EXPECT_EQ(slots_charged(config(AllocationMechanism::FixedAM), 2880, bot_end), 10);
  EXPECT_NEAR(cost(AllocationMechanism::FixedAM), 5.10, 1e-9);
  EXPECT_NEAR(cost(AllocationMechanism::GeneralizedAM), 1.53, 1e-9);
  EXPECT_NEAR(cost(AllocationMechanism::IElasticAM), 1.19, 1e-9);
}

TEST(AgentsAllocation, BusyAcrossTheThresholdOnlyIsRenewed) {
  // Y busy until 3550, i.e. still busy at the 3540 check: I-ElasticAM renews it once
  // (2 hours), then it is idle at 7140 and released.
  EXPECT_EQ(slots_charged(config(AllocationMechanism::IElasticAM), 3550, 9000), 2);
  // Busy until 3530, idle at the 3540 check: released after 1 hour.
  EXPECT_EQ(slots_charged(config(AllocationMechanism::IElasticAM), 3530, 9000), 1);
}
