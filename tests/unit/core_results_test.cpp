// The results files of docs/reference.md (core/results.hpp) and writing them atomically.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/run_table.hpp"
#include "core/results.hpp"
#include "grid/records.hpp"
#include "support/files.hpp"

using namespace botsim;
namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace {

class ResultsTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = test::fresh_test_dir("botsim-results-"); }
  void TearDown() override { fs::remove_all(dir_); }

  static std::string read(const fs::path& path) { return test::read_text(path.string()); }
  // Names in dir_ (to check nothing is left behind).
  std::vector<std::string> listing() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_))
      names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

  static Results sample() {
    Results r;
    UserRecord u0;
    u0.name = "U0";
    u0.model = "auction";
    u0.policy = "no-opt";
    u0.vo = "A";
    u0.tasks_total = 50;
    u0.tasks_done = 50;
    u0.start_s = 60;
    u0.finish_s = 123;
    u0.deadline_s = 63;       // exactly met
    u0.extra["fund"] = 40.0;  // the auction's own fields (grid/records.hpp)
    u0.extra["allowance"] = 20.0;
    u0.extra["allowance_interval_s"] = 600.0;
    u0.budget = 100;  // the fund and three allowances
    u0.spent = 42.5;
    r.add_user(u0);
    UserRecord late = u0;
    late.name = "U1";
    late.deadline_s = 62.5;  // missed by half a second
    r.add_user(late);
    UserRecord unfinished = u0;
    unfinished.name = "U2";
    unfinished.policy = "global";
    unfinished.tasks_done = 49;
    unfinished.finish_s.reset();
    r.add_user(unfinished);
    UserRecord cloud;
    cloud.name = "C0";
    cloud.model = "silva";
    cloud.policy = "max-min";
    cloud.tasks_total = 10;
    cloud.tasks_done = 10;
    cloud.start_s = 0;
    cloud.finish_s = 3600;
    cloud.spent = 2.5;
    cloud.instances = 3;
    cloud.charged_units = 4;
    r.add_user(cloud);
    r.add_resource(grid::ResourceRecord{"R0", {"B"}, 10.25}.to_json());
    r.add_resource(grid::ResourceRecord{"R1", {"A", "B"}, 0}.to_json());
    return r;
  }
  static RunInfo info() {
    return RunInfo{"0.1.0", "platforms/badg.xml", "deployments/x.xml", 7, 4000.5, {}};
  }

  fs::path dir_;
};

}  // namespace

TEST_F(ResultsTest, SummaryHasTheContractFieldsInOrder) {
  sample().write(dir_.string(), info());
  Json s = Json::parse(read(dir_ / "summary.json"));
  std::vector<std::string> keys;
  for (const auto& [k, v] : s.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"botsim_version", "platform", "deployment", "seed",
                                            "simulated_time_s", "users", "resources"}));
  EXPECT_EQ(s["botsim_version"], "0.1.0");
  EXPECT_EQ(s["platform"], "platforms/badg.xml");
  EXPECT_EQ(s["deployment"], "deployments/x.xml");
  EXPECT_EQ(s["seed"], 7);
  EXPECT_EQ(s["simulated_time_s"], 4000.5);

  ASSERT_EQ(s["users"].size(), 4u);
  std::vector<std::string> user_keys;
  for (const auto& [k, v] : s["users"][0].items()) user_keys.push_back(k);
  EXPECT_EQ(user_keys, (std::vector<std::string>{"name",         "model",
                                                 "policy",       "vo",
                                                 "tasks_total",  "tasks_done",
                                                 "start_s",      "finish_s",
                                                 "makespan_s",   "deadline_s",
                                                 "met_deadline", "fund",
                                                 "allowance",    "allowance_interval_s",
                                                 "budget",       "spent",
                                                 "instances",    "charged_units",
                                                 "messages",     "status",
                                                 "status_reason"}));
  const Json& u0 = s["users"][0];
  EXPECT_EQ(u0["name"], "U0");
  EXPECT_EQ(u0["model"], "auction");
  EXPECT_EQ(u0["policy"], "no-opt");
  EXPECT_EQ(u0["vo"], "A");
  EXPECT_EQ(u0["tasks_total"], 50);
  EXPECT_EQ(u0["tasks_done"], 50);
  EXPECT_EQ(u0["start_s"], 60.0);
  EXPECT_EQ(u0["finish_s"], 123.0);
  EXPECT_EQ(u0["makespan_s"], 63.0);
  EXPECT_EQ(u0["deadline_s"], 63.0);
  EXPECT_EQ(u0["met_deadline"], true);
  EXPECT_EQ(u0["fund"], 40.0);
  EXPECT_EQ(u0["allowance"], 20.0);
  EXPECT_EQ(u0["allowance_interval_s"], 600.0);
  EXPECT_EQ(u0["budget"], 100.0);
  EXPECT_EQ(u0["spent"], 42.5);
  EXPECT_TRUE(u0["instances"].is_null());
  EXPECT_TRUE(u0["charged_units"].is_null());
  EXPECT_TRUE(u0["messages"].is_null());
  EXPECT_EQ(u0["status"], "done");
  EXPECT_TRUE(u0["status_reason"].is_null());

  ASSERT_EQ(s["resources"].size(), 2u);
  EXPECT_EQ(s["resources"][0].dump(), R"({"name":"R0","vo":["B"],"earned":10.25})");
  EXPECT_EQ(s["resources"][1].dump(), R"({"name":"R1","vo":["A","B"],"earned":0.0})");
}

