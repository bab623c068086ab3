// Whole Gutierrez-Garcia & Sim (2012) simulations with numbers worked out by hand
// (docs/gutierrez2012.md). The test platform has zero latency everywhere, so every message takes
// no time: agents a-0 (CloudDirectory), a-1, a-2 (BrokerAgents), a-3, a-4 (ServiceProviderAgents)
// and a-5... (ConsumerAgents); resource types "fast" (2 MI/s, $1/h) and "slow" (1 MI/s,
// $0.5/h) enlisted in SPA a-3, and "fast" at $0.8/h in SPA a-4. A consumer submits at 1 s.
// Each TEST runs one simulation (ctest runs every TEST in its own process).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "agents/heuristics.hpp"
#include "agents/records.hpp"
#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
using botsim::agents::failed_cnps_of;
using botsim::agents::reason_of;
using botsim::agents::refused_of;
using botsim::agents::renewals_of;
namespace t = botsim::test;

namespace {

// `lat`: the latency of each RA's own link, which every message to or from that RA crosses once.
std::string ra_zone(const std::string& id, const std::string& spa, const std::string& type,
                    const std::string& speed, const std::string& price, int hosts,
                    const std::string& lat = "0") {
  return "    <cluster id=\"" + id + "\" prefix=\"" + id + "-\" radical=\"0-" +
         std::to_string(hosts - 1) + "\" suffix=\"\" speed=\"" + speed + "\" bw=\"10Gbps\" lat=\"" +
         lat + "\" router_id=\"" + id + "-r\">\n      <prop id=\"spa\" value=\"" + spa +
         "\"/>\n      <prop id=\"resource_type\" value=\"" + type +
         "\"/>\n      <prop id=\"price\" value=\"" + price + "\"/>\n    </cluster>\n";
}

std::string route(const std::string& zone) {
  return "    <zoneRoute src=\"agents\" dst=\"" + zone + "\" gw_src=\"agents-r\" gw_dst=\"" + zone +
         "-r\"><link_ctn id=\"bb\"/></zoneRoute>\n";
}

// `hosts` RAs per zone; the second SPA's cheaper "fast" zone only when `second_spa`.
std::string platform(const std::string& dir, int hosts = 1, bool second_spa = false) {
  std::string body =
      "  <zone id=\"w\" routing=\"Full\">\n"
      "    <cluster id=\"agents\" prefix=\"a-\" radical=\"0-29\" suffix=\"\" speed=\"1Gf\" "
      "bw=\"10Gbps\" lat=\"0\" router_id=\"agents-r\"/>\n" +
      ra_zone("fast", "a-3", "fast", "2Mf", "1.0", hosts) +
      ra_zone("slow", "a-3", "slow", "1Mf", "0.5", hosts) +
      (second_spa ? ra_zone("fast2", "a-4", "fast", "2Mf", "0.8", hosts) : "") +
      "    <link id=\"bb\" bandwidth=\"10Gbps\" latency=\"0\"/>\n" + route("fast") + route("slow") +
      (second_spa ? route("fast2") : "") + "  </zone>\n";
  return t::write_file(dir, "platform.xml", t::platform_xml(body));
}

// One "fast" RA enlisted in SPA a-4 and one "slow" RA in SPA a-3; every message to or from
// the slow RA takes 0.5 s, every other none. Each SPA relays one RA's messages, so that no
// message waits in an SPA's inbox.
std::string split_platform(const std::string& dir) {
  std::string body =
      "  <zone id=\"w\" routing=\"Full\">\n"
      "    <cluster id=\"agents\" prefix=\"a-\" radical=\"0-29\" suffix=\"\" speed=\"1Gf\" "
      "bw=\"10Gbps\" lat=\"0\" router_id=\"agents-r\"/>\n" +
      ra_zone("fast", "a-4", "fast", "2Mf", "1.0", 1) +
      ra_zone("slow", "a-3", "slow", "1Mf", "0.5", 1, "0.5s") +
      "    <link id=\"bb\" bandwidth=\"10Gbps\" latency=\"0\"/>\n" + route("fast") + route("slow") +
      "  </zone>\n";
  return t::write_file(dir, "platform.xml", t::platform_xml(body));
}

using Props = std::map<std::string, std::string>;

std::string actor(const std::string& host, const std::string& function, const Props& props = {}) {
  std::string xml = "  <actor host=\"" + host + "\" function=\"" + function + "\">\n";
  for (const auto& [k, v] : props) xml += "    <prop id=\"" + k + "\" value=\"" + v + "\"/>\n";
  return xml + "  </actor>\n";
}

// One directory, `brokers` BAs (a-1...), `providers` SPAs (a-3...), and the consumers.
std::string deployment(const std::string& dir, const std::vector<Props>& consumers, int brokers = 1,
                       int providers = 1, const Props& broker_props = {}) {
  std::string xml = actor("a-0", "CloudDirectory");
  for (int i = 0; i < brokers; ++i)
    xml += actor("a-" + std::to_string(1 + i), "BrokerAgent", broker_props);
  for (int i = 0; i < providers; ++i)
    xml += actor("a-" + std::to_string(3 + i), "ServiceProviderAgent");
  for (std::size_t i = 0; i < consumers.size(); ++i) {
    Props p{{"name", "CA" + std::to_string(i)}, {"contractors", "1"}};
    for (const auto& [k, v] : consumers[i]) p[k] = v;
    xml += actor("a-" + std::to_string(5 + i), "ConsumerAgent", p);
  }
  return t::write_file(dir, "deployment.xml", t::platform_xml(xml));
}

const Results& run_one(const Props& consumer) {
  std::string dir = t::temp_dir();
  return t::run(platform(dir), deployment(dir, {consumer}));
}

// Messages for one consumer, k = 1 (one broker, one provider), resources "fast" and "slow":
// directory look-up 2 (CA) + CNP with the BA 3 (call, propose, accept) + look-up 2 (BA)
// + per resource 10 (call, propose, accept; SPA->RA allocate, RA->SPA ack, SPA->BA allocated;
// BA->SPA release, SPA->RA release, RA->SPA ack, SPA->BA released) + 4 per task (BA->SPA,
// SPA->RA, RA->SPA output, SPA->BA output) + 2 per renewal (Fig. 3 line 5, Fig. 4 line 5)
// + the result 1.
long expected_messages(long tasks, long renewals) { return 28 + 4 * tasks + 2 * renewals; }

Props with(Props p, const std::string& key, const std::string& value) {
  p[key] = value;
  return p;
}

// One consumer on split_platform, FixedAM 10 h, k = 2 in both CNPs (two brokers, two SPAs:
// each SPA refuses the type it lacks).
const Results& run_split(Props consumer) {
  consumer["allocation"] = "fixed";
  consumer["contractors"] = "2";
  std::string dir = t::temp_dir();
  return t::run(split_platform(dir), deployment(dir, {consumer}, 2, 2));
}

const Props kElasticExample{{"sizes", "9000,1000,1000"}, {"heuristic", "LtoS,MaxET"}};

}  // namespace

