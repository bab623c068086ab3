#pragma once
// The experiments `botsim experiment NAME` knows: each registers itself (register.cpp) with
// what it runs and what it says of itself in --list and --help.
#include <functional>
#include <string>
#include <vector>

namespace botsim::campaign {

struct ExperimentOptions {
  std::string name;  // the experiment's
  int reps = 1;
  bool reps_given = false;  // experiments pick their paper's count when not given
  int jobs = 1;
  unsigned long long seed = 1;
  std::string out_dir;  // default results/NAME
  bool fresh = false;   // redo every replication, even those an interrupted run finished
  std::string command;  // the command line it was run with, for its record (experiment_record)
};

struct Experiment {
  std::string name;
  std::string description;
  std::function<void(const ExperimentOptions&)> run;
  std::string default_reps;  // what --reps is when not given, for `experiment --help`
  std::string duration;      // about how long it takes at its defaults on two cores (--list)
};

void register_experiment(Experiment e);
const std::vector<Experiment>& registered();

}  // namespace botsim::campaign