TEST_F(ResultsTest, MakespanAndMetDeadlineDerivation) {
  sample().write(dir_.string(), info());
  Json s = Json::parse(read(dir_ / "summary.json"));
  const Json& late = s["users"][1];
  EXPECT_EQ(late["makespan_s"], 63.0);
  EXPECT_EQ(late["deadline_s"], 62.5);
  EXPECT_EQ(late["met_deadline"], false);
  EXPECT_EQ(late["status"], "done_late");
  const Json& unfinished = s["users"][2];
  EXPECT_EQ(unfinished["status"], "unfinished");  // no model said why
  EXPECT_TRUE(unfinished["finish_s"].is_null());
  EXPECT_TRUE(unfinished["makespan_s"].is_null());
  EXPECT_EQ(unfinished["met_deadline"], false);  // a deadline and no finish: missed
  EXPECT_EQ(unfinished["tasks_done"], 49);
  const Json& cloud = s["users"][3];
  EXPECT_TRUE(cloud["vo"].is_null());
  EXPECT_TRUE(cloud["deadline_s"].is_null());
  EXPECT_TRUE(cloud["met_deadline"].is_null());  // no deadline: neither met nor missed
  EXPECT_TRUE(cloud["budget"].is_null());
  for (const char* none : {"fund", "allowance", "allowance_interval_s"})
    EXPECT_TRUE(cloud[none].is_null()) << none;
  EXPECT_EQ(cloud["makespan_s"], 3600.0);
  EXPECT_EQ(cloud["instances"], 3);
  EXPECT_EQ(cloud["charged_units"], 4);
}

// A hand-made summary.json: its makespan_s reads back as written, though finish_s - start_s
// of the written (rounded) times differs. U0: 0.3 - 0.1 is 0.19999999999999998 in doubles.
// U1 started at 0.0000004 s and finished at 1.0000006 s: its times were written as 0 and
// 1.000001, its makespan, 1.0000002 s, as 1.
TEST_F(ResultsTest, MakespanReadsBackAsWritten) {
  const auto user = [](const char* name, const char* start, const char* finish,
                       const char* makespan) {
    return fmt::format(
        R"({{"name": "{}", "model": "m", "policy": "p", "vo": null, "tasks_total": 1,
            "tasks_done": 1, "start_s": {}, "finish_s": {}, "makespan_s": {},
            "deadline_s": null, "met_deadline": null, "budget": null, "spent": 0.0,
            "instances": null, "charged_units": null, "messages": null, "status": "done",
            "status_reason": null}})",
        name, start, finish, makespan);
  };
  botsim::test::write_text(
      (dir_ / "summary.json").string(),
      R"({"botsim_version": "1", "platform": "p.xml", "deployment": "d.xml", "seed": 1,
          "simulated_time_s": 2.0, "users": [)" +
          user("U0", "0.1", "0.3", "0.2") + ", " + user("U1", "0.0", "1.000001", "1.0") +
          R"(], "resources": []})");
  RunSummary back = read_summary(dir_.string());
  ASSERT_EQ(back.users.size(), 2u);
  EXPECT_NE(*back.users[0].finish_s - back.users[0].start_s, 0.2);
  EXPECT_EQ(back.users[0].makespan_s(), 0.2);
  EXPECT_EQ(*back.users[1].finish_s - back.users[1].start_s, 1.000001);
  EXPECT_EQ(back.users[1].makespan_s(), 1.0);
  // Whether it met a deadline is judged on that makespan too: 1.0 <= 1.0, while the rounded
  // times' difference, 1.000001, would say no.
  UserRecord with_deadline = back.users[1];
  with_deadline.deadline_s = 1.0;
  EXPECT_EQ(with_deadline.met_deadline(), true);
  with_deadline.deadline_s = 0.999999;
  EXPECT_EQ(with_deadline.met_deadline(), false);
  // Written again, they keep it.
  Results r;
  for (const UserRecord& u : back.users) r.add_user(u);
  r.write(dir_.string(), info());
  Json s = Json::parse(read(dir_ / "summary.json"));
  EXPECT_EQ(s["users"][0]["makespan_s"], 0.2);
  EXPECT_EQ(s["users"][1]["makespan_s"], 1.0);
  // A null makespan reads back as none: the user did not finish.
  botsim::test::write_text((dir_ / "summary.json").string(),
                           R"({"botsim_version": "1", "platform": "p.xml", "deployment": "d.xml",
                               "seed": 1, "simulated_time_s": 2.0, "users": [)" +
                               user("U2", "0.5", "null", "null") + R"(], "resources": []})");
  EXPECT_FALSE(read_summary(dir_.string()).users.at(0).makespan_s());
}

