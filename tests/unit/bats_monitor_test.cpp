// BaTS (Oprescu, Kielmann & Leahu 2011), section 3.1 and Fig. 4: monitoring the execution.
#include <gtest/gtest.h>

#include <stdexcept>

#include "bats/budget_ledger.hpp"
#include "bats/monitor.hpp"
#include "bats/reconfiguration.hpp"
#include "bats/work_request.hpp"

using namespace botsim::bats;

namespace {

// ATU 3600 s; one cluster at $3 (10 machines) with sample 600, 1200, 1800 s (3 tasks, 3600 s).
// m0: 2 tasks in 2400 s, up 3000 s, running for 300 s.
// m1: 1 task in 600 s, up 1000 s, running for 700 s.
// m2: marked, nothing done, up 3300 s, running for 100 s.
MonitorState hand_state() {
  MonitorState s;
  s.clusters = {{"c1", 3, 10}};
  s.atu_s = 3600;
  s.stats = {ClusterStats{SampleSet({600, 1200, 1800}), 3600, 3}};
  s.machines = {MachineState{0, 2, 2400, 3000, true, 300, false},
                MachineState{0, 1, 600, 1000, true, 700, false},
                MachineState{0, 0, 0, 3300, true, 100, true}};
  s.tasks_in_bag = 20;
  s.budget_left = 30;
  return s;
}

}  // namespace

TEST(BatsMonitor, NeAndNpOnAStateWorkedOutByHand) {
  MonitorReport r = monitor(hand_state());
  // tau_e from the sample tail: 300 -> (600+1200+1800)/3 = 1200; 700 -> (1200+1800)/2 = 1500;
  // 100 -> 1200. Ti = (3600 + 1200 + 1500 + 1200) / (3 + 3) = 1250.
  ASSERT_EQ(r.ti_s.size(), 1u);
  EXPECT_DOUBLE_EQ(r.ti_s[0], 1250);
  const MachineEstimate& m0 = r.machines[0];
  EXPECT_DOUBLE_EQ(m0.tau_e, 1200);
  EXPECT_DOUBLE_EQ(m0.up_e, 3900);     // 3000 + (1200 - 300)
  EXPECT_DOUBLE_EQ(m0.v, 3.0 / 3600);  // (2 + 1) / (2400 + 1200)
  EXPECT_DOUBLE_EQ(m0.delta, 3300);    // 3600 - 3900 mod 3600
  EXPECT_EQ(m0.ft, 2);                 // floor(3300 / 1200)
  EXPECT_DOUBLE_EQ(m0.eta, 900);       // 3300 - 2 * 1200
  EXPECT_EQ(m0.extra_atus, 1);         // its task runs into ATU 2: $3 committed
  const MachineEstimate& m1 = r.machines[1];
  EXPECT_DOUBLE_EQ(m1.tau_e, 1500);
  EXPECT_DOUBLE_EQ(m1.up_e, 1800);     // 1000 + 800
  EXPECT_DOUBLE_EQ(m1.v, 2.0 / 2100);  // (1 + 1) / (600 + 1500)
  EXPECT_DOUBLE_EQ(m1.delta, 1800);
  EXPECT_EQ(m1.ft, 1);            // floor(1800 * 2 / 2100) = floor(1.71)
  EXPECT_DOUBLE_EQ(m1.eta, 750);  // 1800 - 1050
  EXPECT_EQ(m1.extra_atus, 0);
  const MachineEstimate& m2 = r.machines[2];  // up_e = 3300 + 1100 = 4400 > 3600: preempted
  EXPECT_TRUE(m2.preempted);
  EXPECT_EQ(m2.ft, 0);
  EXPECT_EQ(m2.np, 0);
  // Budget: 30 - 3 committed (m0's ATU 2) = 27, funding the next ATUs in the order they start:
  // m1's ATU 2 in 3600 - 1000 = 2600 s, m0's ATU 3 in 7200 - 3000 = 4200 s. Four whole rounds
  // of $6, then $3 pays m1's fifth: nr = 4 (m0), 5 (m1).
  EXPECT_DOUBLE_EQ(r.committed, 3);
  EXPECT_DOUBLE_EQ(r.budget_for_plan, 27);
  EXPECT_DOUBLE_EQ(m0.next_atu_s, 4200);
  EXPECT_DOUBLE_EQ(m1.next_atu_s, 2600);
  EXPECT_EQ(m0.nr, 4);
  EXPECT_EQ(m1.nr, 5);
  EXPECT_EQ(m2.nr, 0);
  EXPECT_EQ(r.atus_planned, 9);
  EXPECT_EQ(m0.np, 12);  // floor((4 * 3600 + 900) / 1200) = floor(12.75)
  EXPECT_EQ(m1.np, 17);  // floor((5 * 3600 + 750) * 2 / 2100) = floor(17.86)
  // Ne = 20 - (2 + 1 + 0) + 1 (m2's task back to the bag) = 18; Np = 29.
  EXPECT_EQ(r.ne, 18);
  EXPECT_EQ(r.np, 29);
  EXPECT_EQ(r.decision, Decision::Keep);
}

