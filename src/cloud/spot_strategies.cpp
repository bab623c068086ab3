#include "cloud/spot_strategies.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "core/summary.hpp"

namespace botsim::cloud {

double time_to_finish(long tasks_left, long cores, double mean_task_s) {
  if (tasks_left <= 0) return 0;
  if (cores <= 0) return std::numeric_limits<double>::infinity();
  const long rounds = (tasks_left + cores - 1) / cores;
  return static_cast<double>(rounds) * mean_task_s;
}

double slack_to_deadline(double now_s, double deadline_at_s, long tasks_left, long cores,
                         double mean_task_s, double boot_s) {
  return deadline_at_s - now_s - (boot_s + time_to_finish(tasks_left, cores, mean_task_s));
}

namespace {

using policy::CloudDecision;
using policy::CloudView;
using policy::Instance;

class SpotStrategyPolicy : public policy::ProvisioningPolicy {
 public:
  explicit SpotStrategyPolicy(SpotStrategyParams p) : p_(std::move(p)) {}

  std::string label() const override {
    static const char* names[] = {"on-demand", "spot", "spot-fallback"};
    return fmt::format("{}:{}x{}", names[static_cast<int>(p_.strategy)], p_.instances, p_.type);
  }
  double check_interval_s() const override {
    return p_.strategy == SpotStrategy::OnDemand ? 0 : p_.retry_s;
  }

  CloudDecision start(const CloudView& view) override {
    CloudDecision d;
    if (view.tasks_total() > 0) rent(view, d, p_.instances);
    return d;
  }

  CloudDecision task_ended(const CloudView& view, const policy::TaskEnd&) override {
    CloudDecision d;
    judge_slack(view, d);
    return d;
  }

  CloudDecision check(const CloudView& view) override {
    CloudDecision d;
    judge_slack(view, d);
    top_up(view, d);
    return d;
  }

  CloudDecision interruption_notice(const CloudView& view, const Instance& inst) override {
    noticed_[inst.name] = inst.busy;
    noticed_busy_ += inst.busy;
    CloudDecision d;
    judge_slack(view, d);
    // Once fallen back, the replacement is rented at the notice: its boot overlaps the notice.
    if (fallen_back_) top_up(view, d);
    return d;
  }

  CloudDecision instance_lost(const CloudView& view, const policy::InstanceLoss& loss) override {
    forget_notice(loss.instance);
    CloudDecision d;
    if (p_.strategy == SpotStrategy::OnDemand) {
      // Rented once, as the static choice: with none left, nothing will run.
      if (view.active() == 0 && view.tasks_done() < view.tasks_total())
        d.stop_user(user_status::kResourcesFailed,
                    loss.refused ? "an on-demand instance was refused: " + loss.reason
                                 : "every instance stopped with tasks left");
      return d;
    }
    if (loss.refused && loss.for_good) {
      if (view.active() == 0)
        d.stop_user(user_status::kResourcesFailed, "instances refused for good: " + loss.reason);
      return d;
    }
    judge_slack(view, d);
    // A spot start refused at a price above the maximum is tried again at the next check.
    if (!loss.refused) top_up(view, d);
    return d;
  }

  // Nothing left to hand out: an idle instance has no more use.
  CloudDecision after_dispatch(const CloudView& view) override {
    CloudDecision d;
    if (view.tasks_waiting() == 0)
      for (const auto& inst : view.idle_instances()) {
        d.stop_instance(inst.name);
        forget_notice(inst.name);
      }
    return d;
  }

 private:
  void forget_notice(const std::string& instance) {
    const auto it = noticed_.find(instance);
    if (it == noticed_.end()) return;
    noticed_busy_ -= it->second;
    noticed_.erase(it);
  }

  bool spot_now() const { return p_.strategy != SpotStrategy::OnDemand && !fallen_back_; }

  void rent(const CloudView& view, CloudDecision& d, long count) {
    if (count <= 0) return;
    if (!spot_now()) {
      d.start_instances(p_.type, count);
      return;
    }
    // A spot start above the maximum would be refused: wait for the next check instead.
    const auto price = view.spot_price(p_.type);
    if (p_.max_price && price && *price > *p_.max_price) return;
    d.start_spot_instances(p_.type, count, p_.max_price);
  }

