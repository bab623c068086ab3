#include "bats/budget_ledger.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace botsim::bats {

BudgetLedger::BudgetLedger(double budget, double cushion) : budget_(budget), cushion_(cushion) {
  if (!(budget >= 0) || !std::isfinite(budget))
    throw std::invalid_argument(fmt::format("budget must be >= 0, got {:g}", budget));
  if (!(cushion >= 0) || !std::isfinite(cushion))
    throw std::invalid_argument(fmt::format("cushion must be >= 0, got {:g}", cushion));
}

bool BudgetLedger::can_pay(double amount) const {
  double limit = budget_ + cushion_;
  return amount >= 0 && spent_ + amount <= limit + kMoneyTolerance * std::max(1.0, limit);
}

void BudgetLedger::refund(double amount) {
  if (!(amount >= 0 && amount <= spent_ + 1e-9))
    throw std::logic_error(fmt::format("refunding {:g} of {:g} spent", amount, spent_));
  spent_ = std::max(0.0, spent_ - amount);
}

void BudgetLedger::pay(double amount) {
  if (!can_pay(amount))
    throw std::logic_error(
        fmt::format("paying {:g} would exceed the budget {:g} + cushion {:g} "
                    "(spent {:g})",
                    amount, budget_, cushion_, spent_));
  spent_ += amount;
}

double BudgetLedger::left() const { return std::max(0.0, budget_ - spent_); }
double BudgetLedger::left_with_cushion() const {
  return std::max(0.0, budget_ + cushion_ - spent_);
}

}  // namespace botsim::bats
