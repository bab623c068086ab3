#pragma once
// The per-user table `botsim run` prints once its results are written.
#include <string>
#include <utility>
#include <vector>

#include "core/results.hpp"

namespace botsim {

/// One row per user (its tasks, times, money with its currency, status), then a line for a
/// user that paid a sampling phase apart and one for each user with tasks undone.
std::string run_table(const Results& results);

/// The rows of several runs' users (`botsim compare`): a header, a line of units, then a row per
/// user of each run in turn, each after its run's name, with run_table's columns.
std::vector<std::vector<std::string>> compare_rows(
    const std::vector<std::pair<std::string, std::vector<UserRecord>>>& runs);
/// compare_rows as aligned columns, for the terminal.
std::string compare_table(const std::vector<std::pair<std::string, std::vector<UserRecord>>>& runs);

}  // namespace botsim
