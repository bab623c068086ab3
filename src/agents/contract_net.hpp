#pragma once
// The pure part of the contract net protocol (CNP) as Gutierrez-Garcia & Sim (2012) use it
// (Section 2.2, Fig. 2; Table 5: 1 manager and 3 contractors): choosing the contractors among
// the providers a Cloud directory lists, and the winner among their replies.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"

namespace botsim::agents {

constexpr std::size_t kDefaultContractors = 3;  // Table 5

/// k contractors drawn uniformly without replacement from the directory's `providers`, in
/// draw order. Throws std::invalid_argument if k == 0 or k > providers.size().
std::vector<std::string> choose_contractors(const std::vector<std::string>& providers,
                                            std::size_t k, Rng& rng);

/// A contractor's reply to a call for proposals: a price, or a refusal (no price).
struct Proposal {
  std::string contractor;
  std::optional<double> price;
};

struct CnpOutcome {
  bool awarded = false;               // false: every contractor refused (the CNP failed)
  std::string winner;                 // gets accept-proposal
  double price = 0;                   // the winner's price
  std::vector<std::string> rejected;  // proposed but lost: get reject-proposal
  std::vector<std::string> refused;
};

/// The cheapest proposal wins; among equal prices, the earliest in `replies` (the manager
/// asked its contractors in a random order, so this is an arbitrary choice among equals, as in
/// Section 5.1(c)). Throws std::invalid_argument if a price is not a positive finite number.
CnpOutcome select_winner(const std::vector<Proposal>& replies);

/// Why a CNP failed, for the report: "every contractor refused (A, B, C)".
std::string failure_reason(const CnpOutcome& outcome);

/// A price (> 0, finite) from text such as "0.34"; throws std::invalid_argument naming `what`.
double parse_price(std::string_view text, std::string_view what);
/// Throws std::invalid_argument naming `what` unless price is > 0 and finite.
void validate_price(double price, std::string_view what);

}  // namespace botsim::agents
