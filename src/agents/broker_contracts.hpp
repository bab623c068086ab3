#pragma once
// The broker agent as the manager of one CNP per resource with the SPAs (Section 2.2): all in
// parallel once a BoT is accepted, then one for each late resource (Section 4) and for each
// replacement of a resource whose host failed. Its own data: one BoT's CNPs, the providers
// listed, which CNPs are open, which failed and the prices awarded to replacements not yet
// allocated. It tells what a settled CNP means (Settled); the broker (broker.hpp) passes it on.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "agents/broker_port.hpp"
#include "agents/contract_net.hpp"
#include "core/rng.hpp"

namespace botsim::agents {

/// One CNP for a resource with the SPAs (Section 2.2), the manager's side.
struct ResourceCnp {
  std::string type;
  std::string replaces;  // a replacement's CNP: the RA whose host failed
  std::vector<std::string> contractors;
  std::vector<Proposal> replies;
  double awarded_price = 0;  // a replacement accepted and not yet allocated: its first slot
};

class ResourceContracts {
 public:
  ResourceContracts(const BotRequest& bot, BrokerPort& port) : bot_(bot), port_(port) {}

  /// What the CNPs that settled (awarded and allocated, or failed) in one step mean for the BoT.
  struct Settled {
    bool composed = false;  // the last first CNP settled: the BoT runs (Section 2.2)
    bool joined = false;    // a late or replacement CNP settled
    std::vector<std::string> replacements_lost;  // why a replacement was not had, in order
  };
  /// Whether the budget pays `price` more (a replacement's first slots) on top of what is
  /// committed: the broker asks the ledger and plus_awarded().
  using Affordable = std::function<bool(double price)>;

  /// The directory listed the SPAs: one CNP per requested resource, all in parallel, each
  /// drawing its contractors from `rng`.
  Settled start(const std::vector<std::string>& providers, Rng& rng);
  /// Late resource `cnp`'s CNP, due now (Section 4).
  Settled call_late(int cnp, Rng& rng);
  /// A contractor's proposal or refusal in CNP `cnp`; once all have replied, the cheapest
  /// proposal is accepted and the others rejected (a replacement's only if `affordable`).
  Settled reply(int cnp, Proposal p, const Affordable& affordable);
  /// CNP `cnp` ended in an allocated resource.
  Settled allocated(int cnp);
  /// Contracts a resource of `type` to take the place of RA `ra`, whose host failed (a CNP as
  /// a late one's).
  Settled replace(const std::string& type, const std::string& ra, Rng& rng);

  /// `committed` plus the prices awarded to replacements not yet allocated, added in CNP
  /// order (they count against the budget until allocated).
  double plus_awarded(double committed) const;
  long late_open() const { return late_open_; }  // late or replacement CNPs not yet settled
  long replacing() const { return replacing_; }  // of those, the replacements'
  /// Why first and late CNPs failed, in order; CNPs failed, replacements' included.
  const std::vector<std::string>& failures() const { return failures_; }
  long failed_cnps() const;

 private:
  bool call_for_resource(int cnp, Rng& rng);
  void failed(int cnp, const std::string& why, Settled& out);
  void settled(int cnp, Settled& out);
  bool is_late(int cnp) const;  // a CNP for a resource joining the running BoT

  const BotRequest& bot_;
  BrokerPort& port_;
  std::vector<ResourceCnp> cnps_;  // first, then late, then replacements
  std::size_t unsettled_ = 0;      // first CNPs not yet allocated or failed
  std::vector<std::string> providers_;
  long late_open_ = 0;
  long replacing_ = 0;
  std::vector<std::string> failures_;
  long failed_replacements_ = 0;
};

}  // namespace botsim::agents
