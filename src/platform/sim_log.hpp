#pragma once
// spdlog with the simulated time and the actor in every line ("[  123.456] [Broker@U0] ...").

namespace botsim {

/// Level names: trace, debug, info, warn, error, off. Default "warn" (quiet).
void setup_logging(const char* level);
/// Adds the simulated clock to the log pattern; call once the Engine exists.
void install_sim_clock_logging();

}  // namespace botsim
