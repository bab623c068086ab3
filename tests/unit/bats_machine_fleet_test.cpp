// BaTS (Oprescu, Kielmann & Leahu 2011): the master's machines without SimGrid (a fake
// backend): renting and paying them from the phase's money, their snapshots (3.1), and the
// tasks lost with them.
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "bats/machine_fleet.hpp"
#include "bats_fake_backend.hpp"

using namespace botsim;
using namespace botsim::bats;
using botsim::bats::test::fake_type;
using botsim::bats::test::FakeBackend;

namespace {

// Two clusters, ATU 100 s: c1 at $3 (at most 2 machines), c2 at $9 (at most 2).
struct FleetFixture {
  std::vector<cloud::InstanceType> types{fake_type("c1", 3, 2), fake_type("c2", 9, 2)};
  FakeBackend backend;
  std::vector<std::tuple<long, int, int>> given_back;  // task, cluster, replicated
  MachineFleet fleet{backend, "U0", types, 100, [this](long task, int cluster, int replicated) {
                       given_back.emplace_back(task, cluster, replicated);
                     }};
};

}  // namespace

TEST(BatsMachineFleet, TheFirstAtuIsPaidApartOrByTheLedger) {
  FleetFixture f;
  // The LR sampling: paid apart (Table 1's S), whatever it costs.
  ASSERT_NE(f.fleet.acquire(0), nullptr);
  ASSERT_NE(f.fleet.acquire(1), nullptr);
  EXPECT_DOUBLE_EQ(f.fleet.spent_apart(), 12);
  EXPECT_TRUE(f.fleet.machine("m01").paid_apart);
  EXPECT_EQ(f.fleet.machine("m02").cluster, 1);
  EXPECT_EQ(f.fleet.machine("m02").paid_atus, 1);
  // Then a ledger of $5: one more c1 machine ($3), no c2 ($9), and c1 has no third machine.
  BudgetLedger ledger(5);
  f.fleet.pay_from(&ledger);
  MachineFleet::Instance* third = f.fleet.acquire(0);
  ASSERT_NE(third, nullptr);
  EXPECT_FALSE(f.fleet.machine(third->name).paid_apart);
  EXPECT_DOUBLE_EQ(ledger.spent(), 3);
  EXPECT_EQ(f.fleet.acquire(1), nullptr);  // $2 left
  EXPECT_EQ(f.fleet.acquire(0), nullptr);  // c1's 2 machines
  EXPECT_DOUBLE_EQ(f.fleet.spent_apart(), 12);
  EXPECT_EQ(f.backend.live().size(), 3u);
}

TEST(BatsMachineFleet, ARefusedMachineIsRefundedWhereItsAtuCameFrom) {
  FleetFixture f;
  f.fleet.acquire(1);  // m01, apart
  BudgetLedger ledger(20);
  f.fleet.pay_from(&ledger);
  f.fleet.acquire(1);  // m02, from the ledger
  f.backend.forget("m01");
  EXPECT_EQ(f.fleet.refused("m01"), 1);
  EXPECT_DOUBLE_EQ(f.fleet.spent_apart(), 0);
  f.backend.forget("m02");
  EXPECT_EQ(f.fleet.refused("m02"), 1);
  EXPECT_DOUBLE_EQ(ledger.spent(), 0);
  EXPECT_EQ(f.fleet.refused("m09"), -1);  // unknown
  // A cluster whose hosts all failed for good is not asked for again.
  f.fleet.mark_gone(1);
  EXPECT_FALSE(f.fleet.all_gone());
  EXPECT_EQ(f.fleet.acquire(1), nullptr);
  EXPECT_DOUBLE_EQ(ledger.spent(), 0);
  f.fleet.mark_gone(0);
  EXPECT_TRUE(f.fleet.all_gone());
}

TEST(BatsMachineFleet, SnapshotsAndPaidTime) {
  FleetFixture f;
  f.backend.clock = 10;
  MachineFleet::Instance& m = *f.fleet.acquire(0);  // billed from 10
  ASSERT_EQ(f.backend.alarms.size(), 1u);
  EXPECT_DOUBLE_EQ(f.backend.alarms[0].at_s, 110);  // its first ATU's end, from the request
  f.backend.clock = 20;
  f.backend.deliver("m01");
  EXPECT_TRUE(MachineFleet::asks_for_work(m));
  f.backend.clock = 50;
  f.fleet.run(m, 7, -1);
  EXPECT_FALSE(MachineFleet::asks_for_work(m));
  f.backend.clock = 80;
  MachineState s = f.fleet.state(m);
  EXPECT_DOUBLE_EQ(s.uptime_s, 70);
  EXPECT_TRUE(s.running);
  EXPECT_DOUBLE_EQ(s.running_elapsed_s, 30);
  EXPECT_DOUBLE_EQ(*s.paid_left_s, 30);
  f.backend.clock = 110;
  EXPECT_DOUBLE_EQ(*f.fleet.state(m).paid_left_s, 0);  // the ATU that just ended is not paid
  EXPECT_TRUE(f.fleet.pay_next_atu(m));
  EXPECT_DOUBLE_EQ(f.fleet.spent_apart(), 6);
  EXPECT_DOUBLE_EQ(f.backend.alarms.back().at_s, 210);
  EXPECT_DOUBLE_EQ(*f.fleet.state(m).paid_left_s, 100);
  f.backend.clock = 130;
  EXPECT_EQ(f.backend.finish("m01"), 7);
  EXPECT_EQ(f.fleet.task_done("m01", 80), -1);
  EXPECT_EQ(f.fleet.state(m).tasks_done, 1);
  EXPECT_DOUBLE_EQ(f.fleet.state(m).busy_s, 80);
}

