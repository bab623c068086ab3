#pragma once
// A broker agent (Gutierrez-Garcia & Sim 2012, Sections 2.1 (5), 2.2, 3, 4): a CNP contractor
// for consumers' BoTs and the manager of one parallel CNP per resource with the SPAs; it
// schedules each BoT on its composed resources (Fig. 5, Scheduler) and renews or releases each
// resource with the BoT's allocation mechanism (Fig. 3). It serves many BoTs at once.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "agents/catalog.hpp"
#include "agents/contract_net.hpp"
#include "agents/protocol.hpp"
#include "core/props.hpp"
#include "platform/scenario.hpp"

namespace botsim::agents {

class BrokerAgent {
 public:
  struct Params {
    double margin = 0;   // proposal = estimated cost x (1 + margin)
    long capacity = -1;  // BoTs served at once (-1: no limit); beyond it, refuse
    static Params read(const PropReader& props, const ActorSite& site);
  };
  BrokerAgent(Params params, Run& run);
  void operator()();

  /// The BA's bid for a BoT (Section 2.2: "the overall cost for executing the BoT"): the hours
  /// one resource of each requested type needs for the BoT at full speed, rounded up, times
  /// the sum of their cheapest hourly prices, times 1 + margin.
  static double estimate(const BotRequest& bot, double margin, const Catalog& catalog);

 private:
  struct Resource {
    std::string ra, spa, type;
    double price = 0, start = 0, alloc_end = 0, busy_s = 0;
    bool released = false;
    long generation = 0;
  };
  struct ResourceCnp {
    std::string type;
    std::string replaces;  // a replacement's CNP: the RA whose host failed
    std::vector<std::string> contractors;
    std::vector<Proposal> replies;
    std::vector<std::string> refusals;
    double awarded_price = 0;  // a replacement accepted and not yet allocated: its first slot
  };
  struct Job {
    std::shared_ptr<const BotRequest> bot;
    ConsumerAddress consumer;
    std::optional<Scheduler> scheduler;
    Rng rng;
    std::vector<ResourceCnp> cnps;
    std::size_t unsettled = 0;           // resource CNPs not yet awarded and allocated, or failed
    std::vector<std::string> providers;  // the directory's SPAs, for late resources' CNPs
    long late_open = 0;                  // late or replacement CNPs called and not yet settled
    long replacing = 0;                  // of those, the replacements' (the BoT waits for them)
    bool running = false, ending = false;
    std::vector<Resource> resources;
    std::unordered_map<std::string, int> live;          // RA host -> its resource not yet released
    std::unordered_map<int, std::size_t> task_records;  // task -> results().task index
    std::unordered_map<int, double> handed_out_s;       // task -> when it was last sent
    BotResult result;
    long pending_releases = 0;
    std::optional<int> last_resource;  // whose output came last
    std::vector<std::string> failures;
    std::vector<std::string> resource_failures;  // failed hosts and replacements not had
    long failed_replacements = 0;                // replacements' CNPs that failed
    bool deadline_passed = false;                // the consumer's deadline: stop now
    std::string budget_short;                    // why a renewal was refused for want of money
  };

  void on(const CallForBot& m);
  void on(const Accept& m);
  void on(const Reject& m);
  void on(const Listing& m);
  void on(const Propose& m);
  void on(const Refuse& m);
  void on(const Allocated& m);
  void on(const Renewed& m);
  void on(const Released& m);
  void on(const TaskOutput& m);
  void on(const ResourceFailed& m);
  void on(const CheckAllocation& m);
  void on(const CallLateResource& m);
  void on(const BotDeadline& m);
  /// Whether the consumer's budget pays `slots` more slots of resource `id` (none: no slot
  /// more) on top of what is spent and what the other allocations will cost (slots are paid
  /// in advance). `extra`: the price of a resource not yet allocated (a replacement's award).
  bool affordable(const Job& j, std::optional<int> id, long slots, double extra = 0) const;
  /// With the BoT undone: the user_status it stopped as (none: no limit stopped it).
  static std::string stopped_as(const Job& j);

  void check(const CheckAllocation& m);
  void progress_all();
  Job* job(const std::string& user);
  void reply_to_cnp(Job& j, int cnp, Proposal p);
  bool call_for_resource(Job& j, int cnp);
  /// A CNP for a resource joining the running BoT: a late resource's or a replacement's.
  static bool is_late(const Job& j, int cnp);
  /// The id of the job's resource on RA `ra` that is not released, if any.
  static std::optional<int> live_resource(const Job& j, const std::string& ra);
  /// Contracts a resource of the failed one's type to take its place (a CNP as a late one's).
  void replace(Job& j, const Resource& failed);
  static const std::string& cnp_type(const Job& j, int cnp);
  void cnp_failed(Job& j, int cnp, const std::string& reason);
  void cnp_settled(Job& j);
  void late_settled(Job& j, int cnp);
  void progress(Job& j);
  void hand_out(Job& j);
  void release(Job& j, int id);
  /// Bills resource `id` for `units` slots up to now (an instances.csv row), as given up.
  void bill(Job& j, int id, long units);
  void end(Job& j);
  void send_spa(const Job& j, const std::string& spa, ProviderMessage m);
  void schedule_check(Job& j, int id);

  Params params_;
  Run& run_;
  std::string host_;
  std::optional<Inbox<BrokerMessage>> inbox_;
  std::map<std::string, Job> jobs_;
  std::set<std::string> dirty_;          // jobs to schedule once this instant's messages are in
  std::vector<CheckAllocation> checks_;  // this instant's allocation checks, made last
};

}  // namespace botsim::agents
