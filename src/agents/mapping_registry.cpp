#include "agents/mapping_registry.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>

#include "agents/heuristics.hpp"
#include "agents/instance_types.hpp"
#include "core/error.hpp"

namespace botsim::agents {

namespace {

// Function-local so that policies registering from other files' static initialisers find it
// built, whatever the order of initialisation.
std::vector<std::unique_ptr<MappingPolicyEntry>>& registry() {
  static std::vector<std::unique_ptr<MappingPolicyEntry>> entries;
  return entries;
}

}  // namespace

bool register_mapping_policy(std::string name, std::string description, MappingFunction choose) {
  if (name.empty() || name.find_first_of(", \t()") != std::string::npos)
    throw std::logic_error("mapping policy name '" + name +
                           "' must be one word (no comma, space or parenthesis)");
  if (is_builtin_mapping_name(name) || find_mapping_policy(name))
    throw std::logic_error("mapping policy " + quote_text(name) + " is registered twice");
  if (!choose) throw std::logic_error("mapping policy " + quote_text(name) + " has no function");
  registry().push_back(std::make_unique<MappingPolicyEntry>(
      MappingPolicyEntry{std::move(name), std::move(description), std::move(choose)}));
  return true;
}

const MappingPolicyEntry* find_mapping_policy(std::string_view name) {
  for (const auto& e : registry())
    if (iequals(name, e->name)) return e.get();
  return nullptr;
}

std::vector<const MappingPolicyEntry*> registered_mapping_policies() {
  std::vector<const MappingPolicyEntry*> out;
  for (const auto& e : registry()) out.push_back(e.get());
  std::sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->name < b->name; });
  return out;
}

}  // namespace botsim::agents
