#include "grid/auctioneer.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <simgrid/s4u/Host.hpp>

#include "core/results.hpp"
#include "core/units.hpp"
#include "grid/auction.hpp"
#include "grid/records.hpp"
#include "platform/messaging.hpp"
#include "platform/timers.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::grid {

Auctioneer::Params Auctioneer::Params::read(const PropReader& props, const ActorSite& site) {
  Params p;
  p.period_s = props.duration("period", 60.0, 1.0, 86400.0);  // 1 s to 1 day: each is an event
  p.info.period_s = p.period_s;
  const sg4::Host* host = sg4::Host::by_name(site.host);
  PropReader hw = host_props(*host, site.run.paths().platform);
  ResourceInfo& r = p.info;
  r.name = site.host;
  r.location = hw.text("location", "");
  r.vo = hw.list("vo");
  if (r.vo.empty())
    hw.fail("vo", "an Auctioneer's resource must name its VO domain(s), e.g. value=\"A,B\"");
  r.min_bid = hw.money("min_bid", std::nullopt, 1e-9);
  r.max_bid = hw.money("max_bid", std::nullopt, 1e-9);
  if (r.min_bid > r.max_bid)
    hw.fail("min_bid",
            "min_bid " + format_number(r.min_bid) + " exceeds max_bid " + format_number(r.max_bid));
  r.surcharge = hw.number("surcharge", 0.2, 0.0);
  r.pe = host->get_core_count();
  r.mips_per_pe = flops_to_mi(host->get_speed());
  if (!(r.mips_per_pe > 0)) hw.fail("speed", "a resource needs a speed > 0");
  return p;
}

Auctioneer::Auctioneer(Params params, Run& run)
    : params_(std::move(params)), results_(run.results()), waiters_(TaskWaiters::of(run)) {}

void Auctioneer::operator()() {
  sg4::Actor::self()->daemonize();  // serves until the last user is done
  Inbox<AuctioneerMessage> inbox("Auctioneer-" + params_.info.name);
  inbox_ = inbox.mailbox();
  params_.info.auctioneer = inbox_;
  resource_ = ResourceRecord{params_.info.name, params_.info.vo, 0.0};
  resource_row_ = results_.add_resource(resource_.to_json());
  // 3.1: register once with the GIS of every domain the resource belongs to.
  for (const auto& vo : params_.info.vo)
    send<GisMessage>(sg4::Mailbox::by_name(gis_mailbox(vo)), RegisterResource{params_.info});

  for (;;) {
    auto msg = inbox.receive();
    std::visit([this](auto& m) { handle(m); }, *msg);
  }
}

void Auctioneer::handle(PeriodEnd&) {
  if (active()) {
    end_of_period(sg4::Engine::get_clock() - params_.period_s);
    return;
  }
  // Nothing to share, charge or settle: the clock stops until the next bid or task, so that an
  // idle resource costs no events (users may start hours or years in).
  clock_.stop();
}

void Auctioneer::wake_clock() {
  if (clock_.active()) return;
  const double period = params_.period_s;
  const double next = (std::floor(sg4::Engine::get_clock() / period) + 1) * period;
  clock_ = every<AuctioneerMessage>(inbox_, next, period, PeriodEnd{});
}

bool Auctioneer::is_live(const Account& a) {
  return a.exec || !a.queue.empty() || a.pending_bid > 0 || a.unsettled;
}

void Auctioneer::make_live(Account& a) {
  live_.insert(&a);
  wake_clock();
}

void Auctioneer::handle(OpenAccount& m) {
  Account& a = accounts_[m.user];
  a.user = m.user;
  a.broker = m.broker;
  const auto& vo = params_.info.vo;
  a.surcharge = std::find(vo.begin(), vo.end(), m.vo) == vo.end() ? params_.info.surcharge : 0.0;
}

void Auctioneer::handle(PlaceBid& m) {
  Account& a = accounts_.at(m.user);
  a.pending_bid = clamp_bid(m.bid, params_.info.min_bid, params_.info.max_bid);  // eq. 2
  a.balance += m.deposit;
  make_live(a);
}

void Auctioneer::handle(SubmitTask& m) {
  Account& a = accounts_.at(m.user);
  size_t row = results_.add_task({m.user, m.task, m.length_mi, params_.info.name,
                                  sg4::Engine::get_clock(), std::nullopt, std::nullopt});
  a.queue.push_back({m.task, m.length_mi, row});
  a.unsettled = true;
  make_live(a);
  start_next(a);
}

