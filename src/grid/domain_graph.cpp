#include "grid/domain_graph.hpp"

#include <algorithm>
#include <boost/graph/breadth_first_search.hpp>
#include <set>

namespace botsim::grid {

void DomainGraph::add_domain(const std::string& vo) {
  if (index_.count(vo)) return;
  index_[vo] = boost::add_vertex(vo, graph_);
}

void DomainGraph::add_link(const std::string& from, const std::string& to) {
  add_domain(from);
  add_domain(to);
  if (!boost::edge(index_[from], index_[to], graph_).second)
    boost::add_edge(index_[from], index_[to], graph_);
}

namespace {
struct Recorder : boost::default_bfs_visitor {
  std::vector<std::size_t>* order;
  template <class V, class G>
  void discover_vertex(V v, const G&) const {
    order->push_back(v);
  }
};
}  // namespace

std::vector<std::string> DomainGraph::reachable_from(const std::string& vo) const {
  auto it = index_.find(vo);
  if (it == index_.end()) return {};
  std::vector<std::size_t> order;
  Recorder rec;
  rec.order = &order;
  std::vector<boost::default_color_type> colors(boost::num_vertices(graph_));
  boost::breadth_first_search(graph_, it->second,
                              boost::visitor(rec).color_map(boost::make_iterator_property_map(
                                  colors.begin(), boost::get(boost::vertex_index, graph_))));
  std::vector<std::string> out;
  for (auto v : order)
    if (v != it->second) out.push_back(graph_[v]);
  return out;
}

std::vector<std::string> DomainGraph::domains() const {
  std::vector<std::string> out;
  for (const auto& [vo, v] : index_) out.push_back(vo);
  return out;
}

void DomainGraph::clear() {
  graph_.clear();
  index_.clear();
}

std::vector<size_t> global_list(const std::string& asking_vo,
                                const std::vector<Registration>& others) {
  std::vector<size_t> out;
  std::set<std::string> seen;
  for (size_t i = 0; i < others.size(); ++i) {
    const auto& r = others[i];
    if (std::find(r.vo.begin(), r.vo.end(), asking_vo) != r.vo.end()) continue;
    if (!seen.insert(r.name).second) continue;
    out.push_back(i);
  }
  return out;
}

}  // namespace botsim::grid