TEST_F(ResultsTest, EmptyRunHasEmptyArraysAndOnlyTasksCsv) {
  Results r;
  r.write(dir_.string(), info());
  Json s = Json::parse(read(dir_ / "summary.json"));
  EXPECT_TRUE(s["users"].is_array() && s["users"].empty());
  EXPECT_TRUE(s["resources"].is_array() && s["resources"].empty());
  EXPECT_EQ(read(dir_ / "tasks.csv"), "user,task,length_mi,host,submit_s,start_s,end_s\n");
  EXPECT_EQ(listing(), (std::vector<std::string>{"summary.json", "tasks.csv"}));
}

TEST_F(ResultsTest, TasksCsv) {
  Results r;
  size_t t = r.add_task({"U0", 0, 750000.5, "R1", 60, 60.5, 774.25});
  r.add_task({"U0", 1, 700000, "R4", 60, std::nullopt, std::nullopt});
  r.task(t).host = "R1";
  r.write(dir_.string(), info());
  EXPECT_EQ(read(dir_ / "tasks.csv"),
            "user,task,length_mi,host,submit_s,start_s,end_s\n"
            "U0,0,750000.5,R1,60,60.5,774.25\n"
            "U0,1,700000,R4,60,,\n");
}

// Timelines are a model's own record types; these two stand for bids.csv (streamed) and
// instances.csv (kept in memory, changed after they are added).
struct Point {
  static constexpr const char* kFile = "points.csv";
  static constexpr const char* kHeader = "time_s,who,value";
  static constexpr bool kStreamed = true;
  double time_s;
  std::string who;
  double value;
  std::string csv_row() const {
    return botsim::csv_number(time_s) + "," + who + "," + botsim::csv_number(value);
  }
};
struct Lease {
  static constexpr const char* kFile = "leases.csv";
  static constexpr const char* kHeader = "who,start_s,stop_s";
  static constexpr bool kStreamed = false;
  std::string who;
  double start_s;
  std::optional<double> stop_s;
  std::string csv_row() const {
    return who + "," + botsim::csv_number(start_s) + "," + botsim::csv_number(stop_s);
  }
};

TEST_F(ResultsTest, TimelineCsvHasItsHeaderAndOneRowPerRecord) {
  Results r;
  r.timeline<Point>().add({60, "U8", 0.625});
  r.timeline<Point>().add({120, "U3", 2.5249999999999972});  // 2.525 with binary noise
  r.timeline<Point>().add({180.0000004, "U4", 4e-7});
  r.write(dir_.string(), info());
  // Numbers at the results' precision, a millionth: no noise, and 4e-7 is 0.
  EXPECT_EQ(read(dir_ / "points.csv"), "time_s,who,value\n60,U8,0.625\n120,U3,2.525\n180,U4,0\n");
  EXPECT_FALSE(fs::exists(dir_ / "leases.csv"));  // never used: no file
}

// botsim run streams rows to a file as they come; the results are the same file.
TEST_F(ResultsTest, StreamedTimelineIsTheSameFile) {
  fs::path out = dir_ / "out";
  fs::create_directory(out);
  Results r;
  r.timeline<Point>().add({60, "U8", 0.625});  // before streaming starts: carried over
  r.stream_timelines((dir_ / "out").string());
  r.timeline<Point>().add({120, "U3", 1});
  EXPECT_TRUE(r.records<Point>().empty());
  size_t streams = 0;
  for (const auto& e : fs::directory_iterator(dir_))
    streams += e.path().filename().string().rfind("out.points-", 0) == 0;
  EXPECT_EQ(streams, 1u);
  r.write(out.string(), info());
  EXPECT_EQ(read(out / "points.csv"), "time_s,who,value\n60,U8,0.625\n120,U3,1\n");
  EXPECT_EQ(listing(), (std::vector<std::string>{"out"}));  // moved, not copied
}

