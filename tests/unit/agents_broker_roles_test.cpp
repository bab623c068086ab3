// The broker agent's roles (agents/broker_*.hpp), each alone on a fake BrokerPort: no SimGrid,
// no other role. Numbers worked out by hand from the paper's rules (Section 2.2: the CNPs;
// Section 3, Fig. 3: allocation and billing per started hour; Fig. 5: the hand-out).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "agents/broker.hpp"
#include "agents/broker_bots.hpp"
#include "agents/broker_contracts.hpp"
#include "agents/broker_dispatch.hpp"
#include "agents/broker_ledger.hpp"
#include "agents/broker_report.hpp"
#include "agents/heuristics.hpp"
#include "cloud/records.hpp"
#include "core/error.hpp"
#include "core/summary.hpp"
#include "unit/agents_fake_broker_port.hpp"

using namespace botsim;
using namespace botsim::agents;
using botsim::agents::fakes::FakeBrokerPort;

namespace {

AllocationStatus status(bool busy, bool bot_finished) {
  AllocationStatus s;
  s.busy = busy;
  s.bot_finished = bot_finished;
  return s;
}

// CA0's BoT: tasks of `sizes` MI in submission order, one resource of each of `types`, k = 1,
// I-ElasticAM (1-hour slots, checks 60 s before the end), submitted at 1 s.
std::shared_ptr<BotRequest> roles_bot(const std::vector<double>& sizes,
                                      const std::vector<std::string>& types,
                                      const char* heuristic = "U,MaxCT") {
  auto b = std::make_shared<BotRequest>();
  b->user = "CA0";
  for (std::size_t i = 0; i < sizes.size(); ++i)
    b->tasks.push_back({static_cast<int>(i), sizes[i]});
  b->heuristic = parse_heuristic(heuristic);
  b->resource_types = types;
  b->contractors = 1;
  b->submit_s = 1;
  return b;
}

// fast: 4 MI/s at $0.34 an hour; slow: 1 MI/s at $0.085 (Table 3's m1.large and m1.small).
Catalog roles_catalog() {
  Catalog c;
  c.by_spa["spa-0"] = {RaSite{"ra-0", "spa-0", "fast", 4, 0.34, {}},
                       RaSite{"ra-1", "spa-0", "slow", 1, 0.085, {}}};
  c.types = {"fast", "slow"};
  return c;
}

Allocated roles_allocated(int cnp, const std::string& ra, double speed, double price, double start,
                          double alloc_end) {
  return Allocated{"CA0", cnp, ra, "spa-0", "fast", speed, price, start, alloc_end, {}};
}

}  // namespace

// ---- BotContracts: the bid and the capacity.

// 1000 + 2600 MI on fast and slow (5 MI/s together): 720 s, one started hour of both
// (0.34 + 0.085 = 0.425), with a 20 % margin 0.51. 20,000 MI on fast alone: 5000 s, two hours.
TEST(BrokerBotContracts, BidsTheHoursItsResourcesNeed) {
  const Catalog c = roles_catalog();
  EXPECT_NEAR(BotContracts({0.2, -1}).bid(*roles_bot({1000, 2600}, {"fast", "slow"}), c), 0.51,
              1e-12);
  EXPECT_NEAR(BotContracts({0, -1}).bid(*roles_bot({20000}, {"fast"}), c), 0.68, 1e-12);
  EXPECT_FALSE(BotContracts({0, 1}).full(0));
  EXPECT_TRUE(BotContracts({0, 1}).full(1));  // one BoT held (proposed for or accepted)
  EXPECT_FALSE(BotContracts({0, -1}).full(1000));
}

// ---- ResourceContracts: the CNPs for resources.

