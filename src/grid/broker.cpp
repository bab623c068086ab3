#include "grid/broker.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>

#include "core/error.hpp"
#include "core/names.hpp"
#include "core/results.hpp"
#include "core/workload.hpp"
#include "grid/auction.hpp"
#include "grid/records.hpp"
#include "grid/task_waiters.hpp"
#include "platform/messaging.hpp"
#include "platform/policy_failure.hpp"
#include "platform/timers.hpp"
#include "platform/user_role.hpp"
#include "policy/reader_props.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::grid {

constexpr size_t kNotSent = static_cast<size_t>(-1);

// What the policy sees (policy/auction.hpp), built for one call.
class Broker::View : public policy::AuctionView {
 public:
  explicit View(Broker& b, const std::vector<bool>* in_round = nullptr) : b_(b), random_(b.rng_) {
    resources_.reserve(b.resources_.size());
    for (size_t i = 0; i < b.resources_.size(); ++i) {
      const Resource& r = b.resources_[i];
      policy::AuctionResource a;
      a.index = i;
      a.name = r.info.name;
      a.pe = r.view.pe;
      a.mips_per_pe = r.view.mips_per_pe;
      a.min_bid = r.view.min_bid;
      a.max_bid = r.view.max_bid;
      a.surcharge = r.view.surcharge;
      a.local = r.view.local;
      a.open = r.open;
      a.failed = r.failed;
      a.bid = r.bid;
      a.outstanding = r.outstanding;
      a.has_progress = r.has_progress;
      if (r.has_progress) {
        a.share_mips = r.progress.share_mips;
        a.remaining_mi = r.progress.remaining_mi;
        a.reported_bid = r.progress.bid;
        a.queued = r.progress.queued;
        a.balance = r.progress.balance;
        a.charged = r.progress.charged;
      }
      a.in_round = in_round && (*in_round)[i];
      resources_.push_back(std::move(a));
    }
  }
  double now() const override { return sg4::Engine::get_clock(); }
  const std::string& user() const override { return b_.params_.name; }
  double start_s() const override { return b_.params_.start_s; }
  double deadline_s() const override { return b_.params_.deadline_s; }
  double time_left() const override { return b_.time_left(); }
  double bid_interval_s() const override { return b_.params_.bid_interval_s; }
  double fund() const override { return b_.params_.fund; }
  double wallet() const override { return b_.wallet_; }
  double spent() const override { return b_.spent_; }
  const std::vector<double>& lengths() const override { return b_.params_.lengths; }
  long tasks_done() const override { return b_.done_; }
  bool task_done(long task) const override {
    return task >= 0 && static_cast<size_t>(task) < b_.task_done_.size() &&
           b_.task_done_[static_cast<size_t>(task)];
  }
  std::vector<long> held() const override { return {b_.held_back_.begin(), b_.held_back_.end()}; }
  size_t held_count() const override { return b_.held_back_.size(); }
  const std::vector<policy::AuctionResource>& resources() const override { return resources_; }
  policy::Random& random() const override { return random_; }

 private:
  Broker& b_;
  mutable policy::Random random_;
  std::vector<policy::AuctionResource> resources_;
};

Broker::Params Broker::Params::read(const PropReader& props, const ActorSite& site) {
  Params p;
  p.host = site.host;
  UserSpec user = UserSpec::read(props, site, "task_length", "workload/");
  p.name = user.name;
  p.lengths = std::move(user.tasks);
  p.vo = props.text("vo");
  if (p.vo.empty()) props.fail("vo", "must name the user's VO domain");
  p.policy_entry = &policy::read_policy(props, "policy", policy::DecisionPoint::Auction);
  p.start_s = props.duration("start", 0.0, 0.0);
  p.deadline_s = props.duration("deadline", std::nullopt, 1e-9);
  p.bid_interval_s = props.duration("bid_interval", 600.0, 1.0, 7 * 86400.0);
  p.policy = policy::build_policy(
      *p.policy_entry, props, [&](const policy::Props& pp) { return p.policy_entry->auction(pp); });
  p.fund = props.money("fund");
  p.allowance = props.money("allowance", 0.0);
  p.allowance_interval_s = props.duration("allowance_interval", p.bid_interval_s, 1.0, 7 * 86400.0);
  // `rules` gives the switch's default, botsim (on) or paper (off: as printed); its own prop
  // overrides it.
  const bool paper = props.choice("rules", {"botsim", "paper"}, std::string("botsim")) == "paper";
  p.migrate_failed =
      props.choice("migrate_failed", {"on", "off"}, std::string(paper ? "off" : "on")) == "on";
  p.join_late = props.choice("join_late", {"on", "off"}, std::string(paper ? "off" : "on")) == "on";
  return p;
}

