#pragma once
// A policy's Props over the PropReader of the actor that names it (so that its errors read as
// botsim's own), and the reading of that actor's `policy` prop.
#include <memory>

#include "core/error.hpp"
#include "core/props.hpp"
#include "policy/props.hpp"
#include "policy/registry.hpp"

namespace botsim::policy {

class ReaderProps : public Props {
 public:
  explicit ReaderProps(const PropReader& reader) : r_(reader) {}
  bool has(const std::string& key) const override { return r_.has(key); }
  std::string text(const std::string& key,
                   const std::optional<std::string>& fallback) const override {
    return fallback ? r_.text(key, *fallback) : r_.text(key);
  }
  std::string choice(const std::string& key, const std::vector<std::string>& allowed,
                     const std::optional<std::string>& fallback) const override {
    return r_.choice(key, allowed, fallback);
  }
  double number(const std::string& key, std::optional<double> fallback, double min,
                double max) const override {
    return r_.number(key, fallback, min, max);
  }
  long long integer(const std::string& key, std::optional<long long> fallback, long long min,
                    long long max) const override {
    return r_.integer(key, fallback, min, max);
  }
  double duration(const std::string& key, std::optional<double> fallback, double min,
                  double max) const override {
    return r_.duration(key, fallback, min, max);
  }
  double money(const std::string& key, std::optional<double> fallback, double min) const override {
    return r_.money(key, fallback, min);
  }
  [[noreturn]] void fail(const std::string& key, const std::string& problem) const override {
    r_.fail(key, problem);
  }

 private:
  const PropReader& r_;
};

/// The policy the actor's prop `key` names for `point` (`fallback` when absent); an unknown
/// name is a bad prop whose message lists the known ones.
const PolicyEntry& read_policy(const PropReader& props, const std::string& key, DecisionPoint point,
                               std::optional<std::string> fallback = std::nullopt);

/// The policy object `make(props)` builds, for the actor whose props are `props`: a factory that
/// throws (other than a bad prop) or builds nothing is a bad prop `key` (the one naming it).
template <class Make>
auto build_policy(const PolicyEntry& entry, const PropReader& props, Make make,
                  const std::string& key = "policy") {
  ReaderProps policy_props(props);
  using Made = decltype(make(static_cast<const Props&>(policy_props)));
  std::shared_ptr<typename Made::element_type> made;
  try {
    made = make(static_cast<const Props&>(policy_props));
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    props.fail(key, describe(entry) + " could not be built: " + e.what());
  }
  if (!made) props.fail(key, describe(entry) + " built no policy");
  return made;
}

}  // namespace botsim::policy
