#pragma once
// Bag-of-tasks generation of Gutierrez-Garcia & Sim (2012), Table 4: task sizes from
// {400, 800, ..., 4000} MI under four distributions (docs/gutierrez2012.md gives the exact
// discretisation and the probability of each size).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "agents/scheduler.hpp"
#include "core/rng.hpp"

namespace botsim::agents {

/// Table 4's "probability distributions used for creating randomly generated BoTs".
enum class TaskSizeDistribution { Uniform, Normal, LeftHalfNormal, RightHalfNormal };

constexpr int kSizeCategories = 10;    // Table 4: ten task sizes
constexpr double kSizeStepMi = 400.0;  // 400, 800, ..., 4000 MI

/// "uniform", "normal", "left-half-normal", "right-half-normal" (case-insensitive, '_' for '-').
/// Throws std::invalid_argument listing the valid names.
TaskSizeDistribution parse_distribution(std::string_view name);
std::string to_string(TaskSizeDistribution d);

/// Size of category k (0-based): 400 * (k + 1) MI.
double category_size_mi(int k);

/// The probability of each of the ten sizes, smallest first (sums to 1). Sizes are the unit
/// bins [k, k+1) of a continuous variable x on [0, 10), truncated to that range:
///   uniform: x uniform;
///   normal: x ~ N(5, (5/3)^2), the range being mean +- 3 sd (many middle-size tasks);
///   right-half-normal: x = |Z| * 10/3 (many small tasks, fewer big ones);
///   left-half-normal: x = 10 - |Z| * 10/3 (many big tasks, fewer small ones).
std::array<double, kSizeCategories> category_probabilities(TaskSizeDistribution d);

/// One task size drawn from `d` with `rng` (inverse CDF over category_probabilities, one
/// 53-bit draw: the same on every standard library).
double draw_task_size(TaskSizeDistribution d, Rng& rng);

/// A BoT of n tasks (ids 0..n-1) drawn with `rng`. Throws std::invalid_argument if n == 0.
std::vector<Task> generate_bot(std::size_t n, TaskSizeDistribution d, Rng& rng);

/// The run's BoT: drawn from the stream "bot:DIST:N" of `seed`, which no heuristic, allocation
/// mechanism or agent depends on, so every heuristic executes the same BoT at one seed
/// (Section 5.1(c)).
std::vector<Task> make_bot(std::size_t n, TaskSizeDistribution d, std::uint64_t seed);

}  // namespace botsim::agents
