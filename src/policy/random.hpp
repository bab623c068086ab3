#pragma once
// The random stream a policy is given (docs/policies.md). Every draw a policy makes goes through
// it, so that the same scenario and seed give the same results.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

namespace botsim::policy {

class Random {
 public:
  using Engine = std::mt19937_64;  // botsim's seeded streams (one per user and purpose)
  explicit Random(Engine& engine) : engine_(&engine) {}

  /// A whole number in [0, n), uniformly; n must be > 0.
  std::size_t index(std::size_t n) {
    if (n == 0) throw std::invalid_argument("Random::index: n must be > 0");
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(*engine_);
  }
  /// A whole number in [lo, hi], uniformly; lo <= hi.
  long long integer(long long lo, long long hi) {
    if (lo > hi) throw std::invalid_argument("Random::integer: lo must be <= hi");
    return std::uniform_int_distribution<long long>(lo, hi)(*engine_);
  }
  /// A real number in [0, 1), uniformly.
  double uniform() { return std::uniform_real_distribution<double>(0.0, 1.0)(*engine_); }
  /// The positions of a shuffled sequence of n items: item i of the result is the one that was
  /// at position permutation(n)[i] (std::shuffle's order).
  std::vector<std::size_t> permutation(std::size_t n) {
    std::vector<std::size_t> p(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = i;
    std::shuffle(p.begin(), p.end(), *engine_);
    return p;
  }
  /// Shuffles `items` in place (std::shuffle: the same order as permutation(items.size())).
  template <class T>
  void shuffle(std::vector<T>& items) {
    std::shuffle(items.begin(), items.end(), *engine_);
  }
  /// The generator itself, for the standard library's distributions.
  Engine& engine() { return *engine_; }

 private:
  Engine* engine_;
};

}  // namespace botsim::policy