// Streamed, tasks.csv's rows leave memory in order, each once it and those before it ended
// or were lost; the file is the one kept in memory would give.
TEST_F(ResultsTest, StreamedTasksLeaveMemoryInOrderOnceSettled) {
  fs::path out = dir_ / "out";
  fs::create_directory(out);
  Results r;
  UserRecord u;
  u.name = "U0";
  r.add_user(u);
  r.stream_timelines(out.string());
  size_t a = r.add_task({"U0", 0, 10, "R1", 0, 0, std::nullopt});
  size_t b = r.add_task({"U0", 1, 20, "R2", 0, 0, std::nullopt});
  size_t c = r.add_task({"U0", 2, 30, "R1", 0, 1, std::nullopt});
  r.end_task(b, 5);
  EXPECT_EQ(r.tasks().size(), 3u);  // row a still running: nothing leaves
  r.lose_task(a, 6, "instance stopped");
  EXPECT_EQ(r.tasks().size(), 1u);  // a (lost) and b (ended) are written; c runs
  EXPECT_THROW(r.task(b), std::logic_error);
  size_t again = r.add_task({"U0", 0, 10, "R2", 0, 6, std::nullopt});  // a written, lost
  EXPECT_EQ(r.user(0).tasks_rerun, 1);
  r.add_task({"U0", 1, 20, "R1", 0, 7, std::nullopt});  // b written, ended: no rerun
  EXPECT_EQ(r.user(0).tasks_rerun, 1);
  r.end_task(c, 9);
  r.end_task(again, 12);
  r.write(out.string(), info());
  EXPECT_EQ(read(out / "tasks.csv"),
            "user,task,length_mi,host,submit_s,start_s,end_s\n"
            "U0,0,10,R1,0,0,\n"
            "U0,1,20,R2,0,0,5\n"
            "U0,2,30,R1,0,1,9\n"
            "U0,0,10,R2,0,6,12\n"
            "U0,1,20,R1,0,7,\n");
  EXPECT_EQ(listing(), (std::vector<std::string>{"out"}));  // moved, not copied
}

// A streamed run that fails leaves no stream file behind.
TEST_F(ResultsTest, ClearRemovesTheStreams) {
  Results r;
  r.stream_timelines((dir_ / "out").string());
  r.timeline<Point>().add({60, "U8", 0.625});
  r.timeline<Lease>().add({"C0", 0, std::nullopt});  // not a streamed type: in memory
  EXPECT_EQ(listing().size(), 2u);                   // points.csv's and tasks.csv's
  r.clear();
  EXPECT_TRUE(listing().empty());
  EXPECT_TRUE(r.records<Lease>().empty());
}

TEST_F(ResultsTest, KeptTimelineRecordsCanChangeUntilWritten) {
  Results r;
  size_t i = r.timeline<Lease>().add({"C0", 0, 3600});
  r.timeline<Lease>().add({"C0", 10, std::nullopt});
  r.timeline<Lease>().at(i).stop_s = 7200;
  r.write(dir_.string(), info());
  EXPECT_EQ(read(dir_ / "leases.csv"), "who,start_s,stop_s\nC0,0,7200\nC0,10,\n");
}

TEST_F(ResultsTest, ModelFieldsFollowTheContractFieldsAndFilesAreAdded) {
  Results r;
  UserRecord u;
  u.name = "B0";
  u.model = "bats";
  u.extra["schedule"] = 2;
  u.extra["cushion"] = 9.5;
  r.add_user(u);
  r.add_file("schedules.json", "[]\n");
  r.write(dir_.string(), info());
  Json s = Json::parse(read(dir_ / "summary.json"));
  const auto& user = s["users"][0];
  std::vector<std::string> keys;
  for (const auto& [k, v] : user.items()) keys.push_back(k);
  ASSERT_GE(keys.size(), 3u);
  EXPECT_EQ(keys[keys.size() - 3], "status_reason");
  EXPECT_EQ(keys[keys.size() - 2], "schedule");
  EXPECT_EQ(keys.back(), "cushion");
  EXPECT_EQ(user["cushion"], 9.5);
  EXPECT_EQ(read(dir_ / "schedules.json"), "[]\n");
}

namespace {
std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}
// The cells of a table line (no cell holds a space in these tests).
std::vector<std::string> cells_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> cells;
  for (std::string c; in >> c;) cells.push_back(c);
  return cells;
}
}  // namespace

TEST_F(ResultsTest, TableHasOneRowPerUser) {
  Results r = sample();
  std::vector<std::string> lines = lines_of(run_table(r));
  ASSERT_EQ(lines.size(), 7u);  // header, units, four users, the unfinished user's line
  EXPECT_EQ(lines[0].rfind("user", 0), 0u);
  EXPECT_NE(lines[2].find("yes"), std::string::npos);
  EXPECT_NE(lines[2].find("42.50"), std::string::npos);
  EXPECT_NE(lines[3].find("NO"), std::string::npos);
  EXPECT_NE(lines[4].find("49/50"), std::string::npos);
  // The status is the last column.
  EXPECT_EQ(lines[2].substr(lines[2].size() - 12), "        done");
  EXPECT_EQ(lines[3].substr(lines[3].size() - 12), "   done_late");
  EXPECT_EQ(lines[4].substr(lines[4].size() - 12), "  unfinished");
  // Right-aligned last column: every row has the header's length.
  for (size_t i = 0; i < 6; ++i) EXPECT_EQ(lines[i].size(), lines[0].size()) << lines[i];
  // A user with tasks undone is named under the table.
  EXPECT_EQ(lines[6], "U2: 1 of 50 tasks not done");
}

