#pragma once
// The broker agent as the manager of one CNP per resource with the SPAs (Section 2.2): all in
// parallel once a BoT is accepted, then one for each late resource (Section 4) and for each
// replacement of a resource whose host failed.
#include <string>

#include "agents/broker_job.hpp"

namespace botsim::agents {

class ResourceContracts : BrokerRole {
 public:
  using BrokerRole::BrokerRole;

  void on(const Listing& m);  // the SPAs: one CNP per resource
  void on(const Propose& m);
  void on(const Refuse& m);
  void on(const CallLateResource& m);
  /// CNP `cnp` ended in an allocated resource.
  void allocated(Job& j, int cnp);
  /// Contracts a resource of the failed one's type to take its place (a CNP as a late one's).
  void replace(Job& j, const HeldResource& failed);
  /// `committed` plus the prices awarded to replacements not yet allocated, added in CNP
  /// order (they count against the budget until allocated).
  static double plus_awarded(const Job& j, double committed);

 private:
  bool call_for_resource(Job& j, int cnp);
  void reply_to_cnp(Job& j, int cnp, Proposal p);
  void cnp_failed(Job& j, int cnp, const std::string& why);
  /// A first CNP settled; the BoT runs once all are (Section 2.2).
  void cnp_settled(Job& j);
  /// A late or replacement CNP settled.
  void late_settled(Job& j, int cnp);
  /// A CNP for a resource joining the running BoT: a late resource's or a replacement's.
  static bool is_late(const Job& j, int cnp);
};

}  // namespace botsim::agents
