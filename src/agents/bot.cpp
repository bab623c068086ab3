#include "agents/bot.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "agents/instance_types.hpp"
#include "core/names.hpp"

namespace botsim::agents {

namespace {

constexpr TaskSizeDistribution kDistributions[] = {
    TaskSizeDistribution::Uniform, TaskSizeDistribution::Normal,
    TaskSizeDistribution::LeftHalfNormal, TaskSizeDistribution::RightHalfNormal};

double phi(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }  // standard normal CDF

// P(a <= x < b) for x ~ N(mean, sd^2).
double normal_mass(double a, double b, double mean, double sd) {
  return phi((b - mean) / sd) - phi((a - mean) / sd);
}

}  // namespace

std::string to_string(TaskSizeDistribution d) {
  static constexpr const char* kNames[] = {"uniform", "normal", "left-half-normal",
                                           "right-half-normal"};
  return enum_name(d, kNames);
}

TaskSizeDistribution parse_distribution(std::string_view name) {
  std::string s(name);
  std::replace(s.begin(), s.end(), '_', '-');
  std::string valid;
  for (auto d : kDistributions) {
    if (iequals(s, to_string(d))) return d;
    valid += (valid.empty() ? "" : ", ") + to_string(d);
  }
  throw std::invalid_argument("unknown task size distribution '" + std::string(name) +
                              "' (valid: " + valid + ")");
}

double category_size_mi(int k) { return kSizeStepMi * (k + 1); }

std::array<double, kSizeCategories> category_probabilities(TaskSizeDistribution d) {
  std::array<double, kSizeCategories> p{};
  const double n = kSizeCategories;
  for (int k = 0; k < kSizeCategories; ++k) {
    switch (d) {
      case TaskSizeDistribution::Uniform:
        p[k] = 1.0;
        break;
      case TaskSizeDistribution::Normal:
        p[k] = normal_mass(k, k + 1, n / 2, n / 6);
        break;
      // Half-normal of scale n/3 from 0 (right) or mirrored from n (left).
      case TaskSizeDistribution::RightHalfNormal:
        p[k] = normal_mass(k, k + 1, 0, n / 3);
        break;
      case TaskSizeDistribution::LeftHalfNormal:
        p[k] = normal_mass(n - k - 1, n - k, 0, n / 3);
        break;
    }
  }
  double total = 0;
  for (double x : p) total += x;
  for (double& x : p) x /= total;  // truncation to [0, n)
  return p;
}

namespace {
double draw_size(const std::array<double, kSizeCategories>& p, Rng& rng) {
  // One uniform in [0, 1) from the top 53 bits: portable, unlike std's distributions.
  double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;
  double cumulative = 0;
  for (int k = 0; k < kSizeCategories - 1; ++k) {
    cumulative += p[k];
    if (u < cumulative) return category_size_mi(k);
  }
  return category_size_mi(kSizeCategories - 1);
}
}  // namespace

double draw_task_size(TaskSizeDistribution d, Rng& rng) {
  return draw_size(category_probabilities(d), rng);
}

std::vector<Task> generate_bot(std::size_t n, TaskSizeDistribution d, Rng& rng) {
  if (n == 0) throw std::invalid_argument("a BoT needs at least one task (got 0)");
  std::vector<Task> bot;
  bot.reserve(n);
  auto p = category_probabilities(d);
  for (std::size_t i = 0; i < n; ++i) bot.push_back(Task{static_cast<int>(i), draw_size(p, rng)});
  return bot;
}

std::vector<Task> make_bot(std::size_t n, TaskSizeDistribution d, std::uint64_t seed) {
  Rng rng = make_rng(seed, "bot:" + to_string(d) + ":" + std::to_string(n));
  return generate_bot(n, d, rng);
}

}  // namespace botsim::agents
