// The report's interactive Gantt chart (view/interactive_chart.hpp): the data its script draws,
// worked out by hand; the page section with and without the library; the colours of the static
// charts; nothing past kInteractiveMaxTasks. tests/browser/ checks it in a browser.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/files.hpp"
#include "view/interactive_chart.hpp"

using namespace botsim;
using namespace botsim::view;
namespace fs = std::filesystem;
namespace t = botsim::test;
using nlohmann::json;

namespace {

constexpr double kNotEnded = std::numeric_limits<double>::quiet_NaN();

// The page's data, parsed back from its <script type="application/json">.
json page_data(const std::string& html) {
  const std::string open = "id=\"botsim-gantt-data\">";
  const auto from = html.find(open);
  if (from == std::string::npos) return json();
  const auto to = html.find("</script>", from);
  return json::parse(html.substr(from + open.size(), to - from - open.size()));
}

// A results directory whose charting library is `library` ($BOTSIM_DATA_DIR/web/...), removed
// with its environment variable at the end.
class InteractiveSection : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = t::make_temp_dir("botsim-interactive");
    fs::create_directories(dir_ + "/data/web");
    t::write_text(dir_ + "/data/" + kChartLibraryFile, "var echarts = {};");
    ::setenv("BOTSIM_DATA_DIR", (dir_ + "/data").c_str(), 1);
  }
  void TearDown() override {
    ::unsetenv("BOTSIM_DATA_DIR");
    fs::remove_all(dir_);
  }
  std::string dir_;
};

}  // namespace

// Four attempts on R2 and R10: on R2, task 3 starts at 60 s while task 2 runs (to 90 s), so it
// takes lane 1 of 2; task 4 starts at 100 s, after task 2's end, in lane 0. Task 3 never ends:
// grey (group -1), counted as running until the last time, 120 s (task 4's end). 120 s is 2
// minutes: the unit is min, the axis to 1.1 x 120 s = 2.2 min.
TEST(InteractiveChart, DataHasLanesGroupsUnitsAndTheTasksRunning) {
  const std::vector<TaskAttempt> attempts{{"1", "U1", "R10", 0, 60, "U1"},
                                          {"2", "U0", "R2", 30, 90, "U0"},
                                          {"3", "U0", "R2", 60, kNotEnded, "U0"},
                                          {"4", "U1", "R2", 100, 120, "U1"}};
  const json d = interactive_chart_data(attempts, {"U0", "U1"}, {"#1f77b4", "#ff7f0e"});
  EXPECT_EQ(d["unit"], "min");
  EXPECT_EQ(d["unit_s"], 60.0);
  EXPECT_EQ(d["last_s"], 120.0);
  EXPECT_NEAR(d["x_max"].get<double>(), 2.2, 1e-12);
  EXPECT_EQ(d["hosts"], json({"R2", "R10"}));  // natural order
  EXPECT_EQ(d["users"], json({"U1", "U0"}));   // as they come; rows give the index
  EXPECT_EQ(d["ids"], json({"1", "2", "3", "4"}));
  // [start_s, end_s, host, lane, lanes, group, user]
  EXPECT_EQ(d["tasks"][0], json({0.0, 60.0, 1, 0, 1, 1, 0}));
  EXPECT_EQ(d["tasks"][1], json({30.0, 90.0, 0, 0, 2, 0, 1}));
  EXPECT_EQ(d["tasks"][2], json({60.0, nullptr, 0, 1, 2, -1, 1}));
  EXPECT_EQ(d["tasks"][3], json({100.0, 120.0, 0, 0, 2, 1, 0}));
  // Running per group ([time_s, count]), the unfinished attempt alone in grey, then all of them:
  // at 60 s task 1 ends as task 3 starts (no step).
  ASSERT_EQ(d["running"].size(), 4u);
  EXPECT_EQ(d["running"][0]["name"], "U0");
  EXPECT_EQ(d["running"][0]["colour"], "#1f77b4");
  EXPECT_EQ(d["running"][0]["steps"], json({{0.0, 0}, {30.0, 1}, {90.0, 0}, {120.0, 0}}));
  EXPECT_EQ(d["running"][1]["name"], "U1");
  EXPECT_EQ(d["running"][1]["colour"], "#ff7f0e");
  EXPECT_EQ(d["running"][1]["steps"], json({{0.0, 1}, {60.0, 0}, {100.0, 1}, {120.0, 0}}));
  EXPECT_EQ(d["running"][2]["name"], "unfinished");
  EXPECT_EQ(d["running"][2]["colour"], "#999999");
  EXPECT_EQ(d["running"][2]["steps"], json({{0.0, 0}, {60.0, 1}, {120.0, 1}}));
  EXPECT_EQ(d["running"][3]["name"], "all tasks");
  EXPECT_EQ(d["running"][3]["steps"],
            json({{0.0, 1}, {30.0, 2}, {90.0, 1}, {100.0, 2}, {120.0, 1}}));
}

