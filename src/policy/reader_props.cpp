#include "policy/reader_props.hpp"

namespace botsim::policy {

const PolicyEntry& read_policy(const PropReader& props, const std::string& key, DecisionPoint point,
                               std::optional<std::string> fallback) {
  std::vector<std::string> names;
  for (const auto* e : policies_of(point)) names.push_back(e->name);
  return *find_policy(point, props.choice(key, names, std::move(fallback)));
}

}  // namespace botsim::policy
