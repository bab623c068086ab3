// Sweep specs, settings, per-run metric rows and the summary's confidence intervals (numbers
// worked out by hand).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "core/csv.hpp"
#include "core/error.hpp"
#include "study/sweep.hpp"
#include "support/files.hpp"

using namespace botsim;
using namespace botsim::study;
namespace fs = std::filesystem;

namespace {

class SweepSpecTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = test::make_temp_dir("botsim-sweep");
    test::write_text(dir_ + "/p.xml", "<platform/>");
    test::write_text(dir_ + "/d.xml", "<platform/>");
  }
  void TearDown() override { fs::remove_all(dir_); }
  SweepSpec parse(const std::string& body) {
    return parse_sweep_spec(R"({"platform": "p.xml", "deployment": "d.xml", )" + body + "}",
                            "s.json", dir_);
  }
  // The one-line message of the InputError that parsing `body` throws.
  std::string error(const std::string& body) {
    try {
      parse(body);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  }
  std::string dir_;
};

}  // namespace

TEST_F(SweepSpecTest, ReadsEveryField) {
  SweepSpec s = parse(R"("parameters": {"U0.deadline": ["1h", "2h"], "R1.period": [60, 120.5]},
                         "replications": 3, "seed": 7, "metrics": ["makespan_s", "spent"],
                         "over_users": "mean")");
  EXPECT_EQ(s.platform, fs::path(dir_ + "/p.xml").lexically_normal().string());
  ASSERT_EQ(s.parameters.size(), 2u);
  EXPECT_EQ(s.parameters[0].name, "U0.deadline");  // the file's order
  EXPECT_EQ(s.parameters[0].actor, "U0");
  EXPECT_EQ(s.parameters[0].prop, "deadline");
  EXPECT_EQ(s.parameters[1].values, (std::vector<std::string>{"60", "120.5"}));
  EXPECT_EQ(s.replications, 3);
  EXPECT_EQ(s.seed, 7u);
  EXPECT_EQ(s.metrics, (std::vector<std::string>{"makespan_s", "spent"}));
  EXPECT_EQ(s.over_users, "mean");
  SweepSpec d = parse(R"("metrics": ["spent"])");
  EXPECT_EQ(d.replications, 1);
  EXPECT_EQ(d.seed, 1u);
  EXPECT_EQ(d.over_users, "");
  EXPECT_TRUE(d.parameters.empty());
}

TEST_F(SweepSpecTest, BadSpecsNameTheFileAndTheField) {
  EXPECT_EQ(error(R"("parameters": {"U0.deadline": []}, "metrics": ["spent"])"),
            "s.json: parameters.\"U0.deadline\": empty value list");
  EXPECT_EQ(error(R"("parameters": {"U0deadline": ["1h"]}, "metrics": ["spent"])"),
            "s.json: parameters.\"U0deadline\": is not ACTOR.PROP (ACTOR: an actor's name or "
            "host)");
  EXPECT_EQ(error(R"("parameters": {"U0.deadline": [true]}, "metrics": ["spent"])"),
            "s.json: parameters.\"U0.deadline\": values must be strings or numbers, not true");
  EXPECT_EQ(error(R"("metrics": [])"),
            "s.json: metrics: must be a non-empty list of summary.json user fields, e.g. "
            "[\"makespan_s\"]");
  EXPECT_EQ(error(R"("metrics": ["spent", "spent"])"),
            "s.json: metrics[1]: 'spent' is listed twice");
  EXPECT_EQ(error(R"("metrics": ["spent"], "replications": 0)"),
            "s.json: replications: must be a whole number in [1, 100000], not 0");
  EXPECT_EQ(error(R"("metrics": ["spent"], "over_users": "median")"),
            "s.json: over_users: must be one of each, mean, sum, min, max (not \"median\")");
  EXPECT_EQ(error(R"("metrics": ["spent"], "replication": 2)"),
            "s.json: replication: unknown field (known: description, platform, deployment, "
            "parameters, replications, seed, metrics, over_users, plugins)");
  EXPECT_NE(error(R"("metrics": ["spent"],)").find("s.json: malformed JSON"), std::string::npos);
  EXPECT_THROW(parse_sweep_spec(R"({"deployment": "d.xml", "metrics": ["spent"]})", "s.json", dir_),
               InputError);  // no platform
}

