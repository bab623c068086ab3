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
#include "platform/messaging.hpp"
#include "platform/timers.hpp"
#include "platform/user_role.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::grid {

constexpr size_t kNotSent = static_cast<size_t>(-1);

const char* policy_name(Policy p) {
  static constexpr const char* kNames[] = {"no-opt", "global", "local"};
  return enum_name(p, kNames);
}

Broker::Params Broker::Params::read(const PropReader& props, const ActorSite& site) {
  Params p;
  UserSpec user = UserSpec::read(props, site, "task_length", "workload/");
  p.name = user.name;
  p.lengths = std::move(user.tasks);
  p.vo = props.text("vo");
  if (p.vo.empty()) props.fail("vo", "must name the user's VO domain");
  std::string policy = props.choice("policy", {"no-opt", "global", "local"});
  p.policy = policy == "no-opt"   ? Policy::NoOpt
             : policy == "global" ? Policy::Global
                                  : Policy::Local;
  p.start_s = props.duration("start", 0.0, 0.0);
  p.deadline_s = props.duration("deadline", std::nullopt, 1e-9);
  p.bid_interval_s = props.duration("bid_interval", 600.0, 1.0, 7 * 86400.0);
  if (p.policy == Policy::NoOpt)
    p.bid = props.money("bid", std::nullopt, 1e-9);
  else if (props.has("bid"))
    props.fail("bid", "only No-Opt users give a fixed bid; " + quote_text(policy) +
                          " brokers compute theirs");
  p.fund = props.money("fund");
  p.allowance = props.money("allowance", 0.0);
  p.allowance_interval_s = props.duration("allowance_interval", p.bid_interval_s, 1.0, 7 * 86400.0);
  return p;
}

Broker::Broker(Params params, Run& run)
    : params_(std::move(params)), user_(run, params_.name), rng_(user_.rng("broker/")) {}

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
  UserRecord u;
  u.model = "auction";
  u.policy = policy_name(params_.policy);
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
  submit_initial_tasks();

  const long total = static_cast<long>(params_.lengths.size());
  // Bidding intervals from the start (the first one still ahead if discovery waited).
  const double p_i = params_.bid_interval_s;
  const double first =
      params_.start_s + (std::floor((sg4::Engine::get_clock() - params_.start_s) / p_i) + 1) * p_i;
  Timer ticker = every<BrokerMessage>(inbox_, first, p_i, MonitorTick{});
  while ((done_ < total && !gave_up_) || unsettled_ > 0)
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
  // known is not added twice).
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
  if (params_.policy == Policy::NoOpt && !r.told_bid && bid != params_.bid) {
    // The user set a bid and would otherwise not learn why another one is placed.
    r.told_bid = true;
    std::string why;
    if (params_.bid > r.view.max_bid || params_.bid < r.view.min_bid)
      why = fmt::format("the resource takes bids in [{}, {}] cents/min", r.view.min_bid,
                        r.view.max_bid);
    if (bid < clamp_bid(params_.bid, r.view.min_bid, r.view.max_bid))
      why += fmt::format(
          "{}its money pays no more: G${:.2f} in hand, a bid costs G${:.4f} per "
          "cent/min until the next top-up",
          why.empty() ? "" : "; then ", balance + deposit, rate);
    spdlog::warn("{} on {}: bids {:.2f} cents/min, not its bid of {:.2f}: {}", params_.name,
                 r.info.name, bid, params_.bid, why);
  }
  if (bid != r.bid)
    spdlog::info("{} on {}: bid {:.1f} -> {:.1f} cents/min", params_.name, r.info.name, r.bid, bid);
  if (deposit > 0 || bid != r.bid)
    send<AuctioneerMessage>(r.info.auctioneer, PlaceBid{params_.name, bid, deposit});
  r.bid = bid;
}

void Broker::submit(size_t index, long task) {
  Resource& r = resources_[index];
  ++r.outstanding;
  set_unsettled(r, true);
  task_resource_[static_cast<size_t>(task)] = index;
  send<AuctioneerMessage>(
      r.info.auctioneer,
      SubmitTask{params_.name, task, params_.lengths[static_cast<size_t>(task)]});
}

void Broker::submit_initial_tasks() {
  const auto& lengths = params_.lengths;
  const size_t m = lengths.size();
  std::vector<ResourceView> views;
  for (const auto& r : resources_) views.push_back(r.view);

  if (params_.policy == Policy::NoOpt) {
    // Section 5: tasks uniformly to all resources, one bid at the start.
    auto plan = uniform_submission_plan(m, resources_.size(), rng_);
    for (size_t i = 0; i < resources_.size(); ++i) open_account(i, params_.bid);
    for (size_t t = 0; t < m; ++t) submit(plan[t], static_cast<long>(t));
    return;
  }
  // 4.1.2: initial bid from the estimated time on the slowest resource (eq. 4).
  double avg = std::accumulate(lengths.begin(), lengths.end(), 0.0) / static_cast<double>(m);
  const ResourceView& slowest = views[slowest_resource(views)];
  double est = estimated_time(avg, slowest);
  spdlog::debug(
      "{}: first bids (eq. 4): avgLength {:.0f} MI, slowest resource {} MIPS x {} PE, "
      "est_time {:.1f} s, deadline {:.0f} s",
      params_.name, avg, slowest.mips_per_pe, slowest.pe, est, params_.deadline_s);
  if (params_.policy == Policy::Global) {
    auto plan = global_submission_plan(lengths, views, rng_);  // 4.1.3
    for (size_t i = 0; i < resources_.size(); ++i)
      open_account(i, initial_bid(est, params_.deadline_s, views[i]));
    for (size_t t = 0; t < m; ++t) submit(plan[t], static_cast<long>(t));
    return;
  }
  // 4.2: kappa = m / n random tasks to each local resource, the rest held back in List.
  std::vector<long> order(m);
  std::iota(order.begin(), order.end(), 0L);
  std::shuffle(order.begin(), order.end(), rng_);
  const int k = kappa(static_cast<int>(m), static_cast<int>(resources_.size()));
  size_t next = 0;
  for (size_t i = 0; i < resources_.size(); ++i) {
    if (!resources_[i].view.local) continue;
    open_account(i, initial_bid(est, params_.deadline_s, views[i]));
    for (int j = 0; j < k && next < m; ++j) submit(i, order[next++]);
  }
  held_back_.assign(order.begin() + static_cast<long>(next), order.end());
}

