#pragma once
// The agents' small test scenarios (tests/sim/agents_*_sim_test.cpp): agents a-0..a-5 on
// cluster "agents" (router "agents-r"), each resource a zone of one host enlisted in a-3, routed
// from the agents through the backbone link "bb". Zero latency unless said.
#include <string>
#include <vector>

namespace botsim::test {

/// A zone of one resource host "<id>-0" of `type` (at `speed`), enlisted in a-3, at `price` an
/// hour, with the zone's further props `props` (e.g. billing rules) and the host's further
/// attributes `host_extra` (e.g. a state_file), behind router "<id>-r" (link latency `latency`).
std::string agents_resource_zone(const std::string& id, const std::string& type,
                                 const std::string& speed, const std::string& price,
                                 const std::string& props = "", const std::string& host_extra = "",
                                 const std::string& latency = "0");
/// Writes dir/platform.xml and returns its path: cluster "agents" (a-0..a-5), link "bb", the
/// zones `resources` (agents_resource_zone), and a route from the agents to each of `zones`.
std::string agents_platform(const std::string& dir, const std::string& resources,
                            const std::vector<std::string>& zones);
/// Writes dir/deployment.xml and returns its path: CloudDirectory on a-0, BrokerAgent on a-1,
/// ServiceProviderAgent on a-3, and ConsumerAgent CA0 (k = 1, one contractor per CNP) on a-5
/// with `props`.
std::string agents_deployment(const std::string& dir, const std::string& props);

}  // namespace botsim::test
