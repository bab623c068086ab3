#pragma once
// Three ways to run a bag of tasks with a deadline on a cloud that sells spot instances
// (docs/cloud.md, "Spot strategies"), as provisioning policies (docs/policies.md):
//   on-demand      N on-demand instances rented up front: the price is fixed, nothing is lost;
//   spot           N spot instances; an interrupted instance's task waits again and a new spot
//                  instance replaces it (at once, or at the next check when the price is above
//                  the maximum);
//   spot-fallback  as spot, but once the slack to the deadline (the time left, less what the
//                  bag still needs on N instances) falls below a threshold, every instance
//                  rented from then on is on demand, and an interruption notice rents the
//                  replacement at once, not at the reclaim. The rule keeps the progress that
//                  the deadline needs, after the uniform-progress idea of Wu et al., "Can't Be
//                  Late: Optimizing Spot Instance Savings under Deadlines", NSDI 2024.
// No SimGrid here.
#include <memory>
#include <optional>
#include <string>

#include "policy/provisioning.hpp"
#include "policy/registrar.hpp"

namespace botsim::cloud {

enum class SpotStrategy { OnDemand, Spot, SpotFallback };

/// What the bag's `tasks_left` tasks (waiting and running) still need on `cores` cores when a
/// task takes `mean_task_s`: whole rounds of equal tasks. 0 when none is left.
double time_to_finish(long tasks_left, long cores, double mean_task_s);

/// The slack to the deadline at `now_s`: `deadline_at_s` - now_s - (boot_s + time_to_finish).
/// Negative: the bag would end late even on N instances that never stop.
double slack_to_deadline(double now_s, double deadline_at_s, long tasks_left, long cores,
                         double mean_task_s, double boot_s);

struct SpotStrategyParams {
  SpotStrategy strategy = SpotStrategy::OnDemand;
  std::string type;
  long instances = 1;
  std::optional<double> max_price;   // spot only; none: only capacity withdrawals interrupt
  double target_s = 0;               // spot-fallback: the deadline aimed at, from the user's start
  double slack_s = 900;              // spot-fallback: fall back below this slack
  std::optional<double> estimate_s;  // spot-fallback: a task's time until one has ended
  double retry_s = 300;              // spot strategies: the periodic check's interval
};

std::unique_ptr<policy::ProvisioningPolicy> make_spot_strategy(const SpotStrategyParams& p);

/// Registers `on-demand`, `spot` and `spot-fallback` (their props: docs/cloud.md).
void register_spot_strategies(policy::Registrar& registrar);

}  // namespace botsim::cloud
