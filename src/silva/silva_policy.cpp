#include "silva/silva_policy.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/summary.hpp"
#include "core/units.hpp"

namespace botsim::silva {

namespace {

using policy::CloudDecision;
using policy::CloudView;
using policy::Instance;

constexpr double kTol = 1e-9;

// The rules botsim adds to Fig. 3 (docs/silva2008.md, "Rules botsim adds"), each with its own
// switch; `rules="paper"` turns every one off, and line 15 to the printed rule.
struct SilvaRules {
  bool request_guard = true;  // never ask for more than the free slots or the unfinished tasks
  bool liveness = true;       // rent one when tasks wait and no instance is coming
  bool stop_idle = true;      // stop an idle instance that cannot take the next task in its window

  static SilvaRules paper() { return {false, false, false}; }
  bool operator==(const SilvaRules& o) const {
    return request_guard == o.request_guard && liveness == o.liveness && stop_idle == o.stop_idle;
  }
};

struct SilvaSettings {
  SilvaConfig heuristic;  // host_processing_time = ATU / budget_factor
  double budget_factor = 1;
  double check_interval_s = 300;
  double stop_margin_s = 0;
  SilvaRules rules;
  // Not in the paper (docs/silva2008.md, "On the spot market"): rent spot instances while the
  // price is at most max_price, on demand otherwise.
  policy::Market market = policy::Market::OnDemand;
  std::optional<double> max_price;
  // Not in the paper (docs/silva2008.md, "At the hour's end, billed per second"): a host whose
  // first hour ends during a task runs it to its end instead of losing it, then stops.
  bool finish_past_hour = false;
};

class SilvaPolicy : public policy::ProvisioningPolicy {
 public:
  SilvaPolicy(SilvaSettings s, policy::InstanceType type, long tasks)
      : s_(s), type_(std::move(type)), total_(tasks), heuristic_(s.heuristic, tasks) {}

  // "cr=0.5,ir=0.5" (",bf=2" when budget_factor != 1); then ",paper" when every rule botsim
  // adds is off and line 15 is the printed rule, else ",line15=literal" and ",no-<rule>" for
  // each one off.
  std::string label() const override {
    std::string l = "cr=" + format_number(s_.heuristic.creation_ratio) +
                    ",ir=" + format_number(s_.heuristic.increase_ratio);
    if (s_.budget_factor != 1) l += ",bf=" + format_number(s_.budget_factor);
    if (s_.market == policy::Market::Spot) l += ",spot";
    if (s_.finish_past_hour) l += ",hour-end=finish";
    if (s_.heuristic.line15 == Line15::Literal && s_.rules == SilvaRules::paper())
      return l + ",paper";
    if (s_.heuristic.line15 == Line15::Literal) l += ",line15=literal";
    if (!s_.rules.request_guard) l += ",no-request-guard";
    if (!s_.rules.liveness) l += ",no-liveness";
    if (!s_.rules.stop_idle) l += ",no-stop-idle";
    return l;
  }
  double check_interval_s() const override { return s_.check_interval_s; }

  // "Initially, one host is allocated and starts executing randomly selected tasks."
  CloudDecision start(const CloudView& view) override {
    CloudDecision d;
    if (view.tasks_waiting() > 0 && view.active() == 0) rent_one(view, d);
    return d;
  }

  CloudDecision task_ended(const CloudView& view, const policy::TaskEnd& end) override {
    heuristic_.task_finished(end.seconds());  // Fig. 3a lines 1-4
    CloudDecision d;
    if (view.tasks_done() == total_) return d;
    request(view, heuristic_.after_completion(possible_tasks_now(view)), d);  // lines 6-18
    return d;
  }

  CloudDecision check(const CloudView& view) override {
    const double now = view.now();
    std::vector<double> elapsed;  // Fig. 3b lines 1-2: running tasks' time so far
    for (const auto& inst : view.instances())
      if (inst.ready && !inst.stopping)
        for (const auto& s : inst.slots)
          if (!s.idle()) elapsed.push_back(now - s.start_s);
    CloudDecision d;
    if (heuristic_.periodic_check(elapsed))
      request(view, heuristic_.after_check(possible_tasks_now(view)), d);
    return d;
  }

  // Stop just before the charged hour ends (section 4): at the end of the first ATU.
  // With hour_end="finish" no timed stop: after_dispatch stops the host once it is idle and no
  // task fits its window.
  CloudDecision instance_ready(const CloudView&, const Instance& inst) override {
    CloudDecision d;
    if (!s_.finish_past_hour)
      d.stop_instance_at(inst.name, inst.requested_s + type_.atu_s - s_.stop_margin_s);
    return d;
  }

