#include "grid/auction_policies.hpp"

#include <algorithm>
#include <numeric>

#include "core/error.hpp"
#include "grid/bidding.hpp"

namespace botsim::grid {

namespace {

using policy::AuctionPlan;
using policy::AuctionResource;
using policy::AuctionRound;
using policy::AuctionView;

ResourceView view_of(const AuctionResource& r) {
  ResourceView v;
  v.name = r.name;
  v.pe = r.pe;
  v.mips_per_pe = r.mips_per_pe;
  v.min_bid = r.min_bid;
  v.max_bid = r.max_bid;
  v.surcharge = r.surcharge;
  v.local = r.local;
  return v;
}

std::vector<ResourceView> views_of(const AuctionView& view) {
  std::vector<ResourceView> views;
  for (const auto& r : view.resources()) views.push_back(view_of(r));
  return views;
}

// 4.1.2: est_time from the average length on the slowest resource (eq. 4's indicator).
double estimated_time_of(const AuctionView& view, const std::vector<ResourceView>& views) {
  const auto& lengths = view.lengths();
  const double avg =
      std::accumulate(lengths.begin(), lengths.end(), 0.0) / static_cast<double>(lengths.size());
  return estimated_time(avg, views[slowest_resource(views)]);
}

// 4.2 "best available", which every policy uses for tasks of a failed resource: each task to a
// resource that holds the fewest queued tasks of the user, ties drawn at random; a resource
// without an account gets one, its first bid `first_bid(resource, its load)`.
template <class FirstBid>
AuctionPlan best_available(const AuctionView& view, const std::vector<long>& tasks,
                           FirstBid first_bid) {
  const auto& resources = view.resources();
  std::vector<size_t> alive;
  std::vector<int> queued;
  for (const auto& r : resources) {
    if (r.failed) continue;
    alive.push_back(r.index);
    queued.push_back(r.has_progress ? r.queued : 0);
  }
  AuctionPlan plan;
  if (alive.empty()) return plan;
  auto where = best_available_plan(tasks.size(), queued, view.random().engine());
  std::vector<double> load(resources.size(), 0.0);
  for (size_t j = 0; j < where.size(); ++j)
    load[alive[where[j]]] += view.lengths()[static_cast<size_t>(tasks[j])];
  for (size_t i : alive)
    if (!resources[i].open && load[i] != 0) plan.open(i, first_bid(resources[i], load[i]));
  for (size_t j = 0; j < where.size(); ++j) plan.submit(tasks[j], alive[where[j]]);
  return plan;
}

// New resources under the time optimisation get eq. 4's bid, judged on the time left: maxBid if
// their share of the tasks cannot be done on one PE before D (docs/sulistio2005.md).
AuctionPlan best_available_eq4(const AuctionView& view, const std::vector<long>& tasks) {
  const double left = std::max(0.0, view.time_left());
  return best_available(view, tasks, [left](const AuctionResource& r, double load) {
    return initial_bid(load / r.mips_per_pe, left, view_of(r));
  });
}

// 4.1.4 on every resource reported this interval: eq. 5 then eq. 6, with `extra` MI the round
// adds there (4.2's L_task).
double adjusted(const AuctionView& view, const AuctionResource& r, double extra) {
  const double f = finish_time(r.remaining_mi + extra, r.share_mips);    // eq. 5
  return adjusted_bid(f, view.time_left(), r.reported_bid, view_of(r));  // eq. 6
}

// Section 5: tasks uniformly to all resources, one bid at the start, never changed.
class NoOpt : public policy::AuctionPolicy {
 public:
  explicit NoOpt(double bid) : bid_(bid) {}
  std::optional<double> fixed_bid() const override { return bid_; }
  AuctionPlan start(const AuctionView& view) override {
    const size_t n = view.resources().size();
    auto where = uniform_submission_plan(view.lengths().size(), n, view.random().engine());
    AuctionPlan plan;
    for (size_t i = 0; i < n; ++i) plan.open(i, bid_);
    for (size_t t = 0; t < where.size(); ++t) plan.submit(static_cast<long>(t), where[t]);
    return plan;
  }
  AuctionPlan place(const AuctionView& view, const std::vector<long>& tasks) override {
    return best_available(view, tasks, [this](const AuctionResource&, double) { return bid_; });
  }

