#include "core/rng.hpp"

namespace botsim {

namespace {
std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}
}  // namespace

Rng make_rng(std::uint64_t seed, std::string_view stream) {
  std::uint64_t h = fnv1a(stream);
  std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                    static_cast<std::uint32_t>(h), static_cast<std::uint32_t>(h >> 32)};
  return Rng(seq);
}

}  // namespace botsim
