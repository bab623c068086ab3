// The static choice of Silva, Veiga & Ferreira 2008 (Fig. 1), as a C++ plug-in built against an
// installed botsim (CMakeLists.txt here). It decides what botsim's built-in `static` decides, so
// that a scenario run with policy="static-cpp" gives the same results files as with `static`:
// rent `instances` instances of the user's type up front, and stop each once no task waits.
// Built (CMakeLists.txt here) and run on example 7:
//   botsim run examples/04-silva-small-cloud.platform.xml examples/07-static-cloud.xml
//       --plugin build/libstatic_choice.so --set U0.policy=static-cpp
#include <botsim/policy/policy.hpp>

#include <memory>
#include <string>

namespace {

using botsim::policy::CloudDecision;
using botsim::policy::CloudView;

class StaticChoice : public botsim::policy::ProvisioningPolicy {
 public:
  StaticChoice(long instances, std::string type) : instances_(instances), type_(std::move(type)) {}
  std::string label() const override {  // summary.json's "policy"
    return "static:" + std::to_string(instances_) + "x" + type_;
  }

  CloudDecision start(const CloudView& view) override {
    CloudDecision d;
    if (view.tasks_total() > 0) d.start_instances(type_, instances_);  // none for an empty bag
    return d;
  }

  // The static choice rents once: with every instance gone and none coming, nothing runs.
  CloudDecision instance_lost(const CloudView& view,
                              const botsim::policy::InstanceLoss& loss) override {
    CloudDecision d;
    if (loss.refused) {
      ++refused_;
      if (view.active() == 0 && view.tasks_done() < view.tasks_total())
        d.stop_user("resources_failed", std::to_string(refused_) + " of " +
                                            std::to_string(instances_) +
                                            " instances refused: " + loss.reason);
    } else if (view.active() == 0 && view.tasks_waiting() > 0) {
      d.stop_user("resources_failed", "every instance stopped with tasks left");
    }
    return d;
  }

  // Nothing left to hand out: an idle instance has no more use (its started ATU is paid).
  CloudDecision after_dispatch(const CloudView& view) override {
    CloudDecision d;
    if (view.tasks_waiting() == 0)
      for (const auto& instance : view.idle_instances()) d.stop_instance(instance.name);
    return d;
  }

 private:
  long instances_;
  std::string type_;
  long refused_ = 0;
};

}  // namespace

BOTSIM_PLUGIN("static-choice", registrar) {
  registrar.provisioning(
      "static-cpp",
      "the built-in `static` as a C++ plug-in: `instances` instances rented up front, each "
      "stopped once no task is left for it",
      [](const botsim::policy::Props& props, const botsim::policy::CloudSetup& setup) {
        // Read once, when the deployment is read: a bad value stops botsim before the run.
        return std::make_unique<StaticChoice>(
            props.integer("instances", std::nullopt, 1, setup.task_type.max_count),
            setup.task_type.name);
      });
}