TEST(BatsMonitor, CushionCoversDeltaNOtherwiseReconfigure) {
  MonitorState s = hand_state();
  s.tasks_in_bag = 40;  // Ne = 38 > Np = 29
  EXPECT_EQ(monitor(s).decision, Decision::Reconfigure);
  s.cushion_tasks = 9;  // Ne <= Np + delta_n = 38
  EXPECT_EQ(monitor(s).decision, Decision::KeepCushion);
  s.cushion_tasks = 8;
  MonitorReport r = monitor(s);
  EXPECT_EQ(r.decision, Decision::Reconfigure);
  // 38 tasks of 1250 s (2.88 per machine-ATU) need 14 machine-ATUs; $27 buys 9: no affordable
  // configuration, the target is empty (the bag will be left incomplete).
  EXPECT_EQ(r.target.machines, std::vector<int>{0});
}

namespace {

// Two clusters, ATU 3600 s: c1 at $3 with sample 600, 1200, 1800 s; c2 at $9 with sample 200,
// 400, 600 s. Four machines, the money left ($24) exactly one more ATU of all of them:
// A (c1): 2 tasks in 2400 s, up 3000 s, running for 300 s: its task runs into ATU 2.
// B (c1): 1 task in 1200 s, up 2400 s, idle.
// C (c2): 3 tasks in 1200 s, up 1800 s, idle.
// D (c2): nothing done, up 600 s, running for 100 s.
MonitorState two_cluster_state() {
  MonitorState s;
  s.clusters = {{"c1", 3, 32}, {"c2", 9, 32}};
  s.atu_s = 3600;
  // rt_done: the sample's plus the tasks the machines finished (A's, B's; C's).
  s.stats = {ClusterStats{SampleSet({600, 1200, 1800}), 7200, 6},
             ClusterStats{SampleSet({200, 400, 600}), 2400, 6}};
  s.machines = {MachineState{0, 2, 2400, 3000, true, 300, false},
                MachineState{0, 1, 1200, 2400, false, 0, false},
                MachineState{1, 3, 1200, 1800, false, 0, false},
                MachineState{1, 0, 0, 600, true, 100, false}};
  s.tasks_in_bag = 34;
  s.budget_left = 24;
  return s;
}

}  // namespace

