#pragma once
// How policies are declared (docs/policies.md): by name, for one decision point, with a
// one-line description and a factory that builds one policy object per user from the props of
// the actor that names it. botsim's own policies and a plug-in's go through the same Registrar.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agents.hpp"
#include "auction.hpp"
#include "props.hpp"
#include "provisioning.hpp"

namespace botsim::policy {

/// What a cloud user is when its provisioning policy is built.
struct CloudSetup {
  std::string user;
  InstanceType task_type;           // the type the task times are given for
  std::vector<InstanceType> types;  // every type the cloud offers
  /// The bag's task times on one core of task_type, for checks when the policy is built (the
  /// view of a run shows only the times of the tasks done).
  const std::vector<double>* task_times = nullptr;
};

using AuctionFactory = std::function<std::unique_ptr<AuctionPolicy>(const Props&)>;
using ProvisioningFactory =
    std::function<std::unique_ptr<ProvisioningPolicy>(const Props&, const CloudSetup&)>;
using OrderingFactory = std::function<std::unique_ptr<AgentsOrdering>(const Props&)>;
using MappingFactory = std::function<std::unique_ptr<AgentsMapping>(const Props&)>;
using AllocationFactory =
    std::function<std::unique_ptr<AgentsAllocation>(const Props&, const AllocationSetup&)>;

/// Adds policies. A name is one word (letters, digits, '-', '_', '.') and unique within its
/// decision point, whatever the case; a clash stops botsim with exit code 2.
class Registrar {
 public:
  virtual ~Registrar() = default;
  virtual void auction(const std::string& name, const std::string& description,
                       AuctionFactory factory) = 0;
  virtual void provisioning(const std::string& name, const std::string& description,
                            ProvisioningFactory factory) = 0;
  /// The agents' task ordering, mapping policy and allocation mechanism (agents.hpp).
  virtual void ordering(const std::string& name, const std::string& description,
                        OrderingFactory factory) = 0;
  virtual void mapping(const std::string& name, const std::string& description,
                       MappingFactory factory) = 0;
  virtual void allocation(const std::string& name, const std::string& description,
                          AllocationFactory factory) = 0;
};

}  // namespace botsim::policy
