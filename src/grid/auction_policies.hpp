#pragma once
// The brokers' policies of Sulistio & Buyya 2005 on the auction decision point
// (policy/auction.hpp): No-Opt (section 5), Global Domain (4.1) and Local Domain (4.2). Pure
// logic: the Broker actor asks them and applies what they decide.
#include "policy/registrar.hpp"

namespace botsim::grid {

/// Registers `no-opt`, `global` and `local`.
void register_auction_policies(policy::Registrar& registrar);

}  // namespace botsim::grid
