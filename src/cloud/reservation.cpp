#include "cloud/reservation.hpp"

#include <stdexcept>

namespace botsim::cloud {

ReservedSlots::ReservedSlots(long slots) : slots_(slots) {
  if (slots < 0) throw std::invalid_argument("reserved slots must be >= 0");
}

bool ReservedSlots::take() {
  if (used_ >= slots_) return false;
  ++used_;
  return true;
}

void ReservedSlots::give_back() {
  if (used_ == 0) throw std::logic_error("no reserved slot is in use");
  --used_;
}

std::vector<ReservationCharge> reservation_charges(const Reservation& r, const BillingTerms& terms,
                                                   double from_s, double to_s) {
  if (r.slots < 0 || !(r.upfront >= 0) || !(r.unit_price >= 0))
    throw std::invalid_argument("a reservation's slots and prices must be >= 0");
  if (!(to_s >= from_s)) throw std::invalid_argument("a reservation's term ends before it starts");
  std::vector<ReservationCharge> rows;
  // Every slot's use costs the same: charged once, by the rule an instance of the type is.
  const Charge use = charge(from_s, to_s, terms, r.unit_price);
  for (long k = 1; k <= r.slots; ++k) {
    if (r.upfront > 0) rows.push_back({k, true, from_s, to_s, 1, r.upfront, r.upfront});
    if (r.unit_price > 0)
      rows.push_back({k, false, use.from_s, use.to_s, use.units, r.unit_price, use.amount});
  }
  return rows;
}

}  // namespace botsim::cloud
