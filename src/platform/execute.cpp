#include "platform/execute.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Host.hpp>

namespace sg4 = simgrid::s4u;

namespace botsim {

namespace {

// Disconnects one Host::on_state_change slot when it goes out of scope, as the actor returns
// or unwinds (a killed actor's stack unwinds with ForcefulKillException).
class SlotRelease {
 public:
  explicit SlotRelease(unsigned int id) : id_(id) {}
  SlotRelease(const SlotRelease&) = delete;
  SlotRelease& operator=(const SlotRelease&) = delete;
  ~SlotRelease() { sg4::Host::on_state_change.disconnect(id_); }

 private:
  unsigned int id_;
};

}  // namespace

void execute(double flops) {
  // xbt::signal hands out slot ids in sequence, and nothing runs between this probe and the
  // connect in Exec::init (actors are not preempted), so that connect gets the next id. An id
  // is never reused: disconnecting it again once SimGrid has (the Exec ended) does nothing.
  auto& signal = sg4::Host::on_state_change;
  const unsigned int probe = signal.connect([](const sg4::Host&) {});
  signal.disconnect(probe);
  SlotRelease release(probe + 1);
  sg4::this_actor::execute(flops);
}

}  // namespace botsim