  CloudDecision instance_lost(const CloudView& view, const policy::InstanceLoss& loss) override {
    CloudDecision d;
    if (!loss.refused) return d;
    last_refusal_s_ = view.now();
    // No host of its type will ever come back: waiting for a repair would never end.
    if (loss.for_good) d.stop_user(user_status::kResourcesFailed, loss.reason);
    return d;
  }

  bool takes_task(const CloudView& view, const Instance& inst) override {
    return fits(inst, view.now());
  }

  CloudDecision after_dispatch(const CloudView& view) override {
    CloudDecision d;
    if (view.tasks_done() == total_) {  // the job is over: stop every instance at once
      if (!stopping_all_) {
        stopping_all_ = true;
        for (const auto& inst : view.instances())
          if (!inst.stopping) d.stop_instance(inst.name);
      }
      return d;
    }
    // An idle instance that cannot take the next task within its window has nothing left to
    // do: stopping it now costs the same (its ATU is paid) and frees the provider's capacity.
    // With hour_end="finish" this is how a host ends, whether tasks wait or not: no timed stop
    // comes.
    if ((s_.rules.stop_idle && view.tasks_waiting() > 0) || s_.finish_past_hour)
      for (const auto& inst : view.idle_instances())
        if (!inst.stopping && !fits(inst, view.now())) d.stop_instance(inst.name);
    const long active = view.active() - static_cast<long>(d.stop.size());
    if (s_.rules.liveness)
      rent_if_none(view, active, d);
    else if (view.tasks_waiting() > 0 && active == 0 && d.start.empty())
      // As printed, only a completion (Fig. 3a) or a running task (Fig. 3b) rents a host: with
      // none left, nothing ever will, so the run ends rather than check forever.
      d.stop_user(user_status::kUnfinished,
                  fmt::format("{} tasks wait with no instance running or coming, and Fig. 3 as "
                              "printed rents none (liveness=\"off\")",
                              view.tasks_waiting()));
    return d;
  }

 private:
  double window_end(const Instance& inst) const {
    // hostProcessingTime from the start request, never past the paid ATU (section 4).
    return inst.requested_s +
           std::min(s_.heuristic.host_processing_time, type_.atu_s - s_.stop_margin_s);
  }

  bool fits(const Instance& inst, double now) const {
    // An instance that has just booted takes a task whatever the estimate: its whole paid time
    // (ATU - boot) is longer than any task (checked when the policy is built), so progress is
    // guaranteed even when the average exceeds hostProcessingTime.
    if (!heuristic_.has_average()) return true;
    if (!inst.used && now <= inst.ready_s + kTol) return true;
    return now + heuristic_.average() <= window_end(inst) + kTol;
  }

  double possible_tasks_now(const CloudView& view) const {
    // Fig. 3a lines 6-8: for each running computer, tasks it can still do in its window.
    const double now = view.now();
    const double avg = heuristic_.average();
    double possible = 0;
    for (const auto& inst : view.instances()) {
      if (inst.stopping) continue;
      const double w = window_end(inst);
      for (const auto& s : inst.slots) {
        double from = now;
        if (!inst.ready)
          from = std::max(now, inst.requested_s + type_.boot_s);
        else if (!s.idle())
          from = s.start_s;  // counts the running task
        possible += static_cast<double>(possible_tasks(from, w, avg));
      }
    }
    return possible;
  }

  double budget_left(const CloudView& view) const {
    // Instances not billed yet (live, or stopping and not yet gone) will each cost one ATU.
    return *view.budget() - view.spent() - static_cast<double>(view.live()) * type_.price;
  }

  // How many more instances the budget pays for (each is billed one ATU: Fig. 3's hosts stop
  // at the end of their first ATU).
  long affordable(const CloudView& view) const {
    if (!view.budget() || type_.price <= 0) return std::numeric_limits<long>::max();
    return static_cast<long>(std::floor(budget_left(view) / type_.price + kTol));
  }

  void request(const CloudView& view, long count, CloudDecision& d) const {
    // Guard (not in the paper): never ask for more instances than the type allows at once or
    // than there are unfinished tasks, so that a huge necessaryComputers (e.g. a large budget
    // factor) cannot flood the provider with requests it must refuse.
    const long remaining = view.tasks_total() - view.tasks_done();
    if (s_.rules.request_guard) count = std::min({count, type_.max_count - view.live(), remaining});
    count = std::min(count, affordable(view));  // a budget (not in the paper) always binds
    if (count <= 0) return;
    // On the spot market while the price allows, else on demand (the fallback).
    const auto price = view.spot_price(type_.name);
    if (s_.market == policy::Market::Spot && price && (!s_.max_price || *price <= *s_.max_price))
      d.start_spot_instances(type_.name, count, s_.max_price);
    else
      d.start_instances(type_.name, count);
  }