Broker::Broker(Params params, Run& run)
    : params_(std::move(params)),
      user_(run, params_.name),
      rng_(user_.rng("broker/")),
      waiters_(TaskWaiters::of(run)) {
  waiters_.user_made(params_.host);
}

double Broker::time_left() const {
  return params_.deadline_s + params_.start_s - sg4::Engine::get_clock();
}

void Broker::record() {
  UserRecord& u = user_.record();
  u.tasks_done = done_;
  u.spent = spent_;
  u.budget = params_.fund + allowances_paid_ * params_.allowance;  // all it was given (3.3)
  if (done_ == u.tasks_total) u.finish_s = finish_s_;
}

// Resources register as they start: a user that starts with them may ask its GIS first and
// get an empty list. The GIS reports every later registration; the broker starts with the
// first ones, taking every report already delivered at that instant, so that the order of
// the events of one instant does not change its plan (docs/sulistio2005.md). With none by its
// deadline it gives up. Returns whether it has resources.
bool Broker::wait_for_resources(Inbox<BrokerMessage>& inbox) {
  spdlog::info("{}: the GIS of VO '{}' knows no resource yet; waiting for registrations",
               params_.name, params_.vo);
  Timer deadline = every<BrokerMessage>(inbox_, params_.start_s + params_.deadline_s,
                                        params_.deadline_s, MonitorTick{});
  waiting_ = true;
  while (resources_.empty() && !gave_up_)
    std::visit([this](auto& m) { handle(m); }, *inbox.receive());
  while (!gave_up_ && inbox.mailbox()->ready())
    std::visit([this](auto& m) { handle(m); }, *inbox.receive());
  waiting_ = false;
  deadline.stop();
  return !gave_up_;
}

void Broker::unfinished(const char* status, const std::string& why) {
  user_.stop(status, why);
  record();
}

void Broker::operator()() {
  waiters_.serve_user(params_.host, [this] { serve(); });
}

void Broker::serve() {
  UserRecord u;
  u.model = "auction";
  const std::string label = params_.policy->label();
  u.policy = label.empty() ? params_.policy_entry->name : label;
  // Rules off: ",paper" when all are (the algorithm as printed), else each by name.
  if (!params_.migrate_failed && !params_.join_late)
    u.policy += ",paper";
  else if (!params_.migrate_failed)
    u.policy += ",no-migrate-failed";
  else if (!params_.join_late)
    u.policy += ",no-join-late";
  fixed_bid_ = params_.policy->fixed_bid();
  u.vo = params_.vo;
  u.tasks_total = static_cast<long>(params_.lengths.size());
  u.start_s = params_.start_s;
  u.deadline_s = params_.deadline_s;
  u.extra[kFundField] = params_.fund;
  u.extra[kAllowanceField] = params_.allowance;
  u.extra[kAllowanceIntervalField] = params_.allowance_interval_s;
  u.budget = params_.fund;
  u.spent_on_lost_work = 0.0;  // priced from the failed resources' last reports
  user_.open(std::move(u));

  sg4::this_actor::sleep_until(params_.start_s);
  Inbox<BrokerMessage> inbox("Broker-" + params_.name);
  inbox_ = inbox.mailbox();
  wallet_ = params_.fund;
  task_resource_.assign(params_.lengths.size(), kNotSent);
  task_done_.assign(params_.lengths.size(), false);

  // 4.1.1: resource discovery through the user's own GIS.
  send<GisMessage>(sg4::Mailbox::by_name(gis_mailbox(params_.vo)),
                   QueryResources{params_.vo, inbox_});
  while (!discovered_) std::visit([this](auto& m) { handle(m); }, *inbox.receive());
  if (resources_.empty() && !wait_for_resources(inbox)) return;
  started_ = true;
  submit_initial_tasks();

  const long total = static_cast<long>(params_.lengths.size());
  // Bidding intervals from the start (the first one still ahead if discovery waited).
  const double p_i = params_.bid_interval_s;
  const double first =
      params_.start_s + (std::floor((sg4::Engine::get_clock() - params_.start_s) / p_i) + 1) * p_i;
  Timer ticker = every<BrokerMessage>(inbox_, first, p_i, MonitorTick{});
  while ((done_ + abandoned_ < total && !gave_up_) || unsettled_ > 0)
    std::visit([this](auto& m) { handle(m); }, *inbox.receive());
  ticker.stop();
  record();
  spdlog::info("{} done: {} tasks, finished at {:.1f} s, spent G${:.2f}", params_.name, done_,
               finish_s_, spent_);
}

