#pragma once
// Which Grid Information Service knows which (section 3.1), as a Boost.Graph directed graph:
// a GIS answers a global query by asking every GIS reachable from it.
#include <boost/graph/adjacency_list.hpp>
#include <map>
#include <string>
#include <vector>

namespace botsim::grid {

class DomainGraph {
 public:
  /// Adds a VO domain (idempotent).
  void add_domain(const std::string& vo);
  /// `from`'s GIS knows `to`'s GIS (both added if new).
  void add_link(const std::string& from, const std::string& to);
  bool has(const std::string& vo) const { return index_.count(vo) > 0; }
  /// Every domain reachable from `vo`, breadth first, `vo` itself excluded.
  std::vector<std::string> reachable_from(const std::string& vo) const;
  std::vector<std::string> domains() const;
  void clear();

 private:
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, std::string>;
  Graph graph_;
  std::map<std::string, Graph::vertex_descriptor> index_;
};

/// A resource as a GIS lists it: its name and every VO domain it registered with.
struct Registration {
  std::string name;
  std::vector<std::string> vo;
};

/// 3.1: the global list for a user of `asking_vo`: the resources of the other domains' lists,
/// in the order given, without those also registered in `asking_vo` (they are local) and
/// without duplicates (a resource in two other domains is listed once).
/// Returns indices into `others`.
std::vector<size_t> global_list(const std::string& asking_vo,
                                const std::vector<Registration>& others);

}  // namespace botsim::grid
