// BaTS's records (docs/bats2011.md, "summary.json"): each field of summary.json declared once,
// read and written through its declaration, written in its place for BaTS's users only; and
// schedules.json read back as written.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bats/records.hpp"

using namespace botsim;
using namespace botsim::bats;

TEST(BatsRecords, AFieldReadsWhatItWrote) {
  UserRecord u;
  u.name = "U0";
  fields::sampling_spent.set(u, 48.0);
  fields::machines.set(u, std::vector<int>{8, 2});
  fields::first_signal_s.set(u, std::nullopt);
  EXPECT_EQ(u.extra.dump(), R"({"sampling_spent":48.0,"machines":[8,2],"first_signal_s":null})");
  EXPECT_EQ(fields::sampling_spent.of(u), 48.0);
  EXPECT_EQ(fields::machines.at(u), (std::vector<int>{8, 2}));
  // Null and absent alike are none; at() names the user and the field.
  EXPECT_FALSE(fields::first_signal_s.of(u));
  EXPECT_FALSE(fields::schedule.of(u));
  try {
    fields::first_signal_s.at(u);
    FAIL() << "a null field was read";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "U0 has no first_signal_s");
  }
  EXPECT_THROW(fields::schedule.at(u), std::runtime_error);
  u.extra["schedule"] = 2;  // not the field's type
  EXPECT_THROW(fields::schedule.of(u), nlohmann::json::type_error);
}

// Registered, the fields are written in their declared order after the common fields, whatever
// order a record holds them in, and only for BaTS's users: another model's user gets none of
// them (not even null). Their units come from the declarations.
TEST(BatsRecords, SummaryWritesTheFieldsInTheirOrderForBatsUsersOnly) {
  register_fields();
  UserRecord bats, silva;
  bats.name = "U0";
  bats.model = kModel;
  fields::total_spent.set(bats, 555.0);
  fields::ns.set(bats, 30L);
  fields::schedule.set(bats, std::string("Sched2"));
  bats.extra["own"] = 1;  // a field BaTS did not declare: after its declared ones
  silva.name = "U1";
  silva.model = "silva";
  const auto summary = summary_json(RunInfo{}, {bats, silva}, {}, false);
  std::vector<std::string> keys;
  for (const auto& [key, value] : summary["users"][0].items()) keys.push_back(key);
  ASSERT_GE(keys.size(), 4u);
  EXPECT_EQ(keys[keys.size() - 5], "status_reason");  // the last common field here
  EXPECT_EQ(std::vector<std::string>(keys.end() - 4, keys.end()),
            (std::vector<std::string>{"schedule", "ns", "total_spent", "own"}));
  EXPECT_FALSE(summary["users"][1].contains("schedule"));
  EXPECT_FALSE(summary["users"][1].contains("ns"));
  EXPECT_EQ(field_unit("sampling_spent", kModel), "$");
  EXPECT_EQ(field_unit("schedule_budget", kModel), "$");
  EXPECT_EQ(field_unit("expected_makespan_s", kModel), "s");
  EXPECT_EQ(field_unit("ns", kModel), "");
  EXPECT_EQ(field_unit("sampling_spent", "silva"), "");  // BaTS's field, not silva's
}

// schedules.json: two clusters (the second not sampled), one schedule with a cushion.
TEST(BatsRecords, SchedulesJsonReadsBackAsWritten) {
  Schedule s;
  s.name = "Sched4";
  s.budget = 1920;
  s.cushion = 9;
  s.risk = Risk::Cushion;
  s.config.machines = {32, 32};
  s.config.makespan_atus = 4;
  s.config.cost = 1920;
  s.delta_n = 3;
  s.delta_n_initial = 3;
  s.expected_makespan_s = 13500.1234567;
  const std::vector<Cluster> clusters{{"cluster1", 3, 32}, {"cluster2", 12, 32}};
  SamplingSummary sampling{30, kNlr, 0, {{0, 1}}, {{900, 134}}, {900}};
  const nlohmann::json j = schedules_json({s}, clusters, 3600, sampling);
  EXPECT_EQ(j["schedules"][0]["expected_makespan_s"], 13500.123457);  // to a millionth
  EXPECT_FALSE(j["clusters"][1].contains("ti_s"));
  const SchedulesRecord back = SchedulesRecord::from_json(j);
  EXPECT_DOUBLE_EQ(back.atu_s, 3600);
  EXPECT_EQ(back.ns, 30);
  EXPECT_EQ(back.base_cluster, "cluster1");
  ASSERT_EQ(back.clusters.size(), 2u);
  EXPECT_EQ(back.clusters[0].ti_s, 900);
  ASSERT_TRUE(back.clusters[0].sample);
  EXPECT_DOUBLE_EQ(back.clusters[0].sample->sigma, 134);
  EXPECT_FALSE(back.clusters[1].beta);
  EXPECT_EQ(back.clusters[1].max_machines, 32);
  ASSERT_EQ(back.schedules.size(), 1u);
  EXPECT_EQ(back.schedules[0].risk, "cushion");
  EXPECT_DOUBLE_EQ(back.schedules[0].cushion, 9);
  EXPECT_EQ(back.schedules[0].machines, (std::vector<int>{32, 32}));
  EXPECT_EQ(back.schedules[0].delta_n, 3);
  EXPECT_EQ(back.to_json(), j);
  nlohmann::json broken = j;
  broken["schedules"][0].erase("risk");
  EXPECT_THROW(SchedulesRecord::from_json(broken), nlohmann::json::exception);
}