// The provider bills a machine's ATUs from its start request, booting or not: each is paid as
// it ends, and a machine still booting whose next ATU the ledger cannot pay is not paid for.
TEST(BatsMachineFleet, ABootingMachinesAtusArePaidFromItsRequest) {
  FleetFixture f;
  BudgetLedger ledger(7);
  f.fleet.pay_from(&ledger);
  f.backend.clock = 10;
  MachineFleet::Instance& m = *f.fleet.acquire(0);  // $3
  EXPECT_EQ(f.fleet.size(), 1u);
  ASSERT_EQ(f.backend.alarms.size(), 1u);
  EXPECT_DOUBLE_EQ(f.backend.alarms[0].at_s, 110);
  f.backend.clock = 110;  // still booting
  EXPECT_FALSE(m.ready);
  EXPECT_TRUE(f.fleet.pay_next_atu(m));  // $6
  EXPECT_DOUBLE_EQ(f.backend.alarms.back().at_s, 210);
  EXPECT_DOUBLE_EQ(*f.fleet.state(m).paid_left_s, 100);
  f.backend.clock = 210;
  EXPECT_FALSE(f.fleet.pay_next_atu(m));  // $1 left
  EXPECT_DOUBLE_EQ(ledger.spent(), 6);
  EXPECT_EQ(f.fleet.machine("m01").paid_atus, 2);
  EXPECT_EQ(f.backend.alarms.size(), 2u);
  f.fleet.stop(m);
  f.backend.forget("m01");
  f.fleet.stopped("m01", {});
  EXPECT_EQ(f.fleet.size(), 0u);
}

// The provider bills up to when it receives a stop: with 2 s between the master and it, the
// master's paid time ends 2 s early, and the ATU ends already watched are watched again then.
TEST(BatsMachineFleet, AStopLeadEndsThePaidTimeEarlyAndWatchesAgain) {
  FleetFixture f;
  f.backend.clock = 10;
  MachineFleet::Instance& m = *f.fleet.acquire(0);  // its first ATU ends at 110
  f.fleet.acquire(1);                               // m02, stopping by the time the lead is seen
  f.backend.live().at("m02").stopping = true;
  ASSERT_EQ(f.backend.alarms.size(), 2u);
  f.backend.clock = 12;
  EXPECT_FALSE(f.fleet.lead_stops_by(0));  // no longer than before: nothing watched again
  EXPECT_TRUE(f.fleet.lead_stops_by(2));
  ASSERT_EQ(f.backend.alarms.size(), 3u);  // m01 only
  EXPECT_EQ(f.backend.alarms[2].machine, "m01");
  EXPECT_DOUBLE_EQ(f.backend.alarms[2].at_s, 108);
  EXPECT_FALSE(f.fleet.lead_stops_by(1.5));
  EXPECT_DOUBLE_EQ(*f.fleet.state(m).paid_left_s, 96);
  f.backend.clock = 108;  // the new watch: due, and the next ATU is paid
  EXPECT_TRUE(f.fleet.atu_ending_due(m));
  EXPECT_TRUE(f.fleet.pay_next_atu(m));
  EXPECT_DOUBLE_EQ(f.backend.alarms.back().at_s, 208);
  f.backend.clock = 110;  // the old watch: its ATU is paid, it is ignored
  EXPECT_FALSE(f.fleet.atu_ending_due(m));
  EXPECT_EQ(f.fleet.machine("m01").paid_atus, 2);
}

TEST(BatsMachineFleet, TasksLostWithAMachineGoBack) {
  FleetFixture f;
  for (int c : {0, 1, 1}) f.fleet.acquire(c);
  for (const char* name : {"m01", "m02", "m03"}) f.backend.deliver(name);
  f.fleet.run(f.backend.live().at("m01"), 4, 2);  // Fig. 3's replicated task 2
  f.fleet.run(f.backend.live().at("m02"), 5, -1);
  EXPECT_TRUE(f.backend.runs[0].replica);
  EXPECT_FALSE(f.backend.runs[1].replica);
  // Released: its replicated task goes back as such; stopping twice does nothing.
  f.fleet.stop(f.backend.live().at("m01"));
  f.fleet.stop(f.backend.live().at("m01"));
  EXPECT_EQ(f.fleet.machine("m01").replicated, -1);
  // m02 fails: its task goes back with its cluster, and the machine is forgotten.
  f.backend.forget("m02");
  f.fleet.stopped("m02", {5});
  EXPECT_EQ(f.given_back, (std::vector<std::tuple<long, int, int>>{{4, 0, 2}, {5, 1, -1}}));
  EXPECT_EQ(f.backend.stops, std::vector<std::string>{"m01"});
  // Active: not being stopped, by name.
  EXPECT_TRUE(f.fleet.any_active());
  EXPECT_FALSE(f.fleet.has_active(0));
  EXPECT_TRUE(f.fleet.has_active(1));
  std::vector<MachineFleet::Instance*> insts;
  EXPECT_EQ(f.fleet.active(&insts).size(), 1u);
  EXPECT_EQ(insts.at(0)->name, "m03");
  EXPECT_TRUE(f.fleet.others_of(*insts[0]).empty());
  f.fleet.stop_all();
  EXPECT_FALSE(f.fleet.any_active());
}
