#include "silva/silva_heuristic.hpp"

#include <cmath>
#include <stdexcept>

namespace botsim::silva {

namespace {
constexpr double kEps = 1e-9;
}

long possible_tasks(double from, double window_end, double average) {
  if (!(average > 0) || window_end <= from) return 0;
  return static_cast<long>(std::floor((window_end - from) / average + kEps));
}

long computers_to_create(long necessary, double creation_ratio, Line15 line15) {
  if (necessary < 0) return 0;                                     // Fig. 3a line 11
  if (creation_ratio >= 1.0) return necessary;                     // lines 12-13
  if (necessary == 0 && line15 == Line15::PositiveOnly) return 0;  // botsim's reading of line 15
  return static_cast<long>(static_cast<double>(necessary) * creation_ratio) + 1;  // line 15
}

double next_creation_ratio(double creation_ratio, double increase_ratio) {
  return creation_ratio + (1 - creation_ratio) * increase_ratio;  // Fig. 3a line 18
}

SilvaHeuristic::SilvaHeuristic(SilvaConfig config, long total_tasks)
    : config_(config), remaining_(total_tasks), creation_ratio_(config.creation_ratio) {
  if (!(config.host_processing_time > 0))
    throw std::invalid_argument("hostProcessingTime must be > 0");
}

void SilvaHeuristic::task_finished(double processing_time) {
  --remaining_;                                                        // Fig. 3a line 1
  ++finished_;                                                         // line 2
  total_processing_time_ += processing_time;                           // line 3
  average_ = total_processing_time_ / static_cast<double>(finished_);  // line 4
  has_average_ = true;
}

long SilvaHeuristic::necessary_computers(double possible) const {
  // Fig. 3a line 9 (round half away from zero, as Python 2's round()).
  return static_cast<long>(std::round((static_cast<double>(remaining_) - possible) * average_ /
                                      config_.host_processing_time));
}

long SilvaHeuristic::after_completion(double possible) {
  long necessary = necessary_computers(possible);
  long create = computers_to_create(necessary, creation_ratio_, config_.line15);
  if (necessary >= 0)  // line 18 sits inside line 11's if
    creation_ratio_ = next_creation_ratio(creation_ratio_, config_.increase_ratio);
  return create;
}

bool SilvaHeuristic::periodic_check(const std::vector<double>& running_elapsed) {
  if (running_elapsed.empty()) return false;
  double running_sum = 0;
  for (double e : running_elapsed) running_sum += e;  // Fig. 3b lines 1-2
  double running_avg = running_sum / static_cast<double>(running_elapsed.size());  // line 3
  double finished_avg =
      finished_ > 0 ? total_processing_time_ / static_cast<double>(finished_) : 0;  // lines 4-6
  if (running_avg <= finished_avg) return false;                                    // line 7
  // Lines 8-9 as intended: the mean over finished and running tasks (the printed formula adds
  // two averages and divides by a count; see docs/silva2008.md).
  average_ = (running_sum + total_processing_time_) /
             static_cast<double>(finished_ + static_cast<long>(running_elapsed.size()));
  has_average_ = true;
  return true;
}

long SilvaHeuristic::after_check(double possible) const {
  return computers_to_create(necessary_computers(possible), creation_ratio_, config_.line15);
}

}  // namespace botsim::silva