void Auctioneer::handle(ProgressQuery& m) {
  Account& a = accounts_.at(m.user);
  account_progress(a);
  Progress p;
  p.resource = params_.info.name;
  double bid = a.bid > 0 ? a.bid : (a.pending_bid > 0 ? a.pending_bid : params_.info.min_bid);
  // S_r: the share granted for this period (eq. 1 is recomputed every period); a user with no
  // task running here gets the share its bid would get among the running users.
  p.share_mips = a.exec && !a.suspended && a.share_mips > 0 ? a.share_mips : share_of(a, bid);
  p.bid = bid;
  p.remaining_mi = a.exec ? flops_to_mi(a.flops_at_mark) : 0.0;  // read just now
  for (const auto& t : a.queue) p.remaining_mi += t.length_mi;
  p.queued = static_cast<int>(a.queue.size());
  p.running = a.exec ? 1 : 0;
  p.balance = a.balance;
  p.charged = a.charged;
  if (a.exec) p.running_task = a.current.task;
  p.running_charged = a.current_charged;
  send<BrokerMessage>(a.broker, std::move(p));
}

double Auctioneer::share_of(const Account& who, double who_bid) const {
  // Only live accounts can be running; the shares do not depend on the order of the bids.
  std::vector<double> bids{who_bid};
  for (const Account* a : live_)
    if (a != &who && a->exec && !a->suspended) bids.push_back(a->bid);
  return proportional_shares(bids, params_.info.pe, params_.info.mips_per_pe)[0];
}

void Auctioneer::account_progress(Account& a) {
  if (!a.exec) return;
  double left = a.exec->get_remaining();
  a.consumed_mi += flops_to_mi(a.flops_at_mark - left);
  a.current_mi += flops_to_mi(a.flops_at_mark - left);
  a.flops_at_mark = left;
}

void Auctioneer::start_next(Account& a) {
  // A task started between two periods runs at the share its bid gets among the running ones
  // until the next period recomputes every share.
  if (try_start(a) && a.share_mips <= 0) a.share_mips = share_of(a, a.bid);
}

bool Auctioneer::try_start(Account& a) {
  if (a.exec || a.queue.empty() || a.bid <= 0 || a.balance <= kMoneyDust || a.suspended)
    return false;
  a.current = a.queue.front();
  a.queue.pop_front();
  const double flops = mi_to_flops(a.current.length_mi);
  // The bid is the Exec's sharing weight: SimGrid's CPU sharing does eq. 1 (auction.hpp).
  // exec_init(flops), with an Exec a runner made if there is one: the same simcalls in the
  // same order, and the Exec is not in the Auctioneer's activity list (spare_execs_).
  sg4::ExecPtr exec;
  if (spare_execs_->empty()) {
    exec = sg4::Exec::init();
  } else {
    exec = std::move(spare_execs_->back());
    spare_execs_->pop_back();
  }
  exec->set_flops_amount(flops)->set_host(sg4::this_actor::get_host());
  exec->set_priority(a.bid);
  exec->start();
  a.exec = exec;
  a.exec_priority = a.bid;
  a.flops_at_mark = flops;
  a.current_mi = 0;
  a.current_charged = 0;
  run(a, exec);
  results_.task(a.current.row).start_s = sg4::Engine::get_clock();
  return true;
}

void Auctioneer::run(Account& a, sg4::ExecPtr exec) {
  if (!waiter_) {
    auto w = std::make_shared<TaskWaiters::Waiter>();
    w->running = true;
    // It lives as long as the Auctioneer (both die with the host), or is stopped by the last
    // user's end, so an Exec it made is never cancelled while the Auctioneer needs it.
    w->actor = sg4::Actor::create(
        "task-waiter", sg4::this_actor::get_host(), [w, spares = spare_execs_, inbox = inbox_] {
          sg4::Actor::self()->daemonize();
          sg4::this_actor::on_exit([w](bool) { w->running = false; });
          auto stock = [&spares] {
            while (spares->size() < kSpareExecs) spares->push_back(sg4::Exec::init());
          };
          stock();
          // [0] the wake-up, then the running Execs in the order they were handed over, each
          // reported as it ends (one running task per user, 3.2).
          std::vector<sg4::ActivityPtr> watched{nullptr};
          std::vector<std::pair<std::string, size_t>> ids;
          for (;;) {
            // A wake-up of 0 flops, suspended: resumed, it ends at that very instant (a
            // message would be a transfer, as the Auctioneer's own messages are).
            auto wake =
                sg4::Exec::init()->set_flops_amount(0)->set_host(sg4::this_actor::get_host());
            wake->start();
            wake->suspend();
            w->wake = wake;
            w->woken = false;
            watched[0] = wake;
            for (auto& h : w->handed) {
              watched.push_back(std::move(h.exec));
              ids.emplace_back(std::move(h.user), h.row);
            }
            w->handed.clear();
            if (w->stopping) break;
            for (;;) {
              const auto k = static_cast<size_t>(sg4::Activity::wait_any(watched));
              if (k == 0) break;
              auto [user, row] = std::move(ids[k - 1]);
              watched.erase(watched.begin() + static_cast<long>(k));
              ids.erase(ids.begin() + static_cast<long>(k - 1));
              stock();
              send<AuctioneerMessage>(inbox, TaskFinished{user, row}, 0);
            }
            w->wake = nullptr;
            if (w->stopping) break;
          }
          // Stopped at the simulation's end: the Execs it made (tasks still running or
          // suspended, spares) are cancelled as it ends, watched by no one.
        });
    waiter_ = w;
    waiters_.add(std::move(w));
  }
  waiter_->handed.push_back({std::move(exec), a.user, a.current.row});
  waiter_->wake_up();
}

