#pragma once
// SimGrid 3.32's tracing (--cfg=tracing:yes) on any platform (docs/simgrid.md).
#include <simgrid/s4u/Engine.hpp>

namespace botsim {

/// Call once the engine exists, before the platform is loaded: when tracing is on, drops the
/// end-of-platform hook with which SimGrid 3.32's tracing breaks on most platforms.
void keep_tracing_working();

/// Engine::seal_platform, without SimGrid 3.32 tracing a second time the links it has traced.
void seal_platform(simgrid::s4u::Engine& engine);

}  // namespace botsim