// Two first CNPs (fast, slow) with k = 2 of spa-a and spa-b, and a late fast resource due 30 s
// after scheduling starts. fast: 0.5 and 0.3 proposed, the cheaper accepted, the other
// rejected; slow: both refuse, the CNP fails. The BoT is composed when fast is allocated (at
// 5 s): the late CNP is due at 35 s; both refuse it too.
TEST(BrokerResourceContracts, AwardsTheCheapestAndReportsFailures) {
  FakeBrokerPort port;
  auto bot = roles_bot({100}, {"fast", "slow"});
  bot->contractors = 2;
  bot->late_resources = {{"fast", 30}};
  Rng rng = make_rng(1, "contracts");
  ResourceContracts k(*bot, port);
  auto s = k.start({"spa-a", "spa-b"}, rng);
  EXPECT_FALSE(s.composed);
  const auto calls = port.sent_of<CallForResource>();
  ASSERT_EQ(calls.size(), 4u);  // two CNPs, both providers each
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(calls[i].second.cnp, static_cast<int>(i / 2));
    EXPECT_EQ(calls[i].second.type, i < 2 ? "fast" : "slow");
    EXPECT_EQ(calls[i].second.slots, 1);  // I-ElasticAM: one hour first
  }
  EXPECT_NE(calls[0].first, calls[1].first);
  port.sent.clear();
  auto never = [](double) { return false; };  // only replacements ask
  EXPECT_FALSE(k.reply(0, {"spa-a", 0.5}, never).composed);
  k.reply(0, {"spa-b", 0.3}, never);
  ASSERT_EQ(port.sent_of<Reject>().size(), 1u);
  EXPECT_EQ(port.sent_of<Reject>()[0].first, "spa-a");
  ASSERT_EQ(port.sent_of<Accept>().size(), 1u);
  EXPECT_EQ(port.sent_of<Accept>()[0].first, "spa-b");
  k.reply(1, {"spa-b", std::nullopt}, never);
  s = k.reply(1, {"spa-a", std::nullopt}, never);
  EXPECT_FALSE(s.composed);  // fast is awarded, not yet allocated
  EXPECT_EQ(k.failures(),
            std::vector<std::string>{"slow: every contractor refused (spa-b, spa-a)"});
  port.clock = 5;
  s = k.allocated(0);
  EXPECT_TRUE(s.composed);
  EXPECT_FALSE(s.joined);
  ASSERT_EQ(port.timers.size(), 1u);
  EXPECT_DOUBLE_EQ(port.timers[0].first, 35);
  EXPECT_EQ(std::get<CallLateResource>(port.timers[0].second).cnp, 2);
  port.sent.clear();
  k.call_late(2, rng);
  EXPECT_EQ(k.late_open(), 1);
  ASSERT_EQ(port.sent_of<CallForResource>().size(), 2u);
  EXPECT_EQ(port.sent_of<CallForResource>()[0].second.type, "fast");
  k.reply(2, {"spa-a", std::nullopt}, never);
  s = k.reply(2, {"spa-b", std::nullopt}, never);
  EXPECT_TRUE(s.joined);
  EXPECT_EQ(k.late_open(), 0);
  EXPECT_EQ(k.failed_cnps(), 2);
  EXPECT_EQ(k.failures()[1], "fast: every contractor refused (spa-a, spa-b)");
}

// No SPA registered: every first CNP fails at once and the BoT is composed of nothing.
TEST(BrokerResourceContracts, NoProviderFailsEveryCnpAtOnce) {
  FakeBrokerPort port;
  auto bot = roles_bot({100}, {"fast", "slow"});
  Rng rng = make_rng(1, "contracts");
  ResourceContracts k(*bot, port);
  const auto s = k.start({}, rng);
  EXPECT_TRUE(s.composed);
  EXPECT_TRUE(port.sent.empty());
  EXPECT_EQ(k.failures(), (std::vector<std::string>{"fast: no service provider registered",
                                                    "slow: no service provider registered"}));
}

