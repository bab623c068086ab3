#include "cloud/static_provisioning.hpp"

#include <fmt/format.h>

#include "core/summary.hpp"

namespace botsim::cloud {

namespace {

using policy::CloudDecision;
using policy::CloudView;

class StaticChoice : public policy::ProvisioningPolicy {
 public:
  StaticChoice(long instances, std::string type, policy::Market market,
               std::optional<double> max_price)
      : instances_(instances), type_(std::move(type)), market_(market), max_price_(max_price) {}
  std::string label() const override {
    return fmt::format("static:{}x{}{}", instances_, type_,
                       market_ == policy::Market::Spot ? ":spot" : "");
  }

  // All rented up front; an empty bag rents nothing.
  CloudDecision start(const CloudView& view) override {
    CloudDecision d;
    if (view.tasks_total() == 0) return d;
    if (market_ == policy::Market::Spot)
      d.start_spot_instances(type_, instances_, max_price_);
    else
      d.start_instances(type_, instances_);
    return d;
  }

  // The static choice rents once: with every instance refused or stopped and none left, nothing
  // will run.
  CloudDecision instance_lost(const CloudView& view, const policy::InstanceLoss& loss) override {
    CloudDecision d;
    if (loss.refused) {
      ++refused_;
      if (view.active() == 0 && view.tasks_done() < view.tasks_total())
        d.stop_user(user_status::kResourcesFailed, fmt::format("{} of {} instances refused: {}",
                                                               refused_, instances_, loss.reason));
    } else if (view.active() == 0 && view.tasks_waiting() > 0) {
      d.stop_user(user_status::kResourcesFailed, "every instance stopped with tasks left");
    }
    return d;
  }

  // Nothing left to hand out: an idle instance has no more use (its started ATU is paid).
  CloudDecision after_dispatch(const CloudView& view) override {
    CloudDecision d;
    if (view.tasks_waiting() == 0)
      for (const auto& inst : view.idle_instances()) d.stop_instance(inst.name);
    return d;
  }

 private:
  long instances_;
  std::string type_;
  policy::Market market_;
  std::optional<double> max_price_;
  long refused_ = 0;
};

}  // namespace

StaticProvisioning::Params StaticProvisioning::Params::read(const PropReader& props,
                                                            const ActorSite& site) {
  Params p;
  static_cast<CloudUser::Params&>(p) = CloudUser::Params::read_common(props, site);
  p.model = "static";
  p.inbox_prefix = "static";
  p.random_order =
      props.choice("task_order", {"given", "random"}, std::string("given")) == "random";
  // An optional deadline, relative to the start: the run stops the user when it passes.
  if (props.has("deadline")) p.deadline_s = props.duration("deadline", std::nullopt, 1e-9);
  p.build_policy(props, "static");
  return p;
}

void register_static_policy(policy::Registrar& registrar) {
  registrar.provisioning(
      "static",
      "the static choice (Silva et al. 2008, Fig. 1): `instances` instances of the user's type "
      "rented up front, each stopped once no task is left for it; `market` on_demand (the "
      "default) or spot, at most `max_price` (spot only; none: no maximum)",
      [](const policy::Props& props, const policy::CloudSetup& setup) {
        const long instances =
            props.integer("instances", std::nullopt, 1, setup.task_type.max_count);
        const policy::Market market = policy::market_of(
            props.choice("market", {"on_demand", "spot"}, std::string("on_demand")));
        std::optional<double> max_price;
        if (props.has("max_price")) {
          if (market != policy::Market::Spot)
            props.fail("max_price", "only a spot market has a maximum price (market=spot)");
          max_price = props.money("max_price");
        }
        if (market == policy::Market::Spot && !setup.task_type.spot)
          props.fail("market", "instance type '" + setup.task_type.name +
                                   "' offers no spot instances (its zone has no spot_prices)");
        return std::make_unique<StaticChoice>(instances, setup.task_type.name, market, max_price);
      });
}

}  // namespace botsim::cloud
