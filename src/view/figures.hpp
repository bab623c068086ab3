#pragma once
// What the experiments and `botsim plot` share to draw figures (core/gnuplot.hpp).
#include <filesystem>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/gnuplot.hpp"

namespace botsim::view {

/// Names in the order they first come, each found again by a hash lookup (not a scan).
class NameIndex {
 public:
  NameIndex() = default;
  explicit NameIndex(const std::vector<std::string>& names) {
    for (const auto& n : names) add(n);
  }
  /// The index of `name`, added at the end when it is new.
  size_t add(const std::string& name) {
    auto [it, added] = index_.emplace(name, names_.size());
    if (added) names_.push_back(name);
    return it->second;
  }
  /// The index of a name added before.
  size_t operator[](const std::string& name) const { return index_.at(name); }
  bool has(const std::string& name) const { return index_.count(name) > 0; }
  const std::vector<std::string>& names() const { return names_; }
  size_t size() const { return names_.size(); }

 private:
  std::vector<std::string> names_;
  std::unordered_map<std::string, size_t> index_;
};

/// Names in their natural order: digits compared as numbers (R2 before R10, U9 before U10).
bool natural_less(const std::string& a, const std::string& b);
/// `names`, each once, in natural order.
std::vector<std::string> natural_order(std::vector<std::string> names);

/// The users that the figures of a results directory draw in their own colours, each once in
/// natural order: the names that fix the users' styles (Chart::styles) in every figure of the
/// directory and on its page, so that a user has one colour everywhere (one palette per run).
/// A run's users are summary.json's (without it: tasks.csv's and bids.csv's), none for a run
/// of one cloud user (its tasks take their instance type's colour); a sweep's are those of
/// summary.csv and runs.csv; a `run --reps`'s those of reps.csv. Throws std::runtime_error
/// naming a file it cannot read.
std::vector<std::string> user_palette(const std::filesystem::path& dir);

/// Styles the series of `chart` by name (Chart::styles): `names` is every name its series can
/// have, in a fixed order (an experiment's policies, heuristics, schedules, a run's users), so
/// that one name has one colour, dash type and point type in every figure, whichever names a
/// figure shows and in whatever order. A series is named by its key, or its label when it has
/// no key. Throws std::logic_error naming a series whose name is not in `names`.
void style_by_name(Chart& chart, std::vector<std::string> names);

/// A number in a row of a results file (row 0: the first data row); throws
/// std::runtime_error naming the file and the row.
double read_csv_number(const std::string& path, size_t row, const std::string& text);

}  // namespace botsim::view
