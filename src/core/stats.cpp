#include "core/stats.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>

namespace botsim {

Stats stats(const std::vector<double>& v) {
  Stats s;
  s.n = v.size();
  if (v.empty()) return s;
  s.mean = 0;
  for (double x : v) s.mean += x;
  s.mean /= static_cast<double>(v.size());
  s.sd = 0;
  if (v.size() > 1) {
    for (double x : v) s.sd += (x - s.mean) * (x - s.mean);
    s.sd = std::sqrt(s.sd / static_cast<double>(v.size() - 1));
  }
  return s;
}

double ci95_half_width(const Stats& s) {
  if (s.n < 2) return std::numeric_limits<double>::quiet_NaN();
  boost::math::students_t t(static_cast<double>(s.n - 1));
  return boost::math::quantile(t, 0.975) * s.sd / std::sqrt(static_cast<double>(s.n));
}

}  // namespace botsim
