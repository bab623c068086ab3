#pragma once
// One row of a botsim CSV file (tasks.csv, transfers.csv) split at its commas, for the bench's
// floor programs, which link only SimGrid. botsim's own fields never hold a comma.
#include <sstream>
#include <string>
#include <vector>

inline std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, ',')) out.push_back(field);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}
