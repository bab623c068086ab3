#pragma once
// Jobs and optima for the Silva et al. (2008) reproduction (docs/silva2008.md), pure.
#include <cstdint>
#include <vector>

namespace botsim::silva {

/// A render-like job shaped as the paper's Fig. 2 describes (the POV-Ray trace is not
/// published): 256 tasks in image order, mostly short with a slowly rising trend, a periodic
/// band of about 25 s tasks, and a few long ones (amplitude about 9 minutes). A stand-in.
std::vector<double> render_like_job(std::uint64_t seed);

/// The fewest one-ATU hosts that run every task within `capacity` seconds each, known task
/// times (first-fit decreasing bin packing; with equal tasks it is exact).
long optimum_hosts(const std::vector<double>& task_times, double capacity);
/// ceil(total / capacity): no schedule can use fewer hosts.
long hosts_lower_bound(const std::vector<double>& task_times, double capacity);

/// A job run on `hosts` hosts rented for the whole job with task times known (Fig. 1):
/// greedy list scheduling on the least-loaded host (longest task first), each host billed
/// per started ATU of its busy time.
struct StaticRun {
  double makespan_s = 0;
  long charged_units = 0;
  double speedup = 0;  // total work / makespan
};
StaticRun static_run(const std::vector<double>& task_times, long hosts, double atu_s);

}  // namespace botsim::silva
