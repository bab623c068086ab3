#include "agents/register.hpp"

#include <set>

#include "agents/broker_agent.hpp"
#include "agents/catalog.hpp"
#include "agents/cloud_directory.hpp"
#include "agents/consumer_agent.hpp"
#include "agents/paper_policies.hpp"
#include "agents/records.hpp"
#include "agents/service_provider_agent.hpp"
#include "core/error.hpp"
#include "core/summary.hpp"
#include "policy/registry.hpp"

namespace botsim::agents {

namespace {

[[noreturn]] void bad(const ActorSpec& a, const std::string& problem, const Run& run) {
  throw InputError(run.paths().deployment, a.element(), problem);
}

// One directory; one BA and one SPA per host (their inboxes are named by host); a consumer's
// k contractors must exist among the deployed brokers and providers (Section 2.2).
void check_agents(const std::vector<ActorSpec>& actors, Run& run) {
  std::set<std::string> brokers, providers;
  int directories = 0;
  bool consumers = false;
  for (const auto& a : actors) {
    if (a.function == "CloudDirectory" && ++directories > 1)
      bad(a, "a second CloudDirectory (the agents use one)", run);
    if (a.function == "BrokerAgent" && !brokers.insert(a.host).second)
      bad(a, "host " + quote_text(a.host) + " already has a BrokerAgent", run);
    if (a.function == "ServiceProviderAgent" && !providers.insert(a.host).second)
      bad(a, "host " + quote_text(a.host) + " already has a ServiceProviderAgent", run);
    consumers = consumers || a.function == "ConsumerAgent";
  }
  for (const auto& a : actors) {
    if (a.function != "ConsumerAgent") continue;
    if (directories == 0) bad(a, "no CloudDirectory is deployed for the agents", run);
    auto it = a.props.find("contractors");
    long k = it == a.props.end() ? 3 : std::stol(it->second);
    if (k > static_cast<long>(brokers.size()))
      bad(a,
          "property 'contractors': " + std::to_string(k) + " is more than the " +
              std::to_string(brokers.size()) + " BrokerAgents deployed",
          run);
    if (k > static_cast<long>(providers.size()))
      bad(a,
          "property 'contractors': " + std::to_string(k) + " is more than the " +
              std::to_string(providers.size()) + " ServiceProviderAgents deployed",
          run);
  }
  if (consumers || !providers.empty()) catalog(run);  // bad platform props fail before the run
}

// Each deployed SPA starts its resource agents on their hosts, and talks to them.
std::vector<RuntimeHosts> resource_agent_hosts(const std::vector<ActorSpec>& actors, Run& run) {
  std::vector<RuntimeHosts> out;
  for (const auto& a : actors) {
    if (a.function != "ServiceProviderAgent") continue;
    auto it = catalog(run).by_spa.find(a.host);
    if (it == catalog(run).by_spa.end()) continue;
    RuntimeHosts r{{}, {a.host}, "resource agents"};
    for (const auto& ra : it->second) r.hosts.push_back(ra.host);
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

void register_model() {
  static bool done = false;
  if (done) return;
  done = true;
  register_currency(kModel, "US$");  // the EC2 prices of Table 3
  register_consumer_fields();
  register_paper_policies(policy::built_in_registrar());
  auto& r = actor_registry();
  r.add<CloudDirectory>("CloudDirectory", "Gutierrez-Garcia & Sim (2012) Cloud directory");
  r.add<ConsumerAgent>("ConsumerAgent", "a consumer agent submitting one BoT (2012, 2.2)");
  r.add<BrokerAgent>("BrokerAgent", "a broker agent: CNP, Fig. 5 scheduling, I-ElasticAM");
  r.add<ServiceProviderAgent>("ServiceProviderAgent",
                              "a service provider agent leasing its resource agents' hosts");
  r.add_check(check_agents);
  r.add_runtime_hosts(resource_agent_hosts);
}

}  // namespace botsim::agents
