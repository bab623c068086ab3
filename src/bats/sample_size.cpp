#include "bats/sample_size.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "bats/cluster.hpp"

namespace botsim::bats {

namespace {

void check_delta_confidence(double delta, double confidence) {
  if (!(delta > 0 && delta < 1))
    throw std::invalid_argument(
        fmt::format("error level delta must be in (0, 1), got {:g}", delta));
  if (!(confidence > 0 && confidence < 1))
    throw std::invalid_argument(
        fmt::format("confidence level must be in (0, 1), got {:g}", confidence));
}

// Standard normal upper tail, 1 - Phi(x).
double upper_tail(double x) { return 0.5 * std::erfc(x / std::sqrt(2.0)); }

// Fig. 2 lies at the ceiling's edges for some N: absorb rounding noise in the quotient.
long ceil_tolerant(double x) { return static_cast<long>(std::ceil(x - 1e-9)); }

}  // namespace

double z_value(double confidence) {
  check_delta_confidence(0.5, confidence);
  double tail = (1 - confidence) / 2;  // two-sided: P(|Z| > z) = 1 - confidence
  double lo = 0, hi = 40;
  for (int i = 0; i < 200 && hi - lo > 1e-14; ++i) {
    double mid = (lo + hi) / 2;
    (upper_tail(mid) > tail ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

namespace {
long formula(long n_tasks, double delta, double z2) {
  double n = static_cast<double>(n_tasks);
  return ceil_tolerant(n * z2 / (z2 + 2 * (n - 1) * delta * delta));  // 2.1
}
}  // namespace

long sample_size_formula(long n_tasks, double delta, double confidence) {
  if (n_tasks < 1) throw std::invalid_argument("the bag is empty: no task to sample");
  check_delta_confidence(delta, confidence);
  return formula(n_tasks, delta, std::pow(z_value(confidence), 2));
}

long sample_size_bound(double delta, double confidence) {
  check_delta_confidence(delta, confidence);
  return ceil_tolerant(std::pow(z_value(confidence), 2) / (2 * delta * delta));  // 2.1, Fig. 2
}

long sample_size(long n_tasks, double delta, double confidence) {
  long ns = std::max<long>(sample_size_formula(n_tasks, delta, confidence), kNlr);
  if (static_cast<double>(ns) <= 0.05 * static_cast<double>(n_tasks)) return ns;
  double z2 = std::pow(z_value(confidence), 2);
  long smallest = n_tasks;
  while (static_cast<double>(std::max<long>(formula(smallest, delta, z2), kNlr)) >
         0.05 * static_cast<double>(smallest))
    ++smallest;  // ends by 20 * max(bound, nlr): ns is bounded (sample_size_bound), 0.05 N is not
  throw std::invalid_argument(fmt::format(
      "bag of {} tasks too small to sample at delta {:g}, confidence {:g}: ns = {} exceeds 5% of "
      "the bag; needs at least {} tasks (or a larger delta, a lower confidence, or standalone "
      "mode)",
      n_tasks, delta, confidence, ns, smallest));
}

}  // namespace botsim::bats
