#include "bats/sampling.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace botsim::bats {

namespace {

void check_workers(const std::vector<Cluster>& clusters, int initial_workers) {
  validate_clusters(clusters, 1);  // the ATU plays no part here
  if (initial_workers < 1)
    throw std::invalid_argument(
        fmt::format("initial workers per cluster must be >= 1, got {}", initial_workers));
}

std::vector<int> initial(const std::vector<Cluster>& clusters, int iw) {
  std::vector<int> out;
  for (const Cluster& c : clusters) out.push_back(std::min(iw, c.max_machines));
  return out;
}

void check_cluster(int cluster, std::size_t n) {
  if (cluster < 0 || static_cast<std::size_t>(cluster) >= n)
    throw std::invalid_argument(fmt::format("sampling: unknown cluster {}", cluster));
}

}  // namespace

SamplingPhase::SamplingPhase(std::vector<Cluster> clusters, long ns, int initial_workers, int base)
    : clusters_(std::move(clusters)), ns_(ns), initial_workers_(initial_workers), base_(base) {
  check_workers(clusters_, initial_workers);
  if (ns < kNlr)
    throw std::invalid_argument(fmt::format("sample size {} is below nlr = {}", ns, kNlr));
  check_cluster(base, clusters_.size());
  replicated_.assign(kNlr, std::vector<std::optional<double>>(clusters_.size()));
  dispatched_.assign(kNlr, std::vector<bool>(clusters_.size(), false));
}

std::vector<int> SamplingPhase::initial_configuration() const {
  return initial(clusters_, initial_workers_);
}

SampleAssignment SamplingPhase::next_task(int cluster) {
  check_cluster(cluster, clusters_.size());
  for (int r = 0; r < kNlr; ++r)  // Fig. 3 line 15: the cluster's replicated tasks first
    if (!dispatched_[r][cluster]) {
      dispatched_[r][cluster] = true;
      return {SampleAssignment::Kind::Replicated, r};
    }
  if (static_cast<long>(others_.size()) + others_running_ < ns_ - kNlr) {  // line 18
    ++others_running_;
    return {SampleAssignment::Kind::Sample, -1};
  }
  return {};
}

void SamplingPhase::replicated_done(int replicated, int cluster, double runtime_s) {
  check_cluster(cluster, clusters_.size());
  if (replicated < 0 || replicated >= kNlr || !dispatched_[replicated][cluster])
    throw std::invalid_argument(fmt::format(
        "sampling: replicated task {} was not sent to cluster {}", replicated, cluster));
  if (!(runtime_s >= 0)) throw std::invalid_argument("sampling: negative run time");
  replicated_[replicated][cluster] = runtime_s;
}

void SamplingPhase::sample_done(int cluster, double runtime_s) {
  check_cluster(cluster, clusters_.size());
  if (others_running_ < 1) throw std::invalid_argument("sampling: no sample task was running");
  if (!(runtime_s >= 0)) throw std::invalid_argument("sampling: negative run time");
  --others_running_;
  others_.push_back({cluster, runtime_s});
}

void SamplingPhase::replicated_lost(int replicated, int cluster) {
  check_cluster(cluster, clusters_.size());
  if (replicated < 0 || replicated >= kNlr || !dispatched_[replicated][cluster] ||
      replicated_[replicated][cluster].has_value())
    throw std::invalid_argument("sampling: no such replicated task running");
  dispatched_[replicated][cluster] = false;
}

void SamplingPhase::sample_lost() {
  if (others_running_ < 1) throw std::invalid_argument("sampling: no sample task was running");
  --others_running_;
}

bool SamplingPhase::regression_ready() const {
  for (const auto& row : replicated_)
    for (const auto& t : row)
      if (!t) return false;
  return true;
}

bool SamplingPhase::needs(int cluster) const {
  check_cluster(cluster, clusters_.size());
  for (const auto& row : replicated_)
    if (!row[static_cast<size_t>(cluster)]) return true;
  return false;
}

bool SamplingPhase::complete() const {
  return regression_ready() && static_cast<long>(others_.size()) >= ns_ - kNlr;
}

Regression SamplingPhase::regression() const {
  if (!regression_ready()) throw std::logic_error("sampling: replicated tasks still running");
  std::vector<std::vector<double>> rows;
  for (const auto& row : replicated_) {
    rows.emplace_back();
    for (const auto& t : row) rows.back().push_back(*t);
  }
  return Regression(rows, base_);
}

