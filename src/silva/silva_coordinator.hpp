#pragma once
// The coordinator of Silva, Veiga & Ferreira (2008) (docs/silva2008.md): an S4U actor that
// rents instances from a CloudProvider, hands out randomly chosen tasks one at a time to the
// instances' workers, and sizes the pool with the heuristic of Fig. 3 (the policy `silva`,
// silva_policy.hpp, unless its `policy` prop names another provisioning policy). It is a
// CloudUser (cloud/cloud_user.hpp) with Silva's defaults and limits.
#include "cloud/cloud_user.hpp"

namespace botsim::silva {

class SilvaCoordinator : public cloud::CloudUser {
 public:
  struct Params : cloud::CloudUser::Params {
    static Params read(const PropReader& props, const ActorSite& site);
  };
  SilvaCoordinator(Params params, Run& run) : CloudUser(std::move(params), run) {}
};

}  // namespace botsim::silva
