#pragma once
// The static choice that adaptive provisioning is compared with (the baseline of Silva, Veiga
// & Ferreira 2008, Fig. 1): rent `instances` instances of one type up front, hand the bag's
// tasks out in list-scheduling order (the next task to the first idle core), and stop each
// instance as soon as no task is left for it. docs/cloud.md, "A static bag". The actor is a
// CloudUser whose policy is `static` unless its `policy` prop names another.
#include "cloud/cloud_user.hpp"
#include "policy/registrar.hpp"

namespace botsim::cloud {

class StaticProvisioning : public CloudUser {
 public:
  struct Params : CloudUser::Params {
    static Params read(const PropReader& props, const ActorSite& site);
  };
  StaticProvisioning(Params params, Run& run) : CloudUser(std::move(params), run) {}
};

/// Registers the policy `static` (its prop: `instances`, of the user's `instance_type`).
void register_static_policy(policy::Registrar& registrar);

}  // namespace botsim::cloud
