#pragma once
// A consumer agent (Gutierrez-Garcia & Sim 2012, Sections 2.1 (6), 2.2): a user. At its
// submission time it looks up brokers in the Cloud directory and, as the CNP's manager, calls
// k of them for proposals to execute its BoT, accepts the cheapest and waits for the result.
// A BoT that no broker takes, or for which no resource could be composed, is reported refused.
#include <string>
#include <vector>

#include "agents/contract_net.hpp"
#include "agents/protocol.hpp"
#include "core/props.hpp"
#include "platform/scenario.hpp"
#include "platform/user_role.hpp"

namespace botsim::agents {

class ConsumerAgent {
 public:
  struct Params {
    std::string name;  // the user
    std::shared_ptr<BotRequest> bot;
    std::string distribution;  // "" when the sizes were given
    static Params read(const PropReader& props, const ActorSite& site);
  };
  ConsumerAgent(Params params, Run& run);
  void operator()();

  /// summary.json's policy: "HEURISTIC/ALLOCATION", e.g. "LtoS,MaxET/i-elastic".
  static std::string policy(const BotRequest& bot);

 private:
  void refused(const std::string& reason);
  void finished(const BotResult& r);

  Params params_;
  Run& run_;
  UserRole user_;  // its summary.json record (its broker writes its tasks.csv rows)
};

}  // namespace botsim::agents
