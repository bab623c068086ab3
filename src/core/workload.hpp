#pragma once
// Bag-of-tasks workloads: task sizes read from a file or drawn from a distribution.
// A size is a length in MI for grid models, or a run time in seconds for cloud models.
#include <string>
#include <vector>

#include "core/rng.hpp"

namespace botsim {

class PropReader;

/// A task-size distribution: "750000", "uniform(700000,800000)", "normal(150,30)".
/// normal() draws are redrawn until positive (README.md, docs/silva2008.md).
class Distribution {
 public:
  enum class Kind { Constant, Uniform, Normal };
  static Distribution parse(const std::string& text);  // throws std::invalid_argument
  double sample(Rng& rng) const;
  Kind kind() const { return kind_; }
  double a() const { return a_; }
  double b() const { return b_; }

 private:
  Kind kind_ = Kind::Constant;
  double a_ = 0, b_ = 0;
};

/// The most tasks a bag may hold (a `tasks` property, the lines of a workload file): refused
/// beyond, before anything is allocated.
constexpr long long kMaxTasks = 100000000;

/// One task size: a number in (0, kMaxTaskSize]. Throws std::invalid_argument.
double parse_task_size(const std::string& text);

/// Reads one task size per line (first column; blank lines and '#' comments skipped).
/// Throws InputError naming the file and line of any bad value. Sizes must be > 0.
std::vector<double> read_workload_file(const std::string& path);

/// The workload an actor's properties describe: either `workload` (a file path, relative to
/// `base_dir` when not absolute) or `tasks` (count) with a Distribution in the property named
/// `size_key` ("task_length" for grid models, "task_time" for cloud models).
std::vector<double> read_workload(const PropReader& props, const std::string& base_dir, Rng& rng,
                                  const std::string& size_key);

}  // namespace botsim
