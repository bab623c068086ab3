#include "silva/jobs.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <queue>
#include <stdexcept>

#include "cloud/billing.hpp"
#include "core/rng.hpp"

namespace botsim::silva {

std::vector<double> render_like_job(std::uint64_t seed) {
  // 256 viewports of a 512x512 image (16 x 16 tiles of 32 x 32 pixels), rendered in order.
  Rng rng = make_rng(seed, "render-like");
  std::lognormal_distribution<double> noise(0.0, 0.35);
  std::normal_distribution<double> band(25.0, 1.5);
  std::vector<double> t(256);
  for (int i = 0; i < 256; ++i) {
    double x = i / 255.0;
    // Mostly short tasks whose cost rises slowly down the image (the running average of
    // Fig. 2 creeps up and reaches its final value only with the last tasks).
    t[i] = (6.0 + 70.0 * x * x) * noise(rng);
    // A periodic band of about 25 s tasks: the same image column in every row.
    if (i % 16 == 9) t[i] = band(rng);
  }
  // A few long tasks near the bottom of the image, up to ~9 minutes (the amplitude of Fig. 2).
  const int longs[] = {181, 203, 222, 237, 244, 251};
  std::uniform_real_distribution<double> long_time(240.0, 545.0);
  for (int i : longs) t[i] = long_time(rng);
  for (auto& v : t) v = std::max(1.0, std::round(v * 10.0) / 10.0);  // 0.1 s resolution
  return t;
}

long hosts_lower_bound(const std::vector<double>& task_times, double capacity) {
  double total = std::accumulate(task_times.begin(), task_times.end(), 0.0);
  return std::max(1L, static_cast<long>(std::ceil(total / capacity - 1e-9)));
}

long optimum_hosts(const std::vector<double>& task_times, double capacity) {
  std::vector<double> sorted = task_times;
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  std::vector<double> free;  // remaining capacity of each host
  for (double t : sorted) {
    if (t > capacity + 1e-9) throw std::invalid_argument("a task is longer than a host's time");
    bool placed = false;
    for (auto& f : free)
      if (t <= f + 1e-9) {
        f -= t;
        placed = true;
        break;
      }
    if (!placed) free.push_back(capacity - t);
  }
  return std::max<long>(1, static_cast<long>(free.size()));
}

StaticRun static_run(const std::vector<double>& task_times, long hosts, double atu_s) {
  if (hosts < 1) throw std::invalid_argument("hosts must be >= 1");
  std::vector<double> sorted = task_times;
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  // Min-heap of (load, host index): ties go to the lowest index, so the run is deterministic.
  using Slot = std::pair<double, long>;
  std::priority_queue<Slot, std::vector<Slot>, std::greater<>> heap;
  for (long h = 0; h < hosts; ++h) heap.push({0.0, h});
  std::vector<double> load(static_cast<size_t>(hosts), 0.0);
  for (double t : sorted) {
    auto [l, h] = heap.top();
    heap.pop();
    load[static_cast<size_t>(h)] = l + t;
    heap.push({l + t, h});
  }
  StaticRun r;
  double total = std::accumulate(task_times.begin(), task_times.end(), 0.0);
  for (double l : load) {
    r.makespan_s = std::max(r.makespan_s, l);
    r.charged_units += cloud::charged_units(0, l, atu_s);  // every rented host pays its first ATU
  }
  r.speedup = r.makespan_s > 0 ? total / r.makespan_s : 0;
  return r;
}

}  // namespace botsim::silva