// A replacement for ra-0 (Section 3 has none; botsim's replace_failed): its price, 0.34, must
// be affordable, else the winner is rejected and the loss told with the failures; an award
// counts against the budget until allocated (1 + 0.34).
TEST(BrokerResourceContracts, AReplacementIsPaidFromTheBudget) {
  FakeBrokerPort port;
  auto bot = roles_bot({100}, {"fast"});
  bot->budget = 1;
  Rng rng = make_rng(1, "contracts");
  ResourceContracts k(*bot, port);
  auto yes = [](double) { return true; };
  k.start({"spa-a"}, rng);
  k.reply(0, {"spa-a", 0.34}, yes);
  EXPECT_TRUE(k.allocated(0).composed);
  port.sent.clear();
  k.replace("fast", "ra-0", rng);
  EXPECT_EQ(k.late_open(), 1);
  EXPECT_EQ(k.replacing(), 1);
  ASSERT_EQ(port.sent_of<CallForResource>().size(), 1u);
  EXPECT_EQ(port.sent_of<CallForResource>()[0].second.cnp, 1);
  auto s = k.reply(1, {"spa-a", 0.34}, [](double price) { return price <= 0.2; });
  ASSERT_EQ(port.sent_of<Reject>().size(), 1u);  // the winner, refused for money
  EXPECT_TRUE(port.sent_of<Accept>().empty());
  EXPECT_TRUE(s.joined);
  EXPECT_EQ(s.replacements_lost,
            std::vector<std::string>{"no replacement for ra-0: the budget (1) cannot pay for it"});
  EXPECT_EQ(k.replacing(), 0);
  EXPECT_EQ(k.failed_cnps(), 1);
  EXPECT_TRUE(k.failures().empty());  // told after the host failure, not among the CNPs'
  k.replace("fast", "ra-0", rng);
  s = k.reply(2, {"spa-a", 0.34}, yes);
  EXPECT_FALSE(s.joined);  // awarded: settled once allocated
  EXPECT_NEAR(k.plus_awarded(1.0), 1.34, 1e-12);
  EXPECT_TRUE(k.allocated(2).joined);
  EXPECT_EQ(k.plus_awarded(1.0), 1.0);
  EXPECT_EQ(k.late_open(), 0);
}

// ---- ResourceLedger: allocation, renewal, release and billing.

// I-ElasticAM: ra-0 allocated at 2 until 3602, checked at 3542 (60 s before): busy, renewed for
// an hour (the SPA acknowledges: until 7202, checked at 7142); idle then, released at 7142 and
// billed two started hours, 0.68.
TEST(BrokerResourceLedger, RenewsABusyResourceAndBillsStartedHours) {
  FakeBrokerPort port;
  auto bot = roles_bot({100}, {"fast"});
  ResourceLedger l(*bot, port);
  port.clock = 2;
  EXPECT_EQ(l.hold(roles_allocated(0, "ra-0", 4, 0.34, 2, 3602)), 0);
  l.schedule_check(0);
  ASSERT_EQ(port.timers.size(), 1u);
  EXPECT_DOUBLE_EQ(port.timers[0].first, 3542);
  const auto first = std::get<CheckAllocation>(port.timers[0].second);
  EXPECT_EQ(l.live("ra-0"), 0);
  EXPECT_NEAR(l.committed(std::nullopt, 0), 0.34, 1e-12);  // its first hour, paid in advance
  EXPECT_NEAR(l.committed(0, 1), 0.68, 1e-12);
  port.clock = 3542;
  auto pays = [](long) { return true; };
  EXPECT_TRUE(l.current(first));
  EXPECT_FALSE(l.check(0, status(true, false), pays));
  ASSERT_EQ(port.sent_of<Reallocate>().size(), 1u);
  EXPECT_EQ(port.sent_of<Reallocate>()[0].second.slots, 1);
  EXPECT_EQ(l.renewals(), 1);
  EXPECT_EQ(l.renewed(Renewed{"CA0", "ra-0", 7202}), 0);
  EXPECT_FALSE(l.current(first));  // made stale by the renewal
  ASSERT_EQ(port.timers.size(), 2u);
  EXPECT_DOUBLE_EQ(port.timers[1].first, 7142);
  port.clock = 7142;
  EXPECT_TRUE(l.check(0, status(false, false), pays));  // idle: let go (Fig. 3)
  ASSERT_EQ(port.sent_of<ReleaseResource>().size(), 1u);
  EXPECT_EQ(l.live_count(), 0u);
  EXPECT_EQ(l.pending_releases(), 1);
  EXPECT_EQ(l.charged_units(), 2);
  EXPECT_NEAR(l.spent(), 0.68, 1e-12);
  const auto& rows = port.run().results().records<cloud::InstanceRecord>();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].instance, "ra-0");
  EXPECT_EQ(rows[0].stop_s, 7142);
  l.release_acknowledged();
  EXPECT_EQ(l.pending_releases(), 0);
  EXPECT_FALSE(l.renewed(Renewed{"CA0", "ra-0", 9000}));  // no longer held
}

