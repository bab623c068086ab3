#pragma once
// The one registry of policies, for every decision point (docs/policies.md): botsim's own,
// registered by each model through a Registrar.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "policy/registrar.hpp"

namespace botsim::policy {

enum class DecisionPoint { Auction, Provisioning };

/// "auction", "cloud-provisioning": how `botsim policies` and messages name a point.
const char* decision_point_name(DecisionPoint point);
/// Every decision point, in `botsim policies`' order.
std::vector<DecisionPoint> decision_points();

struct PolicyEntry {
  std::string name, description;
  DecisionPoint point = DecisionPoint::Auction;
  std::string origin;  // "built in", or the file that declared it
  AuctionFactory auction;
  ProvisioningFactory provisioning;
  bool built_in() const { return origin == kBuiltIn; }
  static constexpr const char* kBuiltIn = "built in";
};

/// What a policy decided and may not (a resource it was not offered, a negative count, NaN...):
/// the message names the problem; the run stops with exit code 2.
struct DecisionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Thrown when a policy cannot be added (a bad or taken name): the message says why.
struct RegistrationError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// "policy 'x' (auction) of FILE", or "botsim's policy 'x' (auction)": how messages name it.
std::string describe(const PolicyEntry& e);

/// A Registrar that adds to the registry, as declared by `origin`.
class OriginRegistrar : public Registrar {
 public:
  explicit OriginRegistrar(std::string origin) : origin_(std::move(origin)) {}
  void auction(const std::string& name, const std::string& description,
               AuctionFactory factory) override;
  void provisioning(const std::string& name, const std::string& description,
                    ProvisioningFactory factory) override;
  /// The names added through this registrar, in order.
  const std::vector<std::string>& added() const { return added_; }
  const std::string& origin() const { return origin_; }

 private:
  void add(PolicyEntry e);
  std::string origin_;
  std::vector<std::string> added_;
};

/// botsim's own policies' registrar.
Registrar& built_in_registrar();

/// The policy `name` (exact spelling) of that point, or nullptr.
const PolicyEntry* find_policy(DecisionPoint point, std::string_view name);
/// The policies of one point, in the order they were registered (botsim's own first).
std::vector<const PolicyEntry*> policies_of(DecisionPoint point);
/// Their names, "a, b, c", for messages.
std::string policy_names(DecisionPoint point);

}  // namespace botsim::policy