std::vector<SampleSet> SamplingPhase::sample_sets() const {
  Regression reg = regression();
  std::vector<std::vector<double>> rows;
  for (const auto& row : replicated_) {
    rows.emplace_back();
    for (const auto& t : row) rows.back().push_back(*t);
  }
  std::vector<SampleSet> sets;
  for (auto& times : complete_sample_sets(rows, others_, reg)) {
    // A transfer may land below 0 for a short task and a negative beta0: no task takes < 0 s.
    for (double& t : times) t = std::max(0.0, t);
    sets.emplace_back(std::move(times));
  }
  return sets;
}

std::vector<double> SamplingPhase::ti_s() const {
  std::vector<double> ti;
  for (const SampleSet& s : sample_sets())
    ti.push_back(modified_cma(s.sum(), s.size(), {}));  // no running task: the sample's mean
  return ti;
}

int SamplingPhase::intermediary_cluster() const {
  std::vector<double> ti = ti_s();
  int best = 0;
  for (int i = 1; i < static_cast<int>(ti.size()); ++i)
    if (ti[i] * clusters_[i].price_per_atu < ti[best] * clusters_[best].price_per_atu) best = i;
  return best;
}

bool SamplingPhase::takes_task(const MachineState& machine, bool intermediary, double atu_s,
                               bool bag_empty) const {
  if (!regression_ready() || intermediary) return true;
  MachineState marked = machine;
  marked.marked = true;
  check_cluster(machine.cluster, clusters_.size());
  return on_work_request(marked, ti_s()[static_cast<size_t>(machine.cluster)], atu_s, bag_empty) ==
         MachineAction::TakeTask;
}

bool SamplingPhase::goes_on(bool running_replicated, bool intermediary) const {
  return running_replicated || (intermediary && !complete());
}

int intermediary_machine(const std::vector<int>& clusters, const std::vector<double>& paid_until_s,
                         int cluster) {
  if (clusters.size() != paid_until_s.size())
    throw std::invalid_argument("intermediary_machine: one paid time per machine needed");
  int best = -1;
  for (std::size_t j = 0; j < clusters.size(); ++j)
    if (clusters[j] == cluster &&
        (best < 0 || paid_until_s[j] > paid_until_s[static_cast<std::size_t>(best)]))
      best = static_cast<int>(j);
  return best;
}

SamplingSummary SamplingPhase::summary() const {
  SamplingSummary s;
  s.ns = ns_;
  s.base = base_;
  Regression reg = regression();
  for (int k = 0; k < reg.clusters(); ++k) s.against_base.push_back(reg.against_base(k));
  for (const SampleSet& set : sample_sets()) s.sample_moments.push_back(moments(set.sorted()));
  s.ti_s = ti_s();
  return s;
}

ImplicitSampling::ImplicitSampling(std::vector<Cluster> clusters, long ns, int initial_workers)
    : clusters_(std::move(clusters)), ns_(ns), initial_workers_(initial_workers) {
  check_workers(clusters_, initial_workers);
  if (ns < 1) throw std::invalid_argument(fmt::format("sample size must be >= 1, got {}", ns));
  runs_.resize(clusters_.size());
}

std::vector<int> ImplicitSampling::initial_configuration() const {
  return initial(clusters_, initial_workers_);
}

void ImplicitSampling::task_finished(int cluster, double runtime_s) {
  check_cluster(cluster, clusters_.size());
  if (!(runtime_s >= 0)) throw std::invalid_argument("sampling: negative run time");
  runs_[cluster].push_back(runtime_s);
}

bool ImplicitSampling::complete() const {
  for (const auto& r : runs_)
    if (static_cast<long>(r.size()) < ns_) return false;
  return true;
}

bool ImplicitSampling::needs(int cluster) const {
  check_cluster(cluster, clusters_.size());
  return static_cast<long>(runs_[static_cast<size_t>(cluster)].size()) < ns_;
}

std::vector<SampleSet> ImplicitSampling::sample_sets() const {
  if (!complete()) throw std::logic_error("implicit sampling: not every cluster has ns tasks");
  std::vector<SampleSet> sets;
  for (const auto& r : runs_) sets.emplace_back(r);
  return sets;
}

std::vector<double> ImplicitSampling::ti_s() const {
  std::vector<double> ti;
  for (const SampleSet& s : sample_sets()) ti.push_back(modified_cma(s.sum(), s.size(), {}));
  return ti;
}

}  // namespace botsim::bats
