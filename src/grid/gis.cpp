#include "grid/gis.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "core/error.hpp"
#include "grid/domain_graph.hpp"
#include "platform/messaging.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::grid {

GridInformationService::Params GridInformationService::Params::read(const PropReader& props,
                                                                    const ActorSite&) {
  Params p;
  p.vo = props.text("vo");
  if (p.vo.empty()) props.fail("vo", "must name a VO domain");
  p.peers = props.list("peers");
  return p;
}

GridInformationService::GridInformationService(Params params, Run& run)
    : params_(std::move(params)), run_(run) {}

void GridInformationService::operator()() {
  sg4::Actor::self()->daemonize();  // serves until the last user is done
  Inbox<GisMessage> inbox(gis_mailbox(params_.vo));
  inbox_ = inbox.mailbox();
  for (;;) {
    auto msg = inbox.receive();
    std::visit([this](auto& m) { on(m); }, *msg);
  }
}

void GridInformationService::on(RegisterResource& m) {
  // 3.1: a resource advertises once; a second registration replaces the first.
  auto [known, added] = registered_at_.try_emplace(m.info.name, registered_.size());
  if (!added) {
    registered_[known->second] = std::move(m.info);
    return;
  }
  spdlog::debug("registered resource {}", m.info.name);
  registered_.push_back(m.info);
  for (auto* broker : answered_) send<BrokerMessage>(broker, ResourceList{{m.info}, {}});
  for (const auto& peer : peers_asking_)
    send<GisMessage>(peer.gis, PeerRegistered{params_.vo, m.info});
}

// A late registration in a peer domain: a global resource for the brokers already answered
// (unless it is also in this domain, then it is local here), and part of the peer's list for
// the queries still waiting for peers.
void GridInformationService::on(PeerRegistered& m) {
  for (auto& [id, q] : queries_) q.late[m.vo].push_back(m.info);
  const auto& vo = m.info.vo;
  if (std::find(vo.begin(), vo.end(), params_.vo) != vo.end()) return;
  for (auto* broker : answered_) send<BrokerMessage>(broker, ResourceList{{}, {m.info}});
}

void GridInformationService::on(QueryResources& m) {
  GlobalQuery q{m.reply_to, run_.get<DomainGraph>().reachable_from(params_.vo), {}, {}};
  long id = next_query_++;
  for (const auto& vo : q.domains)
    send<GisMessage>(sg4::Mailbox::by_name(gis_mailbox(vo)), PeerQuery{params_.vo, id, inbox_});
  if (q.domains.empty()) {
    answer(q);
    return;
  }
  queries_.emplace(id, std::move(q));
}

void GridInformationService::on(PeerQuery& m) {
  send<GisMessage>(m.reply_to, PeerList{m.query_id, params_.vo, registered_});
  for (const auto& peer : peers_asking_)
    if (peer.vo == m.asking_vo) return;
  peers_asking_.push_back({m.asking_vo, m.reply_to});
}

void GridInformationService::on(PeerList& m) {
  auto it = queries_.find(m.query_id);
  if (it == queries_.end()) return;
  it->second.lists[m.vo] = std::move(m.resources);
  if (it->second.lists.size() == it->second.domains.size()) {
    answer(it->second);
    queries_.erase(it);
  }
}

void GridInformationService::answer(GlobalQuery& q) {
  std::vector<ResourceInfo> others;
  for (const auto& vo : q.domains)
    for (const auto* list : {&q.lists[vo], &q.late[vo]})
      for (const auto& r : *list) others.push_back(r);
  std::vector<Registration> regs;
  for (const auto& r : others) regs.push_back({r.name, r.vo});
  ResourceList reply;
  reply.local = registered_;
  for (size_t i : global_list(params_.vo, regs)) reply.global.push_back(others[i]);
  send<BrokerMessage>(q.reply_to, std::move(reply));
  answered_.push_back(q.reply_to);
}

std::shared_ptr<const DomainGraph> domain_graph_of(const std::vector<ActorSpec>& actors,
                                                   const ScenarioPaths& paths) {
  auto built = std::make_shared<DomainGraph>();
  DomainGraph& graph = *built;
  std::map<std::string, const ActorSpec*> gis;
  for (const auto& a : actors) {
    if (a.function != "GridInformationService") continue;
    const std::string& vo = a.props.at("vo");
    if (!gis.emplace(vo, &a).second)
      throw InputError(paths.deployment, a.element(),
                       "VO domain " + quote_text(vo) + " already has a GridInformationService");
    graph.add_domain(vo);
  }
  for (const auto& [vo, spec] : gis) {
    auto it = spec->props.find("peers");
    std::vector<std::string> peers;
    if (it != spec->props.end()) {
      peers = split_words(it->second);
    } else {
      for (const auto& [other, s] : gis)
        if (other != vo) peers.push_back(other);
    }
    for (const auto& peer : peers) {
      if (!gis.count(peer))
        throw InputError(
            paths.deployment, spec->element(),
            "property 'peers': no GridInformationService for VO domain " + quote_text(peer));
      if (peer != vo) graph.add_link(vo, peer);
    }
  }
  return built;
}

}  // namespace botsim::grid
