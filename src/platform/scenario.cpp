#include "platform/scenario.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>
#include <xbt/asserts.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <thread>

#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/results.hpp"
#include "core/rng.hpp"
#include "platform/abort_guard.hpp"
#include "platform/messaging.hpp"
#include "platform/sim_log.hpp"
#include "platform/tracing.hpp"
#include "platform/transfer_log.hpp"
#include "version.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim {

Run::Run(const std::string& platform, const std::string& deployment, std::uint64_t seed)
    : paths_{platform, deployment, std::filesystem::path(deployment).parent_path().string()},
      seed_(seed) {}

PropReader host_props(const sg4::Host& host, const std::string& platform_file) {
  PropReader::Map map;
  if (const auto* props = host.get_properties())
    for (const auto& [k, v] : *props) map.emplace(k, v);
  return PropReader(std::move(map), platform_file, "host " + quote_text(host.get_name()));
}

PropReader zone_props(const sg4::NetZone& zone, const std::string& platform_file) {
  PropReader::Map map;
  if (const auto* props = zone.get_properties())
    for (const auto& [k, v] : *props) map.emplace(k, v);
  return PropReader(std::move(map), platform_file, "zone " + quote_text(zone.get_name()));
}

ActorRegistry& actor_registry() {
  static ActorRegistry r;
  return r;
}

std::vector<std::string> ActorRegistry::functions() const {
  std::vector<std::string> out;
  for (const auto& [name, e] : entries_) out.push_back(name);
  return out;
}

std::string user_name(const PropReader& props, const ActorSite& site) {
  std::string name = props.text("name", site.host);
  if (name.empty()) props.fail("name", "must not be empty");
  return name;
}

std::vector<ValidatedActor> ActorRegistry::validate(const std::vector<ActorSpec>& actors, Run& run,
                                                    const SetOrigins& origins) const {
  const auto* engine = sg4::Engine::get_instance();
  const ScenarioPaths& paths = run.paths();
  std::vector<ValidatedActor> validated;
  std::map<std::string, std::string> users;  // name -> the element that deployed it
  for (const auto& a : actors) {
    // The host first: that check does not depend on which models are built in.
    if (!engine->host_by_name_or_null(a.host))
      throw InputError(paths.deployment, a.element(),
                       "host " + quote_text(a.host) + " is not in platform " + paths.platform);
    auto it = entries_.find(a.function);
    if (it == entries_.end()) {
      std::string known;
      for (const auto& [name, e] : entries_) known += (known.empty() ? "" : ", ") + name;
      throw InputError(
          paths.deployment, a.element(),
          "unknown actor function " + quote_text(a.function) + " (known: " + known + ")");
    }
    PropReader props(PropReader::Map(a.props.begin(), a.props.end()), paths.deployment,
                     a.element());
    if (auto set = origins.find(a.index); set != origins.end())
      for (const auto& [prop, origin] : set->second) props.set_origin(prop, origin);
    Read read = it->second.read(props, ActorSite{a.function, a.host, run});
    props.reject_unknown();
    validated.push_back(ValidatedActor{a, std::move(read.params)});
    if (!read.user) continue;
    auto [seen, fresh] = users.emplace(*read.user, a.element());
    if (!fresh)
      throw InputError(paths.deployment, a.element(),
                       "property 'name': user " + quote_text(*read.user) +
                           " is already deployed (" + seen->second +
                           "); user names must be unique");
  }
  for (const auto& check : checks_) check(actors, run);
  return validated;
}

void ActorRegistry::install(sg4::Engine& engine, const std::vector<ValidatedActor>& actors,
                            Run& run) const {
  std::map<std::string, std::vector<const ValidatedActor*>> by_function;
  for (const auto& v : actors) by_function[v.spec.function].push_back(&v);
  // SimGrid asks the factory for each <actor> of the file in order, so the k-th call for a
  // function is the k-th actor of that function: it gets the Params validation read for it.
  for (const auto& [function, list] : by_function) {
    const Entry* entry = &entries_.at(function);
    auto next = std::make_shared<size_t>(0);
    simgrid::kernel::actor::ActorCodeFactory factory =
        [entry, list = list, next, &run](std::vector<std::string>) -> std::function<void()> {
      const ValidatedActor* v = list.at((*next)++);
      auto code = entry->code(v->params, run);
      return [code, host = v->spec.host, element = v->spec.element()] {
        if (sg4::this_actor::get_host()->get_name() != host)
          throw std::logic_error(element + " started on another host");
        code();
      };
    };
    engine.register_function(function, factory);
  }
}