// Each column's unit under its name; the budget next to what was spent; money in G$ for the
// auction users, in $ for the Silva user: two currencies, so each amount carries its own.
TEST_F(ResultsTest, TableShowsUnitsAndBudgetNextToSpent) {
  std::vector<std::string> lines = lines_of(run_table(sample()));
  const auto header = cells_of(lines[0]);
  EXPECT_EQ(header, (std::vector<std::string>{"user", "model", "policy", "vo", "tasks", "start",
                                              "finish", "makespan", "deadline", "met", "spent",
                                              "budget", "instances", "charged", "status"}));
  EXPECT_EQ(cells_of(lines[1]), (std::vector<std::string>{"s", "s", "s", "s", "ATUs"}));
  // Each unit sits under the right end of its column's name (columns are right-aligned).
  EXPECT_EQ(lines[1].find("s"), lines[0].find("start") + 4);
  EXPECT_EQ(lines[1].rfind("ATUs"), lines[0].find("charged") + 3);
  EXPECT_NE(lines[2].find("42.50 G$  100.00 G$"), std::string::npos) << lines[2];
  EXPECT_NE(lines[5].find("2.50 $          -  "), std::string::npos) << lines[5];

  // One currency: it stands under "spent" and "budget", and the amounts are bare numbers.
  Results auction;
  auction.add_user(sample().users()[0]);
  lines = lines_of(run_table(auction));
  EXPECT_EQ(cells_of(lines[0]).back(), "status");
  EXPECT_EQ(cells_of(lines[0]).end()[-2], "budget");
  EXPECT_EQ(cells_of(lines[1]), (std::vector<std::string>{"s", "s", "s", "s", "G$", "G$"}));
  const auto row = cells_of(lines[2]);
  EXPECT_EQ(std::vector<std::string>(row.end() - 3, row.end()),
            (std::vector<std::string>{"42.50", "100.00", "done"}));
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(lines[i].size(), lines[0].size()) << lines[i];

  // No user with a budget: no budget column.
  Results cloud;
  cloud.add_user(sample().users()[3]);
  EXPECT_EQ(cells_of(lines_of(run_table(cloud))[0]).end()[-2], "charged");
  EXPECT_EQ(lines_of(run_table(cloud))[0].find("budget"), std::string::npos);
}

// A user that paid a sampling phase apart (BaTS) has its spent split under the table.
TEST_F(ResultsTest, TableSplitsASamplingPhasesMoneyAndTime) {
  UserRecord u;
  u.name = "U0";
  u.model = "bats";
  u.policy = "sched2";
  u.tasks_total = u.tasks_done = 600;
  u.finish_s = 46905.8;
  u.budget = 579;
  u.spent = 555;
  u.extra["sampling_spent"] = 48;
  u.extra["sampling_end_s"] = 3294.1;
  Results r;
  r.add_user(u);
  std::vector<std::string> lines = lines_of(run_table(r));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[3],
            "U0: spent 555.00 $ = sampling 48.00 $ (0.0-3294.1 s) + execution 507.00 $ "
            "(3294.1-46905.8 s)");
}

// A model that stops a user says why: the status and the reason go to summary.json, the table
// and back through read_summary.
TEST_F(ResultsTest, StatusOfAStoppedUserIsWrittenAndReadBack) {
  Results r = sample();
  r.user(2).stopped_as = user_status::kOutOfBudget;
  r.user(2).stop_reason = "the budget left (0.5) cannot pay for an hour";
  r.user(0).stopped_as = user_status::kOutOfBudget;  // yet every task done: done
  r.write(dir_.string(), info());
  Json s = Json::parse(read(dir_ / "summary.json"));
  EXPECT_EQ(s["users"][0]["status"], "done");
  EXPECT_EQ(s["users"][2]["status"], "out_of_budget");
  EXPECT_EQ(s["users"][2]["status_reason"], "the budget left (0.5) cannot pay for an hour");
  std::string t = run_table(r);
  EXPECT_NE(t.find("out_of_budget\n"), std::string::npos) << t;
  EXPECT_NE(t.find("U2: 1 of 50 tasks not done (the budget left (0.5) cannot pay for an hour)\n"),
            std::string::npos)
      << t;
  RunSummary back = read_summary(dir_.string());
  EXPECT_EQ(back.users[2].status(), "out_of_budget");
  EXPECT_EQ(back.users[2].stop_reason, "the budget left (0.5) cannot pay for an hour");
  EXPECT_EQ(back.users[1].status(), "done_late");
  EXPECT_FALSE(back.users[2].extra.contains("status"));
}

