#pragma once
// The host-allocation heuristic of Silva, Veiga & Ferreira (2008), Fig. 3, as pure logic
// (docs/silva2008.md). The coordinator actor feeds it completions and running-task times; it
// answers how many computers to create.
#include <vector>

namespace botsim::silva {

/// Fig. 3a line 15 creates int(necessary*ratio)+1 computers whenever necessary >= 0, i.e. one
/// even when none is necessary. PositiveOnly (botsim's reading): the +1 rounds a positive need
/// up, and a need of 0 creates nothing. Literal: exactly as printed.
enum class Line15 { PositiveOnly, Literal };

struct SilvaConfig {
  double creation_ratio = 0.5;         // initial creationRatio, in [0, 1]
  double increase_ratio = 0.5;         // increaseRatio, in [0, 1]
  double host_processing_time = 3600;  // ATU / budget factor (s)
  Line15 line15 = Line15::PositiveOnly;
};

/// How many tasks of `average` seconds fit between `from` and `window_end` (Fig. 3a line 8's
/// runningComputer.possibleTasks(), per core). 0 if none; never negative.
long possible_tasks(double from, double window_end, double average);

/// Fig. 3a lines 11-17: computers to create for `necessary` computers at `creation_ratio`.
long computers_to_create(long necessary, double creation_ratio, Line15 line15);

/// Fig. 3a line 18.
double next_creation_ratio(double creation_ratio, double increase_ratio);

class SilvaHeuristic {
 public:
  SilvaHeuristic(SilvaConfig config, long total_tasks);

  /// Fig. 3a lines 1-4: a task finished after processing_time seconds. A lost task (its
  /// instance stopped) needs no call: it simply stays among the remaining ones.
  void task_finished(double processing_time);
  /// Fig. 3a lines 9-18, given possibleTasks (lines 6-8): how many computers to create.
  /// Updates creationRatio (line 18) when necessaryComputers >= 0.
  long after_completion(double possible_tasks);
  /// Fig. 3b lines 1-9, given the elapsed times of the running tasks: true if the running
  /// tasks' average exceeds the finished ones' and tasksAverageTime was raised.
  bool periodic_check(const std::vector<double>& running_elapsed);
  /// Fig. 3b's follow-up (Fig. 3a lines 6-9 and 11-17, no line 18).
  long after_check(double possible_tasks) const;

  /// Fig. 3a line 9.
  long necessary_computers(double possible_tasks) const;

  bool has_average() const { return has_average_; }
  double average() const { return average_; }
  double creation_ratio() const { return creation_ratio_; }
  long remaining_tasks() const { return remaining_; }
  long finished_tasks() const { return finished_; }

 private:
  SilvaConfig config_;
  long remaining_ = 0, finished_ = 0;
  double total_processing_time_ = 0;
  double average_ = 0;
  bool has_average_ = false;
  double creation_ratio_ = 0;
};

}  // namespace botsim::silva