// A renewal the budget cannot pay (0.5: the first hour, 0.34, plus one more is 0.68) releases
// the resource and says why.
TEST(BrokerResourceLedger, ARenewalTheBudgetCannotPayReleases) {
  FakeBrokerPort port;
  auto bot = roles_bot({100}, {"fast"});
  bot->budget = 0.5;
  ResourceLedger l(*bot, port);
  l.hold(roles_allocated(0, "ra-0", 4, 0.34, 0, 3600));
  port.clock = 3540;
  EXPECT_TRUE(l.check(0, status(true, false),
                      [&](long slots) { return affordable(bot->budget, l.committed(0, slots)); }));
  EXPECT_EQ(l.budget_short(), "the budget (0.5) cannot pay for renewing ra-0");
  EXPECT_TRUE(port.sent_of<Reallocate>().empty());
  EXPECT_EQ(port.sent_of<ReleaseResource>().size(), 1u);
  EXPECT_NEAR(l.spent(), 0.34, 1e-12);
}

// A failed host's resource is billed the hours started until the failure (0..4000 s: 2) and is
// no longer held; the others are given back at the end, in id order, FixedAM's paid to their
// allocation end (10 hours from 0).
TEST(BrokerResourceLedger, AFailedResourceIsBilledUntilItsFailure) {
  FakeBrokerPort port;
  auto bot = roles_bot({100}, {"fast", "fast"});
  bot->allocation.mechanism = AllocationMechanism::FixedAM;
  ResourceLedger l(*bot, port);
  l.hold(roles_allocated(0, "ra-0", 4, 0.34, 0, 36000));
  l.hold(roles_allocated(1, "ra-1", 4, 0.34, 0, 36000));
  port.clock = 4000;
  EXPECT_EQ(l.fail("ra-0"), 0);
  EXPECT_FALSE(l.fail("ra-0"));
  EXPECT_FALSE(l.fail("ra-9"));
  EXPECT_EQ(l.charged_units(), 2);
  EXPECT_EQ(l.live_count(), 1u);
  EXPECT_TRUE(port.sent.empty());  // its SPA saw it fail
  EXPECT_EQ(l.release_all(), std::vector<int>{1});
  EXPECT_EQ(l.charged_units(), 12);
  EXPECT_NEAR(l.spent(), 12 * 0.34, 1e-12);
  EXPECT_EQ(l.pending_releases(), 1);
  EXPECT_EQ(port.run().results().records<cloud::InstanceRecord>().size(), 2u);
}

// ---- TaskDispatch: Fig. 5's hand-out and the outputs.

