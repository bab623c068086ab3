#include "core/workload.hpp"

#include <cmath>
#include <fstream>
#include <stdexcept>

#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/props.hpp"
#include "core/units.hpp"

namespace botsim {

// A size beyond the horizon: "'X' is beyond the largest task size, 3155760000 (...)".
static std::string too_large(const std::string& text) {
  return quote_text(text) + " is beyond the largest task size, " + format_number(kMaxTaskSize) +
         " (a simulated century in seconds, or in MI at 1 MIPS)";
}

double parse_task_size(const std::string& text) {
  double v = parse_number(text);
  if (!(v > 0)) throw std::invalid_argument(quote_text(text) + " must be > 0");
  if (v > kMaxTaskSize) throw std::invalid_argument(too_large(text));
  return v;
}

Distribution Distribution::parse(const std::string& text) {
  Distribution d;
  auto open = text.find('(');
  if (open == std::string::npos) {
    d.kind_ = Kind::Constant;
    d.a_ = parse_task_size(text);
    return d;
  }
  std::string name = text.substr(0, open);
  auto close = text.find(')', open);
  if (close == std::string::npos || close != text.size() - 1)
    throw std::invalid_argument(quote_text(text) + ": missing ')'");
  auto args = split_words(text.substr(open + 1, close - open - 1));
  if (args.size() != 2) throw std::invalid_argument(quote_text(text) + ": expected two parameters");
  d.a_ = parse_number(args[0]);
  d.b_ = parse_number(args[1]);
  if (name == "uniform") {
    d.kind_ = Kind::Uniform;
    if (d.a_ <= 0 || d.b_ < d.a_)
      throw std::invalid_argument(quote_text(text) + ": needs 0 < low <= high");
    if (d.b_ > kMaxTaskSize) throw std::invalid_argument(too_large(text));
  } else if (name == "normal") {
    d.kind_ = Kind::Normal;
    if (d.a_ <= 0 || d.b_ < 0)
      throw std::invalid_argument(quote_text(text) + ": needs mean > 0 and deviation >= 0");
    if (d.a_ > kMaxTaskSize || d.b_ > kMaxTaskSize) throw std::invalid_argument(too_large(text));
  } else {
    throw std::invalid_argument(quote_text(text) + ": unknown distribution " + quote_text(name) +
                                " (expected a number, uniform(low,high) or normal(mean,dev))");
  }
  return d;
}

double Distribution::sample(Rng& rng) const {
  switch (kind_) {
    case Kind::Constant:
      return a_;
    case Kind::Uniform:
      return std::uniform_real_distribution<double>(a_, b_)(rng);
    case Kind::Normal: {
      std::normal_distribution<double> n(a_, b_);
      // Redrawn until positive and no larger than the largest task size.
      for (;;) {
        double x = n(rng);
        if (x > 0 && x <= kMaxTaskSize) return x;
      }
    }
  }
  return a_;
}

std::vector<double> read_workload_file(const std::string& path) {
  // A job trace's first column is a job number: never read it as task sizes.
  for (const char* ext : {".swf", ".gwf", ".swf.gz", ".gwf.gz"}) {
    const std::string e = ext;
    if (path.size() >= e.size() && path.compare(path.size() - e.size(), e.size(), e) == 0)
      throw InputError(path, "workload",
                       "a job trace, not a workload file: a Broker or a cloud user takes it "
                       "with 'trace_user' (docs/traces.md); `botsim trace` turns its bags into "
                       "workload files");
  }
  std::ifstream in = open_input_file(path, "workload file");
  std::vector<double> sizes;
  std::string line;
  for (int lineno = 1; std::getline(in, line); ++lineno) {
    auto hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    // The line's first word, as `std::istringstream >> std::string` reads it in the C locale,
    // without a stream per line (most of the reading's cost: a bag file has a line per task).
    constexpr const char* kSpace = " \t\n\v\f\r";
    const auto begin = line.find_first_not_of(kSpace);
    if (begin == std::string::npos) continue;
    const auto end = line.find_first_of(kSpace, begin);
    const std::string first =
        line.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
    if (static_cast<long long>(sizes.size()) == kMaxTasks)
      throw InputError(path + ":" + std::to_string(lineno), "task size",
                       "more than " + std::to_string(kMaxTasks) + " tasks");
    try {
      sizes.push_back(parse_task_size(first));
    } catch (const std::invalid_argument& e) {
      throw InputError(path + ":" + std::to_string(lineno), "task size", e.what());
    }
  }
  if (sizes.empty()) throw InputError(path, "", "workload file has no tasks");
  return sizes;
}

std::vector<double> read_workload(const PropReader& props, const std::string& base_dir, Rng& rng,
                                  const std::string& size_key) {
  if (props.has("workload")) {
    if (props.has("tasks") || props.has(size_key))
      props.fail("workload",
                 "give either 'workload' or 'tasks' with " + quote_text(size_key) + ", not both");
    std::string path = props.text("workload");
    if (!path.empty() && path[0] != '/' && !base_dir.empty()) path = base_dir + "/" + path;
    return read_workload_file(path);
  }
  long long n = props.integer("tasks", std::nullopt, 1, kMaxTasks);
  Distribution d;
  try {
    d = Distribution::parse(props.text(size_key));
  } catch (const std::invalid_argument& e) {
    props.fail(size_key, e.what());
  }
  std::vector<double> sizes(static_cast<size_t>(n));
  for (auto& s : sizes) s = d.sample(rng);
  return sizes;
}

}  // namespace botsim