  // Rents what brings the instances that will stay (live, not stopping, not noticed) back to N,
  // but no more than the waiting tasks need: an instance with nothing to run would be stopped
  // at once, and paid its minimum, at every check near the bag's end.
  // The tasks running on a noticed instance will wait again at its reclaim: they count. The
  // noticed instances are counted as they come and go (no walk over every instance per event).
  void top_up(const CloudView& view, CloudDecision& d) {
    const long waiting = view.tasks_waiting() + noticed_busy_;
    const long staying = view.active() - static_cast<long>(noticed_.size());
    if (waiting == 0) return;
    const long cores = std::max(1, view.task_type().cores);
    rent(view, d, std::min(p_.instances - staying, (waiting + cores - 1) / cores));
  }

  // spot-fallback: below the slack threshold, every instance rented from now on is on demand.
  void judge_slack(const CloudView& view, CloudDecision& d) {
    if (p_.strategy != SpotStrategy::SpotFallback || fallen_back_) return;
    // The tasks' mean time, as the tasks done tell it; before the first ends, the estimate.
    if (view.tasks_done() == 0 && !p_.estimate_s) return;
    const double mean = view.tasks_done() > 0
                            ? view.done_seconds() / static_cast<double>(view.tasks_done())
                            : *p_.estimate_s;
    const long left = view.tasks_total() - view.tasks_done();
    const long cores = p_.instances * view.task_type().cores;
    const double slack = slack_to_deadline(view.now(), view.start_s() + p_.target_s, left, cores,
                                           mean, view.task_type().boot_s);
    if (slack >= p_.slack_s) return;
    fallen_back_ = true;
    top_up(view, d);
  }

  SpotStrategyParams p_;
  bool fallen_back_ = false;
  std::unordered_map<std::string, long> noticed_;  // noticed, not gone: the tasks they ran then
  long noticed_busy_ = 0;
};

}  // namespace

std::unique_ptr<policy::ProvisioningPolicy> make_spot_strategy(const SpotStrategyParams& p) {
  return std::make_unique<SpotStrategyPolicy>(p);
}

void register_spot_strategies(policy::Registrar& registrar) {
  auto factory = [](SpotStrategy strategy) {
    return [strategy](const policy::Props& props, const policy::CloudSetup& setup) {
      SpotStrategyParams p;
      p.strategy = strategy;
      p.type = setup.task_type.name;
      p.instances = props.integer("instances", std::nullopt, 1, setup.task_type.max_count);
      if (strategy != SpotStrategy::OnDemand) {
        if (!setup.task_type.spot)
          props.fail("policy", "instance type '" + p.type +
                                   "' offers no spot instances (its zone has no spot_prices)");
        if (props.has("max_price")) p.max_price = props.money("max_price");
        p.retry_s = props.duration("retry", 300, 1);
      }
      if (strategy == SpotStrategy::SpotFallback) {
        p.target_s = props.duration("target", std::nullopt, 1);
        p.slack_s = props.duration("slack", 900);
        if (props.has("estimate")) p.estimate_s = props.duration("estimate", std::nullopt, 1);
      }
      return make_spot_strategy(p);
    };
  };
  registrar.provisioning("on-demand",
                         "`instances` on-demand instances of the user's type rented up front "
                         "(the baseline of the spot strategies, docs/cloud.md)",
                         factory(SpotStrategy::OnDemand));
  registrar.provisioning(
      "spot",
      "`instances` spot instances of the user's type (at most `max_price`); an interrupted one "
      "is replaced by another spot instance, its task run again; a refused one is tried again "
      "every `retry` (docs/cloud.md, Spot strategies)",
      factory(SpotStrategy::Spot));
  registrar.provisioning(
      "spot-fallback",
      "as `spot`, until the slack to `target` (the time left to that deadline less what the bag "
      "still needs on `instances` instances, a task taking the mean of those done, or "
      "`estimate` before) falls below `slack`: from then on every instance rented is on demand "
      "(docs/cloud.md, Spot strategies)",
      factory(SpotStrategy::SpotFallback));
}

}  // namespace botsim::cloud