TEST(BatsMonitor, CommittedAtusAreNotPaidTwice) {
  MonitorReport r = monitor(two_cluster_state());
  // tau_e: A 1200 (the whole c1 sample is > 300 s), D 400 (the whole c2 sample is > 100 s).
  // Ti = (7200 + 1200) / 7 = 1200 s (c1), (2400 + 400) / 7 = 400 s (c2).
  EXPECT_DOUBLE_EQ(r.ti_s[0], 1200);
  EXPECT_DOUBLE_EQ(r.ti_s[1], 400);
  const auto& m = r.machines;
  // A: up_e 3900, v 3/3600, delta 3300, ft 2, eta 900, in ATU 2 (committed $3); next ATU 3
  //    starts in 7200 - 3000 = 4200 s.
  EXPECT_DOUBLE_EQ(m[0].up_e, 3900);
  EXPECT_EQ(m[0].ft, 2);
  EXPECT_DOUBLE_EQ(m[0].eta, 900);
  EXPECT_EQ(m[0].extra_atus, 1);
  EXPECT_DOUBLE_EQ(m[0].next_atu_s, 4200);
  // B: v 1/1200, delta 1200, ft 1, eta 0; next ATU in 1200 s.
  EXPECT_EQ(m[1].ft, 1);
  EXPECT_DOUBLE_EQ(m[1].eta, 0);
  EXPECT_DOUBLE_EQ(m[1].next_atu_s, 1200);
  // C: v 3/1200, delta 1800, ft 4, eta 200; next ATU in 1800 s.
  EXPECT_EQ(m[2].ft, 4);
  EXPECT_DOUBLE_EQ(m[2].eta, 200);
  EXPECT_DOUBLE_EQ(m[2].next_atu_s, 1800);
  // D: up_e 600 + 300 = 900, v 1/400, delta 2700, ft 6, eta 300; next ATU in 3000 s.
  EXPECT_DOUBLE_EQ(m[3].up_e, 900);
  EXPECT_EQ(m[3].ft, 6);
  EXPECT_DOUBLE_EQ(m[3].eta, 300);
  EXPECT_DOUBLE_EQ(m[3].next_atu_s, 3000);
  // $24 - $3 committed = $21 pays, in start order, B ($3), C ($9), D ($9): nr = 1 each; A's
  // next ATU (ATU 3) is left unpaid, nr = 0 (its ATU 2 is the committed one, where ft counts).
  // Spreading $21 evenly over $24 per ATU would give every machine nr = 0 and Np = 0.
  EXPECT_DOUBLE_EQ(r.committed, 3);
  EXPECT_EQ(m[0].nr, 0);
  EXPECT_EQ(m[1].nr, 1);
  EXPECT_EQ(m[2].nr, 1);
  EXPECT_EQ(m[3].nr, 1);
  // Np: A floor(900 * 3 / 3600) = 0; B floor(3600 / 1200) = 3; C floor(3800 / 400) = 9;
  // D floor(3900 / 400) = 9. Ne = 34 - (2 + 1 + 4 + 6) = 21 = Np: the configuration is kept.
  EXPECT_EQ(m[0].np, 0);
  EXPECT_EQ(m[1].np, 3);
  EXPECT_EQ(m[2].np, 9);
  EXPECT_EQ(m[3].np, 9);
  EXPECT_EQ(r.ne, 21);
  EXPECT_EQ(r.np, 21);
  EXPECT_EQ(r.decision, Decision::Keep);
  MonitorState s = two_cluster_state();
  s.tasks_in_bag = 35;  // Ne = 22 > 21
  EXPECT_EQ(monitor(s).decision, Decision::Reconfigure);
}

TEST(BatsMonitor, MoneyFundsTheNextAtusInTheOrderTheyStart) {
  MonitorState s = two_cluster_state();
  s.budget_left = 20;  // $17 after A's committed ATU
  MonitorReport r = monitor(s);
  // B ($3, 14 left), C ($9, 5 left), D ($9: not paid, D stops), A ($3, 2 left).
  EXPECT_EQ(r.machines[0].nr, 1);
  EXPECT_EQ(r.machines[1].nr, 1);
  EXPECT_EQ(r.machines[2].nr, 1);
  EXPECT_EQ(r.machines[3].nr, 0);
  // Np: A floor(4500 * 3 / 3600) = 3, B 3, C 9, D floor(300 / 400) = 0.
  EXPECT_EQ(r.machines[0].np, 3);
  EXPECT_EQ(r.machines[3].np, 0);
  EXPECT_EQ(r.np, 15);
}

