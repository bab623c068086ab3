#include "bats/regression.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace botsim::bats {

LinearDependency fit_linear_dependency(const std::vector<double>& t_j,
                                       const std::vector<double>& t_k) {
  if (t_j.size() != t_k.size())
    throw std::invalid_argument(
        fmt::format("regression: {} times against {} times", t_j.size(), t_k.size()));
  if (t_j.size() < 2) throw std::invalid_argument("regression: needs at least 2 replicated tasks");
  double n = static_cast<double>(t_j.size());
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < t_j.size(); ++i) {
    mx += t_j[i];
    my += t_k[i];
  }
  mx /= n;
  my /= n;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < t_j.size(); ++i) {
    sxx += (t_j[i] - mx) * (t_j[i] - mx);
    sxy += (t_j[i] - mx) * (t_k[i] - my);
  }
  if (!(sxx > 1e-12 * (mx * mx + 1)))
    throw std::invalid_argument("regression: the replicated tasks all took the same time");
  LinearDependency d{my - sxy / sxx * mx, sxy / sxx};  // ordinary least squares
  if (!(d.beta1 > 0))
    throw std::invalid_argument(fmt::format(
        "regression: beta1 = {:g}, no positive linear dependency between the clusters (use "
        "standalone mode)",
        d.beta1));
  return d;
}

LinearDependency compose(const LinearDependency& k_base, const LinearDependency& j_base) {
  return {k_base.beta0 - k_base.beta1 * j_base.beta0 / j_base.beta1,  // 2.2
          k_base.beta1 / j_base.beta1};
}

Moments moments(const std::vector<double>& values) {
  if (values.empty()) throw std::invalid_argument("moments of an empty sample");
  double n = static_cast<double>(values.size()), mu = 0, ss = 0;
  for (double v : values) mu += v;
  mu /= n;
  for (double v : values) ss += (v - mu) * (v - mu);
  return {mu, values.size() > 1 ? std::sqrt(ss / (n - 1)) : 0.0};
}

Moments transfer(const Moments& m_j, const LinearDependency& k_j) {
  return {k_j.apply(m_j.mu), std::fabs(k_j.beta1) * m_j.sigma};
}

Regression::Regression(const std::vector<std::vector<double>>& replicated, int base) : base_(base) {
  if (replicated.empty()) throw std::invalid_argument("regression: no replicated task");
  std::size_t nc = replicated.front().size();
  for (const auto& row : replicated)
    if (row.size() != nc)
      throw std::invalid_argument("regression: a replicated task lacks a cluster's time");
  if (base < 0 || static_cast<std::size_t>(base) >= nc)
    throw std::invalid_argument(fmt::format("regression: no base cluster {}", base));
  std::vector<double> t_base;
  for (const auto& row : replicated) t_base.push_back(row[base]);
  for (std::size_t k = 0; k < nc; ++k) {
    if (static_cast<int>(k) == base) {
      to_base_.push_back(LinearDependency{0, 1});
      continue;
    }
    std::vector<double> t_k;
    for (const auto& row : replicated) t_k.push_back(row[k]);
    to_base_.push_back(fit_linear_dependency(t_base, t_k));
  }
}

LinearDependency Regression::between(int k, int j) const {
  return compose(to_base_.at(k), to_base_.at(j));
}

double Regression::transfer_time(double t, int from, int to) const {
  if (from == to) return t;
  return to_base_.at(to).apply(to_base_.at(from).invert(t));  // from -> base -> to (2.2)
}

std::vector<std::vector<double>> complete_sample_sets(
    const std::vector<std::vector<double>>& replicated, const std::vector<SampleRun>& others,
    const Regression& regression) {
  int nc = regression.clusters();
  std::vector<std::vector<double>> sets(nc);
  for (const auto& row : replicated)
    for (int c = 0; c < nc; ++c) sets[c].push_back(row.at(c));
  for (const SampleRun& r : others) {
    if (r.cluster < 0 || r.cluster >= nc)
      throw std::invalid_argument(fmt::format("sample task on unknown cluster {}", r.cluster));
    for (int c = 0; c < nc; ++c)
      sets[c].push_back(regression.transfer_time(r.runtime_s, r.cluster, c));
  }
  return sets;
}

}  // namespace botsim::bats
