#include "agents/service_provider_agent.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <stdexcept>

#include "agents/instance_types.hpp"
#include "agents/resource_agent.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::agents {

ServiceProviderAgent::Params ServiceProviderAgent::Params::read(const PropReader& props,
                                                                const ActorSite&) {
  props.reject_unknown();
  return {};
}

ServiceProviderAgent::ServiceProviderAgent(Params, Run& run) : run_(run) {}

void ServiceProviderAgent::operator()() {
  sg4::Actor::self()->daemonize();  // serves for as long as consumers run
  host_ = sg4::this_actor::get_host()->get_name();
  Inbox<ProviderMessage> inbox(provider_inbox(host_));
  address_ = inbox.reply_to<RaAllocated, RaReleased, TaskOutput>();
  const Catalog& known = catalog(run_);
  auto it = known.by_spa.find(host_);
  if (it != known.by_spa.end())
    for (const auto& site : it->second) {  // enlist its RAs (Section 2.1 (3))
      index_.set(site.host, ras_.size());
      free_[site.type].insert(ras_.size());
      Ra r;
      r.site = site;
      r.inbox = resource_inbox(site.host);
      ras_.push_back(std::move(r));
    }
  send<DirectoryMessage>(sg4::Mailbox::by_name(directory_inbox()), Register{Role::Provider, host_},
                         0);
  watch_.emplace(
      sg4::this_actor::get_host(),
      [this](const sg4::Host& h) { return index_.find(h.get_name()) != nullptr; },
      [mailbox = inbox.mailbox()](const std::string& host, bool on) {
        send<ProviderMessage>(mailbox, RaHostChanged{host, on}, 0);
      });
  for (;;) {
    auto msg = inbox.receive();
    std::visit([this](const auto& m) { on(m); }, *msg);
  }
}

std::size_t ServiceProviderAgent::index(const std::string& host) const {
  const std::size_t* i = index_.find(host);
  if (!i) throw std::out_of_range("no resource agent on " + host);
  return *i;
}

void ServiceProviderAgent::send_ra(const Ra& r, const std::string& user, ResourceMessage m) {
  send_for<ResourceMessage>(run_.messages(), user, sg4::Mailbox::by_name(r.inbox), std::move(m), 0);
}

void ServiceProviderAgent::on(const CallForResource& m) {
  auto& pool = free_[m.type];
  if (pool.empty()) {
    m.reply.send_for(run_.messages(), m.user,
                     Refuse{host_, m.user, m.cnp, "no free " + m.type + " resource"}, 0);
    return;
  }
  std::size_t i = *pool.begin();  // held for the manager until accepted or rejected
  pool.erase(pool.begin());
  Ra& r = ras_[i];
  r.state = State::Reserved;
  r.user = m.user;
  r.cnp = m.cnp;
  r.slots = m.slots;
  r.broker = m.reply;
  reserved_[{m.user, m.cnp}] = i;
  m.reply.send_for(run_.messages(), m.user,
                   Propose{host_, m.user, m.cnp, r.site.price * double(m.slots)}, 0);
}

void ServiceProviderAgent::on(const Accept& m) {
  auto it = reserved_.find({m.user, m.cnp});
  if (it == reserved_.end()) return;
  Ra& r = ras_[it->second];
  reserved_.erase(it);
  r.state = State::Allocating;
  if (!r.failed) allocate(r);  // else once its host is repaired
}

void ServiceProviderAgent::allocate(Ra& r) {
  if (!r.started) {  // an RA's actor starts with its first allocation (2,500 idle actors cost)
    sg4::Host* host = sg4::Host::by_name(r.site.host);
    sg4::Actor::create("ResourceAgent", host, ResourceAgent(address_, run_.messages()));
    r.started = true;
    // Its inbox's host is known before the actor runs and opens it, so that the Allocate below
    // goes to a known host (lost if it is off; --transfers names it). The same simcalls as
    // send_ra, in the same order: a different order interleaves the actors differently.
    sg4::Mailbox* inbox = sg4::Mailbox::by_name(r.inbox);
    set_inbox_host(inbox, host);
    send_for<ResourceMessage>(run_.messages(), r.user, inbox, Allocate{r.user}, 0);
    return;
  }
  send_ra(r, r.user, Allocate{r.user});  // Section 2.2: allocation via the RA
}

