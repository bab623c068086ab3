// BoTs of Gutierrez-Garcia & Sim (2012), Table 4, and the compute-unit conversion of Table 3.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "agents/bot.hpp"
#include "agents/instance_types.hpp"
#include "agents_replay.hpp"

using namespace botsim::agents;

namespace {

std::map<double, int> histogram(TaskSizeDistribution d, int n, std::uint64_t seed) {
  std::map<double, int> h;
  for (const auto& t : make_bot(static_cast<std::size_t>(n), d, seed)) h[t.size_mi]++;
  return h;
}

int count_between(const std::map<double, int>& h, double lo, double hi) {
  int n = 0;
  for (const auto& [size, count] : h)
    if (size >= lo && size <= hi) n += count;
  return n;
}

}  // namespace

TEST(AgentsBot, ParsesTheFourDistributions) {
  EXPECT_EQ(parse_distribution("uniform"), TaskSizeDistribution::Uniform);
  EXPECT_EQ(parse_distribution("Normal"), TaskSizeDistribution::Normal);
  EXPECT_EQ(parse_distribution("left-half-normal"), TaskSizeDistribution::LeftHalfNormal);
  EXPECT_EQ(parse_distribution("RIGHT_HALF_NORMAL"), TaskSizeDistribution::RightHalfNormal);
  for (auto d : {TaskSizeDistribution::Uniform, TaskSizeDistribution::Normal,
                 TaskSizeDistribution::LeftHalfNormal, TaskSizeDistribution::RightHalfNormal})
    EXPECT_EQ(parse_distribution(to_string(d)), d);
}

TEST(AgentsBot, UnknownDistributionAndEmptyBotAreRefused) {
  try {
    parse_distribution("exponential");
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("exponential"), std::string::npos) << what;
    EXPECT_NE(what.find("right-half-normal"), std::string::npos) << what;
  }
  EXPECT_THROW(parse_distribution(""), std::invalid_argument);
  EXPECT_THROW(parse_distribution("half-normal"), std::invalid_argument);
  EXPECT_THROW(make_bot(0, TaskSizeDistribution::Uniform, 1), std::invalid_argument);
}

TEST(AgentsBot, SizesAreTheTenCategories) {
  EXPECT_DOUBLE_EQ(category_size_mi(0), 400);
  EXPECT_DOUBLE_EQ(category_size_mi(9), 4000);
  auto bot = make_bot(2000, TaskSizeDistribution::Uniform, 3);
  ASSERT_EQ(bot.size(), 2000u);
  for (std::size_t i = 0; i < bot.size(); ++i) {
    EXPECT_EQ(bot[i].id, static_cast<int>(i));
    double k = bot[i].size_mi / 400;
    EXPECT_EQ(k, static_cast<int>(k));
    EXPECT_GE(k, 1);
    EXPECT_LE(k, 10);
  }
}

TEST(AgentsBot, CategoryProbabilitiesByHand) {
  // Uniform: 1/10 each.
  for (double p : category_probabilities(TaskSizeDistribution::Uniform)) EXPECT_NEAR(p, 0.1, 1e-12);
  // Right half: x = |Z| * 10/3 on [0, 10). P(400 MI) = P(|Z| < 0.3) / P(|Z| < 3)
  // = (2 * 0.61791 - 1) / (2 * 0.99865 - 1) = 0.23582 / 0.99730 = 0.2365.
  // P(4000 MI) = P(2.7 <= |Z| < 3) / 0.9973 = 2 (0.99865 - 0.99653) / 0.9973 = 0.00425.
  auto right = category_probabilities(TaskSizeDistribution::RightHalfNormal);
  EXPECT_NEAR(right[0], 0.2365, 5e-4);
  EXPECT_NEAR(right[9], 0.00425, 5e-5);
  // Left half mirrors it.
  auto left = category_probabilities(TaskSizeDistribution::LeftHalfNormal);
  for (int k = 0; k < kSizeCategories; ++k) EXPECT_DOUBLE_EQ(left[k], right[9 - k]);
  // Normal: x ~ N(5, (5/3)^2). P(2000 MI) = P(4 <= x < 5) = (0.5 - Phi(-0.6)) / 0.9973
  // = (0.5 - 0.27425) / 0.9973 = 0.2264; P(400 MI) = (Phi(-2.4) - Phi(-3)) / 0.9973
  // = (0.00820 - 0.00135) / 0.9973 = 0.00687. Symmetric.
  auto normal = category_probabilities(TaskSizeDistribution::Normal);
  EXPECT_NEAR(normal[4], 0.2264, 5e-4);
  EXPECT_NEAR(normal[0], 0.00687, 5e-5);
  for (int k = 0; k < kSizeCategories; ++k) EXPECT_NEAR(normal[k], normal[9 - k], 1e-12);
  for (auto d : {TaskSizeDistribution::Uniform, TaskSizeDistribution::Normal,
                 TaskSizeDistribution::LeftHalfNormal, TaskSizeDistribution::RightHalfNormal}) {
    double total = 0;
    for (double p : category_probabilities(d)) total += p;
    EXPECT_NEAR(total, 1, 1e-12);
  }
}

