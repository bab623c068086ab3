#pragma once
// Reading a SimGrid deployment file before SimGrid does: SimGrid aborts the process on an unknown
// actor function or host, so botsim reads and checks every <actor> first (scenario parsing stays
// separate from simulation) and only then hands the file to Engine::load_deployment.
#include <map>
#include <string>
#include <vector>

namespace botsim {

struct ActorSpec {
  std::string host;
  std::string function;
  std::map<std::string, std::string> props;
  int index = 0;  // 1-based position among the file's <actor> elements
  /// "actor #3 'Broker' on host 'U0'": how error messages name this element.
  std::string element() const;
};

/// Throws InputError (file missing, malformed XML, <actor> without host/function...).
std::vector<ActorSpec> read_deployment(const std::string& path);

/// The SimGrid deployment file that deploys `actors` (their host, function and props; values
/// XML-escaped), with `comment` at its head: what experiments generate, read_deployment reads.
std::string deployment_xml(const std::vector<ActorSpec>& actors, const std::string& comment);

/// Host speeds below this many MIPS get a warning (most likely flop/s written for MIPS).
constexpr double kMinPlausibleMips = 1;

/// `ACTOR.PROP=VALUE` from the command line (`botsim run --set`) or a sweep: ACTOR is an
/// actor's `name` prop or its host.
struct PropSetting {
  std::string actor, prop, value;
  std::string text() const { return actor + "." + prop + "=" + value; }
};

/// Reads "ACTOR.PROP=VALUE" (PROP after the last dot, so host names may hold dots). Throws
/// InputError naming `field` (e.g. "--set") when it is not of that form.
PropSetting parse_prop_setting(const std::string& text, const std::string& field);

/// The props a setting changed, by actor index (1-based) and prop: the setting's text, which
/// error messages quote.
using SetOrigins = std::map<int, std::map<std::string, std::string>>;

/// The index of the actor `who` names: the actor whose `name` prop is `who`, else the one
/// actor on host `who`. Throws InputError naming `deployment` and `field` when none or several.
int find_actor(const std::vector<ActorSpec>& actors, const std::string& who,
               const std::string& deployment, const std::string& field);

/// Sets each setting's prop on its actor (added when the file does not give it): the actors'
/// Params::read then checks it like any prop of the file. `field` names where the settings come
/// from in errors, e.g. "--set".
SetOrigins apply_prop_settings(std::vector<ActorSpec>& actors,
                               const std::vector<PropSetting>& settings,
                               const std::string& deployment, const std::string& field);

/// Checks, before SimGrid loads it, what SimGrid 3.32 would abort on rather than throw:
/// an unknown zone routing, a core count below 1, a non-positive speed or bandwidth, a
/// negative latency, actors in the platform file. Throws InputError naming file and element.
/// Warns (one line on stderr) about a host or cluster speed below kMinPlausibleMips.
/// Malformed XML is left to SimGrid's own parser, whose errors name the line.
void check_platform_file(const std::string& path);

}  // namespace botsim
