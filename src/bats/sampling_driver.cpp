#include "bats/sampling_driver.hpp"

#include <stdexcept>

#include "core/results.hpp"

namespace botsim::bats {

namespace {

// No slope (2.2, e.g. equal replicated times): the LR sampling cannot estimate the clusters.
Stop regression_failed(const std::invalid_argument& e) {
  return Stop{user_status::kUnfinished,
              std::string("linear regression failed (use sampling=implicit): ") + e.what()};
}

}  // namespace

SamplingDriver::SamplingDriver(const BatsParams& params, MachineFleet& fleet, std::deque<long>& bag)
    : params_(params), fleet_(fleet), bag_(bag) {
  if (params.sampling == BatsParams::Sampling::LinearRegression) {
    lr_.emplace(params.clusters, params.ns, params.initial_workers);
  } else {
    implicit_.emplace(params.clusters, params.ns, params.initial_workers);
    // Standalone with a budget: the sampling is paid from it; with a schedule, apart.
    if (params.budget) ledger_.emplace(*params.budget);
  }
  fleet_.pay_from(ledger_ ? &*ledger_ : nullptr);
}

void SamplingDriver::start() {
  std::vector<int> initial;
  if (lr_) {
    for (int r = 0; r < kNlr; ++r)  // Fig. 3 line 2: nlr random tasks of the bag
      replicated_tasks_.push_back(take_task(bag_));
    initial = lr_->initial_configuration();
  } else {
    initial = implicit_->initial_configuration();
  }
  for (size_t c = 0; c < initial.size(); ++c)
    for (int i = 0; i < initial[c]; ++i) fleet_.acquire(static_cast<int>(c));
}

void SamplingDriver::dispatch() {
  for (auto& [name, inst] : fleet_.live()) {
    if (!MachineFleet::asks_for_work(inst)) continue;
    if (!lr_) {  // implicit: every machine takes tasks of the bag
      if (!bag_.empty()) fleet_.run(inst, take_task(bag_), -1);
      continue;
    }
    if (!lr_->takes_task(fleet_.state(inst), name == intermediary_, fleet_.atu_s(), bag_.empty()))
      continue;  // idle until its ATU ends (the execution phase may still want it)
    SampleAssignment a = lr_->next_task(fleet_.machine(name).cluster);  // Fig. 3 lines 15-21
    if (a.kind == SampleAssignment::Kind::Replicated)
      fleet_.run(inst, replicated_tasks_[static_cast<size_t>(a.replicated)], a.replicated);
    else if (a.kind == SampleAssignment::Kind::Sample && !bag_.empty())
      fleet_.run(inst, take_task(bag_), -1);
    else if (a.kind == SampleAssignment::Kind::Sample)
      lr_->sample_lost();  // no task left for it (a tiny bag)
  }
}

Next SamplingDriver::task_done(int cluster, int replicated, double runtime_s) {
  if (!lr_) {
    implicit_->task_finished(cluster, runtime_s);
  } else {
    if (replicated >= 0)
      lr_->replicated_done(replicated, cluster, runtime_s);
    else
      lr_->sample_done(cluster, runtime_s);
    if (!lr_->complete())
      if (std::optional<Stop> stop = carry_on()) return *stop;
  }
  if (complete()) return PhaseOver{};
  return GoOn{};
}

bool SamplingDriver::complete() const { return lr_ ? lr_->complete() : implicit_->complete(); }

bool SamplingDriver::goes_on(const Instance& inst, bool busy) const {
  const Machine& mc = fleet_.machine(inst.name);
  // In the LR sampling (3.2) a machine goes on only to finish a replicated task, or as the one
  // machine of the intermediary type that carries the sampling on; the others are released.
  // A machine still booting (a boot longer than an ATU, not in the paper) has run nothing yet:
  // it goes on while the sampling waits for a machine of its cluster (replica_wait; off, it is
  // released as an idle machine is).
  const bool intermediary = inst.name == intermediary_;
  if (lr_ && !inst.ready)
    return (params_.rules.replica_wait && lr_->needs(mc.cluster)) ||
           lr_->goes_on(false, intermediary);
  if (lr_) return lr_->goes_on(busy && mc.replicated >= 0, intermediary);
  return !mc.marked && (busy || !bag_.empty());
}

void SamplingDriver::task_lost(long task, int cluster, int replicated) {
  // A replicated task is lost to the sampling (sent again to its cluster), any other goes back
  // to the bag.
  if (replicated >= 0) {
    lr_->replicated_lost(replicated, cluster);
    return;
  }
  if (lr_) lr_->sample_lost();
  bag_.push_front(task);
}

Next SamplingDriver::machine_refused(const std::string& reason, bool gone) {
  if (gone)
    return Stop{user_status::kResourcesFailed, reason + "; the sampling needs a machine of it"};
  failures_ = true;
  return GoOn{};
}

Next SamplingDriver::machine_stopped(bool failed, long) {
  if (lr_)
    if (std::optional<Stop> stop = carry_on()) return *stop;
  if (failed) {
    failures_ = true;
    resume();
  } else if (!fleet_.any_active() && !complete() && !resume()) {
    // Released at the end of its paid time with no money for its next ATU (e.g. still booting)
    // and none for another: nothing would ever happen again.
    return out_of_budget();
  }
  return GoOn{};
}

Next SamplingDriver::tick(long) {
  if (!failures_) return GoOn{};
  // A cluster whose machines failed is asked for again at each tick while the provider
  // refuses (its hosts under repair).
  if (lr_)
    if (std::optional<Stop> stop = carry_on()) return *stop;  // after the regression
  if (!resume()) return out_of_budget();
  return GoOn{};
}

Stop SamplingDriver::out_of_budget() {
  return Stop{user_status::kOutOfBudget,
              "the budget left cannot pay for a machine to finish the sampling"};
}

std::optional<Stop> SamplingDriver::carry_on() {
  // 3.2: the replicated tasks are done but not ns - nlr others: one machine of the
  // intermediary most profitable type (on the runtimes so far) runs the rest of the sample.
  if (!lr_->regression_ready() || lr_->complete()) return std::nullopt;
  auto live = fleet_.live().find(intermediary_);
  if (live != fleet_.live().end() && !live->second.stopping) return std::nullopt;
  int cluster;
  try {
    cluster = lr_->intermediary_cluster();
  } catch (const std::invalid_argument& e) {
    return regression_failed(e);
  }
  // A live machine of that type, the one whose paid time ends last; else a new one.
  std::vector<std::string> names;
  std::vector<int> clusters;
  std::vector<double> paid_until;
  for (const auto& [name, inst] : fleet_.live()) {
    if (inst.stopping) continue;
    names.push_back(name);
    clusters.push_back(fleet_.machine(name).cluster);
    paid_until.push_back(fleet_.paid_until_s(inst));
  }
  const int j = intermediary_machine(clusters, paid_until, cluster);
  intermediary_.clear();
  if (j >= 0)
    intermediary_ = names[static_cast<size_t>(j)];
  else if (Instance* inst = fleet_.acquire(cluster))
    intermediary_ = inst->name;
  dispatch();
  return std::nullopt;
}

bool SamplingDriver::resume() {
  for (size_t c = 0; c < fleet_.clusters(); ++c) {
    int cluster = static_cast<int>(c);
    // The implicit sampling's machines run tasks of the bag: none left, none is needed.
    if (lr_ ? !lr_->needs(cluster) : (!implicit_->needs(cluster) || bag_.empty())) continue;
    if (!fleet_.has_active(cluster)) fleet_.acquire(cluster);
  }
  return fleet_.any_active();
}

std::variant<SamplingResult, Stop> SamplingDriver::conclude() {
  if (ledger_) spent_from_budget_ = ledger_->spent();
  std::vector<SampleSet> sets;
  SamplingResult result;
  if (lr_) {
    try {
      sets = lr_->sample_sets();
      result.summary = lr_->summary();
    } catch (const std::invalid_argument& e) {
      return regression_failed(e);
    }
  } else {
    sets = implicit_->sample_sets();
    result.summary.ns = params_.ns;
    result.summary.nlr = 0;
    for (const SampleSet& s : sets) {
      result.summary.sample_moments.push_back(moments(s.sorted()));
      result.summary.ti_s.push_back(modified_cma(s.sum(), s.size(), {}));
    }
  }
  for (const SampleSet& s : sets) result.stats.push_back(ClusterStats{s, s.sum(), s.size()});
  return result;
}

double SamplingDriver::spent() const { return ledger_ ? spent_from_budget_ : fleet_.spent_apart(); }

}  // namespace botsim::bats
