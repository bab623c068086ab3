// No-Opt (Sulistio & Buyya 2005, section 5) as a C++ plug-in of the auction broker, built against
// an installed botsim (CMakeLists.txt here). It decides what botsim's built-in `no-opt` decides,
// drawing from the same random stream in the same order, so that a scenario run with
// policy="no-opt-cpp" gives the same results files as with `no-opt`: tasks dealt in turn to
// every resource, shuffled, one fixed bid for the whole run; a failed resource's tasks go to the
// resources holding the fewest queued tasks of the user.
#include <botsim/policy/policy.hpp>

#include <algorithm>
#include <map>
#include <memory>

namespace {

using botsim::policy::AuctionPlan;
using botsim::policy::AuctionView;

class NoOpt : public botsim::policy::AuctionPolicy {
 public:
  explicit NoOpt(double bid) : bid_(bid) {}
  std::string label() const override { return "no-opt"; }
  std::optional<double> fixed_bid() const override { return bid_; }

  AuctionPlan start(const AuctionView& view) override {
    const size_t n = view.resources().size(), m = view.lengths().size();
    std::vector<size_t> where(m);
    for (size_t t = 0; t < m; ++t) where[t] = t % n;  // dealt in turn...
    view.random().shuffle(where);                     // ...in a random order
    AuctionPlan plan;
    for (size_t r = 0; r < n; ++r) plan.open(r, bid_);
    for (size_t t = 0; t < m; ++t) plan.submit(static_cast<long>(t), where[t]);
    return plan;
  }

  AuctionPlan place(const AuctionView& view, const std::vector<long>& tasks) override {
    // Each task to a resource holding the fewest queued tasks of the user, ties at random.
    const auto& resources = view.resources();
    std::vector<size_t> alive;
    std::vector<int> queued;
    for (const auto& r : resources)
      if (!r.failed) {
        alive.push_back(r.index);
        queued.push_back(r.has_progress ? r.queued : 0);
      }
    std::vector<size_t> where;
    for (size_t j = 0; j < tasks.size(); ++j) {
      const int least = *std::min_element(queued.begin(), queued.end());
      std::vector<size_t> ties;
      for (size_t k = 0; k < queued.size(); ++k)
        if (queued[k] == least) ties.push_back(k);
      const size_t k = ties[view.random().index(ties.size())];
      where.push_back(alive[k]);
      ++queued[k];
    }
    std::map<size_t, double> load;
    for (size_t j = 0; j < tasks.size(); ++j)
      load[where[j]] += view.lengths()[static_cast<size_t>(tasks[j])];
    AuctionPlan plan;
    for (size_t r : alive)
      if (!resources[r].open && load[r] != 0) plan.open(r, bid_);
    for (size_t j = 0; j < tasks.size(); ++j) plan.submit(tasks[j], where[j]);
    return plan;
  }

 private:
  double bid_;
};

}  // namespace

BOTSIM_PLUGIN("no-opt", registrar) {
  registrar.auction("no-opt-cpp",
                    "the built-in `no-opt` as a C++ plug-in: tasks spread evenly at random, one "
                    "fixed bid (prop `bid`, cents/min) for the whole run",
                    [](const botsim::policy::Props& props) {
                      return std::make_unique<NoOpt>(props.money("bid", std::nullopt, 1e-9));
                    });
}