TEST_F(SweepSpecTest, MissingFilesAreNamed) {
  try {
    parse_sweep_spec(R"({"platform": "nope.xml"})", "s.json", dir_);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("s.json: platform: cannot open"), std::string::npos);
  }
}

// The settings and runs are counted before any is built: 10^9 settings ran out of memory.
TEST_F(SweepSpecTest, SpecsExpandingBeyondTheCapsAreRefused) {
  auto values = [](int n) {
    std::string list;
    for (int i = 1; i <= n; ++i) list += (i > 1 ? "," : "") + std::to_string(i);
    return "[" + list + "]";
  };
  // 100 x 100 = 10,000 settings: at the cap; 100 x 101 beyond it.
  EXPECT_EQ(sweep_settings(parse(R"("parameters": {"U0.a": )" + values(100) + R"(, "U0.b": )" +
                                 values(100) + R"(}, "metrics": ["spent"])"))
                .size(),
            10000u);
  EXPECT_EQ(error(R"("parameters": {"U0.a": )" + values(100) + R"(, "U0.b": )" + values(101) +
                  R"(}, "metrics": ["spent"])"),
            "s.json: parameters: expand to more than 10000 settings (the product of the numbers "
            "of values): split the sweep");
  // Nine parameters of ten values: 10^9, refused as soon as the product passes the cap.
  std::string nine;
  for (int i = 0; i < 9; ++i)
    nine += (i ? ", " : "") + std::string("\"U0.p") + char('0' + i) + "\": " + values(10);
  EXPECT_EQ(error(R"("parameters": {)" + nine + R"(}, "metrics": ["spent"])"),
            "s.json: parameters: expand to more than 10000 settings (the product of the numbers "
            "of values): split the sweep");
  EXPECT_NO_THROW(parse(R"("parameters": {"U0.a": )" + values(10) +
                        R"(}, "replications": 10000, "metrics": ["spent"])"));
  EXPECT_EQ(error(R"("parameters": {"U0.a": )" + values(11) +
                  R"(}, "replications": 10000, "metrics": ["spent"])"),
            "s.json: replications: 11 settings x 10000 replications = 110000 runs, more than "
            "100000: split the sweep or give fewer replications");
}

TEST_F(SweepSpecTest, SettingsAreTheCrossProductLastParameterFastest) {
  SweepSpec s = parse(R"("parameters": {"A.x": ["1", "2"], "B.y": ["a", "b", "c"]},
                         "metrics": ["spent"])");
  auto settings = sweep_settings(s);
  ASSERT_EQ(settings.size(), 6u);
  EXPECT_EQ(settings[0], (std::vector<std::string>{"1", "a"}));
  EXPECT_EQ(settings[2], (std::vector<std::string>{"1", "c"}));
  EXPECT_EQ(settings[3], (std::vector<std::string>{"2", "a"}));
  EXPECT_EQ(setting_args(s, settings[4]),
            (std::vector<std::string>{"--set", "A.x=2", "--set", "B.y=b"}));
  EXPECT_EQ(sweep_settings(parse(R"("metrics": ["spent"])")).size(), 1u);
}