void Auctioneer::handle(TaskFinished& m) {
  Account& a = accounts_.at(m.user);
  // A task that ended at an auction instant was seen ended by that auction (end_of_period).
  if (!a.exec || a.current.row != m.row) return;
  task_finished(a);
}

void Auctioneer::task_finished(Account& a) {
  end_task(a);
  start_next(a);
}

void Auctioneer::end_task(Account& a) {
  a.consumed_mi += flops_to_mi(a.flops_at_mark);
  a.exec = nullptr;
  a.flops_at_mark = 0;
  const double now = sg4::Engine::get_clock();
  results_.end_task(a.current.row, now);
  send<BrokerMessage>(a.broker, TaskDone{params_.info.name, a.current.task, now});
}

void Auctioneer::end_of_period(double period_start) {
  const double period = params_.period_s;
  const double capability = params_.info.pe * params_.info.mips_per_pe;
  // Charge the period that ends now (eq. 3), from each user's local balance.
  for (Account* live : live_) {
    Account& a = *live;
    account_progress(a);
    if (a.consumed_mi > 0) {
      double cost = period_cost(a.consumed_mi, a.share_mips, a.bid, period, a.surcharge);
      cost = std::min(cost, a.balance);  // money never goes negative
      a.balance -= cost;
      a.charged += cost;
      // The running task's part of the period's cost, by its share of the work (what a
      // broker reports lost if this resource fails, docs/sulistio2005.md).
      a.current_charged += cost * a.current_mi / a.consumed_mi;
      resource_.earned += cost;
      // `share` is eq. 1's S, with which eq. 3 charges; `received` what the tasks actually ran
      // at over the period, which differs from S when the running tasks change mid-period.
      results_.timeline<BidRecord>().add({period_start, params_.info.name, a.user, a.bid,
                                          a.share_mips / capability, cost,
                                          a.consumed_mi / (capability * period)});
    }
    a.consumed_mi = 0;
    a.current_mi = 0;
    a.share_mips = 0;
  }
  results_.resource(resource_row_) = resource_.to_json();  // what it earned so far
  // Then each account in turn: a task that ended at this very instant is over (its Exec has
  // no work left; its runner's report may come after this auction, and is then ignored), the
  // bid that arrived during the period applies from now on (3.2), a task starts if it can, a
  // user whose tasks here are done is settled. The new period's shares (eq. 1) are set once
  // every running account is known: a user shares the period only if a task of its runs in it.
  std::vector<Account*> sharing;
  std::vector<double> bids;
  for (auto it = live_.begin(); it != live_.end();) {
    Account& a = **it;
    if (a.exec && !a.suspended && a.flops_at_mark <= 0) end_task(a);
    apply_bid(a);
    try_start(a);
    if (a.exec && !a.suspended) {
      sharing.push_back(&a);
      bids.push_back(a.bid);
    }
    settle_if_done(a);
    it = is_live(a) ? std::next(it) : live_.erase(it);
  }
  auto shares = proportional_shares(bids, params_.info.pe, params_.info.mips_per_pe);
  for (size_t k = 0; k < sharing.size(); ++k) sharing[k]->share_mips = shares[k];
}

// A bid that arrived during the period applies from now on (3.2); an account out of money is
// suspended until its next deposit.
void Auctioneer::apply_bid(Account& a) {
  if (a.pending_bid > 0) {
    a.bid = a.pending_bid;
    a.pending_bid = 0;
  }
  if (a.exec) {  // still running: an Exec that ended at this instant was ended just before
    if (!a.suspended && a.balance <= kMoneyDust) {
      a.exec->suspend();
      a.suspended = true;
      spdlog::info("{} suspended: no money left on {}", a.user, params_.info.name);
    } else if (a.suspended && a.balance > kMoneyDust) {
      a.exec->resume();
      a.suspended = false;
    }
    // Only a real change reaches SimGrid (a resumed Exec whose bid did not change keeps its
    // priority); the priority is eq. 1's bid, so skipping an equal one changes no share.
    if (!a.suspended && a.bid != a.exec_priority) {
      a.exec->update_priority(a.bid);
      a.exec_priority = a.bid;
    }
  } else if (!a.exec && a.suspended && a.balance > kMoneyDust) {
    a.suspended = false;
  }
}

// The user's tasks here are done: final charges, and the balance refunded.
void Auctioneer::settle_if_done(Account& a) {
  if (a.exec || !a.queue.empty() || !a.unsettled) return;
  send<BrokerMessage>(
      a.broker, Settlement{params_.info.name, a.charged - a.charged_at_settlement, a.balance});
  a.charged_at_settlement = a.charged;
  a.balance = 0;
  a.unsettled = false;
}

}  // namespace botsim::grid