void Broker::handle(ResourceList& m) {
  auto add = [this](ResourceInfo& info, bool local) {
    Resource r;
    r.view.name = info.name;
    r.view.pe = info.pe;
    r.view.mips_per_pe = info.mips_per_pe;
    r.view.min_bid = info.min_bid;
    r.view.max_bid = info.max_bid;
    r.view.local = local;
    r.view.surcharge = local ? 0.0 : info.surcharge;
    r.info = std::move(info);
    by_name_[r.info.name] = resources_.size();
    resources_.push_back(std::move(r));
  };
  // After the first answer, the GIS reports resources registered later (a resource already
  // known is not added twice); once the user has started, only with join_late on.
  if (started_ && !params_.join_late) return;
  for (auto& info : m.local)
    if (!by_name_.count(info.name)) add(info, true);
  for (auto& info : m.global)
    if (!by_name_.count(info.name)) add(info, false);
  discovered_ = true;
}

void Broker::handle(TaskDone& m) {
  Resource& r = resources_[by_name_.at(m.resource)];
  if (r.failed || task_done_[static_cast<size_t>(m.task)]) return;
  task_done_[static_cast<size_t>(m.task)] = true;
  --r.outstanding;
  ++done_;
  finish_s_ = std::max(finish_s_, m.end_s);
  record();
}

void Broker::handle(MonitorTick&) {
  if (waiting_) {  // the deadline, for a broker still waiting for a first resource
    if (resources_.empty()) {
      spdlog::warn(
          "{}: no resource registered with the GIS of VO '{}' before the deadline; "
          "{} tasks not run",
          params_.name, params_.vo, params_.lengths.size());
      gave_up_ = true;
      unfinished(user_status::kUnfinished, "no resource registered before the deadline");
    }
    return;
  }
  if (done_ < static_cast<long>(params_.lengths.size())) {
    monitor();
    return;
  }
  // All tasks done: settlements come at the next auction period. A resource that has not
  // settled after two of its periods (and two bidding intervals) has failed since; its
  // charges are the last reported.
  const double waited = sg4::Engine::get_clock() - finish_s_;
  for (auto& r : resources_)
    if (r.unsettled && waited >= 2 * std::max(params_.bid_interval_s, r.info.period_s)) {
      spdlog::info("{}: {} never settled; taking its last reported charges", params_.name,
                   r.info.name);
      spent_ += std::max(0.0, r.progress.charged - r.settled);
      set_unsettled(r, false);
    }
}

void Broker::handle(Settlement& m) {
  Resource& r = resources_[by_name_.at(m.resource)];
  if (r.failed) return;
  spent_ += m.charged;
  r.settled += m.charged;
  wallet_ += m.refund;
  r.has_progress = false;
  if (r.outstanding == 0) set_unsettled(r, false);
  record();
}