TEST_F(ResultsTest, TableShowsCloudColumnsWhenAUserHasThem) {
  Results r;
  r.add_user(sample().users()[0]);
  UserRecord c;
  c.name = "C0";
  c.model = "silva";
  c.policy = "cr=0.5,ir=0.5,bf=2,line15=literal";  // longer than any other policy
  c.instances = 25;
  c.charged_units = 26;
  r.add_user(c);
  std::vector<std::string> lines = lines_of(run_table(r));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_NE(lines[0].find("instances"), std::string::npos);
  // "instances", "charged" and "status" are 9, 7 and 6 wide, two spaces apart.
  EXPECT_EQ(lines[3].substr(lines[3].size() - 26), "       25       26    done");
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(lines[i].size(), lines[0].size()) << lines[i];
}

// One table writes and reads summary.json: a model's registered field (the auction's fund,
// kept in extra) stands after met_deadline for every user, null where it has none, and reads
// back into extra; a field no table knows is a model's own, written last. Written again, the
// records read back give the same users.
TEST_F(ResultsTest, TheFieldTableWritesAndReadsEveryUsersFields) {
  Results r = sample();
  r.user(3).extra["own_field"] = 7;
  r.write(dir_.string(), info());
  Json s = Json::parse(read(dir_ / "summary.json"));
  std::vector<std::string> keys;
  for (const auto& [key, value] : s["users"][3].items()) keys.push_back(key);
  const auto at = [&](const std::string& k) { return std::find(keys.begin(), keys.end(), k); };
  EXPECT_EQ(at("fund") - at("met_deadline"), 1);
  EXPECT_EQ(at("budget") - at("allowance_interval_s"), 1);
  EXPECT_EQ(keys.back(), "own_field");
  EXPECT_TRUE(s["users"][3]["fund"].is_null());
  EXPECT_EQ(s["users"][0]["fund"], 40);
  const std::string text = read(dir_ / "summary.json");
  size_t funds = 0;
  for (size_t i = text.find("\"fund\":"); i != std::string::npos; i = text.find("\"fund\":", i + 1))
    ++funds;
  EXPECT_EQ(funds, 4u);  // once per user: not again among its extras
  RunSummary back = read_summary(dir_.string());
  EXPECT_EQ(grid::fund_of(back.users[0]), 40);
  EXPECT_FALSE(grid::fund_of(back.users[3]));
  EXPECT_FALSE(back.users[3].extra.contains("fund"));  // null: nothing kept
  EXPECT_EQ(back.users[3].extra["own_field"], 7);
  for (const UserField& f : user_fields())
    EXPECT_EQ(back.users[0].extra.contains(f.key),
              f.key == "fund" || f.key == "allowance" || f.key == "allowance_interval_s")
        << f.key;
  const fs::path again = dir_ / "again";
  fs::create_directories(again);
  Results r2;
  for (const UserRecord& u : back.users) r2.add_user(u);
  r2.write(again.string(), info());
  EXPECT_EQ(Json::parse(read(again / "summary.json"))["users"], s["users"]);
}

// A model's own number field kept in extra: hand-made values, a number, an integer, a null.
TEST(ExtraNumber, NumberFieldsLiveInExtra) {
  UserRecord u;
  u.extra = {{"fund", 40.5}, {"count", 3}, {"none", nullptr}, {"word", "x"}};
  EXPECT_EQ(extra_number(u, "fund"), 40.5);
  EXPECT_EQ(extra_number(u, "count"), 3.0);
  EXPECT_FALSE(extra_number(u, "none"));
  EXPECT_FALSE(extra_number(u, "absent"));
  EXPECT_THROW(extra_number(u, "word"), nlohmann::json::type_error);
  const UserField count = number_field("count", FieldUnit::Money);
  EXPECT_FALSE(count.required);
  EXPECT_EQ(count.get(u).dump(), "3.0");  // a number of its unit, as the old typed field wrote
  EXPECT_TRUE(number_field("none", FieldUnit::None).get(u).is_null());
  EXPECT_TRUE(number_field("absent", FieldUnit::None).get(u).is_null());
  UserRecord back;
  count.set(back, Json(nullptr));
  EXPECT_TRUE(back.extra.empty());  // null: the user has none
  count.set(back, Json(2));
  EXPECT_EQ(back.extra.dump(), R"({"count":2.0})");
  EXPECT_THROW(count.set(back, Json("x")), nlohmann::json::type_error);
}

