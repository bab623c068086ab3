#include "bats/work_request.hpp"

namespace botsim::bats {

MachineAction on_work_request(const MachineState& m, double ti_s, double atu_s, bool bag_empty) {
  if (!m.marked) return bag_empty ? MachineAction::Wait : MachineAction::TakeTask;
  double end = current_atu_end_s(m.uptime_s, atu_s);
  if (!bag_empty && m.uptime_s + ti_s <= end) return MachineAction::TakeTask;
  return MachineAction::Release;
}

}  // namespace botsim::bats