void Broker::handle(Progress& m) {
  Resource& r = resources_[by_name_.at(m.resource)];
  if (r.failed || !r.asked) return;
  r.asked = false;
  r.progress = m;
  r.has_progress = true;
  if (--awaiting_progress_ == 0) decide();
}

void Broker::open_account(size_t index, double bid) {
  Resource& r = resources_[index];
  spdlog::debug(
      "{} on {}: first bid {:.2f} cents/min (the resource takes [{}, {}], surcharge "
      "{}, C_r {} MIPS, {})",
      params_.name, r.info.name, bid, r.view.min_bid, r.view.max_bid, r.view.surcharge,
      r.view.capability(), r.view.local ? "local" : "global");
  send<AuctioneerMessage>(r.info.auctioneer, OpenAccount{params_.name, params_.vo, inbox_});
  r.open = true;
  place_bid(r, bid);
}

// Bids `bid` for the next bidding interval and tops the local balance up to what that bid can
// cost until the next top-up (eq. 2: B = lb / tm). A broker short of money bids what it can.
void Broker::place_bid(Resource& r, double bid) {
  bid = clamp_bid(bid, r.view.min_bid, r.view.max_bid);
  // Enough for two bidding intervals: the old bid still applies until the next auction period,
  // and a deposit must never run dry between two top-ups. Unused money is refunded.
  const double horizon = 2 * (params_.bid_interval_s + r.info.period_s);
  const double rate =
      cents_per_min_to_gd_per_s(1.0) * (1 + r.view.surcharge) * horizon;  // G$ per unit of bid
  const double balance = r.has_progress ? r.progress.balance : 0.0;
  double deposit = std::max(0.0, bid * rate - balance);
  if (deposit > wallet_) {
    deposit = wallet_;
    bid = std::max(r.view.min_bid, (balance + deposit) / rate);
  }
  wallet_ -= deposit;
  if (fixed_bid_ && !r.told_bid && bid != *fixed_bid_) {
    // The user set a bid and would otherwise not learn why another one is placed.
    r.told_bid = true;
    const double fixed = *fixed_bid_;
    std::string why;
    if (fixed > r.view.max_bid || fixed < r.view.min_bid)
      why = fmt::format("the resource takes bids in [{}, {}] cents/min", r.view.min_bid,
                        r.view.max_bid);
    if (bid < clamp_bid(fixed, r.view.min_bid, r.view.max_bid))
      why += fmt::format(
          "{}its money pays no more: G${:.2f} in hand, a bid costs G${:.4f} per "
          "cent/min until the next top-up",
          why.empty() ? "" : "; then ", balance + deposit, rate);
    spdlog::warn("{} on {}: bids {:.2f} cents/min, not its bid of {:.2f}: {}", params_.name,
                 r.info.name, bid, fixed, why);
  }
  if (bid != r.bid)
    spdlog::info("{} on {}: bid {:.1f} -> {:.1f} cents/min", params_.name, r.info.name, r.bid, bid);
  if (deposit > 0 || bid != r.bid)
    send<AuctioneerMessage>(r.info.auctioneer, PlaceBid{params_.name, bid, deposit});
  r.bid = bid;
}

void Broker::submit(size_t index, long task) {
  Resource& r = resources_[index];
  task_held_[static_cast<size_t>(task)] = false;
  ++r.outstanding;
  set_unsettled(r, true);
  task_resource_[static_cast<size_t>(task)] = index;
  send<AuctioneerMessage>(
      r.info.auctioneer,
      SubmitTask{params_.name, task, params_.lengths[static_cast<size_t>(task)]});
}

template <class Decide>
auto Broker::ask(const char* hook, const std::vector<bool>& in_round, Decide decide) {
  return guard_policy(*params_.policy_entry, params_.name, hook, [&] {
    View view(*this, in_round.empty() ? nullptr : &in_round);
    return decide(view);
  });
}

