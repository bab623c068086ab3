#pragma once
// One BoT a broker agent serves (Gutierrez-Garcia & Sim 2012, Section 2.2), its state kept by
// role: the resource CNPs, the resources held and their money, the tasks handed out, the
// ending. And what every role of the broker shares (BrokerContext). The roles are classes of
// their own (broker_contracts.hpp, broker_ledger.hpp, broker_dispatch.hpp, broker_report.hpp);
// the actor (broker_agent.hpp) hands each message to its role.
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "agents/broker_rules.hpp"
#include "agents/contract_net.hpp"
#include "agents/protocol.hpp"
#include "core/rng.hpp"
#include "platform/messaging.hpp"
#include "platform/scenario.hpp"
#include "platform/user_role.hpp"

namespace botsim::agents {

/// One CNP for a resource with the SPAs (Section 2.2), the manager's side.
struct ResourceCnp {
  std::string type;
  std::string replaces;  // a replacement's CNP: the RA whose host failed
  std::vector<std::string> contractors;
  std::vector<Proposal> replies;
  double awarded_price = 0;  // a replacement accepted and not yet allocated: its first slot
};

struct Job {
  std::shared_ptr<const BotRequest> bot;
  ConsumerAddress consumer;
  std::optional<UserRole> user;  // the consumer's: its tasks.csv rows
  Rng rng;

  struct Contracts {  // the resource CNPs (ResourceContracts)
    std::vector<ResourceCnp> cnps;
    std::size_t unsettled = 0;           // not yet awarded and allocated, or failed
    std::vector<std::string> providers;  // the directory's SPAs, for late resources' CNPs
    long late_open = 0;                  // late or replacement CNPs called and not yet settled
    long replacing = 0;                  // of those, the replacements' (the BoT waits for them)
    std::vector<std::string> failures;
    long failed_replacements = 0;  // replacements' CNPs that failed
  } contracts;

  struct Holdings {  // the resources held and their money (ResourceLedger)
    std::vector<HeldResource> resources;
    std::unordered_map<std::string, int> live;  // RA host -> its resource not yet released
    long pending_releases = 0;
    std::string budget_short;  // why a renewal was refused for want of money
  } held;

  struct Dispatch {  // the tasks handed out (TaskDispatch)
    std::optional<Scheduler> scheduler;
    // By task id (the consumer numbers its tasks 0, 1, ...): a million tasks in two arrays.
    std::vector<std::size_t> rows;     // task -> its tasks.csv row
    std::vector<double> handed_out_s;  // task -> when it was last sent
    std::optional<int> last_resource;  // whose output came last
  } dispatch;

  struct Ending {  // why and when the BoT ends (BotReporting)
    bool running = false, ending = false;
    bool deadline_passed = false;                // the consumer's deadline: stop now
    std::vector<std::string> resource_failures;  // failed hosts and replacements not had
  } end;

  BotResult result;  // what the consumer is told, filled as the BoT runs
};

struct BrokerRoles;

/// A role of the broker: it reaches the shared context and the other roles through `b_`.
class BrokerRole {
 public:
  explicit BrokerRole(BrokerRoles& roles) : b_(roles) {}

 protected:
  BrokerRoles& b_;
};

/// What the broker's roles share: the run, the actor's host and inbox, its BoTs, and the BoTs
/// to schedule once this instant's messages are in.
struct BrokerContext {
  BrokerContext(Run& r, std::string h) : run(r), host(std::move(h)) {}
  Run& run;
  std::string host;
  std::optional<Inbox<BrokerMessage>> inbox;  // the actor's, once it runs
  std::map<std::string, Job> jobs;
  std::set<std::string> dirty;

  Job* job(const std::string& user) {
    auto it = jobs.find(user);
    return it == jobs.end() ? nullptr : &it->second;
  }
  void touch(const Job& j) { dirty.insert(j.bot->user); }
  /// A message to SPA `spa`, counted for the BoT's user.
  void send_spa(const Job& j, const std::string& spa, ProviderMessage m);
  /// A timer: `m` comes back to the broker at `at`.
  void send_self_at(double at, BrokerMessage m);
  BrokerAddress reply_address();
};

}  // namespace botsim::agents