TEST_F(SweepSpecTest, MetricRowsPerUserOrOverUsers) {
  SweepSpec s = parse(R"("metrics": ["makespan_s", "met_deadline", "spent"])");
  auto summary = nlohmann::ordered_json::parse(R"({"users": [
      {"name": "U0", "makespan_s": 100.0, "met_deadline": true, "spent": 2.5},
      {"name": "U1", "makespan_s": null, "met_deadline": false, "spent": 4.5},
      {"name": "U2", "makespan_s": 300.0, "met_deadline": true, "spent": 1.0}]})");
  auto rows = metric_rows(s, summary);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1].first, "U1");
  EXPECT_FALSE(rows[1].second[0].has_value());
  EXPECT_EQ(*rows[1].second[1], 0.0);
  EXPECT_EQ(*rows[0].second[1], 1.0);
  for (auto [how, makespan, met, spent] :
       {std::tuple{"mean", 200.0, 2.0 / 3, 8.0 / 3}, std::tuple{"sum", 400.0, 2.0, 8.0},
        std::tuple{"min", 100.0, 0.0, 1.0}, std::tuple{"max", 300.0, 1.0, 4.5}}) {
    s.over_users = how;
    rows = metric_rows(s, summary);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].first, "all");
    EXPECT_DOUBLE_EQ(*rows[0].second[0], makespan) << how;  // U1's null left out
    EXPECT_DOUBLE_EQ(*rows[0].second[1], met) << how;
    EXPECT_DOUBLE_EQ(*rows[0].second[2], spent) << how;
  }
  s.metrics = {"policy"};
  s.over_users = "";
  auto with_policy = nlohmann::ordered_json::parse(R"({"users": [{"name": "U0", "policy": "x"}]})");
  EXPECT_THROW(metric_rows(s, with_policy), InputError);
  s.metrics = {"spent", "makespan"};
  try {
    metric_rows(s, summary);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "s.json: metrics[1]: unknown metric 'makespan': no user of the run has it "
                 "(fields: name, makespan_s, met_deadline, spent)");
  }
}

TEST_F(SweepSpecTest, SummaryTableHasMeanSdAndInterval) {
  SweepSpec s = parse(R"("parameters": {"U0.bid": ["10", "20"]}, "metrics": ["spent"])");
  auto settings = sweep_settings(s);
  std::vector<SweepRun> runs;
  for (double v : {1, 2, 3, 4, 5}) runs.push_back(SweepRun{0, 1, "U0", {v}});
  runs.push_back(SweepRun{1, 1, "U0", {7.0}});
  runs.push_back(SweepRun{1, 2, "U0", {std::nullopt}});
  CsvTable t = sweep_summary_table(s, settings, runs);
  EXPECT_EQ(t.header, (std::vector<std::string>{"setting", "U0.bid", "user", "metric", "n", "mean",
                                                "sd", "ci95_low", "ci95_high"}));
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0][0], "1");
  EXPECT_EQ(t.rows[0][1], "10");
  EXPECT_EQ(t.rows[0][4], "5");
  EXPECT_EQ(t.rows[0][5], "3");
  EXPECT_NEAR(std::stod(t.rows[0][6]), std::sqrt(2.5), 5e-7);  // written to a millionth
  EXPECT_NEAR(std::stod(t.rows[0][7]), 3 - 1.963243, 1e-6);
  EXPECT_NEAR(std::stod(t.rows[0][8]), 3 + 1.963243, 1e-6);
  // One value (the other run has none): no deviation interval.
  EXPECT_EQ(t.rows[1], (std::vector<std::string>{"2", "20", "U0", "spent", "1", "7", "0", "", ""}));
  CsvTable r = sweep_runs_table(s, settings, runs);
  EXPECT_EQ(r.header, (std::vector<std::string>{"setting", "U0.bid", "seed", "user", "spent"}));
  EXPECT_EQ(r.rows.back(), (std::vector<std::string>{"2", "20", "2", "U0", ""}));
}

// A field holding a comma or a quote (a sweep's value, e.g. uniform(1,2)) is quoted.
TEST(Csv, QuotedFieldsRoundTrip) {
  std::string dir = test::make_temp_dir("botsim-csv");
  CsvTable t{{"a", "b"}, {{"uniform(1,2)", "say \"hi\""}, {"plain", ""}}};
  write_csv(dir + "/t.csv", t, true);
  EXPECT_EQ(test::read_text(dir + "/t.csv"), "a,b\n\"uniform(1,2)\",\"say \"\"hi\"\"\"\nplain,\n");
  CsvTable back = read_csv(dir + "/t.csv");
  EXPECT_EQ(back.rows, t.rows);
  fs::remove_all(dir);
}
