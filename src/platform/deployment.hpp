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

/// Checks, before SimGrid loads it, what SimGrid 3.32 would abort on rather than throw:
/// an unknown zone routing, a core count below 1, a non-positive speed or bandwidth, a
/// negative latency, actors in the platform file. Throws InputError naming file and element.
/// Warns (one line on stderr) about a host or cluster speed below kMinPlausibleMips.
/// Malformed XML is left to SimGrid's own parser, whose errors name the line.
void check_platform_file(const std::string& path);

}  // namespace botsim
