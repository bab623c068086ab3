#pragma once
// Host state profiles as SimGrid 3.32 reads them (a host's `state_file`, or a <trace>
// connected to it with kind HOST_AVAIL), and what they say about the hosts' future: whether a
// host that is off stays off for good (docs/reliability.md, "Limits"). Pure: no SimGrid.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace botsim {

/// One change of a profile: at `time_s` the host is turned on (`value` > 0) or off.
struct ProfileEvent {
  double time_s = 0;
  double value = 0;
};

/// A state profile: its first iteration's events, in time order, and whether it repeats.
struct StateProfile {
  std::vector<ProfileEvent> events;
  bool loops = false;
  /// How long one iteration of a looping profile lasts: its PERIODICITY, or the time from its
  /// first event to its last plus LOOPAFTER's delay.
  double cycle_s = 0;
  /// False when the events cannot be told before the run (a STOCHASTIC profile, a date or
  /// value drawn from a law) or the text is one SimGrid would refuse.
  bool predictable = true;
};

/// Reads a profile's text as SimGrid 3.32's legacy profile reader does
/// (kernel/resource/profile/ProfileBuilder.cpp): lines split at '\n' or '\r' and trimmed;
/// empty lines and lines starting with '#' or '%' skipped; `PERIODICITY P` (the events repeat
/// every P seconds) and `LOOPAFTER D` (they repeat D seconds after the last one) make it loop;
/// every other line is `DATE VALUE` (either may be written `DET x`), dates absolute and in
/// order. `periodicity` > 0 makes it loop too (an inline <trace>'s attribute). Never throws:
/// what it cannot tell makes the profile not predictable.
StateProfile parse_state_profile(std::string_view text, double periodicity = -1);

/// From when a host with this profile is off for good: the first event of the profile's last
/// run of "off" values, when the profile does not loop and ends off. A looping profile whose
/// values are all "off" keeps the host off from its first event. None: the profile turns the
/// host on again after its last "off" (or loops with an "on" value), has no event, or is not
/// predictable.
std::optional<double> off_for_good_from(const StateProfile& profile);

/// What the run knows about the hosts' future (docs/reliability.md, "Limits"): from when each
/// host's state profile keeps it off, and which hosts a FailureInjector has turned off and
/// will repair.
class HostFates {
 public:
  /// Records the profile of `host` (a later call for the same host replaces it).
  void set_profile(const std::string& host, const StateProfile& profile);
  /// A FailureInjector turned `host` off and will turn it on again (release).
  void hold(const std::string& host);
  void release(const std::string& host);

  /// Whether `host`, off at `now_s`, stays off for good: its state profile keeps it off from
  /// `now_s` or earlier, and no FailureInjector is to repair it.
  bool off_for_good(const std::string& host, double now_s) const;
  /// From when the profile of `host` keeps it off (off_for_good_from), if it does.
  std::optional<double> off_from(const std::string& host) const;

 private:
  std::map<std::string, double> off_from_;  // hosts whose profile ends them off, and from when
  std::map<std::string, int> held_;         // hosts under an injector's repair (how many)
};

}  // namespace botsim