TEST(Units, FieldsHaveTheirModelsUnits) {
  EXPECT_EQ(currency_of("auction"), "G$");
  EXPECT_EQ(currency_of("agents"), "US$");
  EXPECT_EQ(currency_of("bats"), "$");
  EXPECT_EQ(field_unit("spent", "auction"), "G$");
  EXPECT_EQ(field_unit("budget", "bats"), "$");
  EXPECT_EQ(field_unit("allowance", "auction"), "G$");
  EXPECT_EQ(field_unit("makespan_s", "silva"), "s");
  EXPECT_EQ(field_unit("allowance_interval_s", "auction"), "s");
  EXPECT_EQ(field_unit("charged_units", "silva"), "ATUs");
  EXPECT_EQ(field_unit("met_deadline", "auction"), "");
  EXPECT_EQ(field_unit("s", "auction"), "");
}

// A model's own fields (register_model_field): written for its users where their record has
// them, in the order registered, after the common fields; another model's user gets no null.
TEST(ModelFields, AreWrittenInTheirOrderForTheirModelsUsersOnly) {
  register_model_field("own-model", "second", FieldUnit::None);
  register_model_field("own-model", "first", FieldUnit::Money);
  register_model_field("own-model", "second", FieldUnit::Seconds);  // again: replaced in place
  register_currency("own-model", "C$");
  UserRecord mine, other;
  mine.model = "own-model";
  mine.extra = {{"unknown", 1}, {"first", 2}, {"second", nullptr}};
  other.model = "other-model";
  other.extra = {{"first", 3}};  // not the own model's field for this user: an extra
  const Json s = summary_json(RunInfo{}, {mine, other}, {}, false);
  std::vector<std::string> keys;
  for (const auto& [key, value] : s["users"][0].items()) keys.push_back(key);
  EXPECT_EQ(std::vector<std::string>(keys.end() - 4, keys.end()),
            (std::vector<std::string>{"status_reason", "second", "first", "unknown"}));
  EXPECT_TRUE(s["users"][0]["second"].is_null());
  EXPECT_FALSE(s["users"][1].contains("second"));
  EXPECT_EQ(s["users"][1]["first"], 3);
  EXPECT_EQ(field_unit("first", "own-model"), "C$");
  EXPECT_EQ(field_unit("second", "own-model"), "s");
  EXPECT_EQ(field_unit("first", "other-model"), "");
}

TEST(NormalDir, DropsTrailingSeparatorsAndDots) {
  const fs::path cwd = fs::current_path();
  EXPECT_EQ(normal_dir("out"), cwd / "out");
  EXPECT_EQ(normal_dir("out/"), cwd / "out");
  EXPECT_EQ(normal_dir("out//"), cwd / "out");
  EXPECT_EQ(normal_dir("out/."), cwd / "out");
  EXPECT_EQ(normal_dir("a/../out/"), cwd / "out");
  EXPECT_EQ(normal_dir("/"), fs::path("/"));
}

TEST_F(ResultsTest, ClearForgetsEverything) {
  Results r = sample();
  r.timeline<Point>().add({0, "U0", 1});
  r.clear();
  EXPECT_TRUE(r.users().empty());
  EXPECT_TRUE(r.resources().empty());
  EXPECT_TRUE(r.records<Point>().empty());
}

TEST_F(ResultsTest, AtomicWriteKeepsOldDirectoryWhenWriterThrows) {
  fs::path out = dir_ / "run";
  fs::create_directories(out);
  std::ofstream(out / "old.txt") << "previous results";
  EXPECT_THROW(write_directory_atomically(out.string(),
                                          [](const std::string& tmp) {
                                            std::ofstream(fs::path(tmp) / "half.txt") << "x";
                                            throw std::runtime_error("simulated failure");
                                          }),
               std::runtime_error);
  EXPECT_EQ(read(out / "old.txt"), "previous results");
  EXPECT_FALSE(fs::exists(out / "half.txt"));
  EXPECT_EQ(listing(), (std::vector<std::string>{"run"}));  // no temporary left behind
}

TEST_F(ResultsTest, AtomicWriteReplacesOldDirectoryOnSuccess) {
  fs::path out = dir_ / "run";
  fs::create_directories(out);
  mark_results_dir(out);  // botsim's own earlier results
  std::ofstream(out / "old.txt") << "previous results";
  std::string seen_tmp;
  write_directory_atomically(out.string(), [&](const std::string& tmp) {
    seen_tmp = tmp;
    EXPECT_NE(fs::path(tmp), out);
    EXPECT_EQ(fs::path(tmp).parent_path(), out.parent_path());  // same file system: rename works
    std::ofstream(fs::path(tmp) / "new.txt") << "new results";
  });
  EXPECT_FALSE(fs::exists(out / "old.txt"));
  EXPECT_EQ(read(out / "new.txt"), "new results");
  EXPECT_FALSE(fs::exists(seen_tmp));
  EXPECT_EQ(listing(), (std::vector<std::string>{"run"}));
}

TEST_F(ResultsTest, AtomicWriteCreatesMissingParents) {
  fs::path out = dir_ / "a" / "b" / "run";
  write_directory_atomically(
      out.string(), [](const std::string& tmp) { std::ofstream(fs::path(tmp) / "f") << "1"; });
  EXPECT_EQ(read(out / "f"), "1");
}

