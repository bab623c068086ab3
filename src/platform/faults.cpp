#include "platform/faults.hpp"

#include <fnmatch.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <sstream>

#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/units.hpp"

namespace sg4 = simgrid::s4u;
namespace pt = boost::property_tree;

namespace botsim {

HostWatch::HostWatch(sg4::Host* observer, Filter watched, React react)
    : id_(sg4::Host::on_state_change.connect(
          [observer, watched = std::move(watched), react = std::move(react)](const sg4::Host& h) {
            if (!watched(h) || !observer->is_on()) return;
            // In SimGrid's kernel here: an actor may be created, but no message sent.
            std::string name = h.get_name();
            bool on = h.is_on();
            sg4::Actor::create("host-watch", observer, [react, name, on] {
              sg4::Actor::self()->daemonize();
              react(name, on);
            });
          })) {}

HostWatch::~HostWatch() { sg4::Host::on_state_change.disconnect(id_); }

// Host names and shell patterns (fnmatch) to the hosts they name, sorted, each once.
static std::vector<std::string> resolve_hosts(const PropReader& props, const ActorSite& site) {
  std::vector<std::string> all;
  for (const auto* h : sg4::Engine::get_instance()->get_all_hosts()) all.push_back(h->get_name());
  std::sort(all.begin(), all.end());
  std::vector<std::string> out;
  for (const std::string& word : props.list("hosts")) {
    bool any = false;
    for (const auto& h : all)
      if (fnmatch(word.c_str(), h.c_str(), 0) == 0) {
        any = true;
        if (h == site.host)
          props.fail("hosts", quote_text(word) + " names the injector's own host '" + h +
                                  "' (it would fail itself); deploy it on another host");
        out.push_back(h);
      }
    if (!any)
      props.fail("hosts", quote_text(word) + " names no host of " + site.run.paths().platform);
  }
  if (out.empty()) props.fail("hosts", "names no host");
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

FailureInjector::Params FailureInjector::Params::read(const PropReader& props,
                                                      const ActorSite& site) {
  Params p;
  p.hosts = resolve_hosts(props, site);
  p.model.mtbf_s = props.duration("mtbf", std::nullopt, -1e300);
  // A floor, as for Silva's check_interval: at 1e-6 s the clock hardly moved between failures
  // and the run never ended.
  if (!(p.model.mtbf_s >= 1))
    props.fail("mtbf", "must be at least 1 s (the mean time between failures)");
  p.model.repair_s = props.duration("repair", std::nullopt, -1e300);
  if (!(p.model.repair_s > 0)) props.fail("repair", "must be > 0 (the repair time)");
  p.model.repair_law =
      props.choice("repair_law", {"exponential", "fixed"}, std::string("exponential")) == "fixed"
          ? RepairLaw::Fixed
          : RepairLaw::Exponential;
  p.stream = props.text("stream", "failures");
  if (p.stream.empty()) props.fail("stream", "must not be empty");
  site.run.results().model_faults();
  return p;
}

FailureInjector::FailureInjector(Params params, Run& run) : params_(std::move(params)), run_(run) {}

void FailureInjector::operator()() {
  sg4::Actor::self()->daemonize();  // faults go on for as long as anything else runs
  // One daemon per host, each with its own stream: a host's failures do not depend on how
  // many other hosts the injector fails.
  // (This actor ends now: each daemon keeps its own copy of what it needs.)
  for (const auto& host : params_.hosts)
    sg4::Actor::create("failures-" + host, sg4::this_actor::get_host(),
                       [model = params_.model, stream = params_.stream, host, &run = run_] {
                         fail_and_repair(model, run.rng(stream + ":" + host), host, run);
                       });
}

void FailureInjector::fail_and_repair(FailureModel model, Rng rng, const std::string& name,
                                      Run& run) {
  sg4::Actor::self()->daemonize();
  sg4::Host* host = sg4::Host::by_name(name);
  auto& log = run.results().timeline<FailureRecord>();
  double up_since = sg4::Engine::get_clock();
  for (;;) {
    Outage o = next_outage(model, up_since, rng);
    sg4::this_actor::sleep_until(o.fail_s);
    bool failed = host->is_on();
    if (failed) {
      spdlog::info("failure injector: {} fails", name);
      log.add(FailureRecord{o.fail_s, name, "off"});
      run.host_fates().hold(name);  // off until this repair, whatever its state profile says
      host->turn_off();
    }
    sg4::this_actor::sleep_until(o.repair_s);
    if (failed && !host->is_on()) {
      spdlog::info("failure injector: {} repaired", name);
      log.add(FailureRecord{o.repair_s, name, "on"});
      host->turn_on();
    }
    if (failed) run.host_fates().release(name);
    up_since = o.repair_s;
  }
}

namespace {

// What a platform file says about state profiles, as SimGrid's parser collects it.
struct ProfileSources {
  bool any = false;  // a <host state_file> or a <trace_connect> of kind HOST_AVAIL
  std::map<std::string, std::string> state_files;  // host -> its state_file
  std::map<std::string, StateProfile> traces;      // <trace> id -> its profile
  std::map<std::string, std::string> connected;    // trace id -> host (HOST_AVAIL)
};

// A profile file as SimGrid 3.32 finds it (surf_ifsopen): an absolute path as it is, a
// relative one in the current directory (SimGrid's default search path, "./"), then in the
// platform file's directory. Not found or unreadable: a profile that cannot be predicted.
StateProfile read_profile_file(const std::string& name, const std::string& platform,
                               double periodicity) {
  namespace fs = std::filesystem;
  std::vector<fs::path> candidates;
  if (fs::path(name).is_absolute())
    candidates.emplace_back(name);
  else
    candidates = {fs::path(".") / name, fs::path(platform).parent_path() / name};
  for (const auto& path : candidates) {
    std::error_code ec;
    if (!fs::exists(path, ec)) continue;
    return parse_state_profile(read_input_file(path.string(), "state profile"), periodicity);
  }
  StateProfile unknown;
  unknown.predictable = false;
  return unknown;
}

void collect_profiles(const pt::ptree& node, const std::string& tag, const std::string& platform,
                      ProfileSources& out) {
  if (auto attrs = node.get_child_optional("<xmlattr>")) {
    auto attr = [&](const char* key) { return attrs->get<std::string>(key, ""); };
    // HOST_AVAIL is the kind of a <trace_connect> that names none (SimGrid's DTD).
    const bool host_avail =
        tag == "trace_connect" && attrs->get<std::string>("kind", "HOST_AVAIL") == "HOST_AVAIL";
    if ((tag == "host" && attrs->count("state_file") > 0) || host_avail) out.any = true;
    if ((tag == "host" || tag == "peer") && !attr("state_file").empty())
      out.state_files[attr("id")] = attr("state_file");
    if (tag == "trace") {
      // A file's profile ignores the periodicity attribute; inline text takes it (SimGrid).
      if (!attr("file").empty()) {
        out.traces[attr("id")] = read_profile_file(attr("file"), platform, -1);
      } else {
        double periodicity = std::strtod(attr("periodicity").c_str(), nullptr);
        out.traces[attr("id")] = parse_state_profile(node.data(), periodicity);
      }
    }
    if (host_avail)
      out.connected.emplace(attr("trace"), attr("element"));  // a trace's first connection
  }
  for (const auto& [child_tag, child] : node)
    if (child_tag != "<xmlattr>") collect_profiles(child, child_tag, platform, out);
}

}  // namespace

PlatformStateProfiles read_platform_state_profiles(const std::string& platform) {
  std::ifstream in(platform);
  pt::ptree tree;
  try {
    pt::read_xml(in, tree, pt::xml_parser::no_comments);
  } catch (const pt::xml_parser_error&) {
    return {};
  }
  ProfileSources src;
  collect_profiles(tree, "", platform, src);
  PlatformStateProfiles out;
  out.any = src.any;
  for (const auto& [host, file] : src.state_files)
    out.hosts[host] = read_profile_file(file, platform, -1);
  // SimGrid connects traces after reading the whole file: a trace_connect wins.
  for (const auto& [trace, host] : src.connected)
    if (auto it = src.traces.find(trace); it != src.traces.end()) out.hosts[host] = it->second;
  return out;
}

bool has_host_state_profiles(const std::string& platform) {
  return read_platform_state_profiles(platform).any;
}

std::map<std::string, StateProfile> read_host_state_profiles(const std::string& platform) {
  return read_platform_state_profiles(platform).hosts;
}

// The shortest iteration of a looping state profile.
constexpr double kMinProfileCycleS = 1;

void register_fault_models() {
  static bool done = false;
  if (done) return;
  done = true;
  actor_registry().add<FailureInjector>(
      "FailureInjector", "fails hosts at seeded random times and repairs them (mtbf, repair)");
  actor_registry().add_check([](const std::vector<ActorSpec>&, Run& run) {
    PlatformStateProfiles profiles = read_platform_state_profiles(run.paths().platform);
    if (!profiles.any) return;
    // A profile that repeats more often than every second never lets the clock get far (one
    // looping every nanosecond made the run endless).
    for (const auto& [host, profile] : profiles.hosts)
      if (profile.loops && profile.predictable && profile.cycle_s < kMinProfileCycleS)
        throw InputError(run.paths().platform, "host " + quote_text(host),
                         "its state profile repeats every " + format_number(profile.cycle_s) +
                             " s, less than 1 s");
    run.results().model_faults();
    // Which hosts, once off, stay off for good (docs/reliability.md, "Limits").
    for (const auto& [host, profile] : profiles.hosts) run.host_fates().set_profile(host, profile);
  });
}

}  // namespace botsim
