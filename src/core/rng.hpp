#pragma once
// Seeded random streams: every random choice in a run derives from the run's --seed and the
// name of the stream (usually the actor's name), so actors do not disturb each other's draws.
#include <cstdint>
#include <random>
#include <string_view>

namespace botsim {

using Rng = std::mt19937_64;

/// A generator for one named stream of the run seeded `seed` (Run::rng gives a run's streams).
Rng make_rng(std::uint64_t seed, std::string_view stream);

}  // namespace botsim