// The worked example of allocation (Section 3, 5.3(b)): tasks 9000, 1000, 1000 MI, (LtoS, MaxET).
// At 1 s both resources are allocated until 3601. 9000 MI: expected remaining time fast
// 3600 - 4500 = -900, slow 3600 - 9000 = -5400: fast runs it 1..4501. The 1000s go to slow:
// 1..1001 and 1001..2001. At the check (3601 - 60 = 3541) fast is busy, slow idle.
TEST(AgentsScenario, IElasticRenewsTheBusyAndReleasesTheIdle) {
  // I-ElasticAM: fast renewed (to 7201), slow released at 3541 (1 h: $0.5). The BoT ends at
  // 4501: fast 4500 s = 2 started hours ($2). $2.5, 3 hours, 1 renewal.
  const auto& r = run_one(with(kElasticExample, "allocation", "i-elastic"));
  ASSERT_EQ(r.users().size(), 1u);
  const auto& u = r.users()[0];
  EXPECT_EQ(u.model, "agents");
  EXPECT_EQ(u.policy, "LtoS,MaxET/i-elastic");
  EXPECT_EQ(u.tasks_done, 3);
  EXPECT_DOUBLE_EQ(u.start_s, 1);
  EXPECT_DOUBLE_EQ(*u.finish_s - u.start_s, 4500);
  EXPECT_DOUBLE_EQ(u.spent, 2.5);
  EXPECT_EQ(*u.instances, 2);
  EXPECT_EQ(*u.charged_units, 3);
  EXPECT_EQ(*u.messages, expected_messages(3, 1));
  EXPECT_EQ(renewals_of(u), 1);
  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 2u);
  EXPECT_EQ(inst[0].type, "slow");  // released first, at the check
  EXPECT_DOUBLE_EQ(*inst[0].stop_s, 3541);
  EXPECT_EQ(inst[1].type, "fast");
  EXPECT_DOUBLE_EQ(*inst[1].stop_s, 4501);
  std::map<long, std::string> where;
  for (const auto& task : r.tasks()) where[task.task] = task.host;
  EXPECT_EQ(where[0], "fast-0");
  EXPECT_EQ(where[1], "slow-0");
  EXPECT_EQ(where[2], "slow-0");
}

