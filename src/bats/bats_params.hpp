#pragma once
// What a BatsMaster is told by its deployment (docs/bats2011.md, "Deployment props"): the
// clusters it rents from, the bag, the sampling's parameters (2.1, 3.2) and the user's choice
// among the proposed schedules (4.3) or its budget. Read and checked before the run.
#include <optional>
#include <string>
#include <vector>

#include "bats/cluster.hpp"
#include "bats/execution.hpp"
#include "cloud/billing.hpp"
#include "platform/scenario.hpp"

namespace botsim::bats {

struct BatsParams {
  enum class Sampling { LinearRegression, Implicit };
  std::string name;  // the user
  std::string provider_host;
  std::vector<cloud::InstanceType> types;  // one per cluster, the first is the base
  std::vector<Cluster> clusters;           // price and maximum machines of each type
  double atu_s = 3600;
  std::vector<double> task_times;  // seconds on the base cluster (its instance speed)
  double delta = 0.25, confidence = 0.95;
  long ns = 0;  // sample size (2.1), or the `sample_size` prop
  int initial_workers = 7;
  Sampling sampling = Sampling::LinearRegression;
  int schedule = 2;              // 1..4, when no budget is given
  std::optional<double> budget;  // a budget taken directly
  bool accept_cushion = true;
  /// The rules botsim adds to the phases (docs/bats2011.md, "Rules botsim adds"):
  /// `rules` = botsim (all on) or paper (all off), each overridden by its own prop.
  ExecutionRules rules;
  double monitoring_fraction = 1.0 / 12;
  bool random_order = true;  // task_order: "random" (the paper) or "given" (file order)
  /// A time from the start after which the user stops, its bag undone (not in the paper).
  std::optional<double> deadline_s;

  /// The deployment's props; a bad one is an InputError naming it (exit code 2).
  static BatsParams read(const PropReader& props, const ActorSite& site);

  /// The policy column of summary.json: "sched2", "budget=700", with ",implicit" in standalone.
  std::string policy() const;
};

}  // namespace botsim::bats
