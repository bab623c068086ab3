#pragma once
// A scenario: a platform file, a deployment file, and the registry of actor functions that
// deployments may name. Checking a scenario runs nothing; running it does the simulation.
#include <any>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <simgrid/s4u/Engine.hpp>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/props.hpp"
#include "platform/deployment.hpp"
#include "platform/run.hpp"

namespace botsim {

/// Where an actor was deployed, and the run it belongs to.
struct ActorSite {
  std::string function;
  std::string host;
  Run& run;
};

/// Reads a host's <prop>s as a PropReader naming `platform_file`.
PropReader host_props(const simgrid::s4u::Host& host, const std::string& platform_file);
/// Reads a zone's <prop>s likewise.
PropReader zone_props(const simgrid::s4u::NetZone& zone, const std::string& platform_file);

/// Whether actor class A plays a user (its Params has a `name`: the user's name in results).
template <class A, class = void>
struct is_user_role : std::false_type {};
template <class A>
struct is_user_role<A, std::void_t<decltype(std::declval<typename A::Params&>().name)>>
    : std::true_type {};

/// The user's name: the `name` prop, or the host's name when absent (one rule for every model).
std::string user_name(const PropReader& props, const ActorSite& site);

/// An <actor> of the deployment with the Params its actor class read from it (once: the actor
/// is built from them).
struct ValidatedActor {
  ActorSpec spec;
  std::any params;  // std::shared_ptr<A::Params>
};

/// Hosts where a model starts actors while it runs, and the deployed hosts those talk to.
struct RuntimeHosts {
  std::vector<std::string> hosts;
  std::vector<std::string> peers;
  std::string what;  // e.g. "cloud instances": how an error names `hosts`
};

/// Actor functions a deployment may name. An actor class A registers with add<A>(name): it has
/// a nested `Params` with `static Params read(const PropReader&, const ActorSite&)`, which
/// checks every prop before the run, and a constructor `A(Params, Run&)`. An actor whose Params
/// has a `name` is a user: user names are unique across every model's actors.
class ActorRegistry {
 public:
  template <class A>
  void add(const std::string& function, const std::string& description) {
    using Params = typename A::Params;
    Entry e;
    e.description = description;
    e.read = [](const PropReader& props, const ActorSite& site) -> Read {
      auto params = std::make_shared<Params>(Params::read(props, site));
      std::optional<std::string> user;
      if constexpr (is_user_role<A>::value) user = params->name;
      return {std::any(params), user};
    };
    e.code = [](const std::any& params, Run& run) -> std::function<void()> {
      auto p = std::any_cast<std::shared_ptr<Params>>(params);
      return [p, &run] {
        A actor(std::move(*p), run);
        actor();
      };
    };
    entries_[function] = std::move(e);
  }
  /// A check across all the deployment's actors (e.g. "every VO has a GIS"); what it finds for
  /// the actors goes into the run (Run::set).
  void add_check(std::function<void(const std::vector<ActorSpec>&, Run&)> check) {
    checks_.push_back(std::move(check));
  }
  /// Hosts a model starts actors on while it runs (e.g. cloud instances), beyond the deployed
  /// ones, and the deployed hosts they talk to: each needs a route to each (checked before the
  /// run).
  void add_runtime_hosts(
      std::function<std::vector<RuntimeHosts>(const std::vector<ActorSpec>&, Run&)> hosts) {
    runtime_hosts_.push_back(std::move(hosts));
  }
  /// Every model's runtime hosts for these actors.
  std::vector<RuntimeHosts> runtime_hosts(const std::vector<ActorSpec>& actors, Run& run) const;
  /// Reads every actor's Params. Throws InputError on an unknown function or host, bad
  /// properties, or a failed check.
  /// `origins`: props changed by --set, which their errors name.
  std::vector<ValidatedActor> validate(const std::vector<ActorSpec>& actors, Run& run,
                                       const SetOrigins& origins = {}) const;
  /// Registers with SimGrid the code of every validated actor, built from its Params.
  void install(simgrid::s4u::Engine& engine, const std::vector<ValidatedActor>& actors,
               Run& run) const;
  std::vector<std::string> functions() const;

 private:
  struct Read {
    std::any params;
    std::optional<std::string> user;
  };
  struct Entry {
    std::string description;
    std::function<Read(const PropReader&, const ActorSite&)> read;
    std::function<std::function<void()>(const std::any&, Run&)> code;
  };
  std::map<std::string, Entry> entries_;
  std::vector<std::function<void(const std::vector<ActorSpec>&, Run&)>> checks_;
  std::vector<std::function<std::vector<RuntimeHosts>(const std::vector<ActorSpec>&, Run&)>>
      runtime_hosts_;
};

ActorRegistry& actor_registry();

struct RunOptions {
  std::string platform, deployment;
  unsigned long long seed = 1;
  std::string out_dir;                // empty: results/runs/<deployment stem>
  std::vector<std::string> sg_args;   // --cfg=... and --log=... handed to SimGrid
  std::vector<PropSetting> settings;  // --set ACTOR.PROP=VALUE, applied to the deployment
  bool validate_only = false;
  bool stream_timelines = false;  // write bids.csv rows as they come (botsim run), not in memory
  bool log_transfers = false;     // transfers.csv: every message sent (platform/transfer_log.hpp)
};

/// Loads, checks and (unless validate_only) runs one scenario, then writes its results
/// directory atomically. Returns the run (its results). Throws InputError on bad input.
std::unique_ptr<Run> run_scenario(const RunOptions& options);

/// The default results directory for a deployment file: results/runs/<stem>, unless that
/// directory holds another deployment's results (its .deployment file names another file, or
/// it has none); then the first results/runs/<stem>-2, -3, ... that is free or its own.
std::string default_out_dir(const std::string& deployment);
/// Marks `dir` as the default results directory of `deployment`: DIR/.deployment holds the
/// deployment's absolute path.
void mark_default_out_dir(const std::string& dir, const std::string& deployment);

}  // namespace botsim
