#pragma once
// Section 2.2: task run times on different clusters are linearly dependent,
// t(k) = beta0(k,j) + beta1(k,j) * t(j). BaTS fits (beta0, beta1) of every cluster against one
// base cluster from the nlr = 7 replicated tasks and transfers times through the base.
#include <vector>

namespace botsim::bats {

/// t(k) = beta0 + beta1 * t(j): the linear dependency of cluster k on cluster j (2.2).
struct LinearDependency {
  double beta0 = 0;
  double beta1 = 1;

  double apply(double t_j) const { return beta0 + beta1 * t_j; }
  /// The inverse: t(j) from t(k) (2.2, t_base = (t_k - beta0) / beta1).
  double invert(double t_k) const { return (t_k - beta0) / beta1; }
};

/// Least-squares fit of t_k on t_j over the replicated tasks (pairs by index).
/// Throws std::invalid_argument for fewer than 2 pairs, different lengths, equal t_j everywhere
/// (no slope), or a fitted beta1 <= 0 (no usable dependency: use standalone mode).
LinearDependency fit_linear_dependency(const std::vector<double>& t_j,
                                       const std::vector<double>& t_k);

/// 2.2: beta(k,j) from beta(k,base) and beta(j,base):
/// beta0(k,j) = beta0(k,base) - beta1(k,base) * beta0(j,base) / beta1(j,base);
/// beta1(k,j) = beta1(k,base) / beta1(j,base).
LinearDependency compose(const LinearDependency& k_base, const LinearDependency& j_base);

/// Mean and standard deviation of a sample.
struct Moments {
  double mu = 0;
  double sigma = 0;
};
/// mu and the sample standard deviation (n - 1 in the denominator; 0 for one value).
Moments moments(const std::vector<double>& values);
/// mu and sigma carried across a linear dependency: mu_k = beta0 + beta1 mu_j,
/// sigma_k = |beta1| sigma_j (Fig. 5 compares these with the real bag's).
Moments transfer(const Moments& m_j, const LinearDependency& k_j);

/// The regression of 2.2 for every cluster against a base cluster.
class Regression {
 public:
  /// replicated[t][c]: run time of replicated task t on cluster c (each of the nlr tasks ran
  /// on every cluster). Fits every cluster against `base`.
  Regression(const std::vector<std::vector<double>>& replicated, int base);

  int base() const { return base_; }
  int clusters() const { return static_cast<int>(to_base_.size()); }
  /// (beta0, beta1) of cluster k against the base (identity for the base itself).
  const LinearDependency& against_base(int k) const { return to_base_.at(k); }
  /// (beta0, beta1) of cluster k against cluster j, through the base (2.2).
  LinearDependency between(int k, int j) const;
  /// A run time seen on cluster `from`, as expected on cluster `to`.
  double transfer_time(double t, int from, int to) const;

 private:
  int base_;
  std::vector<LinearDependency> to_base_;
};

/// One finished sample task that ran on one cluster only (the ns - nlr self-scheduled ones).
struct SampleRun {
  int cluster = 0;
  double runtime_s = 0;
};

/// 2.2's complete sample sets: for every cluster, the replicated tasks' own times on it plus
/// every other sample task's time transferred to it (through the base).
std::vector<std::vector<double>> complete_sample_sets(
    const std::vector<std::vector<double>>& replicated, const std::vector<SampleRun>& others,
    const Regression& regression);

}  // namespace botsim::bats
