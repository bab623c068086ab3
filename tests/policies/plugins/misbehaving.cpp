// A C++ plug-in whose policies decide what they may not, or throw, for the tests of bad
// plug-ins (tests/cli/policy_plugins_cli_test.cpp): botsim must stop with exit code 2 and one
// message naming the file, the policy and the problem.
#include <botsim/policy/policy.hpp>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace {

using namespace botsim::policy;

// Starts what `start` says; `broken` decides once a task has ended.
class Broken : public ProvisioningPolicy {
 public:
  explicit Broken(int how) : how_(how) {}
  CloudDecision start(const CloudView& view) override {
    return CloudDecision().start_instances(view.task_type().name, 1);
  }
  CloudDecision task_ended(const CloudView& view, const TaskEnd&) override {
    CloudDecision d;
    switch (how_) {
      case 0:
        d.start_instances(view.task_type().name, -1);
        break;
      case 1:
        d.start_instances("huge", 1);
        break;
      case 2:
        d.stop_instance("U0-i9999");
        break;
      case 3:
        throw std::runtime_error("the policy's own C++ exception");
      default:
        d.stop_instance_at(view.instances().at(0).name, std::nan(""));
    }
    return d;
  }

 private:
  int how_;
};

class BadBids : public AuctionPolicy {
 public:
  explicit BadBids(bool nan) : nan_(nan) {}
  AuctionPlan start(const AuctionView& view) override {
    AuctionPlan plan;
    plan.open(nan_ ? 0 : view.resources().size() + 98, nan_ ? std::nan("") : 10.0);
    return plan;
  }
  AuctionPlan place(const AuctionView&, const std::vector<long>&) override { return {}; }

 private:
  bool nan_;
};

}  // namespace

BOTSIM_PLUGIN("misbehaving", registrar) {
  const char* names[] = {"negative-count", "unknown-type", "unknown-instance", "throws",
                         "nan-stop-time"};
  for (int how = 0; how < 5; ++how)
    registrar.provisioning(
        names[how], "a policy that misbehaves once a task ended (tests)",
        [how](const Props&, const CloudSetup&) { return std::make_unique<Broken>(how); });
  registrar.auction("nan-bid", "opens an account with a bid of NaN (tests)",
                    [](const Props&) { return std::make_unique<BadBids>(true); });
  registrar.auction("unknown-resource", "opens an account on a resource it was not offered (tests)",
                    [](const Props&) { return std::make_unique<BadBids>(false); });
}