void Broker::set_unsettled(Resource& r, bool unsettled) {
  if (r.unsettled != unsettled) unsettled_ += unsettled ? 1 : -1;
  r.unsettled = unsettled;
}

bool Broker::wanted(const Resource& r) const {
  if (r.failed) return false;
  if (r.outstanding > 0) return true;
  // 4.2: local resources are offered List tasks even when they hold none of ours.
  return params_.policy == Policy::Local && r.view.local && r.open && !held_back_.empty();
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

void Broker::decide() {
  const double left = time_left();
  for (auto& r : resources_) {
    if (!r.has_progress || !wanted(r)) continue;
    const Progress& p = r.progress;
    double bid = r.bid;
    if (params_.policy != Policy::NoOpt) {
      double l_task = 0;
      if (params_.policy == Policy::Local && !held_back_.empty() && left > 0) {
        // 4.2: more tasks of List to r while it would still finish well before D (case 2 of
        // 4.1.4), so that extra work never forces a higher bid (docs/sulistio2005.md).
        // Only the first tasks of List that fit are looked at, not all of List for each r.
        auto length = [this](size_t j) {
          return params_.lengths[static_cast<size_t>(held_back_[j])];
        };
        size_t n =
            tasks_that_fit(p.remaining_mi, p.share_mips, held_back_.size(), length, left / 2);
        const size_t index = by_name_.at(r.info.name);
        for (size_t j = 0; j < n; ++j) {
          l_task += length(j);
          submit(index, held_back_[j]);
        }
        held_back_.erase(held_back_.begin(), held_back_.begin() + static_cast<long>(n));
      }
      if (r.outstanding == 0) continue;
      double f = finish_time(p.remaining_mi + l_task, p.share_mips);  // eq. 5
      bid = adjusted_bid(f, left, p.bid, r.view);                     // eq. 6
    }
    place_bid(r, bid);
    // S: share granted (MIPS), L: work left there (MI), balance: local balance (G$, eq. 2),
    // wallet: money not yet deposited (G$).
    spdlog::debug("{} on {}: S={:.1f} L={:.0f} queued={} balance={:.2f} bid={:.1f} wallet={:.2f}",
                  params_.name, r.info.name, p.share_mips, p.remaining_mi, p.queued, p.balance,
                  r.bid, wallet_);
  }
  if (out_of_money()) return;
  // 4.2: past half of D, the rest of List goes to the best available resources.
  if (params_.policy == Policy::Local && !held_back_.empty() &&
      sg4::Engine::get_clock() - params_.start_s > params_.deadline_s / 2)
    hand_out_remaining();
}

void Broker::hand_out_remaining() {
  distribute({held_back_.begin(), held_back_.end()});
  held_back_.clear();
}

void Broker::distribute(const std::vector<long>& tasks) {
  std::vector<size_t> alive;
  std::vector<int> queued;
  for (size_t i = 0; i < resources_.size(); ++i) {
    if (resources_[i].failed) continue;
    alive.push_back(i);
    queued.push_back(resources_[i].has_progress ? resources_[i].progress.queued : 0);
  }
  if (alive.empty()) {
    // Every resource failed: the tasks can never run; the user gives up.
    spdlog::warn("{}: no resource left for {} tasks; giving up", params_.name, tasks.size());
    gave_up_ = true;
    for (auto& r : resources_) set_unsettled(r, false);
    unfinished(user_status::kResourcesFailed, "every resource failed");
    return;
  }
  auto plan = best_available_plan(tasks.size(), queued, rng_);
  // New resources get eq. 4's bid, judged on the time left: maxBid if their share of the
  // tasks cannot be done on one PE before D (docs/sulistio2005.md).
  std::vector<double> load(resources_.size(), 0.0);
  for (size_t j = 0; j < plan.size(); ++j)
    load[alive[plan[j]]] += params_.lengths[static_cast<size_t>(tasks[j])];
  for (size_t i : alive) {
    if (resources_[i].open || load[i] == 0) continue;
    const auto& v = resources_[i].view;
    open_account(i, params_.policy == Policy::NoOpt
                        ? params_.bid
                        : initial_bid(load[i] / v.mips_per_pe, std::max(0.0, time_left()), v));
  }
  for (size_t j = 0; j < plan.size(); ++j) submit(alive[plan[j]], tasks[j]);
}

// 4.1.3: "If a resource fails, then tasks are migrated to different resources." Every policy
// does it (a user would never finish otherwise). Charges made there since the last settlement
// are taken as the last reported ones; the balance left there is lost with the resource.
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
  if (!moved.empty()) distribute(moved);
  record();
}

}  // namespace botsim::grid
