#include "cloud/static_provisioning.hpp"

#include <fmt/format.h>

#include "core/summary.hpp"

namespace botsim::cloud {

namespace {

using policy::CloudDecision;
using policy::CloudView;

class StaticChoice : public policy::ProvisioningPolicy {
 public:
  StaticChoice(long instances, std::string type) : instances_(instances), type_(std::move(type)) {}
  std::string label() const override { return fmt::format("static:{}x{}", instances_, type_); }

  // All rented up front; an empty bag rents nothing.
  CloudDecision start(const CloudView& view) override {
    CloudDecision d;
    if (view.tasks_total() > 0) d.start_instances(type_, instances_);
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
  p.build_policy(props, "static");
  return p;
}

void register_static_policy(policy::Registrar& registrar) {
  registrar.provisioning(
      "static",
      "the static choice (Silva et al. 2008, Fig. 1): `instances` instances of the user's type "
      "rented up front, each stopped once no task is left for it",
      [](const policy::Props& props, const policy::CloudSetup& setup) {
        return std::make_unique<StaticChoice>(
            props.integer("instances", std::nullopt, 1, setup.task_type.max_count),
            setup.task_type.name);
      });
}

}  // namespace botsim::cloud