// (U, MaxCT): at 0, ra-0 (1 MI/s, until 3600) and ra-1 (2 MI/s, until 3601) are free. Task 0
// (100 MI) goes to ra-1 (the longer remaining allocation), task 1 (200 MI) to ra-0, each
// through its SPA. ra-1's output (ran 0.5..50.5) comes at 51: 50 s busy; ra-0's task, sent at
// 0 and 200 s long, cannot have ended by 50.5, so no wait. ra-0's host fails at 100: its task
// is lost, priced 100 s at $0.36 an hour (0.01), and goes back.
TEST(BrokerTaskDispatch, HandsOutToTheFreeResourcesAndTakesOutputsBack) {
  FakeBrokerPort port;
  auto bot = roles_bot({100, 200}, {"slow", "fast"});
  UserRole(port.run(), "CA0").open(UserRecord{});  // the consumer's record
  TaskDispatch d(*bot, port);
  d.add_resource(0, 1, 3600);
  d.add_resource(1, 2, 3601);
  const std::vector<HeldResource> held{{"ra-0", "spa-0", "slow", 0.36, 0, 3600, false, 0, {}},
                                       {"ra-1", "spa-1", "fast", 0.72, 0, 3601, false, 0, {}}};
  Rng rng = make_rng(1, "dispatch");
  d.hand_out(held, rng);
  const auto tasks = port.sent_of<ExecuteTask>();
  ASSERT_EQ(tasks.size(), 2u);
  EXPECT_EQ(tasks[0].first, "spa-1");
  EXPECT_EQ(tasks[0].second.ra, "ra-1");
  EXPECT_EQ(tasks[0].second.task.id, 0);
  EXPECT_EQ(tasks[1].first, "spa-0");
  EXPECT_EQ(tasks[1].second.task.id, 1);
  const auto& rows = port.run().results().tasks();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].host, "ra-1");
  EXPECT_EQ(rows[0].submit_s, 1);
  EXPECT_FALSE(rows[0].start_s);  // told with the output
  port.clock = 51;
  d.output(TaskOutput{"CA0", "ra-1", 0, 0.5, 50.5}, 1);
  EXPECT_EQ(port.run().results().tasks()[0].start_s, 0.5);
  EXPECT_EQ(port.run().results().tasks()[0].end_s, 50.5);
  EXPECT_EQ(d.tasks_done(), 1);
  EXPECT_DOUBLE_EQ(d.critical_busy_s(), 50);
  EXPECT_FALSE(d.awaiting_outputs());
  EXPECT_FALSE(d.busy(1));
  EXPECT_TRUE(d.busy(0));
  EXPECT_FALSE(d.finished());
  port.clock = 100;
  d.lose_running(0, "resource ra-0 failed", 0.36);
  EXPECT_EQ(d.unsent(), 1u);
  const auto& u = port.run().results().users().at(0);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_NEAR(*u.spent_on_lost_work, 0.01, 1e-12);
  EXPECT_FALSE(port.run().results().attempt_open(1));  // lost, not running
}

// ---- BotReporting: the result and why a BoT stopped.

