#pragma once
// One run of a scenario: what belongs to it (its files, its seed, its results, its message
// tally, what its deployment checks found) is here, built by run_scenario and handed to every
// actor, rather than kept in process globals.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <typeindex>
#include <utility>
#include <vector>

#include "core/results.hpp"
#include "core/rng.hpp"
#include "core/state_profile.hpp"
#include "platform/messaging.hpp"

namespace botsim {

struct ScenarioPaths {
  std::string platform;
  std::string deployment;
  std::string deployment_dir;  // workload paths in props are relative to it
};

class Run {
 public:
  Run(const std::string& platform, const std::string& deployment, std::uint64_t seed);
  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  const ScenarioPaths& paths() const { return paths_; }
  std::uint64_t seed() const { return seed_; }
  /// A generator for one named stream of this run (usually named after an actor or a user).
  Rng rng(std::string_view stream) const { return make_rng(seed_, stream); }
  Results& results() { return results_; }
  const Results& results() const { return results_; }
  MessageTally& messages() { return messages_; }
  const MessageTally& messages() const { return messages_; }
  /// Which hosts stay off for good once off (the fault check reads the state profiles; a
  /// FailureInjector holds the hosts it will repair).
  HostFates& host_fates() { return host_fates_; }
  const HostFates& host_fates() const { return host_fates_; }

  /// A check of an invariant where the run ends (Batsim asserts its own after its main loop),
  /// e.g. a broker agent holds no BoT: run_scenario makes every one, in order, once the
  /// simulation is over and before the results are written. A broken one throws
  /// (InternalError: exit code 1, no results). Cheap: made in every run.
  void at_end(std::function<void()> check) { end_checks_.push_back(std::move(check)); }
  void check_end() const {
    for (const auto& c : end_checks_) c();
  }

  /// What a model's deployment check found, for its actors (e.g. the grid's VO domain graph).
  template <class T>
  void set(std::shared_ptr<const T> value) {
    data_[std::type_index(typeid(T))] = std::const_pointer_cast<T>(std::move(value));
  }
  template <class T>
  bool has() const {
    return data_.count(std::type_index(typeid(T))) > 0;
  }
  template <class T>
  const T& get() const {
    auto it = data_.find(std::type_index(typeid(T)));
    if (it == data_.end()) throw std::logic_error("run data not set by any deployment check");
    return *std::static_pointer_cast<const T>(it->second);
  }
  /// What a model keeps for the whole run and adds to as it reads the scenario (e.g. what it
  /// has read from its files, so that each is read once), made empty on first use. get<T>()
  /// reads it too.
  template <class T>
  T& kept() {
    auto& slot = data_[std::type_index(typeid(T))];
    if (!slot) slot = std::make_shared<T>();
    return *std::static_pointer_cast<T>(slot);
  }

 private:
  ScenarioPaths paths_;
  std::uint64_t seed_;
  Results results_;
  MessageTally messages_;
  HostFates host_fates_;
  std::map<std::type_index, std::shared_ptr<void>> data_;  // by the type stored
  std::vector<std::function<void()>> end_checks_;
};

}  // namespace botsim