void ServiceProviderAgent::on(const Reject& m) {
  auto it = reserved_.find({m.user, m.cnp});
  if (it == reserved_.end()) return;
  Ra& r = ras_[it->second];
  r.state = State::Free;
  if (!r.failed) free_[r.site.type].insert(it->second);  // else once repaired
  reserved_.erase(it);
}

void ServiceProviderAgent::on(const RaAllocated& m) {
  Ra& r = ra(m.ra);
  r.state = State::Allocated;
  double now = sg4::Engine::get_clock();
  r.alloc_end = now + double(r.slots) * kSlotSeconds;
  r.broker.send_for(run_.messages(), m.user,
                    Allocated{m.user, r.cnp, r.site.host, host_, r.site.type, r.site.speed_mips,
                              r.site.price, now, r.alloc_end, r.site.billing},
                    0);
}

void ServiceProviderAgent::on(const Reallocate& m) {  // Fig. 4 lines 2-5
  Ra& r = ra(m.ra);
  if (r.state != State::Allocated || r.user != m.user) return;
  r.alloc_end += double(m.slots) * kSlotSeconds;
  r.broker.send_for(run_.messages(), m.user, Renewed{m.user, m.ra, r.alloc_end}, 0);
}

void ServiceProviderAgent::on(const ReleaseResource& m) {
  Ra& r = ra(m.ra);
  if (r.failed && r.user == m.user && r.state == State::Free) {  // it failed as it was released
    r.broker.send_for(run_.messages(), m.user, Released{m.user, m.ra}, 0);
    return;
  }
  if (r.state != State::Allocated || r.user != m.user) return;
  r.state = State::Releasing;
  send_ra(r, m.user, Release{m.user});
}

void ServiceProviderAgent::on(const RaReleased& m) {
  Ra& r = ra(m.ra);
  r.state = State::Free;
  free_[r.site.type].insert(index(m.ra));
  r.broker.send_for(run_.messages(), m.user, Released{m.user, m.ra}, 0);
}

void ServiceProviderAgent::on(const ExecuteTask& m) {
  const Ra& r = ra(m.ra);
  if (r.state == State::Allocated && r.user == m.user) send_ra(r, m.user, m);
}

void ServiceProviderAgent::on(const TaskOutput& m) {
  // The output of a task whose resource was released meanwhile has nobody to go to.
  const Ra& r = ra(m.ra);
  if (r.state == State::Allocated && r.user == m.user)
    r.broker.send_for(run_.messages(), m.user, m, 0);
}

void ServiceProviderAgent::on(const RaHostChanged& m) {
  const std::size_t i = index(m.ra);
  Ra& r = ras_[i];
  if (m.on) {  // repaired: leased again (its RA actor starts with its next allocation)
    if (!r.failed) return;
    r.failed = false;
    if (r.state == State::Free) free_[r.site.type].insert(i);
    if (r.state == State::Allocating) allocate(r);  // accepted while it was down
    return;
  }
  r.failed = true;
  r.started = false;  // the RA's actor died with its host
  free_[r.site.type].erase(i);
  if (r.state == State::Allocated) {
    // Its user's broker re-runs the running task elsewhere and bills the resource till now.
    r.broker.send_for(run_.messages(), r.user, ResourceFailed{r.user, m.ra}, 0);
  } else if (r.state == State::Releasing) {
    r.broker.send_for(run_.messages(), r.user, Released{r.user, m.ra}, 0);
  } else {
    return;  // free, reserved or being allocated: it is allocated once repaired
  }
  r.state = State::Free;
}

}  // namespace botsim::agents
