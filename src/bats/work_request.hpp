#pragma once
// Fig. 4 lines 23-28: what a machine asking for work does in the execution phase, as the paper
// prints it (MonitoredExecution::work_request adds botsim's guards). No SimGrid.
#include "bats/machine_state.hpp"

namespace botsim::bats {

enum class MachineAction { TakeTask, Wait, Release };
/// Fig. 4 lines 23-28 for a machine asking for work: an unmarked machine takes a task (or waits
/// for one to come back to an empty bag); a marked one takes a task only if one of Ti seconds is
/// expected to end within its paid ATU, else it is released (it is paid until the ATU's end;
/// stopping it earlier or then costs the same).
MachineAction on_work_request(const MachineState& machine, double ti_s, double atu_s,
                              bool bag_empty);

}  // namespace botsim::bats
