#pragma once
namespace botsim::agents {
/// Registers the agents of Gutierrez-Garcia & Sim (2012) (CloudDirectory, ConsumerAgent,
/// BrokerAgent, ServiceProviderAgent; RAs are created by their SPA) and their checks.
void register_model();
}  // namespace botsim::agents
