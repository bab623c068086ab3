#pragma once
// The budget guarantee of the execution phase (docs/bats2011.md, "The budget is never
// exceeded"): every ATU is paid when a machine enters it, only if budget + cushion covers it.
// No SimGrid.

namespace botsim::bats {

/// How close (relative) to a limit an amount of money counts as within it: sums of prices
/// carry floating-point noise.
inline constexpr double kMoneyTolerance = 1e-9;

/// The hard budget guarantee: an ATU is charged when a machine enters it, and the actor asks
/// can_pay() first; a machine whose next ATU cannot be paid is released at the end of the
/// current one. So spent() never exceeds budget + cushion.
class BudgetLedger {
 public:
  /// Throws std::invalid_argument for a negative or non-finite budget or cushion.
  explicit BudgetLedger(double budget, double cushion = 0);
  bool can_pay(double amount) const;
  /// Throws std::logic_error when the amount cannot be paid (ask can_pay first).
  void pay(double amount);
  /// Gives back a payment for an ATU that was never delivered (the provider refused the
  /// machine). Throws std::logic_error for more than was spent or a negative amount.
  void refund(double amount);
  double spent() const { return spent_; }
  /// Budget left without the cushion (the knapsack's remaining budget, 3.1); >= 0.
  double left() const;
  double left_with_cushion() const;

 private:
  double budget_, cushion_, spent_ = 0;
};

}  // namespace botsim::bats