TEST(AgentsScenario, GeneralizedRenewsEveryResourceWhileTheBotRuns) {
  // GeneralizedAM: at 3541 the BoT is unfinished: both renewed (to 7201). Released at 4501:
  // 2 started hours each: fast $2 + slow $1 = $3, 4 hours, 2 renewals; same makespan.
  const auto& r = run_one(with(kElasticExample, "allocation", "generalized"));
  const auto& u = r.users()[0];
  EXPECT_EQ(u.policy, "LtoS,MaxET/generalized");
  EXPECT_DOUBLE_EQ(*u.finish_s - u.start_s, 4500);
  EXPECT_DOUBLE_EQ(u.spent, 3.0);
  EXPECT_EQ(*u.charged_units, 4);
  EXPECT_EQ(*u.messages, expected_messages(3, 2));
}

TEST(AgentsScenario, FixedPaysItsHoursInAdvance) {
  // FixedAM (10 h): no check before 36001; released at 4501 but charged the 10 hours paid in
  // advance: fast $10 + slow $5 = $15, 20 hours, no renewal; same makespan.
  const auto& r = run_one(with(kElasticExample, "allocation", "fixed"));
  const auto& u = r.users()[0];
  EXPECT_EQ(u.policy, "LtoS,MaxET/fixed");
  EXPECT_DOUBLE_EQ(*u.finish_s - u.start_s, 4500);
  EXPECT_DOUBLE_EQ(u.spent, 15.0);
  EXPECT_EQ(*u.charged_units, 20);
  EXPECT_EQ(*u.messages, expected_messages(3, 0));
}

TEST(AgentsScenario, FixedHoursOverEndTheBotUnfinished) {
  // FixedAM for 1 h: 9000 MI on fast needs 4500 s; at 3601 both allocations end and are
  // released (fast's task is lost). The BoT is reported unfinished: 2 of 3 tasks, no finish.
  Props p = with(kElasticExample, "allocation", "fixed");
  p["fixed_hours"] = "1";
  const auto& r = run_one(p);
  const auto& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 2);
  EXPECT_FALSE(u.finish_s.has_value());
  EXPECT_DOUBLE_EQ(u.spent, 1.5);
  EXPECT_EQ(*u.charged_units, 2);
  EXPECT_EQ(u.status(), "unfinished");  // no limit stopped it: its allocation mechanism did
}

TEST(AgentsScenario, MessagesGrowByFourPerTask) {
  // Five 100 MI tasks under FixedAM (no renewal): 28 + 4 x 5 = 48 messages, every task done.
  const auto& r = run_one({{"sizes", "100,100,100,100,100"}, {"allocation", "fixed"}});
  const auto& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 5);
  EXPECT_EQ(*u.messages, expected_messages(5, 0));
  ASSERT_EQ(r.tasks().size(), 5u);
  for (const auto& task : r.tasks()) EXPECT_TRUE(task.end_s.has_value());
  // (LtoS, MaxET; equal sizes keep submission order) at 1 s: task 0 to fast (expected
  // remaining 36000 - 50 > 36000 - 100), task 1 to slow (1..101); at 51 task 2 to fast
  // (51..101); at 101 both are free: task 3 to fast (101..151), task 4 to slow (101..201).
  EXPECT_DOUBLE_EQ(*u.finish_s - u.start_s, 200);
}

TEST(AgentsScenario, EveryBrokerRefusesSoTheBotIsRefused) {
  // Two brokers at capacity 0, k = 2: the CA's CNP fails. Messages: look-up 2, two calls for
  // proposals and two refusals: 6. Nothing runs; the BoT is reported refused, not lost.
  std::string dir = t::temp_dir();
  const auto& r = t::run(platform(dir), deployment(dir, {{{"sizes", "100"}, {"contractors", "2"}}},
                                                   2, 2, {{"capacity", "0"}}));
  ASSERT_EQ(r.users().size(), 1u);
  const auto& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 0);
  EXPECT_FALSE(u.finish_s.has_value());
  EXPECT_EQ(*u.messages, 6);
  EXPECT_EQ(refused_of(u), true);
  EXPECT_NE(reason_of(u).value().find("every contractor refused"), std::string::npos);
  EXPECT_TRUE(r.tasks().empty());
}

