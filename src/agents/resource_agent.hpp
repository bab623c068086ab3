#pragma once
// A resource agent (Gutierrez-Garcia & Sim 2012, Section 2.1 (3)): wraps one Cloud resource,
// a host of the platform, enlisted in one service provider agent, which creates it. It is
// allocated to one user at a time and executes that user's tasks one after the other on its
// host (Section 2.2), returning each output to its SPA.
#include <string>

#include "agents/protocol.hpp"

namespace botsim::agents {

class ResourceAgent {
 public:
  /// Counts what it sends for each consumer in `tally` (the run's).
  ResourceAgent(ProviderAddress provider, MessageTally& tally);
  void operator()();

 private:
  ProviderAddress provider_;
  MessageTally* tally_;  // the run's (not owned; a pointer keeps the functor copyable)
  std::string host_;
};

}  // namespace botsim::agents
