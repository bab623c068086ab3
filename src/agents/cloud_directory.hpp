#pragma once
// The Cloud directory (Gutierrez-Garcia & Sim 2012, Section 2.1 (7)): a system agent listing the
// broker agents and service provider agents that registered; CAs look up brokers, BAs look up
// providers. One per deployment; its inbox has a fixed name (directory_inbox()).
#include <string>
#include <vector>

#include "core/props.hpp"
#include "platform/scenario.hpp"

namespace botsim::agents {

class CloudDirectory {
 public:
  struct Params {
    static Params read(const PropReader& props, const ActorSite& site);
  };
  CloudDirectory(Params params, Run& run);
  void operator()();

 private:
  Run& run_;
  std::vector<std::string> brokers_, providers_;
};

}  // namespace botsim::agents
