#include "bats/run_end.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "bats/budget_ledger.hpp"
#include "core/error.hpp"

namespace botsim::bats {

void check_run_end(const RunEnd& end) {
  // The ledger refuses an ATU beyond the budget and the accepted cushion (BudgetLedger), with
  // the same tolerance for sums of prices.
  if (end.budget &&
      end.spent > *end.budget + kMoneyTolerance * std::max(1.0, std::abs(*end.budget)))
    throw InternalError(fmt::format(
        "BaTS user {}: spent {:g}, more than its budget and accepted raise or cushion, {:g}",
        end.user, end.spent, *end.budget));
  if (end.live_instances != 0 || end.fleet_machines != 0)
    throw InternalError(
        fmt::format("BaTS user {}: {} instances and {} machines still live at the end of its run",
                    end.user, end.live_instances, end.fleet_machines));
}

}  // namespace botsim::bats