TEST(AgentsScenario, ARequestThatFindsNoResourceIsRefusedAndReported) {
  // One RA of each type. CA0 (at 1 s) takes both; CA1 (at 2 s) gets a broker, but the one SPA
  // refuses both resource CNPs: CA1 is refused with the reason. Its messages: look-up 2,
  // CNP 3, look-up 2, per resource a call and a refusal (4), the result 1: 12.
  std::string dir = t::temp_dir();
  const auto& r =
      t::run(platform(dir),
             deployment(dir, {{{"sizes", "3600"}}, {{"sizes", "3600"}, {"submit_at", "2"}}}));
  ASSERT_EQ(r.users().size(), 2u);
  const auto& ca0 = r.users()[0];
  const auto& ca1 = r.users()[1];
  EXPECT_EQ(ca0.tasks_done, 1);
  EXPECT_EQ(ca1.tasks_done, 0);
  EXPECT_EQ(refused_of(ca1), true);
  EXPECT_NE(reason_of(ca1).value().find("fast: every contractor refused (a-3)"), std::string::npos);
  EXPECT_EQ(*ca1.messages, 12);
}

TEST(AgentsScenario, TheCheapestProviderWins) {
  // Two brokers and two providers, k = 2 in both CNPs. "fast" for 2 h (FixedAM) from a-3 at
  // $2 or a-4 at $1.6: a-4's RA (fast2-0) wins;
  // slow comes from a-3 ($1 for 2 h), a-4 refusing it. The one 7200 MI task: (LtoS, MaxET)
  // fast 7200 - 3600 > slow 7200 - 7200: 1..3601 on fast2-0. $1.6 + $1.
  std::string dir = t::temp_dir();
  const auto& r = t::run(platform(dir, 1, true), deployment(dir,
                                                            {{{"sizes", "7200"},
                                                              {"contractors", "2"},
                                                              {"allocation", "fixed"},
                                                              {"fixed_hours", "2"}}},
                                                            2, 2));
  const auto& u = r.users()[0];
  ASSERT_EQ(r.tasks().size(), 1u);
  EXPECT_EQ(r.tasks()[0].host, "fast2-0");
  EXPECT_DOUBLE_EQ(u.spent, 2.6);
  EXPECT_DOUBLE_EQ(*u.finish_s - u.start_s, 3600);
}

TEST(AgentsScenario, EveryHeuristicExecutesTheSameBot) {
  // 19 consumers at one seed, one per heuristic, 20 uniform tasks each: every consumer's BoT
  // has the same sizes (Section 5.1(c)); every BoT completes.
  std::string dir = t::temp_dir();
  std::vector<Props> consumers;
  for (const auto& h : agents::all_heuristic_names())
    consumers.push_back({{"tasks", "20"}, {"distribution", "uniform"}, {"heuristic", h}});
  const auto& r = t::run(platform(dir, 19), deployment(dir, consumers), 7);
  ASSERT_EQ(r.users().size(), 19u);
  std::map<std::string, std::map<long, double>> bots;
  for (const auto& task : r.tasks()) bots[task.user][task.task] = task.length_mi;
  for (const auto& u : r.users()) {
    EXPECT_EQ(u.tasks_done, 20) << u.policy;
    EXPECT_EQ(bots[u.name].size(), 20u);
    EXPECT_EQ(bots[u.name], bots["CA0"]) << u.policy;
  }
  std::set<double> sizes;
  for (const auto& [id, mi] : bots["CA0"]) sizes.insert(mi);
  EXPECT_GT(sizes.size(), 3u);  // a random BoT, not a constant one
}

TEST(AgentsScenario, AResourceFreedAtItsCheckTakesTheNextTaskFirst) {
  // I-ElasticAM, (LtoS, MaxET), tasks 7080, 3540, 100, 100 MI. At 1 s: 7080 to fast
  // (3600 - 3540 = 60 > 3600 - 7080), 3540 to slow; both end at 3541, the very instant of
  // both checks (3601 - 60). The outputs are handled first: 100 to fast (60 - 50 > 60 - 100),
  // 100 to slow; then the checks find both busy and renew them (to 7201). Ends at 3641:
  // makespan 3640, 2 hours each: $2 + $1, 2 renewals. (Checks first would have let both
  // resources go idle, leaving two tasks and no resource.)
  const auto& r = run_one({{"sizes", "7080,3540,100,100"}, {"heuristic", "LtoS,MaxET"}});
  const auto& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 4);
  EXPECT_DOUBLE_EQ(*u.finish_s - u.start_s, 3640);
  EXPECT_DOUBLE_EQ(u.spent, 3.0);
  EXPECT_EQ(*u.charged_units, 4);
  EXPECT_EQ(renewals_of(u), 2);
  EXPECT_EQ(*u.messages, expected_messages(4, 2));
}

