#include "support/recorded_shares.hpp"

#include <algorithm>
#include <utility>

namespace botsim::test {

std::vector<double> recorded_work(const std::vector<RanTask>& tasks,
                                  const std::vector<RecordedShare>& shares,
                                  const std::map<std::string, double>& mips, double period_s) {
  std::map<std::pair<std::string, std::string>, std::vector<const RecordedShare*>> rows;
  for (const auto& s : shares) rows[{s.resource, s.user}].push_back(&s);
  std::vector<double> work;
  for (const auto& t : tasks) {
    double mi = 0;
    auto it = rows.find({t.host, t.user});
    if (it != rows.end())
      for (const RecordedShare* s : it->second) {
        const double overlap =
            std::min(t.end_s, s->time_s + period_s) - std::max(t.start_s, s->time_s);
        if (overlap > 0) mi += s->share * mips.at(t.host) * overlap;
      }
    work.push_back(mi);
  }
  return work;
}

std::map<std::pair<std::string, std::string>, double> received_work(
    const std::vector<RecordedShare>& received, const std::map<std::string, double>& mips,
    double period_s) {
  std::map<std::pair<std::string, std::string>, double> work;
  for (const auto& r : received)
    work[{r.resource, r.user}] += r.share * mips.at(r.resource) * period_s;
  return work;
}

}  // namespace botsim::test
