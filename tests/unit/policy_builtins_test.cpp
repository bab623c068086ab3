// The papers' policies on their decision points (policy/*.hpp), on views made by hand: the
// numbers are worked out from the papers' formulas.
#include <gtest/gtest.h>

#include "policy/registry.hpp"
#include "policy_fakes.hpp"

using namespace botsim;
using namespace botsim::policy;
using botsim::test::FakeAuctionView;
using botsim::test::FakeCloudView;
using botsim::test::MapProps;

namespace {

std::unique_ptr<ProvisioningPolicy> provisioning(const std::string& name, const MapProps& props,
                                                 const FakeCloudView& view,
                                                 const std::vector<double>& times) {
  CloudSetup setup;
  setup.user = "U0";
  setup.task_type = view.type_;
  setup.types = view.types_;
  setup.task_times = &times;
  return find_policy(DecisionPoint::Provisioning, name)->provisioning(props, setup);
}

std::unique_ptr<AuctionPolicy> auction(const std::string& name,
                                       const MapProps& props = MapProps()) {
  return find_policy(DecisionPoint::Auction, name)->auction(props);
}

// One type: 1 core, ATU 1 h, no boot time, price 1, at most 10.
FakeCloudView cloud(long tasks) {
  FakeCloudView v;
  v.type_.name = "small";
  v.type_.atu_s = 3600;
  v.type_.price = 1;
  v.type_.max_count = 10;
  v.types_ = {v.type_};
  v.total_ = tasks;
  v.waiting_ = tasks;
  return v;
}

policy::Instance instance(const std::string& name, double requested, bool ready) {
  policy::Instance i;
  i.name = name;
  i.type = "small";
  i.requested_s = requested;
  i.ready_s = requested;
  i.ready = ready;
  i.slots.resize(1);
  return i;
}

}  // namespace

TEST(StaticPolicy, RentsItsInstancesOnceAndStopsThemWhenNothingWaits) {
  FakeCloudView v = cloud(5);
  const std::vector<double> times(5, 100.0);
  auto p = provisioning("static", MapProps{{"instances", "3"}}, v, times);
  EXPECT_EQ(p->label(), "static:3xsmall");
  EXPECT_EQ(p->check_interval_s(), 0);
  CloudDecision d = p->start(v);
  ASSERT_EQ(d.start.size(), 1u);
  EXPECT_EQ(d.start[0].type, "small");
  EXPECT_EQ(d.start[0].count, 3);
  // Idle instances are kept while tasks wait, stopped once none does.
  v.instances_ = {instance("U0-i0001", 0, true), instance("U0-i0002", 0, true)};
  v.instances_[1].busy = 1;
  v.instances_[1].slots[0].task = 4;
  EXPECT_TRUE(p->after_dispatch(v).empty());
  v.waiting_ = 0;
  EXPECT_EQ(p->after_dispatch(v).stop, std::vector<std::string>{"U0-i0001"});
  // An empty bag rents nothing.
  FakeCloudView empty = cloud(0);
  EXPECT_TRUE(
      provisioning("static", MapProps{{"instances", "3"}}, empty, {})->start(empty).empty());
}

TEST(StaticPolicy, GivesUpWhenEveryInstanceIsRefused) {
  FakeCloudView v = cloud(5);
  const std::vector<double> times(5, 100.0);
  auto p = provisioning("static", MapProps{{"instances", "2"}}, v, times);
  InstanceLoss refused;
  refused.refused = true;
  refused.reason = "no host";
  v.active_ = 1;
  EXPECT_TRUE(p->instance_lost(v, refused).empty());  // one is still coming
  v.active_ = 0;
  CloudDecision d = p->instance_lost(v, refused);
  ASSERT_TRUE(d.give_up);
  EXPECT_EQ(d.give_up->status, "resources_failed");
  EXPECT_EQ(d.give_up->reason, "2 of 2 instances refused: no host");
  InstanceLoss failed;
  failed.reason = "instance U0-i0001 failed";
  EXPECT_EQ(p->instance_lost(v, failed).give_up->reason, "every instance stopped with tasks left");
}

TEST(StaticPolicy, RentsOnTheSpotMarketWhenAsked) {
  FakeCloudView v = cloud(5);
  v.type_.spot = true;
  v.types_ = {v.type_};
  const std::vector<double> times(5, 100.0);
  auto p = provisioning(
      "static", MapProps{{"instances", "3"}, {"market", "spot"}, {"max_price", "0.2"}}, v, times);
  EXPECT_EQ(p->label(), "static:3xsmall:spot");
  CloudDecision d = p->start(v);
  ASSERT_EQ(d.start.size(), 1u);
  EXPECT_EQ(d.start[0].count, 3);
  EXPECT_EQ(d.start[0].market, Market::Spot);
  EXPECT_EQ(d.start[0].max_price, 0.2);
  // No maximum: only a withdrawal of capacity interrupts.
  d = provisioning("static", MapProps{{"instances", "3"}, {"market", "spot"}}, v, times)->start(v);
  EXPECT_FALSE(d.start.at(0).max_price);
  // On demand by default, with no maximum price.
  d = provisioning("static", MapProps{{"instances", "3"}}, v, times)->start(v);
  EXPECT_EQ(d.start.at(0).market, Market::OnDemand);
  EXPECT_THROW(provisioning("static", MapProps{{"instances", "3"}, {"max_price", "0.2"}}, v, times),
               std::invalid_argument);
  // A type without spot instances.
  FakeCloudView od = cloud(5);
  EXPECT_THROW(provisioning("static", MapProps{{"instances", "3"}, {"market", "spot"}}, od, times),
               std::invalid_argument);
}