// A resource joining while the BoT runs (Section 4: "dynamic inclusion of new Cloud resources
// while scheduling and executing a given BoT without rescheduling"): the consumer composes
// "slow" and asks for "fast" 1000 s after scheduling began; its CNP runs then, through the SPA.
// Tasks 2000, 2000, 2000 MI, (LtoS, MaxET), I-ElasticAM.
// - 1: slow allocated until 3601; scheduling starts; LtoS ties keep submission order: task 0 on
//   slow, 1..2001 (2000 MI at 1 MI/s). Tasks 1, 2 wait: no unoccupied resource.
// - 1001: fast's CNP (call, propose, accept), allocated until 4601; it takes task 1 at once:
//   1001..2001 (2000 MI at 2 MI/s). Task 0 keeps running on slow (no rescheduling).
// - 2001: both free. Task 2, MaxET: slow 3601 - (2001 + 2000) = -400, fast 4601 - (2001 +
//   1000) = 1600: fast, 2001..3001. No allocation check before (slow's is at 3541).
// - 3001: the BoT is done, makespan 3000; both released: slow 1..3001 and fast 1001..3001,
//   one started hour each: $0.5 + $1 = $1.5, 2 hours, no renewal.
// Messages: as for two composed resources (the late one's CNP, allocation and release are the
// same 10; the BA's timer is no message): 28 + 4 x 3 = 40.
TEST(AgentsScenario, ALateResourceJoinsTheRunningBot) {
  const auto& r = run_one(
      {{"sizes", "2000,2000,2000"}, {"resources", "slow"}, {"late_resources", "fast@1000s"}});
  const auto& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 3);
  EXPECT_DOUBLE_EQ(*u.finish_s - u.start_s, 3000);
  EXPECT_DOUBLE_EQ(u.spent, 1.5);
  EXPECT_EQ(*u.instances, 2);
  EXPECT_EQ(*u.charged_units, 2);
  EXPECT_EQ(*u.messages, expected_messages(3, 0));
  EXPECT_EQ(renewals_of(u), 0);
  EXPECT_EQ(failed_cnps_of(u), 0);
  const auto& inst = r.records<cloud::InstanceRecord>();
  ASSERT_EQ(inst.size(), 2u);
  std::map<std::string, std::pair<double, double>> held;
  for (const auto& i : inst) held[i.type] = {i.start_s, *i.stop_s};
  EXPECT_EQ(held["slow"], std::make_pair(1.0, 3001.0));
  EXPECT_EQ(held["fast"], std::make_pair(1001.0, 3001.0));
  // Each task has exactly one row: none was sent twice (no rescheduling).
  ASSERT_EQ(r.tasks().size(), 3u);
  std::map<long, const TaskRecord*> row;
  for (const auto& task : r.tasks()) row[task.task] = &task;
  ASSERT_EQ(row.size(), 3u);
  EXPECT_EQ(row[0]->host, "slow-0");
  EXPECT_DOUBLE_EQ(*row[0]->start_s, 1);
  EXPECT_DOUBLE_EQ(*row[0]->end_s, 2001);
  EXPECT_EQ(row[1]->host, "fast-0");
  EXPECT_DOUBLE_EQ(*row[1]->start_s, 1001);
  EXPECT_DOUBLE_EQ(*row[1]->end_s, 2001);
  EXPECT_EQ(row[2]->host, "fast-0");
  EXPECT_DOUBLE_EQ(*row[2]->start_s, 2001);
  EXPECT_DOUBLE_EQ(*row[2]->end_s, 3001);
}

// A late resource due after the BoT is done is never requested: task 1000 MI on slow, 1..1001;
// fast's CNP would start at 2001. One resource: 28 - 10 = 18 messages + 4 = 22; $0.5, 1 hour.
TEST(AgentsScenario, ALateResourceDueAfterTheBotIsNeverRequested) {
  const auto& r =
      run_one({{"sizes", "1000"}, {"resources", "slow"}, {"late_resources", "fast@2000s"}});
  const auto& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 1);
  EXPECT_DOUBLE_EQ(*u.finish_s - u.start_s, 1000);
  EXPECT_DOUBLE_EQ(u.spent, 0.5);
  EXPECT_EQ(*u.instances, 1);
  EXPECT_EQ(*u.messages, 22);
  ASSERT_EQ(r.records<cloud::InstanceRecord>().size(), 1u);
}

