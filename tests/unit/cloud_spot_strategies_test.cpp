// The spot strategies (docs/cloud.md, "Spot strategies"): the slack rule and each strategy's
// decisions, worked by hand on a view set field by field; pure.
#include <gtest/gtest.h>

#include "cloud/spot_strategies.hpp"
#include "policy_fakes.hpp"

using botsim::cloud::make_spot_strategy;
using botsim::cloud::slack_to_deadline;
using botsim::cloud::SpotStrategy;
using botsim::cloud::SpotStrategyParams;
using botsim::cloud::time_to_finish;
using botsim::policy::Market;

namespace {

botsim::test::FakeCloudView view_of(long total) {
  botsim::test::FakeCloudView v;
  v.type_.name = "m5.large";
  v.type_.cores = 1;
  v.type_.spot = true;
  v.types_ = {v.type_};
  v.total_ = v.waiting_ = total;
  v.spot_prices_["m5.large"] = 0.03;
  return v;
}

botsim::policy::Instance spot_instance(const std::string& name) {
  botsim::policy::Instance i;
  i.name = name;
  i.type = "m5.large";
  i.ready = true;
  i.market = Market::Spot;
  i.busy = 1;
  i.slots = {botsim::policy::Slot{1, 0}};
  return i;
}

SpotStrategyParams params_of(SpotStrategy strategy, long instances,
                             std::optional<double> max_price = std::nullopt) {
  SpotStrategyParams p;
  p.strategy = strategy;
  p.type = "m5.large";
  p.instances = instances;
  p.max_price = max_price;
  return p;
}

}  // namespace

TEST(SpotStrategies, TimeToFinishInWholeRounds) {
  EXPECT_DOUBLE_EQ(time_to_finish(10, 4, 100), 300);  // rounds of 4, 4, 2
  EXPECT_DOUBLE_EQ(time_to_finish(8, 4, 100), 200);
  EXPECT_DOUBLE_EQ(time_to_finish(0, 4, 100), 0);
  // 5000 - 1000 - (60 + 300)
  EXPECT_DOUBLE_EQ(slack_to_deadline(1000, 5000, 10, 4, 100, 60), 3640);
  EXPECT_LT(slack_to_deadline(1000, 1200, 10, 4, 100, 0), 0);  // late even on 4 cores
}

TEST(SpotStrategies, OnDemandRentsOnceUpFront) {
  auto v = view_of(20);
  auto p = make_spot_strategy(params_of(SpotStrategy::OnDemand, 3));
  const auto d = p->start(v);
  ASSERT_EQ(d.start.size(), 1u);
  EXPECT_EQ(d.start[0].count, 3);
  EXPECT_EQ(d.start[0].market, Market::OnDemand);
  EXPECT_EQ(p->check_interval_s(), 0);
}

TEST(SpotStrategies, SpotWaitsForAPriceUnderItsMaximum) {
  auto v = view_of(20);
  auto p = make_spot_strategy(params_of(SpotStrategy::Spot, 3, 0.05));
  v.spot_prices_["m5.large"] = 0.06;  // above the maximum: a start would be refused
  EXPECT_TRUE(p->start(v).start.empty());
  EXPECT_EQ(p->check_interval_s(), 300);
  v.now_ = 300;
  v.spot_prices_["m5.large"] = 0.04;
  const auto d = p->check(v);
  ASSERT_EQ(d.start.size(), 1u);
  EXPECT_EQ(d.start[0].count, 3);
  EXPECT_EQ(d.start[0].market, Market::Spot);
  EXPECT_EQ(d.start[0].max_price, 0.05);
}