static std::string deployment_identity(const std::string& deployment) {
  std::error_code ec;
  auto path = std::filesystem::weakly_canonical(std::filesystem::absolute(deployment), ec);
  return (ec ? std::filesystem::absolute(deployment) : path).string();
}

void mark_default_out_dir(const std::string& dir, const std::string& deployment) {
  std::ofstream(std::filesystem::path(dir) / ".deployment")
      << deployment_identity(deployment) << "\n";
}

std::string default_out_dir(const std::string& deployment) {
  const std::string stem = "results/runs/" + std::filesystem::path(deployment).stem().string();
  const std::string me = deployment_identity(deployment);
  for (int n = 1;; ++n) {
    std::string dir = n == 1 ? stem : stem + "-" + std::to_string(n);
    if (!std::filesystem::exists(dir)) return dir;
    std::ifstream mark(std::filesystem::path(dir) / ".deployment");
    std::string owner;
    if (std::getline(mark, owner) && owner == me) return dir;
  }
}

namespace {
// SimGrid aborts (xbt_die) on some bad input (platform files, --cfg and --log options) instead
// of throwing. While it reads `what`, such an abort becomes botsim's bad-input exit (code 2)
// naming what it was reading, not a signal.
char g_abort_message[1024];
size_t g_abort_length = 0;

extern "C" void abort_as_input_error(int) {
  ssize_t ignored = write(STDERR_FILENO, g_abort_message, g_abort_length);
  (void)ignored;
  _exit(2);
}

class AbortIsInputError {
 public:
  explicit AbortIsInputError(const std::string& what) {
    std::string msg = "botsim: " + what + ": SimGrid rejected it (its message is above)\n";
    g_abort_length = std::min(msg.size(), sizeof g_abort_message);
    std::memcpy(g_abort_message, msg.data(), g_abort_length);
    previous_ = std::signal(SIGABRT, abort_as_input_error);
  }
  void release() {
    if (active_) std::signal(SIGABRT, previous_);
    active_ = false;
  }
  ~AbortIsInputError() { release(); }
  AbortIsInputError(const AbortIsInputError&) = delete;
  AbortIsInputError& operator=(const AbortIsInputError&) = delete;

 private:
  void (*previous_)(int) = SIG_DFL;
  bool active_ = true;
};
}  // namespace

std::vector<RuntimeHosts> ActorRegistry::runtime_hosts(const std::vector<ActorSpec>& actors,
                                                       Run& run) const {
  std::vector<RuntimeHosts> out;
  for (const auto& f : runtime_hosts_) {
    auto hosts = f(actors, run);
    out.insert(out.end(), hosts.begin(), hosts.end());
  }
  return out;
}

// The route from `a` to `b`, or InputError naming both and why each runs actors.
static void require_route(sg4::Host* a, sg4::Host* b, const std::string& why,
                          const ScenarioPaths& paths) {
  std::vector<sg4::Link*> links;
  double latency = 0;
  auto no_route = [&](const std::string& detail) {
    throw InputError(paths.platform, "",
                     "no network route from " + quote_text(a->get_name()) + " to " +
                         quote_text(b->get_name()) + " (" + detail + "); " + why);
  };
  try {
    a->route_to(b, links, &latency);
  } catch (const std::exception& e) {
    std::string what = e.what();
    no_route(what.substr(0, what.find('\n')));
  }
  // A zone without the <route> (routing="Full") answers with an empty route, no exception; a
  // message on it would abort SimGrid ("no connecting path"), as its network model refuses a
  // route with neither links nor latency.
  if (links.empty() && !(latency > 0)) no_route("no <route> or <zoneRoute> links them");
}

