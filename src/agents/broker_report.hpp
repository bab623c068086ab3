#pragma once
// The broker agent's ending and reporting: a BoT ends when its tasks are done, its deadline
// passed or nothing is left to run on; every resource goes back, and the result goes to the
// consumer last, once every release is acknowledged.
#include "agents/broker_job.hpp"

namespace botsim::agents {

class BotReporting : BrokerRole {
 public:
  using BrokerRole::BrokerRole;

  /// The BoT is done (or cannot go on): every resource given back.
  void end(Job& j);
  /// Sends the BoT's result and forgets the job, once it may go (result_may_go).
  void report_if_done(Job& j);
  void on(const Released& m);
  void on(const BotDeadline& m);
};

}  // namespace botsim::agents