TEST(BrokerBotReporting, TheResultSaysWhatWasDoneAndWhyItStopped) {
  auto bot = roles_bot({100}, {"fast"});
  bot->deadline_s = 100;
  BotReporting::Tally done;
  done.instances = 2;
  done.spent = 1.5;
  done.charged_units = 3;
  done.renewals = 1;
  done.finished = true;
  done.tasks_done = 10;
  done.critical_busy_s = 40;
  BotResult r = BotReporting(*bot).result(done);
  EXPECT_TRUE(r.executed);
  EXPECT_EQ(r.reason, "");
  EXPECT_EQ(r.stopped_as, "");
  EXPECT_EQ(r.tasks_done, 10);
  EXPECT_EQ(r.instances, 2);
  EXPECT_DOUBLE_EQ(r.critical_busy_s, 40);

  // Out of money after a host failure and a replacement not had: the budget first.
  BotReporting money(*bot);
  EXPECT_EQ(money.resource_failed("ra-1"), "resource ra-1 failed");
  money.replacement_lost("no replacement for ra-1: every contractor refused (spa-a)");
  BotReporting::Tally t = done;
  t.finished = false;
  t.budget_short = "the budget (2) cannot pay for renewing ra-0";
  t.cnp_failures = {"slow: every contractor refused (spa-b)"};
  t.failed_cnps = 2;
  r = money.result(t);
  EXPECT_EQ(r.stopped_as, user_status::kOutOfBudget);
  EXPECT_EQ(r.reason,
            "the budget (2) cannot pay for renewing ra-0; slow: every contractor refused (spa-b); "
            "resource ra-1 failed; no replacement for ra-1: every contractor refused (spa-a)");
  EXPECT_EQ(r.failed_cnps, 2);

  // Past its deadline: that first, whatever else.
  BotReporting late(*bot);
  late.deadline_passed();
  r = late.result(t);
  EXPECT_EQ(r.stopped_as, user_status::kDeadlinePassed);
  EXPECT_EQ(r.reason.substr(0, 26), "deadline of 100 s passed; ");

  // Nothing composed: not executed.
  BotReporting::Tally none;
  none.cnp_failures = {"fast: no service provider registered"};
  r = BotReporting(*bot).result(none);
  EXPECT_FALSE(r.executed);
  EXPECT_EQ(r.reason, "fast: no service provider registered");
}

// ---- The invariant where a broker's run ends.

// One 100 MI task on one fast resource (4 MI/s), FixedAM for an hour, through the whole wiring:
// held from the proposal, the BoT breaks the invariant until its result goes, i.e. until its
// resource's release is acknowledged; then none is left.
TEST(BrokerEndInvariant, ABotNotReportedIsAnInternalError) {
  FakeBrokerPort port(roles_catalog());
  auto bot = roles_bot({100}, {"fast"});
  bot->allocation.mechanism = AllocationMechanism::FixedAM;
  bot->allocation.fixed_hours = 1;
  Broker b(port, BotContracts::Terms{});
  b.check_end();  // nothing taken: holds
  b.on(CallForBot{bot, ConsumerAddress{}});
  ASSERT_EQ(port.told.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<Propose>(port.told[0]));
  try {
    b.check_end();
    ADD_FAILURE() << "a BoT proposed for is left";
  } catch (const InternalError& e) {
    EXPECT_EQ(std::string(e.what()),
              "broker agent ba-0 ended the run holding 1 BoT(s) never reported, 0 release(s) "
              "pending: CA0 (not ending, 0 releases pending)");
  }
  b.on(Accept{"CA0", 0});
  b.on(Listing{Role::Provider, "CA0", {"spa-0"}});
  b.on(Propose{"spa-0", "CA0", 0, 0.34});
  b.on(Allocated{"CA0", 0, "ra-0", "spa-0", "fast", 4, 0.34, 1, 3601, {}});
  b.end_of_instant();
  ASSERT_EQ(port.sent_of<ExecuteTask>().size(), 1u);
  port.clock = 26;
  b.on(TaskOutput{"CA0", "ra-0", 0, 1, 26});
  b.end_of_instant();  // every task done: the BoT ends, its resource goes back
  ASSERT_EQ(port.sent_of<ReleaseResource>().size(), 1u);
  EXPECT_THROW(b.check_end(), InternalError);
  try {
    b.check_end();
  } catch (const InternalError& e) {
    EXPECT_NE(std::string(e.what()).find("1 release(s) pending: CA0 (ending"), std::string::npos)
        << e.what();
  }
  b.on(Released{"CA0", "ra-0"});
  ASSERT_EQ(port.told.size(), 2u);
  const auto& result = std::get<BotResult>(port.told[1]);
  EXPECT_EQ(result.tasks_done, 1);
  EXPECT_NEAR(result.spent, 0.34, 1e-12);
  EXPECT_TRUE(b.jobs().empty());
  b.check_end();
}