TEST(BatsMonitor, AtusFundedByStartTime) {
  // Starts 100 s and 5000 s, $3 and $9, $30: in time order 0@100 (3), 0@3700 (6), 1@5000 (15),
  // 0@7300 (18), 1@8600 (27), 0@10900 (30); then 1@12200 cannot be paid, nor 0@14500.
  EXPECT_EQ(atus_funded({100, 5000}, {3, 9}, 30, 3600), (std::vector<long>{4, 2}));
  // Whole rounds at once, however many: no loop per ATU.
  EXPECT_EQ(atus_funded({0, 1800}, {1, 2}, 3e9, 3600), (std::vector<long>{1000000000, 1000000000}));
  // A dear machine left unpaid does not stop a cheaper one that starts later.
  EXPECT_EQ(atus_funded({0, 10, 20}, {3, 9, 3}, 10, 3600), (std::vector<long>{2, 0, 1}));
  EXPECT_EQ(atus_funded({}, {}, 10, 3600), std::vector<long>{});
  EXPECT_EQ(atus_funded({0}, {3}, 0, 3600), std::vector<long>{0});
  EXPECT_THROW(atus_funded({0}, {}, 10, 3600), std::invalid_argument);
  EXPECT_THROW(atus_funded({0}, {0}, 10, 3600), std::invalid_argument);
  EXPECT_THROW(atus_funded({0}, {3}, 10, 0), std::invalid_argument);
}

TEST(BatsMonitor, ReconfigureThroughTheKnapsack) {
  // No machine: Np = 0, Ne = 10 tasks of Ti = 3600 / 3 = 1200 s (3 per machine-ATU), $27 left:
  // 9 machines for 1 ATU ($27) is the fastest affordable; 10 would cost $30.
  MonitorState s = hand_state();
  s.machines.clear();
  s.tasks_in_bag = 10;
  s.budget_left = 27;
  MonitorReport r = monitor(s);
  EXPECT_DOUBLE_EQ(r.ti_s[0], 1200);
  EXPECT_EQ(r.ne, 10);
  EXPECT_EQ(r.np, 0);
  ASSERT_EQ(r.decision, Decision::Reconfigure);
  EXPECT_EQ(r.target.machines, std::vector<int>{9});
  EXPECT_DOUBLE_EQ(r.target.cost, 27);
}

TEST(BatsMonitor, IdleMachineUsesItsOwnOrTheClustersSpeed) {
  MonitorState s = hand_state();
  s.machines = {MachineState{0, 4, 4000, 4000, false, 0, false},
                MachineState{0, 0, 0, 100, false, 0, false}};
  MonitorReport r = monitor(s);
  EXPECT_DOUBLE_EQ(r.machines[0].v, 4.0 / 4000);  // nt / rt
  EXPECT_DOUBLE_EQ(r.machines[0].delta, 3200);    // 3600 - 400
  EXPECT_EQ(r.machines[0].ft, 3);
  EXPECT_DOUBLE_EQ(r.machines[1].v, 1.0 / 1200);  // 1 / Ti, Ti = 3600 / 3
}

TEST(BatsMonitor, MalformedStateIsRefused) {
  MonitorState s = hand_state();
  s.stats.clear();
  EXPECT_THROW(monitor(s), std::invalid_argument);
  s = hand_state();
  s.machines[0].cluster = 4;
  EXPECT_THROW(monitor(s), std::invalid_argument);
  s = hand_state();
  s.tasks_in_bag = -1;
  EXPECT_THROW(monitor(s), std::invalid_argument);
}

TEST(BatsReconfiguration, ShrinkMarksThoseWhoseAtuEndsFirst) {
  // Unmarked machines at up 100, 3500, 2000 s: paid time left 3500, 100, 1600 s.
  std::vector<MachineState> m{MachineState{0, 0, 0, 100}, MachineState{0, 0, 0, 3500},
                              MachineState{0, 0, 0, 2000}, MachineState{1, 0, 0, 50}};
  ReconfigurationPlan p = plan_reconfiguration(m, {1, 1}, 3600);
  EXPECT_EQ(p.mark, (std::vector<std::size_t>{1, 2}));
  EXPECT_TRUE(p.unmark.empty());
  EXPECT_EQ(p.acquire, (std::vector<int>{0, 0}));
}

