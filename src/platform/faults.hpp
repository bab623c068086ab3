#pragma once
// Faults inside the simulation (docs/reliability.md, "Fault models"): hosts that fail and come
// back, by a SimGrid state profile in the platform or by a FailureInjector in the deployment,
// and the way an actor learns of it (HostWatch).
#include <fmt/format.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/failures.hpp"
#include "core/state_profile.hpp"
#include "platform/scenario.hpp"

namespace simgrid::s4u {
class Host;
}

namespace botsim {

/// Runs `react(host, is_on)` whenever a host for which `watched(host)` holds is turned off or
/// on during the simulation (by a FailureInjector, a state profile or any actor). SimGrid
/// signals a change from its kernel, where no message can be sent: `react` runs a moment
/// later, at the same simulated time, in a new daemon actor on `observer`. The watch ends
/// when the HostWatch is destroyed.
class HostWatch {
 public:
  using Filter = std::function<bool(const simgrid::s4u::Host&)>;
  using React = std::function<void(const std::string& host, bool is_on)>;
  HostWatch(simgrid::s4u::Host* observer, Filter watched, React react);
  ~HostWatch();
  HostWatch(const HostWatch&) = delete;
  HostWatch& operator=(const HostWatch&) = delete;

 private:
  unsigned int id_;
};

/// One change made by a FailureInjector: failures.csv.
struct FailureRecord {
  static constexpr const char* kFile = "failures.csv";
  static constexpr const char* kHeader = "time_s,host,event";
  static constexpr bool kStreamed = false;

  double time_s = 0;
  std::string host;
  std::string event;  // "off" (failed) or "on" (repaired)
  std::string csv_row() const { return fmt::format("{},{},{}", csv_number(time_s), host, event); }
};

/// An actor that fails hosts at seeded random times and repairs them (the model of
/// core/failures.hpp): `hosts` (names or shell patterns such as "R*"), `mtbf`, `repair`,
/// `repair_law` ("exponential", the default, or "fixed") and `stream` (the name of its random
/// stream, default "failures"; each host draws from "<stream>:<host>"). A failure of a host
/// that is off already (an instance slot nobody rents) changes nothing, nor does its repair.
class FailureInjector {
 public:
  struct Params {
    std::vector<std::string> hosts;
    FailureModel model;
    std::string stream;
    static Params read(const PropReader& props, const ActorSite& site);
  };
  FailureInjector(Params params, Run& run);
  void operator()();

 private:
  static void fail_and_repair(FailureModel model, Rng rng, const std::string& host, Run& run);

  Params params_;
  Run& run_;
};

/// What a platform file says about its hosts' state profiles (one reading of the file).
struct PlatformStateProfiles {
  bool any = false;  // a host has a state profile: has_host_state_profiles()
  std::map<std::string, StateProfile> hosts;  // read_host_state_profiles()
};
PlatformStateProfiles read_platform_state_profiles(const std::string& platform);

/// Whether the platform file gives a host a state profile (`state_file`, or a trace_connect of
/// kind HOST_AVAIL). Throws nothing: an unreadable file is SimGrid's to report.
bool has_host_state_profiles(const std::string& platform);

/// The host state profiles of a platform file, by host name, as SimGrid 3.32 reads them: the
/// `state_file` of a <host> (or <peer>), and a <trace> (a file, or inline text with its
/// `periodicity`) connected to a host by a <trace_connect> of kind HOST_AVAIL (the default
/// kind), which wins over a state_file. A relative file name is looked for in the current
/// directory, then in the platform file's. Throws nothing: a file that cannot be read gives a
/// profile that is not predictable, and a platform that is no XML none (SimGrid reports it).
std::map<std::string, StateProfile> read_host_state_profiles(const std::string& platform);

/// Registers the FailureInjector actor and the check that marks a run with a host state
/// profile as one that models faults (Results::model_faults) and tells the run which hosts
/// stay off for good once off (Run::host_fates).
void register_fault_models();

}  // namespace botsim