// Actors message each other: the hosts of the deployment's actors need a route between every
// two of them, and the hosts where models start actors while they run (cloud instances,
// resource agents) a route to the deployed hosts they talk to (SimGrid aborts otherwise).
static void check_routes(sg4::Engine& engine, const std::vector<ActorSpec>& actors, Run& run) {
  const ScenarioPaths& paths = run.paths();
  seal_platform(engine);
  std::vector<sg4::Host*> hosts;
  std::set<std::string> deployed;
  for (const auto& a : actors)
    if (deployed.insert(a.host).second) hosts.push_back(engine.host_by_name(a.host));
  const std::string both = "both hosts run actors of " + paths.deployment;
  // All pairs up to 1,000 hosts; beyond, every host against the first one (cost stays small).
  const size_t firsts = hosts.size() > 1000 ? 1 : hosts.size();
  for (size_t i = 0; i < firsts; ++i)
    for (size_t j = i + 1; j < hosts.size(); ++j) require_route(hosts[i], hosts[j], both, paths);
  std::set<std::pair<std::string, std::string>> checked;
  for (const auto& r : actor_registry().runtime_hosts(actors, run))
    for (const auto& name : r.hosts)
      for (const auto& peer : r.peers) {
        if (name == peer || !checked.emplace(name, peer).second) continue;
        require_route(engine.host_by_name(name), engine.host_by_name(peer),
                      quote_text(name) + " is one of the " + r.what + " that talk to '" + peer +
                          "' in " + paths.deployment,
                      paths);
      }
}

static void require_file(const std::string& path, const char* what) {
  open_input_file(path, std::string(what) + " file");  // SimGrid reads it: only a regular file
}

