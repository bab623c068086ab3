#pragma once
// The one registry of policies, for every decision point (docs/policies.md): botsim's own,
// registered by each model through a Registrar.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "policy/registrar.hpp"

namespace botsim::policy {

enum class DecisionPoint { Auction, Provisioning, AgentsOrdering, AgentsMapping, AgentsAllocation };

/// "auction", "cloud-provisioning", "agents-ordering", ...: how `botsim policies` and messages name
/// a point.
const char* decision_point_name(DecisionPoint point);
/// Every decision point, in `botsim policies`' order.
std::vector<DecisionPoint> decision_points();

struct PolicyEntry {
  std::string name, description;
  DecisionPoint point = DecisionPoint::Auction;
  std::string origin;  // "built in", or the file that declared it
  AuctionFactory auction;
  ProvisioningFactory provisioning;
  OrderingFactory ordering;
  MappingFactory mapping;
  AllocationFactory allocation;
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
  void ordering(const std::string& name, const std::string& description,
                OrderingFactory factory) override;
  void mapping(const std::string& name, const std::string& description,
               MappingFactory factory) override;
  void allocation(const std::string& name, const std::string& description,
                  AllocationFactory factory) override;
  /// The names added through this registrar, in order.
  const std::vector<std::string>& added() const { return added_; }
  const std::string& origin() const { return origin_; }

 private:
  // Adds a policy of `point` whose factory `set` puts in the entry.
  template <class Set>
  void add(DecisionPoint point, const std::string& name, const std::string& description, Set set);
  void add(PolicyEntry e);
  std::string origin_;
  std::vector<std::string> added_;
};

/// botsim's own policies' registrar.
Registrar& built_in_registrar();

/// A source file of policies built into botsim (BOTSIM_POLICIES in src/CMakeLists.txt) adds
/// its declarations when the program starts; they are registered after the models' own
/// (register_built_in_files, called once by the program).
bool add_built_in_file(void (*declare)(Registrar&));
void register_built_in_files();

/// The policy `name` (exact spelling) of that point, or nullptr.
const PolicyEntry* find_policy(DecisionPoint point, std::string_view name);
/// The same, whatever the case (names are unique whatever the case).
const PolicyEntry* find_policy_any_case(DecisionPoint point, std::string_view name);
/// The policies of one point, in the order they were registered (botsim's own first).
std::vector<const PolicyEntry*> policies_of(DecisionPoint point);
/// Their names, "a, b, c", for messages.
std::string policy_names(DecisionPoint point);

}  // namespace botsim::policy

/// Declares the policies of a source file built into botsim; the block that follows adds them
/// through REGISTRAR (at namespace scope, once per file):
///   BOTSIM_BUILT_IN_POLICIES(registrar) { registrar.mapping("mine", "...", make_mine); }
#define BOTSIM_BUILT_IN_POLICIES(REGISTRAR)                          \
  static void botsim_built_in_declare(::botsim::policy::Registrar&); \
  static const bool botsim_built_in_added =                          \
      ::botsim::policy::add_built_in_file(&botsim_built_in_declare); \
  static void botsim_built_in_declare(::botsim::policy::Registrar& REGISTRAR)
