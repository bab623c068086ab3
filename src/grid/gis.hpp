#pragma once
// The Grid Information Service of one VO domain (section 3.1).
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/props.hpp"
#include "grid/domain_graph.hpp"
#include "grid/protocol.hpp"
#include "platform/scenario.hpp"

namespace botsim::grid {

class GridInformationService {
 public:
  struct Params {
    std::string vo;
    std::vector<std::string> peers;  // the GISes this one knows; empty: every other GIS
    static Params read(const PropReader& props, const ActorSite& site);
  };
  GridInformationService(Params params, Run& run);
  void operator()();

 private:
  struct GlobalQuery {
    simgrid::s4u::Mailbox* reply_to;
    std::vector<std::string> domains;  // breadth-first order
    std::map<std::string, std::vector<ResourceInfo>> lists;
    std::map<std::string, std::vector<ResourceInfo>> late;  // registered after the peer answered
  };
  void on(RegisterResource& m);
  void on(QueryResources& m);
  void on(PeerQuery& m);
  void on(PeerList& m);
  void on(PeerRegistered& m);
  void answer(GlobalQuery& q);

  // Subscriptions: a resource can register after a broker asked (users that start with the
  // resources, at time 0). The GIS tells every broker it answered, and every peer GIS that
  // asked it, of each resource registered later, so that a user finds every resource.
  struct Peer {
    std::string vo;
    simgrid::s4u::Mailbox* gis;
  };

  Params params_;
  Run& run_;
  std::vector<ResourceInfo> registered_;                   // in registration order
  std::unordered_map<std::string, size_t> registered_at_;  // name -> index in registered_
  std::map<long, GlobalQuery> queries_;
  std::vector<simgrid::s4u::Mailbox*> answered_;  // brokers, in the order they were answered
  std::vector<Peer> peers_asking_;                // peer GISes that asked, first time order
  long next_query_ = 0;
  simgrid::s4u::Mailbox* inbox_ = nullptr;
};

/// Checks the GIS deployment (one GIS per VO, peers exist) and returns which GIS knows which.
std::shared_ptr<const DomainGraph> domain_graph_of(const std::vector<ActorSpec>& actors,
                                                   const ScenarioPaths& paths);

}  // namespace botsim::grid
