#pragma once
// The sample size ns of section 2.1 (sampling with replacement) and its z-value.
namespace botsim::bats {

/// z_alpha of 2.1: the two-sided standard normal quantile, Phi^-1((1 + confidence) / 2)
/// (z0.90 = 1.645, z0.95 = 1.960, z0.99 = 2.576; the paper prints them rounded). Computed by
/// bisection on std::erfc. Throws std::invalid_argument unless 0 < confidence < 1.
double z_value(double confidence);

/// The formula of 2.1 alone: ns = ceil(N z^2 / (z^2 + 2 (N - 1) delta^2)).
/// Throws std::invalid_argument for an empty bag, 0 < delta < 1 or 0 < confidence < 1 violated.
long sample_size_formula(long n_tasks, double delta, double confidence);

/// ns's limit for an infinite bag, ceil(z^2 / (2 delta^2)) (2.1, Fig. 2).
long sample_size_bound(double delta, double confidence);

/// ns as BaTS uses it: the formula, raised to nlr = 7 if smaller (the replicated tasks belong
/// to the sample), and refused (std::invalid_argument naming the smallest bag that works) when
/// it breaks the paper's validity condition ns <= 0.05 N.
long sample_size(long n_tasks, double delta, double confidence);

}  // namespace botsim::bats
