#pragma once
// What must hold where a run with a cloud ends (as Batsim asserts after its main loop): what
// each renter spent (summary.json's `spent`) is what the provider billed for its instances
// (instances.csv's `cost`, added up), and what its invoice rows add up to (invoice.csv's
// `amount`), each instance's rows its cost. A broken one is botsim's own bug, never a result:
// check_bills throws. Run in every simulation with a CloudProvider. No SimGrid.
#include <vector>

#include "cloud/records.hpp"
#include "core/summary.hpp"

namespace botsim::cloud {

/// Throws std::logic_error naming the first instance whose invoice rows do not add up to its
/// cost, or the first user whose `spent` differs from the costs of its instances or from its
/// invoice rows, by more than a rounding error. A renter that keeps no user record (none of
/// botsim's models; a test's bare renter) is not checked against a `spent`.
void check_bills(const std::vector<InstanceRecord>& instances,
                 const std::vector<InvoiceRecord>& invoice, const std::vector<UserRecord>& users);

}  // namespace botsim::cloud