TEST_F(ResultsTest, AtomicWriteRefusesAFile) {
  fs::path out = dir_ / "file";
  std::ofstream(out) << "not a directory";
  EXPECT_ANY_THROW(write_directory_atomically(out.string(), [](const std::string&) {}));
  EXPECT_EQ(read(out), "not a directory");
}

// What a run writes, an experiment reads back: every contract field, null or not, and the
// model's own fields.
TEST_F(ResultsTest, SummaryReadsBackAsWritten) {
  Results r = sample();
  UserRecord c;
  c.name = "C0";
  c.model = "bats";
  c.policy = "sched2";
  c.tasks_total = 10;
  c.tasks_done = 9;
  c.start_s = 5;
  c.budget = 60;
  c.spent = 57.5;
  c.instances = 4;
  c.charged_units = 19;
  c.messages = 1234;
  c.extra["schedule"] = 2;
  r.add_user(c);
  r.write(dir_.string(), info());
  RunSummary s = read_summary(dir_.string());
  EXPECT_EQ(s.info.platform, info().platform);
  EXPECT_EQ(s.info.seed, info().seed);
  ASSERT_EQ(s.users.size(), r.users().size());
  for (size_t i = 0; i < s.users.size(); ++i) {
    const auto &a = s.users[i], &b = r.users()[i];
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.vo, b.vo);
    EXPECT_EQ(a.finish_s, b.finish_s);
    EXPECT_EQ(a.makespan_s(), b.makespan_s());
    EXPECT_EQ(a.met_deadline(), b.met_deadline());
    EXPECT_EQ(a.deadline_s, b.deadline_s);
    EXPECT_EQ(grid::fund_of(a), grid::fund_of(b));
    EXPECT_EQ(grid::allowance_of(a), grid::allowance_of(b));
    EXPECT_EQ(grid::allowance_interval_s_of(a), grid::allowance_interval_s_of(b));
    EXPECT_EQ(a.budget, b.budget);
    EXPECT_EQ(a.spent, b.spent);
    EXPECT_EQ(a.instances, b.instances);
    EXPECT_EQ(a.messages, b.messages);
  }
  EXPECT_EQ(s.users.back().extra, Json({{"schedule", 2}}));
  EXPECT_EQ(s.users.front().extra, r.users().front().extra);  // the auction's fund and allowance
  EXPECT_TRUE(s.users[3].extra.empty());
  EXPECT_EQ(s.resources, r.resources());  // as the model made them
}

// Results written before the fund and the allowance had their own fields still read.
TEST_F(ResultsTest, SummaryWithoutFundFieldsReadsBack) {
  sample().write(dir_.string(), info());
  Json s = Json::parse(read(dir_ / "summary.json"));
  for (auto& u : s["users"])
    for (const char* key : {"fund", "allowance", "allowance_interval_s"}) u.erase(key);
  botsim::test::write_text((dir_ / "summary.json").string(), s.dump(2));
  RunSummary back = read_summary(dir_.string());
  EXPECT_FALSE(grid::fund_of(back.users[0]));
  EXPECT_EQ(back.users[0].budget, 100.0);
  EXPECT_TRUE(back.users[0].extra.empty());
}

TEST_F(ResultsTest, SummaryWithAMissingFieldNamesTheFile) {
  botsim::test::write_text((dir_ / "summary.json").string(), "{\"users\": []}\n");
  try {
    read_summary(dir_.string());
    FAIL() << "read_summary accepted a summary without its run fields";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("summary.json"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_summary((dir_ / "nowhere").string()), std::runtime_error);
}

// The results files' precision, a millionth of each unit: the examples of binary noise that
// a student would have read, and the limits.
TEST(ResultsPrecision, NumbersAreWrittenToAMillionthWithoutNoise) {
  EXPECT_EQ(botsim::csv_number(2.5249999999999972), "2.525");
  EXPECT_EQ(botsim::csv_number(5.300000000000001), "5.3");
  EXPECT_EQ(botsim::csv_number(0.1 + 0.2), "0.3");
  EXPECT_EQ(botsim::csv_number(17224.0970563), "17224.097056");
  EXPECT_EQ(botsim::csv_number(-1e-9), "0");  // no "-0"
  EXPECT_EQ(botsim::csv_number(1e20), "1e+20");
  EXPECT_EQ(botsim::csv_number(std::optional<double>{}), "");
  nlohmann::json j = {{"spent", 5.300000000000001}, {"n", 3}, {"xs", {0.1 + 0.2, 1.0000004}}};
  botsim::round_results_numbers(j);
  EXPECT_EQ(j.dump(), R"({"n":3,"spent":5.3,"xs":[0.3,1.0]})");
}
