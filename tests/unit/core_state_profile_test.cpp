// Host state profiles as SimGrid 3.32 reads them, and when a host is off for good
// (core/state_profile.hpp, docs/reliability.md "Limits").
#include <gtest/gtest.h>

#include "core/state_profile.hpp"

using namespace botsim;

namespace {

std::optional<double> from(const std::string& text, double periodicity = -1) {
  return off_for_good_from(parse_state_profile(text, periodicity));
}

}  // namespace

TEST(StateProfile, ReadsTimeValueLines) {
  StateProfile p = parse_state_profile("0 1\n300 0\n1000 1\n");
  EXPECT_TRUE(p.predictable);
  EXPECT_FALSE(p.loops);
  ASSERT_EQ(p.events.size(), 3u);
  EXPECT_DOUBLE_EQ(p.events[1].time_s, 300);
  EXPECT_DOUBLE_EQ(p.events[1].value, 0);
  EXPECT_DOUBLE_EQ(p.events[2].time_s, 1000);
  EXPECT_DOUBLE_EQ(p.events[2].value, 1);
}

TEST(StateProfile, SkipsCommentsBlankLinesAndSpacesAsSimGridDoes) {
  // '#' and '%' start comments; '\r' ends a line like '\n'; lines are trimmed; DET x is x.
  StateProfile p =
      parse_state_profile("# a comment\n\n  % another\r\n  450   0  \r\nDET 900 DET 0\n");
  EXPECT_TRUE(p.predictable);
  ASSERT_EQ(p.events.size(), 2u);
  EXPECT_DOUBLE_EQ(p.events[0].time_s, 450);
  EXPECT_DOUBLE_EQ(p.events[1].time_s, 900);
  EXPECT_DOUBLE_EQ(p.events[1].value, 0);
}

TEST(StateProfile, LastValueOffIsForGoodFromTheFirstOffAfterTheLastOn) {
  EXPECT_EQ(from("450 0\n"), 450.0);
  EXPECT_EQ(from("100 0\n200 1\n300 0\n"), 300.0);
  // Repeated "off" values: off from the first of them.
  EXPECT_EQ(from("100 0\n200 1\n300 0\n400 0\n"), 300.0);
  EXPECT_EQ(from("0 0\n"), 0.0);
  // Any value > 0 is on, 0 is off (SimGrid's CpuCas01::apply_event).
  EXPECT_EQ(from("100 0.5\n200 0\n"), 200.0);
}

TEST(StateProfile, LastValueOnIsNeverForGood) {
  EXPECT_FALSE(from("450 0\n1000 1\n"));
  EXPECT_FALSE(from("450 0\n1000 0.25\n"));
  EXPECT_FALSE(from("0 1\n"));
}

TEST(StateProfile, EmptyProfileIsNeverForGood) {
  EXPECT_FALSE(from(""));
  EXPECT_FALSE(from("# nothing\n\n"));
  EXPECT_TRUE(parse_state_profile("").predictable);
}

TEST(StateProfile, LoopingProfileWithAnOnValueIsNeverForGood) {
  EXPECT_TRUE(parse_state_profile("LOOPAFTER 10\n100 1\n200 0\n").loops);
  EXPECT_FALSE(from("LOOPAFTER 10\n100 1\n200 0\n"));
  EXPECT_FALSE(from("PERIODICITY 1000\n100 1\n200 0\n"));
  // The <trace> element's periodicity attribute makes inline text loop too.
  EXPECT_FALSE(from("100 1\n200 0\n", 1000));
  EXPECT_EQ(from("100 1\n200 0\n", -1), 200.0);
  // sscanf("PERIODICITY %lg") needs no space before the number.
  EXPECT_TRUE(parse_state_profile("PERIODICITY500\n100 0\n").loops);
}

TEST(StateProfile, LoopingProfileOfOnlyOffValuesIsForGoodFromItsFirstEvent) {
  EXPECT_EQ(from("LOOPAFTER 5\n100 0\n200 0\n"), 100.0);
}

