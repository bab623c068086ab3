#pragma once
// A service provider agent (Gutierrez-Garcia & Sim 2012, Sections 2.1 (4), 2.2, Fig. 4): leases
// the resources of its RAs (the platform hosts whose zone names this SPA's host in `spa`) to
// brokers. As a CNP contractor it proposes a resource of the type asked for (reserving it until
// accepted or rejected) or refuses when it has none free; it allocates and releases through
// the RA, renews allocations (I-ElasticAM_SPA, Fig. 4), and relays tasks and outputs.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "agents/catalog.hpp"
#include "agents/protocol.hpp"
#include "core/flat_table.hpp"
#include "core/props.hpp"
#include "platform/faults.hpp"
#include "platform/scenario.hpp"

namespace botsim::agents {

class ServiceProviderAgent {
 public:
  struct Params {
    static Params read(const PropReader& props, const ActorSite& site);
  };
  ServiceProviderAgent(Params params, Run& run);
  void operator()();

 private:
  enum class State { Free, Reserved, Allocating, Allocated, Releasing };
  struct Ra {
    RaSite site;
    std::string inbox;  // its RA's inbox name, built once (a task's two hops pass it)
    State state = State::Free;
    std::string user;
    int cnp = 0;
    long slots = 0;
    double alloc_end = 0;
    BrokerAddress broker;
    bool started = false;  // its ResourceAgent actor runs
    bool failed = false;   // its host is off until repaired: leased to nobody
  };

  void on(const CallForResource& m);
  void on(const Accept& m);
  void on(const Reject& m);
  void on(const Reallocate& m);
  void on(const ReleaseResource& m);
  void on(const ExecuteTask& m);
  void on(const RaAllocated& m);
  void on(const RaReleased& m);
  void on(const TaskOutput& m);
  void on(const RaHostChanged& m);
  /// Starts the RA's actor if needed and allocates it to its user (through the RA).
  void allocate(Ra& r);
  void send_ra(const Ra& ra, const std::string& user, ResourceMessage m);
  std::size_t index(const std::string& host) const;
  Ra& ra(const std::string& host) { return ras_[index(host)]; }

  Run& run_;
  std::string host_;
  ProviderAddress address_;  // where RAs answer
  std::vector<Ra> ras_;
  NameTable<std::size_t> index_;  // RA host -> ras_ index (two look-ups per task)
  std::map<std::string, std::set<std::size_t>> free_;            // type -> free RAs
  std::map<std::pair<std::string, int>, std::size_t> reserved_;  // (user, cnp) -> RA
  std::optional<HostWatch> watch_;                               // its RAs' hosts
};

}  // namespace botsim::agents