TEST(SpotStrategies, SpotReplacesAnInterruptedInstanceAtTheReclaim) {
  auto v = view_of(20);
  auto p = make_spot_strategy(params_of(SpotStrategy::Spot, 3, 0.05));
  v.instances_ = {spot_instance("U0-i0001"), spot_instance("U0-i0002"), spot_instance("U0-i0003")};
  v.active_ = 3;
  v.running_ = 3;
  v.waiting_ = 17;
  // The notice: spot only waits for the reclaim.
  v.instances_[0].reclaim_s = 120;
  EXPECT_TRUE(p->interruption_notice(v, v.instances_[0]).empty());
  // The reclaim: its task waits again, and one spot instance replaces it.
  v.instances_.erase(v.instances_.begin());
  v.active_ = 2;
  v.running_ = 2;
  v.waiting_ = 18;
  botsim::policy::InstanceLoss loss;
  loss.instance = "U0-i0001";
  loss.type = "m5.large";
  loss.interrupted = true;
  loss.lost_tasks = {1};
  const auto d = p->instance_lost(v, loss);
  ASSERT_EQ(d.start.size(), 1u);
  EXPECT_EQ(d.start[0].count, 1);
  EXPECT_EQ(d.start[0].market, Market::Spot);
}

TEST(SpotStrategies, FallbackOnDemandOnceTheSlackIsShort) {
  // 2 one-core spot instances, deadline 3600 s, fall back below 900 s of slack. 4 of 20 tasks
  // done in 400 s (mean 100 s): 16 left, 8 rounds on 2 cores, 800 s.
  auto v = view_of(20);
  SpotStrategyParams params = params_of(SpotStrategy::SpotFallback, 2);
  params.target_s = 3600;
  params.slack_s = 900;
  auto p = make_spot_strategy(params);
  v.instances_ = {spot_instance("U0-i0001"), spot_instance("U0-i0002")};
  v.active_ = 2;
  v.done_ = 4;
  v.done_seconds_ = 400;
  v.running_ = 2;
  v.waiting_ = 14;
  // At 1500 s the slack is 3600 - 1500 - 800 = 1300 s: spot goes on.
  v.now_ = 1500;
  EXPECT_TRUE(p->task_ended(v, {}).empty());
  // At 1950 s it is 850 s: fallen back, with nothing to rent while both instances stay.
  v.now_ = 1950;
  EXPECT_TRUE(p->task_ended(v, {}).empty());
  // A notice now rents the on-demand replacement at once, before the reclaim.
  v.instances_[1].reclaim_s = 2070;
  const auto d = p->interruption_notice(v, v.instances_[1]);
  ASSERT_EQ(d.start.size(), 1u);
  EXPECT_EQ(d.start[0].count, 1);
  EXPECT_EQ(d.start[0].market, Market::OnDemand);
}

TEST(SpotStrategies, SpotOnlyNeverFallsBack) {
  // The same view as above, under `spot`: the notice rents nothing, whatever the slack.
  auto v = view_of(20);
  auto p = make_spot_strategy(params_of(SpotStrategy::Spot, 2));
  v.instances_ = {spot_instance("U0-i0001"), spot_instance("U0-i0002")};
  v.active_ = 2;
  v.done_ = 4;
  v.done_seconds_ = 400;
  v.now_ = 1950;
  v.instances_[1].reclaim_s = 2070;
  EXPECT_TRUE(p->task_ended(v, {}).empty());
  EXPECT_TRUE(p->interruption_notice(v, v.instances_[1]).empty());
}

// Near the bag's end: 3 instances wanted, 1 left running the last task, none waiting. A check
// rents nothing (an instance would have nothing to run: it was stopped at once and paid its
// minimum, at every check); with 5 tasks waiting again and 1 instance it rents 2, not 4.
TEST(SpotStrategies, RentsOnlyForWaitingTasks) {
  auto v = view_of(20);
  auto p = make_spot_strategy(params_of(SpotStrategy::Spot, 3));
  v.instances_ = {spot_instance("U0-i0001")};
  v.active_ = 1;
  v.running_ = 1;
  v.waiting_ = 0;
  v.done_ = 19;
  EXPECT_TRUE(p->check(v).empty());
  v.waiting_ = 5;
  const auto d = p->check(v);
  ASSERT_EQ(d.start.size(), 1u);
  EXPECT_EQ(d.start[0].count, 2);
}
