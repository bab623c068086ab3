#pragma once
// The broker agent as the CNP's contractor for consumers' BoTs (Section 2.2): it proposes a
// price for a BoT, or refuses beyond its capacity. Its own data: its terms.
#include <cstddef>

#include "agents/catalog.hpp"
#include "agents/protocol.hpp"

namespace botsim::agents {

class BotContracts {
 public:
  struct Terms {
    double margin = 0;   // proposal = estimated cost x (1 + margin)
    long capacity = -1;  // BoTs served at once (-1: no limit); beyond it, refuse
  };
  explicit BotContracts(Terms terms) : terms_(terms) {}

  /// The BA's bid for a BoT (Section 2.2: "the overall cost for executing the BoT"): the hours
  /// one resource of each requested type needs for the BoT at full speed, rounded up, times
  /// the sum of their cheapest hourly prices, times 1 + margin.
  static double estimate(const BotRequest& bot, double margin, const Catalog& catalog);

  /// Whether a call for one more BoT is refused while `held` BoTs are held (proposed for or
  /// accepted: a proposal is a commitment).
  bool full(std::size_t held) const;
  /// The price proposed for `bot` (estimate with this broker's margin).
  double bid(const BotRequest& bot, const Catalog& catalog) const;

 private:
  Terms terms_;
};

}  // namespace botsim::agents
