#pragma once
// Reserved capacity (docs/cloud.md, "Reserved capacity"), pure: no SimGrid. A user may hold
// `slots` reserved instances of one type for its run: each slot costs an up-front amount and a
// discounted price per billing unit of the reservation's term (from the user's start to its
// end), whether an instance uses it or not. The user's instances of that type take a free slot
// first; an instance on a slot costs nothing more.
#include <string>
#include <vector>

#include "cloud/billing.hpp"

namespace botsim::cloud {

struct Reservation {
  std::string type;
  long slots = 0;
  double upfront = 0;     // per slot, charged once
  double unit_price = 0;  // per slot and billing unit of the term
};

/// Which of a reservation's slots are in use: an instance of the type takes a free one when
/// it starts and gives it back when it stops. O(1) each.
class ReservedSlots {
 public:
  ReservedSlots() = default;
  /// Throws std::invalid_argument on a negative count.
  explicit ReservedSlots(long slots);
  /// Takes a free slot, if any: true when the starting instance runs on it.
  bool take();
  /// Gives back a slot taken; throws std::logic_error when none is.
  void give_back();
  long free() const { return slots_ - used_; }
  long in_use() const { return used_; }

 private:
  long slots_ = 0, used_ = 0;
};

/// One row of a reservation's bill: slot k's up-front amount, or its use over the term.
struct ReservationCharge {
  long slot = 0;         // 1, 2, ...
  bool upfront = false;  // the up-front amount (units 1 at `upfront`), else the term's units
  double from_s = 0, to_s = 0;
  double units = 0;
  double unit_price = 0;
  double amount = 0;
};

/// The rows of `r`'s bill for a term from `from_s` to `to_s`: per slot, its up-front amount
/// (when not 0), then its term charged by the type's billing rule at the discounted price
/// (when not 0; charge(): at least one unit, the minimum applies). Throws
/// std::invalid_argument on negative amounts or a term that ends before it starts.
std::vector<ReservationCharge> reservation_charges(const Reservation& r, const BillingTerms& terms,
                                                   double from_s, double to_s);

}  // namespace botsim::cloud