// Fig. 5 lines 3 and 6: a mapping chooses among every resource free at its instant, also when
// their outputs reach the broker at different times. run_split: (U, MinET), tasks 100, 201,
// 60 MI.
// - 1: fast allocated until 36001; slow's allocation (SPA -> RA -> SPA) takes 1 s: until 36002.
// - 2: scheduling starts (both settled). 100 MinET: slow 36002 - 2 - 100 = 35900 < fast
//   36001 - 2 - 50 = 35949: slow, which starts it at 2.5 and ends it at 102.5; 201 to fast
//   (the only one free), 2..102.5. Both resources are free at 102.5.
// - fast's output reaches the broker at 102.5, slow's at 103. Slow's task (sent at 2, 100 s
//   long) may have ended by 102.5, so the broker waits for its output. At 103, 60 MinET: slow 36002
//   - 103 - 60 = 35839 < fast 36001 - 103 - 30 = 35868: slow, 103.5..163.5. (Mapping at 102.5 with
//   fast alone would run it on fast, 102.5..132.5.)
TEST(AgentsScenario, AMappingWaitsForEveryOutputOfTheSameInstant) {
  const auto& r = run_split({{"sizes", "100,201,60"}, {"heuristic", "U,MinET"}});
  std::map<long, const TaskRecord*> row;
  for (const auto& task : r.tasks()) row[task.task] = &task;
  ASSERT_EQ(row.size(), 3u);
  EXPECT_EQ(row[0]->host, "slow-0");
  EXPECT_DOUBLE_EQ(*row[0]->end_s, 102.5);
  EXPECT_EQ(row[1]->host, "fast-0");
  EXPECT_DOUBLE_EQ(*row[1]->end_s, 102.5);
  EXPECT_EQ(row[2]->host, "slow-0");
  EXPECT_DOUBLE_EQ(*row[2]->start_s, 103.5);
  EXPECT_DOUBLE_EQ(*row[2]->end_s, 163.5);
}

// The same run with same_instant_wait off (as printed: the paper's messages take no time, so
// a mapping is made on the outputs that have arrived): at 102.5 the 60 MI task goes to fast,
// the only resource whose output has come, 102.5..132.5. Tasks 0 and 1 run as above.
TEST(AgentsScenario, WithoutTheSameInstantWaitAMappingTakesTheOutputsThatCame) {
  const auto& r =
      run_split({{"sizes", "100,201,60"}, {"heuristic", "U,MinET"}, {"same_instant_wait", "off"}});
  EXPECT_EQ(r.users().at(0).policy, "U,MinET/fixed,no-same-instant-wait");
  std::map<long, const TaskRecord*> row;
  for (const auto& task : r.tasks()) row[task.task] = &task;
  ASSERT_EQ(row.size(), 3u);
  EXPECT_EQ(row[0]->host, "slow-0");
  EXPECT_DOUBLE_EQ(*row[0]->end_s, 102.5);
  EXPECT_EQ(row[1]->host, "fast-0");
  EXPECT_DOUBLE_EQ(*row[1]->end_s, 102.5);
  EXPECT_EQ(row[2]->host, "fast-0");
  EXPECT_DOUBLE_EQ(*row[2]->start_s, 102.5);
  EXPECT_DOUBLE_EQ(*row[2]->end_s, 132.5);
}

// The first mapping (Fig. 5 line 3) chooses among every composed resource, however late the
// last one's allocation comes. run_split: (U, MaxCT), one 100 MI task: fast
// is allocated at 1 until 36001, slow at 2 until 36002. Scheduling starts at 2, when both are
// settled: MaxCT takes slow (36000 > 35999 remaining), which runs the task 2.5..102.5.
TEST(AgentsScenario, TheFirstMappingSeesEveryComposedResource) {
  const auto& r = run_split({{"sizes", "100"}, {"heuristic", "U,MaxCT"}});
  ASSERT_EQ(r.tasks().size(), 1u);
  EXPECT_EQ(r.tasks()[0].host, "slow-0");
  EXPECT_DOUBLE_EQ(*r.tasks()[0].start_s, 2.5);
  EXPECT_DOUBLE_EQ(*r.tasks()[0].end_s, 102.5);
}
