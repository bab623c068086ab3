// `botsim trace` and deployments that name a trace (docs/traces.md): the files it writes, worked
// out by hand on the shipped GWF example, the output-path rule, and one clear message (exit 2)
// for every kind of bad input.
#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "core/csv.hpp"
#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

class TraceCli : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir("botsim-trace-cli"); }
  std::string dir_;
};

std::string trace_column(const botsim::CsvTable& table, size_t row, const std::string& column) {
  return table.rows.at(row).at(table.column(column));
}

// The lines of a workload file that are not comments.
std::string task_lines(const std::string& path) {
  std::string text = t::read_text(path), out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    if (text[at] != '#') out += text.substr(at, end - at) + "\n";
    at = end + 1;
  }
  return out;
}

}  // namespace

// workloads/grid-bags-example.gwf: U1 submits 6 jobs within 50 s, then 4 an hour later; U2 5
// jobs 100 s apart (2 processors each); U3 a job, one that never ran, and a job 3.5 h later:
// 17 tasks in 5 bags of 6, 5, 1, 4 and 1.
TEST_F(TraceCli, GwfExampleByHand) {
  auto r = t::botsim({"trace", "workloads/grid-bags-example.gwf", "--out", dir_ + "/out"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("18 jobs, 5 bags of 17 tasks (1 job of an unknown user or run time"),
            std::string::npos)
      << r.out;
  auto bags = botsim::read_csv(dir_ + "/out/bags.csv");
  ASSERT_EQ(bags.rows.size(), 5u);
  EXPECT_EQ(trace_column(bags, 0, "user"), "U1");
  EXPECT_EQ(trace_column(bags, 0, "tasks"), "6");
  EXPECT_EQ(trace_column(bags, 0, "start_s"), "0");
  EXPECT_EQ(trace_column(bags, 0, "total_work_s"), "10700");  // 1800+1750+1900+1650+1820+1780
  EXPECT_EQ(trace_column(bags, 0, "total_work_mi"), "10700000");
  EXPECT_EQ(trace_column(bags, 1, "user"), "U2");
  EXPECT_EQ(trace_column(bags, 1, "tasks"), "5");
  EXPECT_EQ(trace_column(bags, 1, "start_s"), "300");
  EXPECT_EQ(trace_column(bags, 1, "total_work_s"), "6000");  // (600+620+580+610+590) x 2
  EXPECT_EQ(trace_column(bags, 2, "user"), "U3");
  EXPECT_EQ(trace_column(bags, 3, "user"), "U1");
  EXPECT_EQ(trace_column(bags, 3, "user_bag"), "2");
  EXPECT_EQ(trace_column(bags, 3, "tasks"), "4");
  EXPECT_EQ(trace_column(bags, 4, "user_bag"), "2");  // U3's job that never ran is left out
  EXPECT_EQ(t::read_text(dir_ + "/out/bags/bag-0002-s.txt").substr(0, 1), "#");
  EXPECT_NE(t::read_text(dir_ + "/out/bags/bag-0002-s.txt").find("\n1200\n1240\n1160\n"),
            std::string::npos);
  EXPECT_NE(t::read_text(dir_ + "/out/bags/bag-0002-mi.txt").find("\n1200000\n"),
            std::string::npos);
  auto sizes = botsim::read_csv(dir_ + "/out/bag_sizes.csv");
  ASSERT_EQ(sizes.rows.size(), 4u);  // 1, 2, 3-4, 5-8: sizes 6, 5, 1, 4, 1
  EXPECT_EQ(sizes.rows[0], (std::vector<std::string>{"1", "1", "2"}));
  EXPECT_EQ(sizes.rows[1], (std::vector<std::string>{"2", "2", "0"}));
  EXPECT_EQ(sizes.rows[2], (std::vector<std::string>{"3", "4", "1"}));
  EXPECT_EQ(sizes.rows[3], (std::vector<std::string>{"5", "8", "2"}));
  t::expect_figures(dir_ + "/out", {"bag_sizes", "interarrival"});
  for (const char* model : {"auction", "silva", "bats", "agents"})
    EXPECT_TRUE(fs::exists(dir_ + "/out/deployment-" + model + ".xml")) << model;
  EXPECT_NE(
      t::read_text(dir_ + "/out/deployment-auction.xml")
          .find(
              R"(<prop id="name" value="b2-uU2"/> <prop id="workload" value="bags/bag-0002-mi.txt"/> <prop id="start" value="300"/>)"),
      std::string::npos);
  // Options: the users, the window, the smallest bag.
  r = t::botsim({"trace", "workloads/grid-bags-example.gwf", "--users", "U1,U2", "--min-tasks", "5",
                 "--out", dir_ + "/big"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(botsim::read_csv(dir_ + "/big/bags.csv").rows.size(), 2u);
  r = t::botsim({"trace", "workloads/grid-bags-example.gwf", "--window", "1136077000..", "--delta",
                 "1h", "--out", dir_ + "/late"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(botsim::read_csv(dir_ + "/late/bags.csv").rows.size(), 2u);  // U1's 4, U3's last
}

TEST_F(TraceCli, GzipAndTheOutputRule) {
  std::string text = t::read_text(t::source_path("workloads/nasa-ipsc-1993-excerpt.swf"));
  gzFile out = gzopen((dir_ + "/log.swf.gz").c_str(), "wb");
  ASSERT_NE(out, nullptr);
  gzwrite(out, text.data(), static_cast<unsigned>(text.size()));
  gzclose(out);
  auto plain = t::botsim({"trace", "workloads/nasa-ipsc-1993-excerpt.swf", "--out", dir_ + "/a"});
  auto gz = t::botsim({"trace", dir_ + "/log.swf.gz", "--out", dir_ + "/b"});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  ASSERT_EQ(gz.exit_code, 0) << gz.err;
  EXPECT_EQ(task_lines(dir_ + "/b/bags/bag-0001-s.txt"),
            task_lines(dir_ + "/a/bags/bag-0001-s.txt"));
  EXPECT_EQ(botsim::read_csv(dir_ + "/a/bags.csv").rows.size(),
            botsim::read_csv(dir_ + "/b/bags.csv").rows.size());
  // botsim's own directory is replaced; a directory of the user's is refused.
  auto again = t::botsim({"trace", "workloads/nasa-ipsc-1993-excerpt.swf", "--out", dir_ + "/a"});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  fs::create_directories(dir_ + "/mine");
  t::write_text(dir_ + "/mine/notes.txt", "mine");
  t::expect_input_error(
      t::botsim({"trace", "workloads/nasa-ipsc-1993-excerpt.swf", "--out", dir_ + "/mine"}),
      {"--out"});
  EXPECT_EQ(t::read_text(dir_ + "/mine/notes.txt"), "mine");
  EXPECT_TRUE(t::temporary_files(dir_).empty());
}

TEST_F(TraceCli, BadInputIsOneMessage) {
  std::string good = "1 0 -1 10 1 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1 -1\n";
  t::write_text(dir_ + "/bad.swf",
                "; head\n" + good + "2 5 -1 ten 1 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1 -1\n");
  t::expect_input_error(t::botsim({"trace", dir_ + "/bad.swf", "--out", dir_ + "/o"}),
                        {"bad.swf:3", "field 4 (run time)", "'ten' is not a number"});
  EXPECT_FALSE(fs::exists(dir_ + "/o"));
  t::write_text(dir_ + "/short.gwf", "1 0 -1 10\n");
  t::expect_input_error(t::botsim({"trace", dir_ + "/short.gwf", "--out", dir_ + "/o"}),
                        {"short.gwf:1", "field 5 (NProc)", "missing"});
  t::write_text(dir_ + "/log.txt", good);
  t::expect_input_error(t::botsim({"trace", dir_ + "/log.txt", "--out", dir_ + "/o"}),
                        {"--format"});
  EXPECT_EQ(
      t::botsim({"trace", dir_ + "/log.txt", "--format", "swf", "--out", dir_ + "/o"}).exit_code,
      0);
  t::expect_input_error(
      t::botsim({"trace", dir_ + "/log.txt", "--format", "csv", "--out", dir_ + "/p"}),
      {"--format", "'csv'"});
  t::expect_input_error(t::botsim({"trace", "workloads/grid-bags-example.gwf", "--delta", "soon",
                                   "--out", dir_ + "/p"}),
                        {"--delta"});
  t::expect_input_error(t::botsim({"trace", "workloads/grid-bags-example.gwf", "--window", "9..1",
                                   "--out", dir_ + "/p"}),
                        {"--window", "ends before it begins"});
  t::expect_input_error(t::botsim({"trace", "workloads/grid-bags-example.gwf", "--users", "U9",
                                   "--out", dir_ + "/p"}),
                        {"grid-bags-example.gwf", "no bag of tasks left"});
  t::expect_input_error(t::botsim({"trace", dir_ + "/absent.swf", "--out", dir_ + "/p"}),
                        {"absent.swf", "cannot open"});
  EXPECT_FALSE(fs::exists(dir_ + "/p"));
}

// A Broker naming the trace: example 8 validates; a missing user or bag is the prop's error, a
// malformed trace line the trace's; a trace is never read as a workload file of task sizes.
TEST_F(TraceCli, DeploymentNamesATrace) {
  auto ok =
      t::botsim({"validate", "examples/03-two-domains.platform.xml", "examples/08-trace-bags.xml"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  const std::string deployment = t::read_text(t::source_path("examples/08-trace-bags.xml"));
  const std::string workload = t::source_path("workloads/nasa-ipsc-1993-excerpt.swf");
  auto with = [&](const std::string& from, const std::string& to) {
    std::string text = deployment;
    const std::string shipped = "../workloads/nasa-ipsc-1993-excerpt.swf";
    for (auto at = text.find(shipped); at != std::string::npos; at = text.find(shipped, at))
      text.replace(at, shipped.size(), workload);
    return t::replaced(text, from, to);
  };
  auto validate = [&](const std::string& text) {
    t::write_text(dir_ + "/d.xml", text);
    return t::botsim({"validate", "examples/03-two-domains.platform.xml", dir_ + "/d.xml"});
  };
  t::expect_input_error(validate(with(R"(value="12"/>)", R"(value="99999"/>)")),
                        {"d.xml", "trace_user", "'99999'"});
  t::expect_input_error(validate(with(R"(value="19"/>)", R"(value="500"/>)")),
                        {"d.xml", "trace_bag", "not 500"});
  t::expect_input_error(
      validate(with(R"(<prop id="trace_bag" value="4"/>)",
                    R"(<prop id="trace_bag" value="4"/> <prop id="trace_mipz" value="4"/>)")),
      {"trace_mipz"});
  t::write_text(dir_ + "/bad.swf", "1 0 -1 10 1 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1\n");
  t::expect_input_error(validate(with(workload, dir_ + "/bad.swf")),
                        {"bad.swf:1", "field 18 (think time)"});
  // A consumer agent reads workload files only: a trace is refused, not read as sizes.
  t::write_text(dir_ + "/log.swf", "1 0 -1 10 1 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1 -1\n");
  std::string agents = t::read_text(t::source_path("examples/06-agents.xml"));
  size_t sizes_at = agents.find("<prop id=\"sizes\"");
  ASSERT_NE(sizes_at, std::string::npos);
  agents.replace(sizes_at, agents.find("/>", sizes_at) + 2 - sizes_at,
                 "<prop id=\"workload\" value=\"" + dir_ + "/log.swf\"/>");
  t::write_text(dir_ + "/a.xml", agents);
  t::expect_input_error(t::botsim({"validate", "examples/06-agents.platform.xml", dir_ + "/a.xml"}),
                        {"log.swf", "a job trace, not a workload file"});
}

// The deployment fragments run as they are written, pasted after a model's other actors: the
// bags of at least 7 tasks of the NASA excerpt (7, 10, 7 and 7 tasks) as Brokers on example 3's
// platform, and as consumer agents on example 6's.
TEST_F(TraceCli, FragmentsRunInTheirModels) {
  auto paste = [&](const std::string& example, const std::string& last_line,
                   const std::string& fragment) {
    std::string head = t::read_text(t::source_path("examples/" + example));
    head = head.substr(0, head.find('\n', head.find(last_line)) + 1);
    return head + fragment + "</platform>\n";
  };
  auto r = t::botsim({"trace", "workloads/nasa-ipsc-1993-excerpt.swf", "--min-tasks", "7", "--host",
                      "users-B", "--out", dir_ + "/grid"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  t::write_text(dir_ + "/grid/d.xml", paste("03-two-domains.xml", "\"RB1\" function=\"Auctioneer\"",
                                            t::read_text(dir_ + "/grid/deployment-auction.xml")));
  r = t::botsim({"run", "examples/03-two-domains.platform.xml", dir_ + "/grid/d.xml", "--out",
                 dir_ + "/grid-run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto tasks = botsim::read_csv(dir_ + "/grid-run/tasks.csv");
  EXPECT_EQ(tasks.rows.size(), 31u);  // 7 + 10 + 7 + 7, each once
  r = t::botsim({"trace", "workloads/nasa-ipsc-1993-excerpt.swf", "--min-tasks", "7", "--host",
                 "ca-0", "--reference-mips", "0.01", "--out", dir_ + "/agents"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string fragment = t::read_text(dir_ + "/agents/deployment-agents.xml");
  const std::string submit = "<prop id=\"submit_at\"";
  for (auto at = fragment.find(submit); at != std::string::npos;
       at = fragment.find(submit, at + 40))
    fragment.insert(at, "<prop id=\"contractors\" value=\"1\"/> ");  // one broker here
  t::write_text(dir_ + "/agents/d.xml",
                paste("06-agents.xml", "function=\"ServiceProviderAgent\"", fragment));
  r = t::botsim({"run", "examples/06-agents.platform.xml", dir_ + "/agents/d.xml", "--out",
                 dir_ + "/agents-run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("b1-u12"), std::string::npos);
  EXPECT_EQ(r.out.find("not done"), std::string::npos) << r.out;
}

// A cloud user takes its bag in seconds: U2's bag of the GWF example, five jobs of 580-620 s on 2
// processors, is five tasks of 1160-1240 s; trace_mips is the Broker's alone.
TEST_F(TraceCli, CloudUserTakesSeconds) {
  const std::string trace = t::source_path("workloads/grid-bags-example.gwf");
  auto deployment = [&](const std::string& extra) {
    return t::kXmlHead + "<actor host=\"provider\" function=\"CloudProvider\"/>\n" +
           t::actor_xml("client", "SilvaCoordinator",
                        {{"name", "S"},
                         {"instance_type", "paper.host"},
                         {"workload", trace},
                         {"trace_user", "U2"}}) +
           extra + "</platform>\n";
  };
  t::write_text(dir_ + "/d.xml", deployment(""));
  auto r = t::botsim({"run", "platforms/utility-cloud.xml", dir_ + "/d.xml", "--out", dir_ + "/o"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto tasks = botsim::read_csv(dir_ + "/o/tasks.csv");
  ASSERT_EQ(tasks.rows.size(), 5u);
  double total = 0;
  for (const auto& row : tasks.rows)
    total += std::stod(row[tasks.column("end_s")]) - std::stod(row[tasks.column("start_s")]);
  EXPECT_NEAR(total, 6000, 1e-6);  // (600 + 620 + 580 + 610 + 590) x 2 s at the type's speed
  std::string with_mips = t::read_text(dir_ + "/d.xml");
  with_mips = t::replaced(with_mips, "<prop id=\"trace_user\"",
                          "<prop id=\"trace_mips\" value=\"5\"/> <prop id=\"trace_user\"");
  t::write_text(dir_ + "/m.xml", with_mips);
  t::expect_input_error(t::botsim({"validate", "platforms/utility-cloud.xml", dir_ + "/m.xml"}),
                        {"m.xml", "trace_mips"});
}

// `trace` without --out writes results/traces/<the trace's name> as `run` writes
// results/runs/<deployment> (it required --out, unlike every other command), and one bag of one
// job is "1 job, 1 bag of 1 task" (it said "1 jobs, 1 bags"). Run in an empty directory.
TEST_F(TraceCli, WithoutOutItWritesResultsTracesAndCountsInTheSingular) {
  const std::string cwd = t::make_temp_dir();
  t::write_text(cwd + "/one.swf", "1 0 0 100 1 -1 -1 1 -1 -1 1 7 -1 -1 -1 -1 -1 -1\n");
  auto r = t::botsim({"trace", "one.swf"}, cwd);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("trace: 1 job, 1 bag of 1 task (0 jobs of an unknown user or run time "
                       "left out): results/traces/one/"),
            std::string::npos)
      << r.out;
  EXPECT_TRUE(std::filesystem::exists(cwd + "/results/traces/one/bags.csv"));
  EXPECT_EQ(r.err, "");  // no gnuplot warning about a chart of one bag
}

// `--scenario N` writes a runnable auction scenario: one VO domain of N resources and a Broker
// per bag starting at its submission; `botsim run` runs it as it is. The NASA excerpt's bags of
// at least 5 tasks: 8 Brokers, each starting at its bags.csv start_s, each bag done.
TEST_F(TraceCli, ScenarioRunsAsItIs) {
  auto r = t::botsim({"trace", "workloads/nasa-ipsc-1993-excerpt.swf", "--min-tasks", "5",
                      "--scenario", "4", "--out", dir_ + "/out"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string platform = t::read_text(dir_ + "/out/scenario.platform.xml");
  EXPECT_NE(platform.find("<host id=\"RA3\" speed=\"1000Mf\" core=\"4\">"), std::string::npos)
      << platform;
  EXPECT_EQ(platform.find("RA4"), std::string::npos);
  r = t::botsim({"run", dir_ + "/out/scenario.platform.xml", dir_ + "/out/scenario.xml", "--out",
                 dir_ + "/run", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto bags = botsim::read_csv(dir_ + "/out/bags.csv");
  const auto users = nlohmann::json::parse(t::read_text(dir_ + "/run/summary.json"))["users"];
  ASSERT_EQ(users.size(), bags.rows.size());
  ASSERT_EQ(users.size(), 8u);
  for (size_t k = 0; k < users.size(); ++k) {
    EXPECT_DOUBLE_EQ(users[k]["start_s"].get<double>(),
                     std::stod(bags.rows[k][bags.column("start_s")]));
    EXPECT_EQ(users[k]["tasks_done"], std::stol(bags.rows[k][bags.column("tasks")]));
  }
  // Without --scenario there is none; 0 resources is refused.
  r = t::botsim({"trace", "workloads/nasa-ipsc-1993-excerpt.swf", "--out", dir_ + "/plain"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(dir_ + "/plain/scenario.xml"));
  r = t::botsim({"trace", "workloads/nasa-ipsc-1993-excerpt.swf", "--scenario", "0", "--out",
                 dir_ + "/zero"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("--scenario"), std::string::npos) << r.err;
}