 private:
  double bid_;
};

// 4.1: first bids from eq. 4, tasks by 4.1.3's plan, bids adjusted each interval (4.1.4).
class GlobalDomain : public policy::AuctionPolicy {
 public:
  AuctionPlan start(const AuctionView& view) override {
    const auto views = views_of(view);
    const double est = estimated_time_of(view, views);
    auto where = global_submission_plan(view.lengths(), views, view.random().engine());  // 4.1.3
    AuctionPlan plan;
    for (size_t i = 0; i < views.size(); ++i)
      plan.open(i, initial_bid(est, view.deadline_s(), views[i]));
    for (size_t t = 0; t < where.size(); ++t) plan.submit(static_cast<long>(t), where[t]);
    return plan;
  }
  AuctionRound interval(const AuctionView& view) override {
    AuctionRound round;
    for (const auto& r : view.resources())
      if (r.in_round && r.outstanding > 0) round.bid(r.index, adjusted(view, r, 0));
    return round;
  }
  AuctionPlan place(const AuctionView& view, const std::vector<long>& tasks) override {
    return best_available_eq4(view, tasks);
  }
};

// 4.2: kappa = m / n random tasks to each local resource, the rest held back in List; each
// interval, more of List to a resource while it would still finish well before D; past half of
// D, the rest of List to the best available resources.
class LocalDomain : public policy::AuctionPolicy {
 public:
  AuctionPlan start(const AuctionView& view) override {
    const auto views = views_of(view);
    const double est = estimated_time_of(view, views);
    const size_t m = view.lengths().size();
    std::vector<long> order(m);
    std::iota(order.begin(), order.end(), 0L);
    view.random().shuffle(order);
    const int k = kappa(static_cast<int>(m), static_cast<int>(views.size()));
    AuctionPlan plan;
    size_t next = 0;
    for (size_t i = 0; i < views.size(); ++i) {
      if (!views[i].local) continue;
      plan.open(i, initial_bid(est, view.deadline_s(), views[i]));
      for (int j = 0; j < k && next < m; ++j) plan.submit(order[next++], i);
    }
    plan.hold.assign(order.begin() + static_cast<long>(next), order.end());
    return plan;
  }
  AuctionRound interval(const AuctionView& view) override {
    AuctionRound round;
    const double left = view.time_left();
    const std::vector<long> held = view.held();
    const auto& lengths = view.lengths();
    size_t next = 0;  // List's first task not given out this round
    for (const auto& r : view.resources()) {
      if (!r.in_round) continue;
      double l_task = 0;
      size_t n = 0;
      if (next < held.size() && left > 0) {
        // More tasks of List to r while it would still finish well before D (case 2 of
        // 4.1.4), so that extra work never forces a higher bid (docs/sulistio2005.md). Only
        // the first tasks of List that fit are looked at, not all of List for each r.
        auto length = [&](size_t j) { return lengths[static_cast<size_t>(held[next + j])]; };
        n = tasks_that_fit(r.remaining_mi, r.share_mips, held.size() - next, length, left / 2);
        for (size_t j = 0; j < n; ++j) {
          l_task += length(j);
          round.submit(held[next + j], r.index);
        }
        next += n;
      }
      if (r.outstanding + static_cast<long>(n) == 0) continue;
      round.bid(r.index, adjusted(view, r, l_task));
    }
    // Past half of D, the rest of List goes to the best available resources.
    if (next < held.size() && view.now() - view.start_s() > view.deadline_s() / 2)
      round.place.assign(held.begin() + static_cast<long>(next), held.end());
    return round;
  }
  AuctionPlan place(const AuctionView& view, const std::vector<long>& tasks) override {
    return best_available_eq4(view, tasks);
  }
};

// Only No-Opt users give a fixed bid.
void refuse_bid(const policy::Props& props, const char* name) {
  if (props.has("bid"))
    props.fail("bid", std::string("only No-Opt users give a fixed bid; ") + quote_text(name) +
                          " brokers compute theirs");
}

}  // namespace

void register_auction_policies(policy::Registrar& registrar) {
  registrar.auction("no-opt",
                    "Sulistio & Buyya, section 5: tasks spread evenly at random, one fixed bid "
                    "(prop `bid`, cents/min) for the whole run",
                    [](const policy::Props& props) {
                      return std::make_unique<NoOpt>(props.money("bid", std::nullopt, 1e-9));
                    });
  registrar.auction("global",
                    "Sulistio & Buyya 4.1 (Global Domain): first bids by eq. 4, tasks by 4.1.3's "
                    "plan on every resource, bids adjusted each interval by eq. 6",
                    [](const policy::Props& props) {
                      refuse_bid(props, "global");
                      return std::make_unique<GlobalDomain>();
                    });
  registrar.auction("local",
                    "Sulistio & Buyya 4.2 (Local Domain): kappa tasks on each local resource, the "
                    "rest added while they fit before D, past D/2 handed out",
                    [](const policy::Props& props) {
                      refuse_bid(props, "local");
                      return std::make_unique<LocalDomain>();
                    });
}

}  // namespace botsim::grid
