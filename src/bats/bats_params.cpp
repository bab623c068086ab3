#include "bats/bats_params.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "bats/knapsack.hpp"
#include "bats/sample_size.hpp"
#include "cloud/provider.hpp"
#include "core/error.hpp"
#include "core/units.hpp"
#include "platform/user_role.hpp"

namespace botsim::bats {

using cloud::find_instance_type;
using cloud::InstanceType;

namespace {

void read_clusters(const PropReader& props, BatsParams& p, Run& run) {
  for (const std::string& name : props.list("clusters")) {
    InstanceType t = find_instance_type(name, props, "clusters", run);
    // A BaTS machine runs one task at a time (the paper's workers).
    if (t.cores != 1)
      props.fail("clusters", "instance type " + quote_text(name) + " has " +
                                 std::to_string(t.cores) +
                                 " cores; a BaTS machine runs one task at a time (core=\"1\")");
    if (!p.types.empty() && t.atu_s != p.types.front().atu_s)
      props.fail("clusters", "instance type " + quote_text(name) + " has another ATU than '" +
                                 p.types.front().name + "'; BaTS needs one ATU for all (2.3)");
    p.clusters.push_back(Cluster{t.name, t.price, t.max_count});
    p.types.push_back(std::move(t));
  }
  if (p.types.empty()) props.fail("clusters", "names no instance type");
  p.atu_s = p.types.front().atu_s;
  try {
    validate_clusters(p.clusters, p.atu_s);
    money_unit_for(p.clusters);  // else the plan after sampling would throw in mid-run
  } catch (const std::invalid_argument& e) {
    props.fail("clusters", e.what());
  }
}

void read_sampling(const PropReader& props, BatsParams& p) {
  p.delta = props.number("delta", 0.25);
  if (!(p.delta > 0 && p.delta < 1)) props.fail("delta", "must lie in (0, 1) (e.g. 0.25)");
  p.confidence = props.number("confidence", 0.95);
  if (!(p.confidence > 0 && p.confidence < 1))
    props.fail("confidence", "must lie in (0, 1) (e.g. 0.95)");
  p.sampling = props.choice("sampling", {"lr", "implicit"}, std::string("lr")) == "lr"
                   ? BatsParams::Sampling::LinearRegression
                   : BatsParams::Sampling::Implicit;
  bool lr = p.sampling == BatsParams::Sampling::LinearRegression;
  p.initial_workers = static_cast<int>(props.integer("initial_workers", 7, 1, 1000000));
  const long n = static_cast<long>(p.task_times.size());
  if (props.has("sample_size")) {  // a what-if knob (and tiny test bags): ns given directly
    p.ns = static_cast<long>(props.integer("sample_size", std::nullopt, lr ? kNlr : 1, n));
    return;
  }
  try {
    p.ns = lr ? sample_size(n, p.delta, p.confidence)
              : std::min(n, sample_size_formula(n, p.delta, p.confidence));
  } catch (const std::invalid_argument& e) {
    props.fail(props.has("workload") ? "workload" : "tasks", e.what());
  }
}

// A budget below the cheapest run of the bag is refused before the run. The check uses the
// bag's real mean time per cluster (known to the simulator, not to BaTS) on the tasks left
// after an LR sampling phase (ns sample tasks, the replicated ones counted once).
void check_budget(const PropReader& props, const BatsParams& p) {
  double mean = std::accumulate(p.task_times.begin(), p.task_times.end(), 0.0) /
                static_cast<double>(p.task_times.size());
  std::vector<double> ti;
  for (const InstanceType& t : p.types) ti.push_back(mean * p.types.front().speed / t.speed);
  long n = static_cast<long>(p.task_times.size());
  if (p.sampling == BatsParams::Sampling::LinearRegression) n -= p.ns;
  try {
    fastest_within(p.clusters, ti, std::max(1L, n), *p.budget, p.atu_s);
  } catch (const InfeasibleBudget& e) {
    props.fail("budget", e.what());
  }
}

// The rules botsim adds (docs/bats2011.md, "Rules botsim adds"): `rules` gives every switch's
// default, botsim (on) or paper (off, Fig. 4 and 3.1 as printed); each switch's own prop
// overrides it.
struct RuleSwitch {
  const char* prop;
  const char* label;  // in summary.json's policy when off
  bool ExecutionRules::*on;
};
const RuleSwitch kRuleSwitches[] = {
    {"end_game", "end-game", &ExecutionRules::end_game},
    {"wait_for_unpaid", "wait-for-unpaid", &ExecutionRules::wait_for_unpaid},
    {"better_left_to_others", "better-left-to-others", &ExecutionRules::better_left_to_others},
    {"paid_first", "paid-first", &ExecutionRules::paid_first},
    {"keep_running", "keep-running", &ExecutionRules::keep_running},
    {"knapsack_fallback", "knapsack-fallback", &ExecutionRules::knapsack_fallback},
    {"replica_wait", "replica-wait", &ExecutionRules::replica_wait}};

void read_rules(const PropReader& props, BatsParams& p) {
  const bool paper = props.choice("rules", {"botsim", "paper"}, std::string("botsim")) == "paper";
  p.rules = paper ? ExecutionRules::paper() : ExecutionRules{};
  for (const RuleSwitch& r : kRuleSwitches)
    p.rules.*r.on =
        props.choice(r.prop, {"on", "off"}, std::string(p.rules.*r.on ? "on" : "off")) == "on";
}

}  // namespace

BatsParams BatsParams::read(const PropReader& props, const ActorSite& site) {
  BatsParams p;
  UserSpec user = UserSpec::read(props, site, "task_time", "workload:");  // a new bag per seed
  p.name = user.name;
  p.task_times = std::move(user.tasks);
  p.provider_host = props.text("provider", "provider");
  read_clusters(props, p, site.run);
  read_sampling(props, p);
  if (props.has("budget") && props.has("schedule"))
    props.fail("budget", "give either 'budget' or 'schedule', not both");
  if (props.has("budget")) p.budget = props.money("budget");
  p.schedule = static_cast<int>(props.integer("schedule", 2, 1, 4));
  if (p.budget) check_budget(props, p);
  p.accept_cushion =
      props.choice("cushion", {"accept", "refuse"}, std::string("accept")) == "accept";
  read_rules(props, p);
  p.monitoring_fraction = props.number("monitoring_fraction", 1.0 / 12);
  if (!(p.monitoring_fraction > 0 && p.monitoring_fraction <= 1))
    props.fail("monitoring_fraction", "must lie in (0, 1] (a fraction of the ATU)");
  p.random_order =
      props.choice("task_order", {"random", "given"}, std::string("random")) == "random";
  if (props.has("deadline")) p.deadline_s = props.duration("deadline", std::nullopt, 1e-9);
  return p;
}

std::string BatsParams::policy() const {
  std::string s = budget ? "budget=" + format_number(*budget) : fmt::format("sched{}", schedule);
  if (sampling == Sampling::Implicit) s += ",implicit";
  if (!accept_cushion) s += ",no-cushion";
  // Rules off: ",paper" when all are (the algorithm as printed), else each by name.
  if (rules == ExecutionRules::paper()) return s + ",paper";
  for (const RuleSwitch& r : kRuleSwitches)
    if (!(rules.*r.on)) s += std::string(",no-") + r.label;
  return s;
}

}  // namespace botsim::bats