TEST(BatsReconfiguration, GrowKeepsMarkedMachinesBeforeAcquiring) {
  std::vector<MachineState> m{MachineState{0, 0, 0, 100}, MachineState{0, 0, 0, 500},
                              MachineState{0, 0, 0, 3000}};
  m[1].marked = m[2].marked = true;
  // One more: keep the marked one with the most paid time left (up 500, 3100 s left).
  EXPECT_EQ(plan_reconfiguration(m, {2}, 3600).unmark, std::vector<std::size_t>{1});
  ReconfigurationPlan p = plan_reconfiguration(m, {4}, 3600);
  EXPECT_EQ(p.unmark, (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(p.acquire, std::vector<int>{1});
  EXPECT_THROW(plan_reconfiguration(m, {-1}, 3600), std::invalid_argument);
}

TEST(BatsWorkRequest, MarkedMachinesTakeOnlyTasksThatFitTheirPaidTime) {
  MachineState m{0, 0, 0, 3000};
  EXPECT_EQ(on_work_request(m, 700, 3600, false), MachineAction::TakeTask);
  EXPECT_EQ(on_work_request(m, 700, 3600, true), MachineAction::Wait);
  m.marked = true;
  EXPECT_EQ(on_work_request(m, 500, 3600, false), MachineAction::TakeTask);  // 3500 <= 3600
  EXPECT_EQ(on_work_request(m, 700, 3600, false), MachineAction::Release);   // 3700 > 3600
  EXPECT_EQ(on_work_request(m, 500, 3600, true), MachineAction::Release);
}

TEST(BatsBudgetLedger, NeverPaysBeyondBudgetAndCushion) {
  BudgetLedger l(10, 2);
  EXPECT_DOUBLE_EQ(l.left(), 10);
  EXPECT_TRUE(l.can_pay(6));
  l.pay(6);
  EXPECT_TRUE(l.can_pay(6));  // 12 = budget + cushion
  l.pay(6);
  EXPECT_DOUBLE_EQ(l.spent(), 12);
  EXPECT_DOUBLE_EQ(l.left(), 0);
  EXPECT_DOUBLE_EQ(l.left_with_cushion(), 0);
  EXPECT_FALSE(l.can_pay(0.01));
  EXPECT_THROW(l.pay(0.01), std::logic_error);
  EXPECT_DOUBLE_EQ(l.spent(), 12);
  EXPECT_THROW(BudgetLedger(-1), std::invalid_argument);
  EXPECT_THROW(BudgetLedger(1, -1), std::invalid_argument);
}

TEST(BatsMonitoringInterval, AFractionOfTheAtuButAtLeastFiveMinutes) {
  EXPECT_DOUBLE_EQ(monitoring_interval_s(3600), 300);  // 3600 / 12
  EXPECT_DOUBLE_EQ(monitoring_interval_s(3600, 0.25), 900);
  EXPECT_DOUBLE_EQ(monitoring_interval_s(600, 0.1), 300);  // 60 s raised to 5 min
  EXPECT_THROW(monitoring_interval_s(3600, 0), std::invalid_argument);
  EXPECT_THROW(monitoring_interval_s(3600, 1.5), std::invalid_argument);
  EXPECT_THROW(monitoring_interval_s(0), std::invalid_argument);
}

TEST(BatsBudgetLedger, RefundGivesBackAnUndeliveredAtu) {
  BudgetLedger l(3);
  l.pay(2);
  l.refund(1);  // a machine the provider refused
  EXPECT_DOUBLE_EQ(l.spent(), 1);
  EXPECT_TRUE(l.can_pay(2));
  EXPECT_THROW(l.refund(1.5), std::logic_error);
  EXPECT_THROW(l.refund(-1), std::logic_error);
}
