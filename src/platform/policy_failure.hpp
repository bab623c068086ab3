#pragma once
// A policy that fails in the middle of a run (docs/policies.md): it throws, or decides what it
// may not (policy::DecisionError). The run stops at once with exit code 2 and one line naming
// the policy, the user, the simulated time and the problem; its streamed files are removed and
// no results directory is written.
#include <exception>
#include <string>
#include <utility>

#include "policy/registry.hpp"

namespace botsim {

[[noreturn]] void policy_failed(const policy::PolicyEntry& policy, const std::string& user,
                                const std::string& hook, const std::string& problem);

/// f(), or policy_failed if it throws.
template <class F>
auto guard_policy(const policy::PolicyEntry& policy, const std::string& user, const char* hook,
                  F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::exception& e) {
    policy_failed(policy, user, hook, e.what());
  }
}

/// f(), guarded as guard_policy when a policy object of the registry's `entry` is in use
/// (`registered`); else plain f() (the papers' policies run through models' own code, whose
/// failure is botsim's, not a policy's).
template <class F>
auto guard_registered_policy(bool registered, const policy::PolicyEntry* entry,
                             const std::string& user, const char* hook, F&& f) -> decltype(f()) {
  if (!registered || !entry) return f();
  return guard_policy(*entry, user, hook, std::forward<F>(f));
}

}  // namespace botsim