// Without the library: one sentence, no script (the static figures stay).
TEST(InteractiveChart, WithoutTheLibraryThePageSaysSoInOneSentence) {
  const json d = interactive_chart_data({{"1", "U0", "R0", 0, 10, "U0"}}, {"U0"}, {"#1f77b4"});
  const std::string html = interactive_chart_html(d, "");
  EXPECT_NE(html.find("<p>The interactive Gantt chart needs the charting library"),
            std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("botsim-gantt"), std::string::npos);
}

// With it: the library inline, the data a JSON script in which no "<" can close it early (a task
// id "</script><b>" stays inside), the drawing script.
TEST(InteractiveChart, TheLibraryAndTheDataAreInlineAndCannotCloseTheirScript) {
  const json d =
      interactive_chart_data({{"</script><b>", "U0", "R0", 0, 10, "U0"}}, {"U0"}, {"#1f77b4"});
  const std::string html = interactive_chart_html(d, "var echarts = {};");
  EXPECT_NE(html.find("<script>\nvar echarts = {};\n</script>"), std::string::npos);
  EXPECT_EQ(html.find("</script><b>"), std::string::npos);
  EXPECT_NE(html.find("\\u003c/script>\\u003cb>"), std::string::npos);
  EXPECT_EQ(page_data(html)["ids"], json({"</script><b>"}));
  EXPECT_NE(html.find("<div id=\"botsim-gantt\""), std::string::npos);
  EXPECT_NE(html.find("echarts.init("), std::string::npos);
  EXPECT_NE(html.find("<p>1 task attempt on 1 host. "), std::string::npos);
  // One group: its line is all the tasks; no second line over it.
  ASSERT_EQ(d["running"].size(), 1u);
  EXPECT_EQ(d["running"][0]["name"], "U0");
  // A library that would end its own element is not inlined.
  const std::string bad = interactive_chart_html(d, "var s = '</SCRIPT>';");
  EXPECT_EQ(bad.find("<script"), std::string::npos);
}

// A run of three users in which only U2 ran tasks: U2 keeps its colour of the run's palette
// (the third, #2ca02c), as in the static charts; the attempt that never started has no bar.
TEST_F(InteractiveSection, UsersKeepTheirColoursOfTheRunsPalette) {
  t::write_text(dir_ + "/summary.json", R"({"users":[{"name":"U0"},{"name":"U1"},{"name":"U2"}]})");
  t::write_text(dir_ + "/tasks.csv",
                "user,task,length_mi,host,submit_s,start_s,end_s\n"
                "U2,7,100,R0,0,5,15\nU2,8,100,R0,0,,\n");
  const json d = page_data(interactive_section(dir_));
  EXPECT_EQ(d["groups"], json({"U0", "U1", "U2"}));
  EXPECT_EQ(d["colours"], json({"#1f77b4", "#ff7f0e", "#2ca02c"}));
  EXPECT_EQ(d["tasks"], json({{5.0, 15.0, 0, 0, 1, 2, 0}}));
  EXPECT_EQ(d["ids"], json({"7"}));
}

