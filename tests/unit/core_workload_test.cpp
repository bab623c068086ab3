// Bag-of-tasks workloads: distributions, files, and the properties that choose them.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/error.hpp"
#include "core/props.hpp"
#include "core/workload.hpp"
#include "platform/run.hpp"
#include "support/temp_dir_test.hpp"

using namespace botsim;
namespace fs = std::filesystem;

namespace {

std::string parse_error(const std::string& text) {
  try {
    Distribution::parse(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

class WorkloadFileTest : public test::TempDirTest {
 protected:
  WorkloadFileTest() : TempDirTest("botsim-wl-") {}
  std::string error_of(const std::string& path) {
    try {
      read_workload_file(path);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }
};

}  // namespace

TEST(Distribution, ParsesTheThreeKinds) {
  auto c = Distribution::parse("750000");
  EXPECT_EQ(c.kind(), Distribution::Kind::Constant);
  EXPECT_DOUBLE_EQ(c.a(), 750000);
  auto u = Distribution::parse("uniform(700000,800000)");
  EXPECT_EQ(u.kind(), Distribution::Kind::Uniform);
  EXPECT_DOUBLE_EQ(u.a(), 700000);
  EXPECT_DOUBLE_EQ(u.b(), 800000);
  auto n = Distribution::parse("normal(150, 30)");
  EXPECT_EQ(n.kind(), Distribution::Kind::Normal);
  EXPECT_DOUBLE_EQ(n.a(), 150);
  EXPECT_DOUBLE_EQ(n.b(), 30);
}

TEST(Distribution, RejectsBadText) {
  EXPECT_EQ(parse_error("0"), "'0' must be > 0");
  EXPECT_EQ(parse_error("-5"), "'-5' must be > 0");
  EXPECT_EQ(parse_error("abc"), "'abc' is not a number");
  EXPECT_EQ(parse_error("uniform(5,1)"), "'uniform(5,1)': needs 0 < low <= high");
  EXPECT_EQ(parse_error("uniform(1)"), "'uniform(1)': expected two parameters");
  EXPECT_EQ(parse_error("uniform(1,2"), "'uniform(1,2': missing ')'");
  EXPECT_EQ(parse_error("normal(0,1)"), "'normal(0,1)': needs mean > 0 and deviation >= 0");
  EXPECT_EQ(parse_error("3155760001"),
            "'3155760001' is beyond the largest task size, 3155760000 (a simulated century in "
            "seconds, or in MI at 1 MIPS)");
  EXPECT_EQ(parse_error("uniform(1,1e300)"),
            "'uniform(1,1e300)' is beyond the largest task size, 3155760000 (a simulated century "
            "in seconds, or in MI at 1 MIPS)");
  EXPECT_EQ(parse_error("normal(5,1e10)"),
            "'normal(5,1e10)' is beyond the largest task size, 3155760000 (a simulated century "
            "in seconds, or in MI at 1 MIPS)");
  EXPECT_EQ(Distribution::parse("3155760000").a(), 3155760000.0);
  EXPECT_EQ(parse_error("gamma(1,2)"),
            "'gamma(1,2)': unknown distribution 'gamma' (expected a number, uniform(low,high) or "
            "normal(mean,dev))");
}

TEST(Distribution, ConstantAlwaysGivesItsValue) {
  Rng rng = make_rng(1, "U0");
  auto d = Distribution::parse("750000");
  for (int i = 0; i < 5; ++i) EXPECT_EQ(d.sample(rng), 750000);
}

TEST(Distribution, UniformIsTheStandardDrawOfTheSeededStream) {
  auto d = Distribution::parse("uniform(700000,800000)");
  Rng a = make_rng(42, "U0"), reference = make_rng(42, "U0");
  for (int i = 0; i < 50; ++i) {
    double x = d.sample(a);
    EXPECT_EQ(x, std::uniform_real_distribution<double>(700000, 800000)(reference));
    EXPECT_GE(x, 700000);
    EXPECT_LT(x, 800000);
  }
}

TEST(Distribution, SameSeedAndStreamSameSequence) {
  auto d = Distribution::parse("uniform(1,2)");
  Rng a = make_rng(7, "U3"), b = make_rng(7, "U3"), other_stream = make_rng(7, "U4"),
      other_seed = make_rng(8, "U3");
  std::vector<double> xa, xb, xs, xd;
  for (int i = 0; i < 10; ++i) {
    xa.push_back(d.sample(a));
    xb.push_back(d.sample(b));
    xs.push_back(d.sample(other_stream));
    xd.push_back(d.sample(other_seed));
  }
  EXPECT_EQ(xa, xb);
  EXPECT_NE(xa, xs);
  EXPECT_NE(xa, xd);
}

TEST(Distribution, RunSeedDrivesNamedStreams) {
  botsim::Run run("p.xml", "dir/d.xml", 99);
  EXPECT_EQ(run.seed(), 99u);
  EXPECT_EQ(run.paths().deployment_dir, "dir");
  Rng from_run = run.rng("Broker"), explicit_seed = make_rng(99, "Broker");
  EXPECT_EQ(from_run(), explicit_seed());
}

TEST(Distribution, NormalDrawsArePositive) {
  auto d = Distribution::parse("normal(1,5)");  // most of the mass would be negative
  Rng rng = make_rng(3, "n");
  for (int i = 0; i < 1000; ++i) EXPECT_GT(d.sample(rng), 0);
}

TEST_F(WorkloadFileTest, CommentsAndBlankLinesAreSkipped) {
  std::string path = write("bot.txt",
                           "# length_mi\n"
                           "\n"
                           "700000\n"
                           "  800000  extra columns are ignored # and comments\n"
                           "\t\n"
                           "750000.5 # trailing\n"
                           "# the end\n");
  EXPECT_EQ(read_workload_file(path), (std::vector<double>{700000, 800000, 750000.5}));
}

TEST_F(WorkloadFileTest, BadLineNamesFileAndLine) {
  std::string path = write("bad.txt", "# sizes\n100\nabc\n200\n");
  EXPECT_EQ(error_of(path), path + ":3: task size: 'abc' is not a number");
}

TEST_F(WorkloadFileTest, NonPositiveSizeNamesFileAndLine) {
  std::string path = write("neg.txt", "100\n200\n-5\n");
  EXPECT_EQ(error_of(path), path + ":3: task size: '-5' must be > 0");
  std::string zero = write("zero.txt", "0\n");
  EXPECT_EQ(error_of(zero), zero + ":1: task size: '0' must be > 0");
}

TEST_F(WorkloadFileTest, EmptyOrCommentOnlyFileHasNoTasks) {
  std::string empty = write("empty.txt", "");
  EXPECT_EQ(error_of(empty), empty + ": workload file has no tasks");
  std::string comments = write("comments.txt", "# nothing\n\n# here\n");
  EXPECT_EQ(error_of(comments), comments + ": workload file has no tasks");
}

TEST_F(WorkloadFileTest, MissingFile) {
  std::string path = (dir_ / "none.txt").string();
  EXPECT_EQ(error_of(path), path + ": cannot open workload file (does it exist?)");
}

TEST_F(WorkloadFileTest, PropsChooseAFileRelativeToTheDeployment) {
  write("bot.txt", "10\n20\n");
  PropReader p({{"workload", "bot.txt"}}, "d.xml", "actor #1 'Broker' on host 'U0'");
  Rng rng = make_rng(1, "U0");
  EXPECT_EQ(read_workload(p, dir_.string(), rng, "task_length"), (std::vector<double>{10, 20}));
}

TEST_F(WorkloadFileTest, PropsDrawTasksFromADistribution) {
  PropReader p({{"tasks", "50"}, {"task_length", "uniform(700000,800000)"}}, "d.xml", "a");
  Rng rng = make_rng(1, "U0"), again = make_rng(1, "U0");
  auto sizes = read_workload(p, "", rng, "task_length");
  ASSERT_EQ(sizes.size(), 50u);
  for (double s : sizes) {
    EXPECT_GE(s, 700000);
    EXPECT_LT(s, 800000);
  }
  EXPECT_EQ(read_workload(p, "", again, "task_length"), sizes);
  EXPECT_NO_THROW(p.reject_unknown());
}

TEST_F(WorkloadFileTest, PropsErrors) {
  auto err = [](PropReader::Map m) {
    PropReader p(std::move(m), "d.xml", "a");
    Rng rng = make_rng(1, "x");
    try {
      read_workload(p, "", rng, "task_length");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(err({{"workload", "w.txt"}, {"tasks", "5"}}),
            "d.xml: a: property 'workload': give either 'workload' or 'tasks' with 'task_length', "
            "not both");
  EXPECT_EQ(err({{"tasks", "0"}, {"task_length", "5"}}),
            "d.xml: a: property 'tasks': '0' must be in [1, 100000000]");
  EXPECT_EQ(err({{"tasks", "5"}, {"task_length", "uniform(5,1)"}}),
            "d.xml: a: property 'task_length': 'uniform(5,1)': needs 0 < low <= high");
  EXPECT_EQ(err({{"tasks", "5"}}), "d.xml: a: property 'task_length': is required but missing");
  EXPECT_EQ(err({}), "d.xml: a: property 'tasks': is required but missing");
}
