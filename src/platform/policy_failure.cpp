#include "platform/policy_failure.hpp"

#include <fmt/format.h>

#include <simgrid/s4u/Engine.hpp>

#include "platform/abort_guard.hpp"

namespace botsim {

void policy_failed(const policy::PolicyEntry& policy, const std::string& user,
                   const std::string& hook, const std::string& problem) {
  std::string text = problem;
  for (char& c : text)
    if (c == '\n') c = ' ';
  exit_bad_input_now(fmt::format("{}, user {}, {}() at {:.9g} s (simulated): {}", describe(policy),
                                 user, hook, simgrid::s4u::Engine::get_clock(), text));
}

}  // namespace botsim