  // Liveness (not in the paper): tasks wait and no instance is coming (all stopped or
  // refused): rent one, if the budget pays for it. `active`: the instances coming or running
  // once `d`'s stops are made.
  void rent_if_none(const CloudView& view, long active, CloudDecision& d) const {
    if (view.tasks_waiting() == 0 || active > 0 || view.now() <= last_refusal_s_) return;
    rent_one(view, d);
  }

  // One instance, if the budget pays for it (Fig. 3's first host, and the liveness rule's).
  void rent_one(const CloudView& view, CloudDecision& d) const {
    if (affordable(view) >= 1) return request(view, 1, d);
    d.stop_user(user_status::kOutOfBudget,
                fmt::format("the budget left ({}) cannot pay for an instance ({} per ATU)",
                            format_number(budget_left(view)), format_number(type_.price)));
  }

  SilvaSettings s_;
  policy::InstanceType type_;
  long total_;
  SilvaHeuristic heuristic_;
  double last_refusal_s_ = -1;
  bool stopping_all_ = false;
};

std::unique_ptr<policy::ProvisioningPolicy> make_silva(const policy::Props& props,
                                                       const policy::CloudSetup& setup) {
  SilvaSettings s;
  const policy::InstanceType& type = setup.task_type;
  s.heuristic.creation_ratio = props.number("creation_ratio", 0.5, 0, 1);
  s.heuristic.increase_ratio = props.number("increase_ratio", 0.5, 0, 1);
  s.budget_factor = props.number("budget_factor", 1.0, 1);
  s.heuristic.host_processing_time = type.atu_s / s.budget_factor;  // section 4
  // The rules botsim adds: `rules` gives every switch's default, botsim (on) or paper (off, and
  // line 15 as printed); each switch's own prop overrides it.
  const bool paper = props.choice("rules", {"botsim", "paper"}, std::string("botsim")) == "paper";
  s.rules = paper ? SilvaRules::paper() : SilvaRules{};
  s.heuristic.line15 = props.choice("line15", {"positive-only", "literal"},
                                    std::string(paper ? "literal" : "positive-only")) == "literal"
                           ? Line15::Literal
                           : Line15::PositiveOnly;
  auto on_off = [&](const char* prop, bool& rule) {
    rule = props.choice(prop, {"on", "off"}, std::string(rule ? "on" : "off")) == "on";
  };
  on_off("request_guard", s.rules.request_guard);
  on_off("liveness", s.rules.liveness);
  on_off("stop_idle", s.rules.stop_idle);
  s.check_interval_s = props.duration("check_interval", 300.0, -1e300);
  // A floor keeps a typo (e.g. "1e-9") from flooding the simulation with checks.
  if (!(s.check_interval_s >= 1)) props.fail("check_interval", "must be at least 1 s");
  s.stop_margin_s = props.duration("stop_margin", 0.0);
  s.market =
      policy::market_of(props.choice("market", {"on_demand", "spot"}, std::string("on_demand")));
  if (props.has("max_price")) {
    if (s.market != policy::Market::Spot)
      props.fail("max_price", "only a spot market has a maximum price (market=spot)");
    s.max_price = props.money("max_price");
  }
  s.finish_past_hour =
      props.choice("hour_end", {"stop", "finish"}, std::string("stop")) == "finish";
  if (s.finish_past_hour && props.has("budget"))
    props.fail("hour_end",
               "\"finish\" runs hosts past the hour the budget counts on (each host is counted "
               "one ATU); it cannot be used with a budget");
  if (s.market == policy::Market::Spot && !type.spot)
    props.fail("market", "instance type '" + type.name +
                             "' offers no spot instances (its zone has no spot_prices)");
  const double paid = type.atu_s - type.boot_s - s.stop_margin_s;
  if (!(paid > 0))
    props.fail("stop_margin", "leaves no paid time to run tasks (instance type '" + type.name +
                                  "': ATU " + format_number(type.atu_s) + " s, boot time " +
                                  format_number(type.boot_s) + " s)");
  const auto& times = *setup.task_times;
  for (size_t i = 0; i < times.size(); ++i)
    if (times[i] > paid + kTol)
      props.fail(props.has("workload") ? "workload" : "task_time",
                 fmt::format("task {} runs {} s, longer than an instance's paid time ({} s: ATU "
                             "minus boot time minus stop_margin); the heuristic stops every "
                             "instance at the end of its first ATU, so it could never finish",
                             i, format_number(times[i]), format_number(paid)));
  return std::make_unique<SilvaPolicy>(s, type, static_cast<long>(times.size()));
}

}  // namespace

void register_silva_policy(policy::Registrar& registrar) {
  registrar.provisioning("silva",
                         "Silva, Veiga & Ferreira 2008, Fig. 3: one instance first, then as many "
                         "as the average task time says, each stopped at the end of its first "
                         "charged hour",
                         make_silva);
}

}  // namespace botsim::silva
