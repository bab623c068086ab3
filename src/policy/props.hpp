#pragma once
// A policy's own settings: the deployment props of the actor that names it (docs/policies.md).
// A policy reads the props it takes when it is built, before the run; botsim checks each
// value as it does its own (an error names the file, the actor and the prop, exit code 2),
// and refuses a prop that neither the actor nor its policy read.
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace botsim::policy {

class Props {
 public:
  virtual ~Props() = default;
  virtual bool has(const std::string& key) const = 0;
  /// The text of `key`; `fallback` when it is absent (required when there is none).
  virtual std::string text(const std::string& key,
                           const std::optional<std::string>& fallback = std::nullopt) const = 0;
  /// One of `allowed`.
  virtual std::string choice(const std::string& key, const std::vector<std::string>& allowed,
                             const std::optional<std::string>& fallback = std::nullopt) const = 0;
  /// A number in [min, max].
  virtual double number(const std::string& key, std::optional<double> fallback = std::nullopt,
                        double min = -std::numeric_limits<double>::infinity(),
                        double max = std::numeric_limits<double>::infinity()) const = 0;
  /// A whole number in [min, max].
  virtual long long integer(const std::string& key,
                            std::optional<long long> fallback = std::nullopt,
                            long long min = std::numeric_limits<long long>::min(),
                            long long max = std::numeric_limits<long long>::max()) const = 0;
  /// Seconds; accepts the s, min and h suffixes.
  virtual double duration(const std::string& key, std::optional<double> fallback = std::nullopt,
                          double min = 0,
                          double max = std::numeric_limits<double>::infinity()) const = 0;
  /// An amount of money, >= min.
  virtual double money(const std::string& key, std::optional<double> fallback = std::nullopt,
                       double min = 0) const = 0;
  /// Refuses the prop's value: the run stops with exit code 2 and this problem.
  [[noreturn]] virtual void fail(const std::string& key, const std::string& problem) const = 0;
};

}  // namespace botsim::policy
