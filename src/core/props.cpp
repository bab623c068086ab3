#include "core/props.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.hpp"
#include "core/units.hpp"

namespace botsim {

PropReader::PropReader(Map props, std::string file, std::string element)
    : props_(std::move(props)), file_(std::move(file)), element_(std::move(element)) {}

const std::string* PropReader::find(const std::string& key) const {
  used_.insert(key);
  auto it = props_.find(key);
  return it == props_.end() ? nullptr : &it->second;
}

bool PropReader::has(const std::string& key) const { return find(key) != nullptr; }

void PropReader::fail(const std::string& key, const std::string& problem) const {
  auto origin = origins_.find(key);
  std::string from = origin == origins_.end() ? "" : " (" + origin->second + ")";
  throw InputError(file_, element_, "property " + quote_text(key) + from + ": " + problem);
}

void PropReader::missing(const std::string& key) const {
  // A misspelt required property: the given one it most likely is, and what it should read.
  for (const auto& [k, v] : props_)
    if (!used_.count(k) && nearest_name(k, {key}))
      fail(k, "unknown property: did you mean " + quote_text(key) + "? (" + quote_text(key) +
                  " is required)");
  fail(key, "is required but missing");
}

std::string PropReader::text(const std::string& key) const {
  const std::string* v = find(key);
  if (!v) missing(key);
  return *v;
}

std::string PropReader::text(const std::string& key, const std::string& fallback) const {
  const std::string* v = find(key);
  return v ? *v : fallback;
}

std::string PropReader::choice(const std::string& key, const std::vector<std::string>& allowed,
                               std::optional<std::string> fallback) const {
  const std::string* v = find(key);
  if (!v) {
    if (fallback) return *fallback;
    missing(key);
  }
  for (const auto& a : allowed)
    if (a == *v) return *v;
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  const auto near = nearest_name(*v, std::set<std::string>(allowed.begin(), allowed.end()));
  fail(key, "unknown value " + quote_text(*v) +
                (near ? ": did you mean " + quote_text(*near) + "?" : std::string()) +
                " (expected one of: " + list + ")");
}

// "must be ..." for [min, max] in `unit`. A tiny positive minimum is how a check excludes zero:
// it reads "positive".
static std::string range_text(double min, double max, const std::string& unit = "") {
  const bool positive = min > 0 && min <= 1e-6;
  const std::string top = format_number(max) + unit;
  if (std::isinf(max)) return positive ? "positive" : ">= " + format_number(min) + unit;
  if (std::isinf(min)) return "<= " + top;
  if (positive) return "positive and at most " + top;
  return "in [" + format_number(min) + ", " + format_number(max) + "]" + unit;
}

template <class T, class Parse, class Range>
T PropReader::parse_in_range(const std::string& key, std::optional<T> fallback, T min, T max,
                             Parse parse, Range range) const {
  const std::string* v = find(key);
  if (!v) {
    if (fallback) return *fallback;
    missing(key);
  }
  T x;
  try {
    x = parse(*v);
  } catch (const std::invalid_argument& e) {
    fail(key, e.what());
  }
  if (x < min || x > max) fail(key, quote_text(*v) + " must be " + range());
  return x;
}

double PropReader::number(const std::string& key, std::optional<double> fallback, double min,
                          double max) const {
  return parse_in_range(key, fallback, min, max, parse_number,
                        [&] { return range_text(min, max); });
}

double PropReader::money(const std::string& key, std::optional<double> fallback, double min) const {
  return number(key, fallback, min, kMaxMoney);
}

double PropReader::duration(const std::string& key, std::optional<double> fallback, double min,
                            double max) const {
  return parse_in_range(key, fallback, min, max, parse_duration,
                        [&] { return range_text(min, max, " s"); });
}

long long PropReader::integer(const std::string& key, std::optional<long long> fallback,
                              long long min, long long max) const {
  return parse_in_range(key, fallback, min, max, parse_integer, [&] {
    return range_text(min == std::numeric_limits<long long>::min() ? -INFINITY : double(min),
                      max == std::numeric_limits<long long>::max() ? INFINITY : double(max));
  });
}

std::vector<std::string> PropReader::list(const std::string& key) const {
  const std::string* v = find(key);
  return v ? split_words(*v) : std::vector<std::string>{};
}

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

std::optional<std::string> nearest_name(const std::string& word,
                                        const std::set<std::string>& names) {
  std::optional<std::string> best;
  size_t best_distance = std::max<size_t>(2, word.size() / 3) + 1;  // farther is no typo
  for (const auto& n : names)
    if (size_t d = edit_distance(word, n); d < best_distance) {
      best = n;
      best_distance = d;
    }
  return best;
}

void PropReader::reject_unknown() const {
  for (const auto& [k, v] : props_) {
    if (used_.count(k)) continue;
    if (auto near = nearest_name(k, used_))
      fail(k, "unknown property: did you mean " + quote_text(*near) + "?");
    fail(k, "unknown property (misspelt?)");
  }
}

std::vector<std::string> split_words(const std::string& text) {
  std::string s = text;
  for (char& c : s)
    if (c == ',') c = ' ';
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace botsim
