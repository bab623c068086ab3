#pragma once
// The broker agent as the CNP's contractor for consumers' BoTs (Section 2.2): it proposes a
// price for a BoT, or refuses beyond its capacity; an accepted BoT starts its resource CNPs.
#include "agents/broker_job.hpp"
#include "agents/catalog.hpp"

namespace botsim::agents {

class BotContracts : BrokerRole {
 public:
  struct Terms {
    double margin = 0;   // proposal = estimated cost x (1 + margin)
    long capacity = -1;  // BoTs served at once (-1: no limit); beyond it, refuse
  };
  BotContracts(BrokerRoles& roles, Terms terms) : BrokerRole(roles), terms_(terms) {}

  /// The BA's bid for a BoT (Section 2.2: "the overall cost for executing the BoT"): the hours
  /// one resource of each requested type needs for the BoT at full speed, rounded up, times
  /// the sum of their cheapest hourly prices, times 1 + margin.
  static double estimate(const BotRequest& bot, double margin, const Catalog& catalog);

  void on(const CallForBot& m);
  void on(const Accept& m);
  void on(const Reject& m);

 private:
  Terms terms_;
};

}  // namespace botsim::agents