TEST(SilvaPolicy, Fig3aAfterTheFirstCompletion) {
  // 10 tasks; instance 1 (requested at 0, ready) finished a 600 s task at 600 s. It can still do
  // floor((3600 - 600) / 600) = 5 tasks: necessary = round((9 - 5) * 600 / 3600) = 1, and
  // line 15 creates int(1 * 0.5) + 1 = 1 more.
  FakeCloudView v = cloud(10);
  const std::vector<double> times(10, 600.0);
  auto p = provisioning("silva", MapProps(), v, times);
  EXPECT_EQ(p->label(), "cr=0.5,ir=0.5");
  EXPECT_EQ(p->check_interval_s(), 300);
  v.active_ = 0;
  CloudDecision first = p->start(v);
  ASSERT_EQ(first.start.size(), 1u);  // "Initially, one host is allocated"
  EXPECT_EQ(first.start[0].count, 1);
  v.instances_ = {instance("U0-i0001", 0, true)};
  v.active_ = 1;
  // Stopped at the end of its first ATU (section 4).
  CloudDecision ready = p->instance_ready(v, v.instances_[0]);
  ASSERT_EQ(ready.stop_at.size(), 1u);
  EXPECT_EQ(ready.stop_at[0].time, 3600);
  v.now_ = 600;
  v.done_ = 1;
  v.waiting_ = 9;
  CloudDecision d = p->task_ended(v, TaskEnd{3, "U0-i0001", 0, 600});
  ASSERT_EQ(d.start.size(), 1u);
  EXPECT_EQ(d.start[0].type, "small");
  EXPECT_EQ(d.start[0].count, 1);
  // A budget that pays for no second hour (1.5 for instances of 1 per ATU, one live) stops it.
  FakeCloudView poor = v;
  poor.budget_ = 1.5;
  auto q = provisioning("silva", MapProps(), poor, times);
  EXPECT_TRUE(q->task_ended(poor, TaskEnd{3, "U0-i0001", 0, 600}).start.empty());
}

// On the spot market (not in the paper): the first host is a spot instance while the price is
// at most max_price (0.30 of 0.40), on demand above it (0.50: the fallback). A type without
// spot, or a maximum without the spot market, is refused.
TEST(SilvaPolicy, OnTheSpotMarketWithOnDemandFallback) {
  FakeCloudView v = cloud(10);
  v.type_.spot = true;
  v.types_ = {v.type_};
  v.spot_prices_["small"] = 0.30;
  const std::vector<double> times(10, 600.0);
  const MapProps spot{{"market", "spot"}, {"max_price", "0.40"}};
  auto p = provisioning("silva", spot, v, times);
  EXPECT_EQ(p->label(), "cr=0.5,ir=0.5,spot");
  CloudDecision d = p->start(v);
  ASSERT_EQ(d.start.size(), 1u);
  EXPECT_EQ(d.start[0].market, policy::Market::Spot);
  EXPECT_EQ(d.start[0].max_price, 0.40);
  v.spot_prices_["small"] = 0.50;
  auto q = provisioning("silva", spot, v, times);
  d = q->start(v);
  ASSERT_EQ(d.start.size(), 1u);
  EXPECT_EQ(d.start[0].market, policy::Market::OnDemand);
  EXPECT_THROW(provisioning("silva", MapProps{{"max_price", "0.4"}}, v, times),
               std::invalid_argument);
  FakeCloudView od = cloud(10);
  EXPECT_THROW(provisioning("silva", MapProps{{"market", "spot"}}, od, times),
               std::invalid_argument);
}

TEST(SilvaPolicy, RentsOneWhenNoneIsComingAndGivesUpWithoutMoney) {
  FakeCloudView v = cloud(4);
  const std::vector<double> times(4, 600.0);
  v.budget_ = 0.5;  // less than one ATU
  auto p = provisioning("silva", MapProps(), v, times);
  CloudDecision d = p->start(v);
  EXPECT_TRUE(d.start.empty());
  ASSERT_TRUE(d.give_up);
  EXPECT_EQ(d.give_up->status, "out_of_budget");
  EXPECT_EQ(d.give_up->reason, "the budget left (0.5) cannot pay for an instance (1 per ATU)");
}

