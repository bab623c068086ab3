#include "platform/tracing.hpp"

#include <simgrid/s4u/Link.hpp>
#include <xbt/config.hpp>
#include <xbt/signal.hpp>

namespace sg4 = simgrid::s4u;

// SimGrid 3.32's tracing keeps a stack of the zones being parsed and, at the end of the platform
// file, (1) extracts the topology from every zone's routes, though zones are not sealed yet
// (a Floyd zone then has "No route from 'R0' to 'R1'", a cluster's links are looked up by names
// it never gave them), and (2) empties that stack, which sealing then pops once per zone: past
// the first zone it reads before the vector and crashes, on every platform of two zones or more.
// botsim drops that hook, so the stack holds exactly the zones that sealing pops; sealing also
// re-announces every link as created, which would trace each link twice: the link-creation
// signal is silenced while sealing. The trace has every zone, host, link and actor and their use;
// only the topology edges (the routes as graph links) are missing.

namespace botsim {
namespace {

using LinkSignal = simgrid::xbt::signal<void(sg4::Link&)>;
LinkSignal* link_creation_signal();

// Link::on_creation is private in SimGrid 3.32; an explicit instantiation may name it.
template <LinkSignal* Signal>
struct ExposeLinkCreation {
  friend LinkSignal* link_creation_signal() { return Signal; }
};
template struct ExposeLinkCreation<&sg4::Link::on_creation>;

bool tracing() { return simgrid::config::get_value<bool>("tracing"); }

}  // namespace

void keep_tracing_working() {
  // Tracing connects its hook as the platform's creation begins: drop it right after.
  sg4::Engine::on_platform_creation_cb([] {
    if (tracing()) sg4::Engine::on_platform_created.disconnect_slots();
  });
}

void seal_platform(sg4::Engine& engine) {
  if (!tracing()) {
    engine.seal_platform();
    return;
  }
  LinkSignal& signal = *link_creation_signal();
  LinkSignal saved = signal;
  signal.disconnect_slots();
  engine.seal_platform();
  signal = saved;
}

}  // namespace botsim
