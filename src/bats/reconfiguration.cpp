#include "bats/reconfiguration.hpp"

#include <algorithm>
#include <stdexcept>

namespace botsim::bats {

ReconfigurationPlan plan_reconfiguration(const std::vector<MachineState>& machines,
                                         const std::vector<int>& target, double atu_s) {
  if (!(atu_s > 0)) throw std::invalid_argument("ATU must be > 0 seconds");
  ReconfigurationPlan p;
  p.acquire.assign(target.size(), 0);
  for (std::size_t c = 0; c < target.size(); ++c) {
    if (target[c] < 0) throw std::invalid_argument("reconfiguration: negative machine count");
    std::vector<std::size_t> on, off;  // unmarked, marked machines of cluster c
    for (std::size_t j = 0; j < machines.size(); ++j)
      if (machines[j].cluster == static_cast<int>(c)) (machines[j].marked ? off : on).push_back(j);
    auto paid_left = [&](std::size_t j) {  // time to the end of the current ATU
      double up = machines[j].uptime_s;
      return current_atu_end_s(up, atu_s) - up;
    };
    auto ends_first = [&](std::size_t a, std::size_t b) { return paid_left(a) < paid_left(b); };
    int have = static_cast<int>(on.size());
    if (target[c] < have) {  // shrink: mark those that would start a new ATU first
      std::sort(on.begin(), on.end(), ends_first);
      p.mark.insert(p.mark.end(), on.begin(), on.begin() + (have - target[c]));
      continue;
    }
    int need = target[c] - have;  // grow: keep marked machines (no start-up delay) first
    std::sort(off.begin(), off.end(),
              [&](std::size_t a, std::size_t b) { return ends_first(b, a); });
    int keep = std::min<int>(need, static_cast<int>(off.size()));
    p.unmark.insert(p.unmark.end(), off.begin(), off.begin() + keep);
    p.acquire[c] = need - keep;
  }
  return p;
}

}  // namespace botsim::bats
