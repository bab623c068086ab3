#pragma once
// Typed, validated reading of <prop id= value=> pairs (deployment actors, platform hosts/zones).
// Every read is checked; errors name the file, the element and the property.
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace botsim {

class PropReader {
 public:
  using Map = std::map<std::string, std::string>;
  /// file: where the element comes from; element: e.g. "actor 'Broker' on host 'U0'".
  PropReader(Map props, std::string file, std::string element);

  bool has(const std::string& key) const;
  std::string text(const std::string& key) const;  // required
  std::string text(const std::string& key, const std::string& fallback) const;
  /// One of `allowed`; the error lists them.
  std::string choice(const std::string& key, const std::vector<std::string>& allowed,
                     std::optional<std::string> fallback = std::nullopt) const;
  double number(const std::string& key, std::optional<double> fallback = std::nullopt,
                double min = -std::numeric_limits<double>::infinity(),
                double max = std::numeric_limits<double>::infinity()) const;
  /// An amount of money (a budget, price, bid): a number in [min, kMaxMoney].
  double money(const std::string& key, std::optional<double> fallback = std::nullopt,
               double min = 0) const;
  /// Seconds; accepts s, min, h suffixes; never beyond kHorizonS (parse_duration).
  double duration(const std::string& key, std::optional<double> fallback = std::nullopt,
                  double min = 0, double max = std::numeric_limits<double>::infinity()) const;
  long long integer(const std::string& key, std::optional<long long> fallback = std::nullopt,
                    long long min = std::numeric_limits<long long>::min(),
                    long long max = std::numeric_limits<long long>::max()) const;
  /// Comma or space separated words ("A,B" or "A B").
  std::vector<std::string> list(const std::string& key) const;

  /// Throws if a property was given that no read asked for (catches typos).
  void reject_unknown() const;

  /// Errors about `key` also name where its value came from (e.g. "--set U0.deadline=1h").
  void set_origin(const std::string& key, std::string origin) { origins_[key] = std::move(origin); }

  [[noreturn]] void fail(const std::string& key, const std::string& problem) const;
  const std::string& file() const { return file_; }
  const std::string& element() const { return element_; }

 private:
  const std::string* find(const std::string& key) const;
  [[noreturn]] void missing(const std::string& key) const;
  /// `key` read by `parse` (whose std::invalid_argument names the problem) and checked against
  /// [min, max], which `range()` words for the error; `fallback` (unchecked) when absent.
  template <class T, class Parse, class Range>
  T parse_in_range(const std::string& key, std::optional<T> fallback, T min, T max, Parse parse,
                   Range range) const;
  Map props_;
  std::string file_, element_;
  mutable std::set<std::string> used_;
  std::map<std::string, std::string> origins_;
};

/// Levenshtein distance: the fewest one-character insertions, deletions and substitutions.
size_t edit_distance(const std::string& a, const std::string& b);
/// The name of `names` nearest to `word` if it is close enough to be a typo of it (at most
/// max(2, length/3) edits), the first of equally near ones.
std::optional<std::string> nearest_name(const std::string& word,
                                        const std::set<std::string>& names);

/// Splits "a, b c" into {"a","b","c"}.
std::vector<std::string> split_words(const std::string& text);

}  // namespace botsim