// One cloud user: tasks take their instance type's colour, the types in natural order
// (c1.medium first, m1.small second) whichever ran tasks, as in the instances chart.
TEST_F(InteractiveSection, OneCloudUsersTasksTakeTheirInstanceTypesColour) {
  t::write_text(dir_ + "/summary.json", R"({"users":[{"name":"U0"}]})");
  t::write_text(dir_ + "/instances.csv", "instance,type\ni-1,m1.small\ni-2,c1.medium\n");
  t::write_text(dir_ + "/tasks.csv",
                "user,task,length_mi,host,submit_s,start_s,end_s\nU0,1,100,i-1,0,0,30\n");
  const json d = page_data(interactive_section(dir_));
  EXPECT_EQ(d["groups"], json({"m1.small"}));
  EXPECT_EQ(d["colours"], json({"#ff7f0e"}));
  EXPECT_EQ(d["users"], json({"U0"}));
}

// No tasks.csv, or no attempt that started: no section. Past kInteractiveMaxTasks attempts: a
// sentence, not a page of tens of megabytes.
TEST_F(InteractiveSection, NoneWithoutTasksAndASentencePastTheThreshold) {
  EXPECT_EQ(interactive_section(dir_), "");
  t::write_text(dir_ + "/tasks.csv",
                "user,task,length_mi,host,submit_s,start_s,end_s\n"
                "U0,1,100,R0,0,,\n");
  EXPECT_EQ(interactive_section(dir_), "");
  std::string csv = "user,task,length_mi,host,submit_s,start_s,end_s\n";
  for (size_t i = 0; i <= kInteractiveMaxTasks; ++i)
    csv += "U0," + std::to_string(i) + ",1,R0,0,0,1\n";
  t::write_text(dir_ + "/tasks.csv", csv);
  const std::string html = interactive_section(dir_);
  EXPECT_NE(html.find("200001 task attempts, more than the interactive chart takes (200000)"),
            std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
}

// The library is found in $BOTSIM_DATA_DIR/web/ when that is set; not there: none.
TEST_F(InteractiveSection, TheLibraryIsFoundInTheDataDirectory) {
  EXPECT_EQ(chart_library_path(), dir_ + "/data/web/echarts.min.js");
  fs::remove(dir_ + "/data/web/echarts.min.js");
  EXPECT_EQ(chart_library_path(), "");
  t::write_text(dir_ + "/tasks.csv",
                "user,task,length_mi,host,submit_s,start_s,end_s\n"
                "U0,1,100,R0,0,0,1\n");
  EXPECT_NE(interactive_section(dir_).find("needs the charting library"), std::string::npos);
}

// BaTS (one cloud user with summary.json's sampling_end_s): a task started before the end of
// sampling is in its type's colour halfway to white (#1f77b4: 0x1f = 31, (31 + 255) / 2 = 143 =
// 0x8f; 0x77 -> 0xbb; 0xb4 -> 0xd9), one after it in the colour itself.
TEST_F(InteractiveSection, BatsSamplingIsLighterThanExecution) {
  t::write_text(dir_ + "/summary.json", R"({"users":[{"name":"U0","sampling_end_s":100}]})");
  t::write_text(dir_ + "/instances.csv", "instance,type\ni-1,cluster1\n");
  t::write_text(dir_ + "/tasks.csv",
                "user,task,length_mi,host,submit_s,start_s,end_s\n"
                "U0,1,100,i-1,0,0,50\nU0,2,100,i-1,0,150,200\n");
  const json d = page_data(interactive_section(dir_));
  EXPECT_EQ(d["groups"], json({"cluster1, execution", "cluster1, sampling"}));
  EXPECT_EQ(d["colours"], json({"#1f77b4", "#8fbbd9"}));
  EXPECT_EQ(d["tasks"][0][5], 1);
  EXPECT_EQ(d["tasks"][1][5], 0);
}

// A task on a host that is no instance: every task by user, as the static chart falls back.
TEST_F(InteractiveSection, ATaskOffTheInstancesColoursThemByUser) {
  t::write_text(dir_ + "/summary.json", R"({"users":[{"name":"U0"}]})");
  t::write_text(dir_ + "/instances.csv", "instance,type\ni-1,m1.small\n");
  t::write_text(dir_ + "/tasks.csv",
                "user,task,length_mi,host,submit_s,start_s,end_s\n"
                "U0,1,100,i-1,0,0,50\nU0,2,100,R0,0,0,50\n");
  const json d = page_data(interactive_section(dir_));
  EXPECT_EQ(d["groups"], json({"U0"}));
  EXPECT_EQ(d["colours"], json({"#1f77b4"}));
}

// A cloud run's instances: a third panel, the instances running per type (natural order: large
// before small, each in its colour of the instances chart) and all together. Small ones run
// 0-120 s and 60-90 s, a large one from 30 s and never stops (counted to the last time, 120 s,
// the first small one's stop, past the last task's end at 60 s).
TEST(InteractiveChart, InstancesRunningPerTypeAndInAll) {
  const json d =
      interactive_chart_data({{"1", "U0", "i-1", 0, 60, "small"}}, {"small"}, {"#ff7f0e"},
                             {{"small", 0, 120}, {"large", 30, kNotEnded}, {"small", 60, 90}});
  EXPECT_EQ(d["last_s"], 120.0);
  EXPECT_NEAR(d["x_max"].get<double>(), 2.2, 1e-12);
  ASSERT_EQ(d["instances"].size(), 3u);
  EXPECT_EQ(d["instances"][0]["name"], "large");
  EXPECT_EQ(d["instances"][0]["colour"], "#1f77b4");
  EXPECT_EQ(d["instances"][0]["steps"], json({{0.0, 0}, {30.0, 1}, {120.0, 1}}));
  EXPECT_EQ(d["instances"][1]["name"], "small");
  EXPECT_EQ(d["instances"][1]["colour"], "#ff7f0e");
  EXPECT_EQ(d["instances"][1]["steps"], json({{0.0, 1}, {60.0, 2}, {90.0, 1}, {120.0, 0}}));
  EXPECT_EQ(d["instances"][2]["name"], "all instances");
  EXPECT_EQ(d["instances"][2]["steps"],
            json({{0.0, 1}, {30.0, 2}, {60.0, 3}, {90.0, 2}, {120.0, 1}}));
  // The tasks running are still the tasks': one line, to the new last time.
  ASSERT_EQ(d["running"].size(), 1u);
  EXPECT_EQ(d["running"][0]["steps"], json({{0.0, 1}, {60.0, 0}, {120.0, 0}}));
  const std::string html = interactive_chart_html(d, "var echarts = {};");
  EXPECT_NE(html.find("; under the tasks running, the instances running per type. "),
            std::string::npos);
  EXPECT_NE(html.find("(all three charts)"), std::string::npos);
  // Without instances: none, and two charts.
  const json grid = interactive_chart_data({{"1", "U0", "R0", 0, 60, "U0"}}, {"U0"}, {"#1f77b4"});
  EXPECT_EQ(grid["instances"], json::array());
  EXPECT_NE(interactive_chart_html(grid, "var echarts = {};").find("(both charts)"),
            std::string::npos);
}

// instances.csv as botsim writes it: each started instance from its start to its stop (none: to
// the end); one requested that never started has no line.
TEST_F(InteractiveSection, ACloudRunsInstancesFromInstancesCsv) {
  t::write_text(dir_ + "/summary.json", R"({"users":[{"name":"U0"}]})");
  t::write_text(dir_ + "/instances.csv",
                "user,instance,type,start_s,stop_s,charged_units,cost\n"
                "U0,i-1,small,0,3600,1,0.1\nU0,i-2,small,300,,1,0.1\nU0,i-3,small,,,0,0\n");
  t::write_text(dir_ + "/tasks.csv",
                "user,task,length_mi,host,submit_s,start_s,end_s\nU0,1,100,i-1,0,0,1800\n");
  const json d = page_data(interactive_section(dir_));
  ASSERT_EQ(d["instances"].size(), 1u);  // one type: its line is all of them
  EXPECT_EQ(d["instances"][0]["steps"], json({{0.0, 1}, {300.0, 2}, {3600.0, 1}}));
}