void Broker::submit_initial_tasks() {
  task_held_.assign(params_.lengths.size(), false);
  const policy::AuctionPlan plan = ask("start", {}, [&](View& v) {
    policy::AuctionPlan p = params_.policy->start(v);
    check(p, nullptr);
    return p;
  });
  apply(plan);
  // Tasks neither submitted nor held back are held after the plan's, in task order.
  std::vector<bool> listed(params_.lengths.size(), false);
  for (long t : plan.hold) {
    listed[static_cast<size_t>(t)] = true;
    held_back_.push_back(t);
  }
  for (size_t t = 0; t < params_.lengths.size(); ++t)
    if (task_resource_[t] == kNotSent && !listed[t]) held_back_.push_back(static_cast<long>(t));
  for (long t : held_back_) task_held_[static_cast<size_t>(t)] = true;
}

// A decision names resources by their index and tasks by their number.
void Broker::check_resource(size_t index, const char* what) const {
  if (index >= resources_.size())
    throw policy::DecisionError(
        fmt::format("{} resource {}, which it was not offered (resources "
                    "0 to {})",
                    what, index, resources_.size() - 1));
  if (resources_[index].failed)
    throw policy::DecisionError(
        fmt::format("{} resource {} ({}), which failed", what, index, resources_[index].info.name));
}

void Broker::check_task(long task) const {
  if (task < 0 || static_cast<size_t>(task) >= params_.lengths.size())
    throw policy::DecisionError(
        fmt::format("names task {}, which is not one of the user's (0 to {})", task,
                    params_.lengths.size() - 1));
}

static void check_bid(double bid, const std::string& resource) {
  if (!std::isfinite(bid) || bid < 0)
    throw policy::DecisionError(
        fmt::format("bids {} on {} (a bid is a finite number >= 0, in "
                    "cents per minute)",
                    bid, resource));
}

void Broker::check(const policy::AuctionPlan& plan, const std::vector<long>* tasks) const {
  std::vector<bool> open(resources_.size());
  for (size_t i = 0; i < resources_.size(); ++i) open[i] = resources_[i].open;
  std::vector<bool> placed(params_.lengths.size(), false), allowed;
  if (tasks) {
    allowed.assign(params_.lengths.size(), false);
    for (long t : *tasks) allowed[static_cast<size_t>(t)] = true;
  }
  for (const auto& step : plan.steps) {
    if (step.open) {
      check_resource(step.resource, "opens an account on");
      const std::string& name = resources_[step.resource].info.name;
      if (open[step.resource]) throw policy::DecisionError("opens a second account on " + name);
      check_bid(step.bid, name);
      open[step.resource] = true;
      continue;
    }
    check_task(step.task);
    check_resource(step.resource, fmt::format("submits task {} to", step.task).c_str());
    const size_t t = static_cast<size_t>(step.task);
    if (!open[step.resource])
      throw policy::DecisionError(
          fmt::format("submits task {} to {} before opening an account there", step.task,
                      resources_[step.resource].info.name));
    if (tasks ? !allowed[t] : task_resource_[t] != kNotSent)
      throw policy::DecisionError(
          fmt::format("submits task {}, which it was not asked to place", step.task));
    if (placed[t]) throw policy::DecisionError(fmt::format("submits task {} twice", step.task));
    placed[t] = true;
  }
  if (tasks) {
    for (long t : *tasks)
      if (!placed[static_cast<size_t>(t)])
        throw policy::DecisionError(fmt::format("leaves task {} unplaced", t));
    if (!plan.hold.empty()) throw policy::DecisionError("holds tasks back when placing tasks");
  }
  for (long t : plan.hold) {
    check_task(t);
    if (placed[static_cast<size_t>(t)])
      throw policy::DecisionError(fmt::format("holds back task {}, which it submits", t));
    placed[static_cast<size_t>(t)] = true;
  }
}

void Broker::apply(const policy::AuctionPlan& plan) {
  for (const auto& step : plan.steps) {
    if (step.open)
      open_account(step.resource, step.bid);
    else
      submit(step.resource, step.task);
  }
}

void Broker::set_unsettled(Resource& r, bool unsettled) {
  if (r.unsettled != unsettled) unsettled_ += unsettled ? 1 : -1;
  r.unsettled = unsettled;
}

