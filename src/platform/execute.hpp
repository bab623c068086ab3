#pragma once
// Executions on a host that may go off (a stopped cloud instance, a failure) during them.

namespace botsim {

/// this_actor::execute(flops) on the calling actor's host, which leaves nothing behind if the
/// host goes off (and kills the actor) before the Exec ends. SimGrid 3.32 connects every Exec to
/// Host::on_state_change (Exec::init) and disconnects it only when the Exec ends without failing
/// (ExecImpl::post): an Exec cut short by its host stays connected, with its ExecImpl, to the end
/// of the run, and every later turn_on or turn_off of any host calls it. A cloud run that stops
/// instances with running tasks then costs more per task the longer it runs (docs/simgrid.md).
/// Adds no simcall: the simulation is the same as with this_actor::execute.
void execute(double flops);

}  // namespace botsim