// Starts SimGrid with botsim's quiet logging and the user's --cfg/--log options.
// (SimGrid's Engine can be neither copied nor moved: it is built in place, in `engine`.)
static void start_engine(const RunOptions& o, std::string& options,
                         std::optional<sg4::Engine>& engine) {
  std::vector<std::string> arg_text{"botsim", "--log=root.thres:critical",
                                    "--log=xbt_cfg.thres:critical"};
#ifdef BOTSIM_SANITIZE
  // AddressSanitizer misreads SimGrid's default context switches (docs/reliability.md).
  arg_text.emplace_back("--cfg=contexts/factory:thread");
#endif
  arg_text.insert(arg_text.end(), o.sg_args.begin(), o.sg_args.end());
  std::vector<char*> argv;
  for (auto& s : arg_text) argv.push_back(s.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(arg_text.size());
  for (const auto& a : o.sg_args) options += (options.empty() ? "" : " ") + a;
  AbortIsInputError guard(options.empty() ? "SimGrid's start-up" : options);
  try {
    engine.emplace(&argc, argv.data());
  } catch (const std::exception& e) {
    // e.g. "Bad config key: x", followed by every known key: the first line says it.
    std::string what = e.what();
    throw InputError("", options, what.substr(0, what.find('\n')));
  }
  keep_tracing_working();
}

// Loads the platform and reads and checks the deployment (SimGrid does not see it yet).
static std::vector<ValidatedActor> load_scenario(sg4::Engine& engine, const RunOptions& o,
                                                 const std::string& options, Run& run) {
  check_platform_file(o.platform);
  // A bad --cfg value (e.g. an unknown network model) is only noticed while loading.
  AbortIsInputError guard(options.empty() ? o.platform : o.platform + " or " + options);
  try {
    engine.load_platform(o.platform);
  } catch (const std::exception& e) {
    std::string why = e.what();
    // SimGrid knows flops, not instructions: botsim reads 1 MI as 1 Mflop.
    if (why.find("unknown unit: MIPS") != std::string::npos ||
        why.find("unknown unit: mips") != std::string::npos)
      why += " (MIPS are written Mf in SimGrid: speed=\"1000Mf\" is 1000 MIPS)";
    throw InputError(o.platform, "", "bad platform: " + why);
  }
  guard.release();
  auto actors = read_deployment(o.deployment);
  if (actors.empty()) throw InputError(o.deployment, "", "deploys no actor");
  // SimGrid still loads the file as it is: actors are built from the Params read here.
  SetOrigins origins = apply_prop_settings(actors, o.settings, o.deployment, "--set");
  auto validated = actor_registry().validate(actors, run, origins);
  check_routes(engine, actors, run);
  return validated;
}

// Streamed timelines (bids.csv) go straight to files next to the results directory.
static void stream_timelines_next_to(const std::string& out, Results& results) {
  const std::filesystem::path target = normal_dir(out);
  std::error_code ec;
  std::filesystem::create_directories(target.parent_path(), ec);
  if (ec) throw InputError(out, "--out", "cannot create parent directory: " + ec.message());
  try {
    results.stream_timelines(target.string());
  } catch (const std::exception& e) {
    throw InputError(out, "--out", e.what());
  }
}

// For the tests of SimulationAbortGuard: at simulated time `t`, whatever the scenario, SimGrid
// dies (xbt_die, as on an internal error) or, with `crash`, the process takes a SIGSEGV as from a
// crash in an actor (the sanitizer build's thread contexts have no stack size to overflow). A
// daemon: a run that ends earlier is not aborted.
static void fail_at(sg4::Engine& engine, double t, bool crash) {
  sg4::Actor::create("test-abort", engine.get_all_hosts().front(), [t, crash] {
    sg4::Actor::self()->daemonize();
    sg4::this_actor::sleep_until(t);
    if (crash) std::raise(SIGSEGV);
    xbt_die("BOTSIM_TEST_ABORT_AT: aborted at %g s", t);
  });
}

// For the tests of interrupted commands: the run stops advancing at the first instant of
// simulated time from `t` on (its streamed files written so far), until a signal ends the
// process. A time signal, not an actor: no host of the platform has to stay on for it.
static void stall_at(double t) {
  sg4::Engine::on_time_advance_cb([t](double) {
    if (sg4::Engine::get_clock() >= t)
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
  });
}

// Hands the deployment to SimGrid, which creates the actors, and runs the simulation.
static void simulate(sg4::Engine& engine, const RunOptions& o,
                     const std::vector<ValidatedActor>& actors, Run& run) {
  actor_registry().install(engine, actors, run);
  {
    AbortIsInputError deployment_guard(o.deployment);
    try {
      engine.load_deployment(o.deployment);
    } catch (const std::exception& e) {  // e.g. text SimGrid's parser rejects
      throw InputError(o.deployment, "", std::string("bad deployment: ") + e.what());
    }
  }
  if (const char* at = std::getenv("BOTSIM_TEST_ABORT_AT")) fail_at(engine, std::atof(at), false);
  if (const char* at = std::getenv("BOTSIM_TEST_CRASH_AT")) fail_at(engine, std::atof(at), true);
  if (const char* stall = std::getenv("BOTSIM_TEST_STALL")) {  // "SEED TIME"
    unsigned long long seed = 0;
    double t = 0;
    if (std::sscanf(stall, "%llu %lf", &seed, &t) == 2 && seed == o.seed) stall_at(t);
  }
  {
    SimulationAbortGuard abort_guard;
    engine.run();
  }
  if (const std::string* problem = simulation_problem()) throw InputError(o.platform, "", *problem);
}

std::unique_ptr<Run> run_scenario(const RunOptions& o) {
  require_file(o.platform, "platform");
  require_file(o.deployment, "deployment");
  auto run = std::make_unique<Run>(o.platform, o.deployment, o.seed);
  std::string options;
  std::optional<sg4::Engine> engine;
  start_engine(o, options, engine);
  // After the engine: SimGrid's own SIGINT handler would end the run with exit code 1.
  const std::string out = o.out_dir.empty() ? default_out_dir(o.deployment) : o.out_dir;
  InterruptCleanup interrupt_cleanup(o.validate_only ? "" : out);
  if (!o.validate_only) check_output_dir(out);  // botsim replaces only what it wrote
  install_sim_clock_logging();
  auto actors = load_scenario(*engine, o, options, *run);
  if (o.validate_only) {
    std::cout << o.platform << " and " << o.deployment << ": OK (" << actors.size() << " actors)\n";
    return run;
  }
  Results& results = run->results();
  remove_stale_leftovers(out);
  // A failed run removes its stream files and leaves an earlier results directory as it was.
  struct StreamGuard {
    Results& results;
    bool active = false;
    ~StreamGuard() {
      if (active) results.clear();
    }
  } stream_guard{results};
  if (o.stream_timelines) {
    stream_timelines_next_to(out, results);
    stream_guard.active = true;
  }
  std::optional<TransferLog> transfers;
  if (o.log_transfers) transfers.emplace(results);
  simulate(*engine, o, actors, *run);
  run->check_end();
  if (transfers) {
    // bench/run.sh checks the transfer floor's own count of sends against this line.
    std::cerr << "botsim: transfers.csv: " << transfers->noted()
              << " transfers; SimGrid's send signal: " << transfers->signalled() << " sends\n";
    transfers.reset();
  }
  RunInfo info{BOTSIM_VERSION, o.platform, o.deployment, o.seed, sg4::Engine::get_clock(), {}};
  for (const auto& s : o.settings) info.settings.push_back(s.text());
  write_directory_atomically(out, [&](const std::string& dir) {
    results.write(dir, info);
    if (o.out_dir.empty()) mark_default_out_dir(dir, o.deployment);
  });
  stream_guard.active = false;
  return run;
}

}  // namespace botsim
