#pragma once
// The brokers' arithmetic (Sulistio & Buyya 2005, section 4), free of SimGrid.
// Bids are in cents per minute, lengths in MI, speeds in MIPS, times in seconds.
#include <functional>
#include <string>
#include <vector>

#include "core/rng.hpp"

namespace botsim::grid {

/// What a broker knows of a resource from discovery (4.1.1: minBid, maxBid, C, PE).
struct ResourceView {
  std::string name;
  int pe = 1;
  double mips_per_pe = 0;
  double min_bid = 0, max_bid = 0;  // cents per minute
  double surcharge = 0;             // fraction charged on top of the bid to this user
  bool local = true;                // in the user's own VO domain
  double capability() const { return pe * mips_per_pe; }  // C_r
  double avg_bid() const { return (min_bid + max_bid) / 2; }
};

/// Index of the resource with the smallest C (the first of equals).
size_t slowest_resource(const std::vector<ResourceView>& resources);

/// 4.1.2: est_time = avgLength * PE_slowest / C_slowest.
double estimated_time(double avg_length_mi, const ResourceView& slowest);

/// Eq. 4, as a rate: maxBid if est_time > D, otherwise avgBid (bid(r, P) = rate * P).
double initial_bid(double est_time, double deadline_s, const ResourceView& r);

/// Eq. 5: finish_time = L_total / S_r (infinite when the share is 0).
double finish_time(double remaining_mi, double share_mips);

/// The three cases of 4.1.4, given the remaining time `time_left` = (D + start) - now.
enum class BidCase { Keep = 1, Decrease = 2, Increase = 3 };
BidCase classify(double finish_time_s, double time_left_s);

/// Eq. 6 with its constraint: case 1 keeps B_r; cases 2 and 3 bid finish_time / time * B_r;
/// once D has passed (time_left <= 0), maxBid. Always within [minBid, maxBid].
double adjusted_bid(double finish_time_s, double time_left_s, double bid, const ResourceView& r);

/// 4.2: kappa = m / n (integer division), tasks first sent to each local resource.
int kappa(int tasks, int resources);

/// 4.2, L_task: how many of `lengths` (taken in order) can be added to a resource holding
/// `l_total` MI for this user, at share `share_mips`, keeping (L_total + L_task) / S_r <= limit_s.
size_t tasks_that_fit(double l_total, double share_mips, const std::vector<double>& lengths,
                      double limit_s);
/// The same for `count` tasks whose lengths are length(0), length(1), ...: only the lengths
/// looked at are asked for (a broker's List may be long, and only its first tasks fit).
size_t tasks_that_fit(double l_total, double share_mips, size_t count,
                      const std::function<double(size_t)>& length, double limit_s);

/// 4.1.3: the resource (index into `resources`) of each task. Resources less powerful than the
/// most powerful get a quota of tasks in proportion to C_r (floor(m * C_r / sum C)), filled with
/// the smallest tasks, weakest resource first; every other task goes to one of the most powerful
/// resources, drawn uniformly at random.
std::vector<size_t> global_submission_plan(const std::vector<double>& lengths,
                                           const std::vector<ResourceView>& resources, Rng& rng);

/// No-Opt (section 5): tasks dealt in turn to all resources (an even spread), in a random order.
std::vector<size_t> uniform_submission_plan(size_t tasks, size_t resources, Rng& rng);

/// 4.2 "best available": each task goes to a resource that holds the fewest queued tasks of
/// this user (counting the ones given so far), ties drawn uniformly at random.
/// `queued[r]` is the user's number of queued (not started) tasks on resource r.
std::vector<size_t> best_available_plan(size_t tasks, std::vector<int> queued, Rng& rng);

}  // namespace botsim::grid
