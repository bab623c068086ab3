#pragma once
// The per-user table `botsim run` prints once its results are written.
#include <string>

#include "core/results.hpp"

namespace botsim {

/// One row per user (its tasks, times, money with its currency, status), then a line for a
/// user that paid a sampling phase apart and one for each user with tasks undone.
std::string run_table(const Results& results);

}  // namespace botsim