TEST(SilvaPolicy, RefusesATaskLongerThanThePaidTime) {
  FakeCloudView v = cloud(2);
  const std::vector<double> times{600.0, 3700.0};
  try {
    provisioning("silva", MapProps(), v, times);
    FAIL() << "built";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("task 1 runs 3700 s, longer than an instance's paid time "
                                         "(3600 s"),
              std::string::npos)
        << e.what();
  }
}

TEST(AuctionPolicies, NoOptOpensEveryAccountAtItsBidAndSpreadsTheTasksEvenly) {
  FakeAuctionView v;
  v.add("R0", 1, 100, 1, 100).open = false;
  v.add("R1", 1, 100, 1, 100).open = false;
  v.lengths_ = {1000, 1000, 1000, 1000};
  auto p = auction("no-opt", MapProps{{"bid", "7"}});
  EXPECT_EQ(p->fixed_bid(), 7);
  AuctionPlan plan = p->start(v);
  ASSERT_EQ(plan.steps.size(), 6u);
  EXPECT_TRUE(plan.steps[0].open && plan.steps[0].resource == 0 && plan.steps[0].bid == 7);
  EXPECT_TRUE(plan.steps[1].open && plan.steps[1].resource == 1 && plan.steps[1].bid == 7);
  int on_r0 = 0;
  for (size_t i = 2; i < 6; ++i) {
    EXPECT_FALSE(plan.steps[i].open);
    EXPECT_EQ(plan.steps[i].task, static_cast<long>(i - 2));
    on_r0 += plan.steps[i].resource == 0;
  }
  EXPECT_EQ(on_r0, 2);                       // dealt in turn, then shuffled
  EXPECT_TRUE(p->interval(v).bids.empty());  // No-Opt bids once
  EXPECT_THROW(auction("global", MapProps{{"bid", "7"}}), std::invalid_argument);
}

/// R0 (1 PE of 10 MIPS, bids in [10, 100]) reported this round: 6 tasks there, S = 10 MIPS,
/// L_total = 6000 MI, B = 50; D = 3000 s, now 1000 s.
namespace {
void r0_reported(FakeAuctionView& v) {
  auto& r = v.add("R0", 1, 10, 10, 100);
  r.in_round = true;
  r.has_progress = true;
  r.outstanding = 6;
  r.share_mips = 10;
  r.remaining_mi = 6000;
  r.reported_bid = 50;
  v.deadline_ = 3000;
  v.now_ = 1000;
}
}  // namespace

TEST(AuctionPolicies, GlobalAdjustsTheBidByEquation6) {
  // R0 reported S = 10 MIPS, L_total = 6000 MI, B = 50: finish_time = 600 s (eq. 5). With
  // 2000 s left, 600 <= 2000 / 2 (case 2): B_new = 600 / 2000 * 50 = 15, within [10, 100].
  FakeAuctionView v;
  r0_reported(v);
  auto p = auction("global");
  AuctionRound round = p->interval(v);
  ASSERT_EQ(round.bids.size(), 1u);
  EXPECT_EQ(round.bids[0].first, 0u);
  EXPECT_DOUBLE_EQ(round.bids[0].second, 15);
  EXPECT_TRUE(round.submits.empty());
}

TEST(AuctionPolicies, LocalAddsHeldTasksWhileTheyFitBeforeHalfTheTimeLeft) {
  // The same R0 (6000 MI left at 10 MIPS); 2000 s left: tasks of List fit while
  // (6000 + L_task) / 10 <= 1000 s, so 4000 MI: all three 1000 MI tasks. Then
  // finish_time = 9000 / 10 = 900 s <= 1000 (case 2): B_new = 900 / 2000 * 50 = 22.5.
  FakeAuctionView v;
  r0_reported(v);
  v.lengths_.assign(10, 1000);
  v.held_ = {7, 8, 9};
  auto p = auction("local");
  AuctionRound round = p->interval(v);
  EXPECT_EQ(round.submits, (std::vector<std::pair<size_t, long>>{{0, 7}, {0, 8}, {0, 9}}));
  ASSERT_EQ(round.bids.size(), 1u);
  EXPECT_DOUBLE_EQ(round.bids[0].second, 22.5);
  EXPECT_TRUE(round.place.empty());  // 1000 s is not past half of D (1500 s)
  // Past half of D, what does not fit is handed out.
  v.held_ = {7, 8, 9, 2, 3};
  v.now_ = 1600;  // 1400 s left: (6000 + L) / 10 <= 700 s takes one task
  round = p->interval(v);
  EXPECT_EQ(round.submits, (std::vector<std::pair<size_t, long>>{{0, 7}}));
  EXPECT_EQ(round.place, (std::vector<long>{8, 9, 2, 3}));
  EXPECT_DOUBLE_EQ(round.bids.at(0).second, 25);  // 7000 / 10 = 700 s of 1400: 700 / 1400 * 50
}
