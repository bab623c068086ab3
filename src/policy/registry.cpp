#include "policy/registry.hpp"

#include <cctype>
#include <memory>

namespace botsim::policy {

namespace {

// Function-local: models and plug-ins register into it whenever they are loaded.
std::vector<std::unique_ptr<PolicyEntry>>& entries() {
  static std::vector<std::unique_ptr<PolicyEntry>> all;
  return all;
}

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
}

}  // namespace

const char* decision_point_name(DecisionPoint point) {
  switch (point) {
    case DecisionPoint::Auction:
      return "auction";
    case DecisionPoint::Provisioning:
      return "cloud-provisioning";
    case DecisionPoint::AgentsOrdering:
      return "agents-ordering";
    case DecisionPoint::AgentsMapping:
      return "agents-mapping";
    case DecisionPoint::AgentsAllocation:
      return "agents-allocation";
  }
  return "?";
}

std::vector<DecisionPoint> decision_points() {
  return {DecisionPoint::Auction, DecisionPoint::Provisioning, DecisionPoint::AgentsOrdering,
          DecisionPoint::AgentsMapping, DecisionPoint::AgentsAllocation};
}

void OriginRegistrar::add(PolicyEntry e) {
  const std::string what =
      std::string("policy '") + e.name + "' (" + decision_point_name(e.point) + ")";
  if (e.name.empty()) throw RegistrationError("a policy has no name");
  for (char c : e.name)
    if (!word_char(c))
      throw RegistrationError(what + ": a name is one word of letters, digits, '-', '_' and '.'");
  if (!e.auction && !e.provisioning && !e.ordering && !e.mapping && !e.allocation)
    throw RegistrationError(what + ": no factory");
  for (const auto& other : entries())
    if (other->point == e.point && same_name(other->name, e.name))
      throw RegistrationError(
          what + ": the name is taken by " +
          (other->built_in() ? std::string("botsim's built-in policy '") : "policy '") +
          other->name + "'" + (other->built_in() ? "" : " of " + other->origin));
  e.origin = origin_;
  added_.push_back(e.name);
  entries().push_back(std::make_unique<PolicyEntry>(std::move(e)));
}

template <class Set>
void OriginRegistrar::add(DecisionPoint point, const std::string& name,
                          const std::string& description, Set set) {
  PolicyEntry e;
  e.name = name;
  e.description = description;
  e.point = point;
  set(e);
  add(std::move(e));
}

void OriginRegistrar::auction(const std::string& name, const std::string& description,
                              AuctionFactory f) {
  add(DecisionPoint::Auction, name, description, [&](PolicyEntry& e) { e.auction = std::move(f); });
}

void OriginRegistrar::provisioning(const std::string& name, const std::string& description,
                                   ProvisioningFactory f) {
  add(DecisionPoint::Provisioning, name, description,
      [&](PolicyEntry& e) { e.provisioning = std::move(f); });
}

void OriginRegistrar::ordering(const std::string& name, const std::string& description,
                               OrderingFactory f) {
  add(DecisionPoint::AgentsOrdering, name, description,
      [&](PolicyEntry& e) { e.ordering = std::move(f); });
}

void OriginRegistrar::mapping(const std::string& name, const std::string& description,
                              MappingFactory f) {
  add(DecisionPoint::AgentsMapping, name, description,
      [&](PolicyEntry& e) { e.mapping = std::move(f); });
}

void OriginRegistrar::allocation(const std::string& name, const std::string& description,
                                 AllocationFactory f) {
  add(DecisionPoint::AgentsAllocation, name, description,
      [&](PolicyEntry& e) { e.allocation = std::move(f); });
}

std::string describe(const PolicyEntry& e) {
  std::string s = std::string(e.built_in() ? "botsim's policy '" : "policy '") + e.name + "' (" +
                  decision_point_name(e.point) + ")";
  return e.built_in() ? s : s + " of " + e.origin;
}

Registrar& built_in_registrar() {
  static OriginRegistrar r(PolicyEntry::kBuiltIn);
  return r;
}

const PolicyEntry* find_policy(DecisionPoint point, std::string_view name) {
  for (const auto& e : entries())
    if (e->point == point && e->name == name) return e.get();
  return nullptr;
}

const PolicyEntry* find_policy_any_case(DecisionPoint point, std::string_view name) {
  for (const auto& e : entries())
    if (e->point == point && same_name(e->name, name)) return e.get();
  return nullptr;
}

namespace {
std::vector<void (*)(Registrar&)>& built_in_files() {
  static std::vector<void (*)(Registrar&)> files;
  return files;
}
}  // namespace

bool add_built_in_file(void (*declare)(Registrar&)) {
  built_in_files().push_back(declare);
  return true;
}

void register_built_in_files() {
  static bool done = false;
  if (done) return;
  done = true;
  for (auto* declare : built_in_files()) declare(built_in_registrar());
}

std::vector<const PolicyEntry*> policies_of(DecisionPoint point) {
  std::vector<const PolicyEntry*> out;
  for (const auto& e : entries())
    if (e->point == point) out.push_back(e.get());
  return out;
}

std::string policy_names(DecisionPoint point) {
  std::string s;
  for (const auto* e : policies_of(point)) s += (s.empty() ? "" : ", ") + e->name;
  return s;
}

}  // namespace botsim::policy