TEST(StateProfile, StochasticOrDrawnValuesAreNotPredictable) {
  EXPECT_FALSE(parse_state_profile("STOCHASTIC\nEXP 10 DET 0\n").predictable);
  EXPECT_FALSE(from("STOCHASTIC\nEXP 10 DET 0\n"));
  EXPECT_FALSE(parse_state_profile("STOCHASTIC LOOP\nDET 10 UNIF 0 1\n").predictable);
  EXPECT_FALSE(from("100 0\nNORM 200 1 0\n"));
  EXPECT_FALSE(from("100 0\n200 UNIF 0 1\n"));
}

TEST(StateProfile, TextSimGridRefusesIsNotPredictable) {
  EXPECT_FALSE(parse_state_profile("300 0\n200 1\n").predictable);  // unsorted
  EXPECT_FALSE(parse_state_profile("-1 0\n").predictable);          // negative date
  EXPECT_FALSE(parse_state_profile("100\n").predictable);           // no value
  EXPECT_FALSE(parse_state_profile("abc 0\n").predictable);         // no number
  EXPECT_FALSE(parse_state_profile("100 -1\n").predictable);        // value below 0
  EXPECT_FALSE(from("300 0\n200 1\n"));
}

TEST(HostFates, OffForGoodOnlyFromTheProfilesTimeOn) {
  HostFates f;
  f.set_profile("vm-0", parse_state_profile("450 0\n"));
  f.set_profile("vm-1", parse_state_profile("450 0\n1000 1\n"));
  EXPECT_FALSE(f.off_for_good("vm-0", 449));
  EXPECT_TRUE(f.off_for_good("vm-0", 450));
  EXPECT_TRUE(f.off_for_good("vm-0", 1e9));
  EXPECT_FALSE(f.off_for_good("vm-1", 500));
  EXPECT_FALSE(f.off_for_good("vm-1", 2000));
  EXPECT_FALSE(f.off_for_good("vm-2", 2000));  // no profile: nothing says it stays off
  EXPECT_EQ(f.off_from("vm-0"), 450.0);
  EXPECT_FALSE(f.off_from("vm-1"));
}

TEST(HostFates, AHostAnInjectorWillRepairIsNotOffForGood) {
  HostFates f;
  f.set_profile("vm-0", parse_state_profile("450 0\n"));
  f.hold("vm-0");
  f.hold("vm-0");  // two injectors name it
  EXPECT_FALSE(f.off_for_good("vm-0", 500));
  f.release("vm-0");
  EXPECT_FALSE(f.off_for_good("vm-0", 500));
  f.release("vm-0");
  EXPECT_TRUE(f.off_for_good("vm-0", 500));
  f.release("vm-0");  // more releases than holds change nothing
  EXPECT_TRUE(f.off_for_good("vm-0", 500));
}

TEST(HostFates, ALaterProfileReplacesAnEarlierOne) {
  HostFates f;
  f.set_profile("vm-0", parse_state_profile("450 0\n"));
  f.set_profile("vm-0", parse_state_profile("450 0\n900 1\n"));
  EXPECT_FALSE(f.off_for_good("vm-0", 1000));
}

// How long one iteration lasts: what the run refuses below a second.
TEST(StateProfile, CycleOfALoopingProfile) {
  EXPECT_EQ(parse_state_profile("0 1\n3 0\nPERIODICITY 5\n").cycle_s, 5);
  EXPECT_EQ(parse_state_profile("1 0\n3 1\nLOOPAFTER 2\n").cycle_s, 4);
  EXPECT_EQ(parse_state_profile("0 1\n0.001 0\n0.002 1\nLOOPAFTER 0.001\n").cycle_s, 0.003);
  EXPECT_EQ(parse_state_profile("0 1\n1 0\n", 7).cycle_s, 7);
  EXPECT_EQ(parse_state_profile("0 1\n1 0\n").cycle_s, 0);  // no loop
}