bool Broker::wanted(const Resource& r) const {
  if (r.failed) return false;
  if (r.outstanding > 0) return true;
  // 4.2: local resources are offered held-back tasks even when they hold none of ours.
  return r.view.local && r.open && !held_back_.empty();
}

// With no allowance to come, no money in hand and none left in any local balance, the user's
// tasks can never run again: it gives up, its tasks unfinished (docs/sulistio2005.md).
bool Broker::out_of_money() {
  if (params_.allowance > 0 || wallet_ > kMoneyDust) return false;
  for (const auto& r : resources_)
    if (!r.failed && r.outstanding > 0 && (!r.has_progress || r.progress.balance > kMoneyDust))
      return false;
  spdlog::warn("{}: out of money with {} tasks unfinished; giving up", params_.name,
               static_cast<long>(params_.lengths.size()) - done_);
  for (auto& r : resources_) {
    if (r.has_progress) spent_ += std::max(0.0, r.progress.charged - r.settled);
    set_unsettled(r, false);
  }
  gave_up_ = true;
  unfinished(user_status::kOutOfBudget, "out of money");
  return true;
}

void Broker::credit_allowance() {
  if (params_.allowance <= 0) return;
  double due =
      std::floor((sg4::Engine::get_clock() - params_.start_s) / params_.allowance_interval_s);
  if (due > allowances_paid_) {
    wallet_ += (due - allowances_paid_) * params_.allowance;
    allowances_paid_ = due;
  }
}

// 4.1.4: every P_i, ask every resource holding our tasks for <S_r, B_r, L_total>.
void Broker::monitor() {
  credit_allowance();
  // A resource that did not answer within a whole bidding interval has failed (4.1.3).
  for (auto& r : resources_)
    if (r.asked) resource_failed(r);
  awaiting_progress_ = 0;
  for (auto& r : resources_) {
    if (!wanted(r)) continue;  // 4.2: global resources without our tasks are ignored
    send<AuctioneerMessage>(r.info.auctioneer, ProgressQuery{params_.name});
    r.asked = true;
    ++awaiting_progress_;
  }
  if (awaiting_progress_ == 0) decide();
}

void Broker::check(const policy::AuctionRound& round, const std::vector<bool>& in_round) const {
  auto reported = [&](size_t index, const char* what) {
    check_resource(index, what);
    if (!in_round[index])
      throw policy::DecisionError(fmt::format("{} {}, which did not report in this round", what,
                                              resources_[index].info.name));
  };
  std::vector<bool> taken(params_.lengths.size(), false);
  auto take = [&](long task) {
    check_task(task);
    const size_t t = static_cast<size_t>(task);
    if (!task_held_[t])
      throw policy::DecisionError(fmt::format("gives out task {}, which is not held back", task));
    if (taken[t]) throw policy::DecisionError(fmt::format("gives out task {} twice", task));
    taken[t] = true;
  };
  for (const auto& [index, task] : round.submits) {
    reported(index, fmt::format("submits task {} to", task).c_str());
    take(task);
  }
  std::vector<bool> bid(resources_.size(), false);
  for (const auto& [index, b] : round.bids) {
    reported(index, "bids on");
    if (bid[index]) throw policy::DecisionError("bids twice on " + resources_[index].info.name);
    bid[index] = true;
    check_bid(b, resources_[index].info.name);
  }
  for (long t : round.place) take(t);
}

// The tasks of held_back_ that were given out leave it (in one walk; usually they are its first).
void Broker::drop_given_out() {
  while (!held_back_.empty() && !task_held_[static_cast<size_t>(held_back_.front())])
    held_back_.pop_front();
  if (std::any_of(held_back_.begin(), held_back_.end(),
                  [this](long t) { return !task_held_[static_cast<size_t>(t)]; }))
    held_back_.erase(std::remove_if(held_back_.begin(), held_back_.end(),
                                    [this](long t) { return !task_held_[static_cast<size_t>(t)]; }),
                     held_back_.end());
}

