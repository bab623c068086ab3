#pragma once
// Seeded random streams: every random choice in a run derives from the run's --seed and the
// name of the stream (usually the actor's name), so actors do not disturb each other's draws.
#include <cstdint>
#include <random>
#include <string_view>

namespace botsim {

using Rng = std::mt19937_64;

void set_run_seed(std::uint64_t seed);
std::uint64_t run_seed();

/// A generator for one named stream of the current run.
Rng make_rng(std::string_view stream);
/// The same, for an explicit seed (pure code and tests).
Rng make_rng(std::uint64_t seed, std::string_view stream);

}  // namespace botsim