TEST(AgentsBot, ShapesOnALargeSample) {
  const int n = 20000;
  // Uniform (Table 4: "an equitable number of tasks of each size"): each ~2000; sd ~42.
  for (const auto& [size, count] : histogram(TaskSizeDistribution::Uniform, n, 1)) {
    EXPECT_GT(count, 1800) << size;
    EXPECT_LT(count, 2200) << size;
  }
  // Right half ("many small tasks and fewer big tasks"): P(x < 5) = P(|Z| < 1.5) / 0.9973
  // = 0.869 of the tasks are 400-2000 MI; 400 MI is the most frequent size.
  auto right = histogram(TaskSizeDistribution::RightHalfNormal, n, 1);
  EXPECT_GT(count_between(right, 400, 2000), 0.82 * n);
  EXPECT_GT(right[400], right[800]);
  EXPECT_GT(right[800], 10 * right[4000]);
  // Left half ("many big tasks and fewer small tasks"): the mirror.
  auto left = histogram(TaskSizeDistribution::LeftHalfNormal, n, 1);
  EXPECT_GT(count_between(left, 2400, 4000), 0.82 * n);
  EXPECT_GT(left[4000], left[3600]);
  EXPECT_GT(left[3600], 10 * left[400]);
  // Normal ("many middle size tasks, and fewer big and small"): P(3 <= x < 7) =
  // P(|Z| < 1.2) / 0.9973 = 0.772 of the tasks are 1600-2800 MI; 400 and 4000 MI ~0.7% each.
  auto normal = histogram(TaskSizeDistribution::Normal, n, 1);
  EXPECT_GT(count_between(normal, 1600, 2800), 0.73 * n);
  EXPECT_LT(normal[400], 0.02 * n);
  EXPECT_LT(normal[4000], 0.02 * n);
}

TEST(AgentsBot, SameSeedSameBotDifferentSeedDifferentBot) {
  auto a = make_bot(300, TaskSizeDistribution::Normal, 42);
  auto b = make_bot(300, TaskSizeDistribution::Normal, 42);
  auto c = make_bot(300, TaskSizeDistribution::Normal, 43);
  auto sizes = [](const std::vector<Task>& bot) {
    std::vector<double> s;
    for (const auto& t : bot) s.push_back(t.size_mi);
    return s;
  };
  EXPECT_EQ(sizes(a), sizes(b));
  EXPECT_NE(sizes(a), sizes(c));
}

// Section 5.1(c): every heuristic executes the same BoT at one seed. Each heuristic's run makes
// its BoT from the seed and executes every task of it, once, whatever its random mappings draw.
TEST(AgentsBot, SameBotForEveryHeuristicAtOneSeed) {
  const std::uint64_t seed = 7;
  const auto reference = make_bot(100, TaskSizeDistribution::Uniform, seed);
  for (const auto& name : all_heuristic_names()) {
    SCOPED_TRACE(name);
    botsim::Rng mapping_rng = botsim::make_rng(seed, "broker:" + name);
    const auto bot = make_bot(100, TaskSizeDistribution::Uniform, seed);
    ASSERT_EQ(bot.size(), reference.size());
    for (std::size_t i = 0; i < bot.size(); ++i) EXPECT_EQ(bot[i].size_mi, reference[i].size_mi);
    Scheduler s(parse_heuristic(name));
    int id = 0;
    for (const auto& type : table3_instance_types())
      s.add_resource({id++, speed_mips(type), 10 * kSlotSeconds}, 0);
    s.add_tasks(bot);
    auto r = botsim::agents::test::replay(s, mapping_rng);
    ASSERT_EQ(r.log.size(), bot.size());
    std::map<int, double> executed;
    for (const auto& a : r.log) executed[a.task_id] = a.size_mi;
    ASSERT_EQ(executed.size(), bot.size());  // each task exactly once
    for (const auto& t : bot) EXPECT_EQ(executed[t.id], t.size_mi);
  }
}

TEST(AgentsInstanceTypes, Table3) {
  const auto& types = table3_instance_types();
  ASSERT_EQ(types.size(), 7u);
  double units = 0, price = 0;
  for (const auto& t : types) {
    units += t.compute_units;
    price += t.hourly_price;
    EXPECT_GT(t.hourly_price, 0);
  }
  // 1 + 4 + 8 + 2 + 6.5 + 13 + 5 compute units; $0.085 + 0.34 + 0.68 + 0.02 + 0.50 + 1.00
  // + 0.17 per hour. Section 5.3 reports $8.38 and $13.97 for BoTs done within 3 and 5 hours:
  // 3 x 2.795 = 8.385 and 5 x 2.795 = 13.975, i.e. every resource for every started hour.
  EXPECT_DOUBLE_EQ(units, 39.5);
  EXPECT_NEAR(price, 2.795, 1e-12);
  EXPECT_EQ(find_instance_type("micro").compute_units, 2.0);
  EXPECT_EQ(find_instance_type("M2.2XLARGE").name, "high-memory-double-extra-large");
  EXPECT_DOUBLE_EQ(speed_mips(find_instance_type("high-cpu-medium")), 5.0);
  EXPECT_THROW(find_instance_type("cc1.4xlarge"), std::invalid_argument);
}

// The conversion gives makespans of the order of Figs. 6-9 (tens to hundreds of minutes): a
// 100-task uniform BoT is 220,000 MI on average, on 39.5 MI/s about 93 min if perfectly
// balanced; a last 4000 MI task on the 1 MI/s standard-small adds at most 67 min.
TEST(AgentsInstanceTypes, ConversionGivesMinutesNotMilliseconds) {
  const auto bot = make_bot(100, TaskSizeDistribution::Uniform, 11);
  for (const char* name : {"fcfs", "LtoS,MaxET", "max-min"}) {
    SCOPED_TRACE(name);
    Scheduler s(parse_heuristic(name));
    int id = 0;
    for (const auto& type : table3_instance_types())
      s.add_resource({id++, speed_mips(type), 10 * kSlotSeconds}, 0);
    s.add_tasks(bot);
    botsim::Rng rng = botsim::make_rng(11, "broker");
    double minutes = botsim::agents::test::replay(s, rng).makespan / 60;
    EXPECT_GT(minutes, 60);
    EXPECT_LT(minutes, 200);
  }
}