// 4.1.4: every resource that reported gets the round's tasks and bid (its own bid if the policy
// names none), in resource order; then the tasks the round hands out are placed.
void Broker::decide() {
  std::vector<bool> in_round(resources_.size(), false);
  for (size_t i = 0; i < resources_.size(); ++i)
    in_round[i] = resources_[i].has_progress && wanted(resources_[i]);
  const policy::AuctionRound round = ask("interval", in_round, [&](View& v) {
    policy::AuctionRound d = params_.policy->interval(v);
    check(d, in_round);
    return d;
  });
  std::vector<double> bid(resources_.size(), std::nan(""));
  for (const auto& [index, b] : round.bids) bid[index] = b;
  std::vector<std::vector<long>> submits(resources_.size());
  for (const auto& [index, task] : round.submits) submits[index].push_back(task);
  for (size_t i = 0; i < resources_.size(); ++i) {
    if (!in_round[i]) continue;
    Resource& r = resources_[i];
    for (long task : submits[i]) submit(i, task);
    if (r.outstanding == 0) continue;
    place_bid(r, std::isnan(bid[i]) ? r.bid : bid[i]);
    // S: share granted (MIPS), L: work left there (MI), balance: local balance (G$, eq. 2),
    // wallet: money not yet deposited (G$).
    const Progress& p = r.progress;
    spdlog::debug("{} on {}: S={:.1f} L={:.0f} queued={} balance={:.2f} bid={:.1f} wallet={:.2f}",
                  params_.name, r.info.name, p.share_mips, p.remaining_mi, p.queued, p.balance,
                  r.bid, wallet_);
  }
  drop_given_out();
  if (out_of_money()) return;
  if (round.place.empty()) return;
  for (long t : round.place) task_held_[static_cast<size_t>(t)] = false;
  drop_given_out();
  distribute(round.place);
}

void Broker::distribute(const std::vector<long>& tasks) {
  if (std::none_of(resources_.begin(), resources_.end(),
                   [](const Resource& r) { return !r.failed; })) {
    // Every resource failed: the tasks can never run; the user gives up.
    spdlog::warn("{}: no resource left for {} tasks; giving up", params_.name, tasks.size());
    gave_up_ = true;
    for (auto& r : resources_) set_unsettled(r, false);
    unfinished(user_status::kResourcesFailed, "every resource failed");
    return;
  }
  apply(ask("place", {}, [&](View& v) {
    policy::AuctionPlan p = params_.policy->place(v, tasks);
    check(p, &tasks);
    return p;
  }));
}

// 4.1.3: "If a resource fails, then tasks are migrated to different resources." botsim has
// every policy do it (a user would never finish otherwise), unless migrate_failed is off: then
// only the Global policy's do, as printed, and the others' are lost. Charges made there since
// the last settlement are taken as the last reported ones; the balance left there is lost with
// the resource.
void Broker::resource_failed(Resource& r) {
  spdlog::info("{}: {} does not answer; moving its tasks", params_.name, r.info.name);
  r.failed = true;
  r.asked = false;
  set_unsettled(r, false);
  spent_ += std::max(0.0, r.progress.charged - r.settled);
  std::vector<long> moved;
  const size_t index = by_name_.at(r.info.name);
  for (size_t t = 0; t < task_resource_.size(); ++t)
    if (!task_done_[t] && task_resource_[t] == index) moved.push_back(static_cast<long>(t));
  // Each attempt there is lost; the running one cost what the resource last reported charging
  // for its work (a queued one, nothing).
  const std::string reason = "resource " + r.info.name + " failed";
  for (long t : moved)
    if (auto row = user_.open_attempt(t, r.info.name))
      user_.lost(*row, sg4::Engine::get_clock(), reason,
                 r.has_progress && r.progress.running_task == t ? r.progress.running_charged : 0.0);
  r.outstanding = 0;
  if (!moved.empty() && !params_.migrate_failed && params_.policy_entry->name != "global") {
    abandoned_ += static_cast<long>(moved.size());
    unfinished(user_status::kResourcesFailed,
               reason + " (its tasks not moved: migrate_failed off, 4.1.3)");
    return;
  }
  if (!moved.empty()) distribute(moved);
  record();
}

}  // namespace botsim::grid
