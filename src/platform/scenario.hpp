#pragma once
// A scenario: a platform file, a deployment file, and the registry of actor functions that
// deployments may name. Checking a scenario runs nothing; running it does the simulation.
#include <functional>
#include <map>
#include <optional>
#include <simgrid/s4u/Engine.hpp>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/props.hpp"
#include "platform/deployment.hpp"

namespace botsim {

struct ScenarioPaths {
  std::string platform;
  std::string deployment;
  std::string deployment_dir;  // workload paths in props are relative to it
};
const ScenarioPaths& scenario_paths();
void set_scenario_paths(const std::string& platform, const std::string& deployment);

/// Where an actor was deployed.
struct ActorSite {
  std::string function;
  std::string host;
};

/// The properties of the actor calling this (from SimGrid), named as in error messages.
PropReader running_actor_props();
ActorSite running_actor_site();

/// Reads a host's or zone's <prop>s as a PropReader naming the platform file.
PropReader host_props(const simgrid::s4u::Host& host);

/// Whether actor class A plays a user (its Params has a `name`: the user's name in results).
template <class A, class = void>
struct is_user_role : std::false_type {};
template <class A>
struct is_user_role<A, std::void_t<decltype(std::declval<typename A::Params&>().name)>>
    : std::true_type {};

/// The user's name: the `name` prop, or the host's name when absent (one rule for every model).
std::string user_name(const PropReader& props, const ActorSite& site);

/// Actor functions a deployment may name. An actor class A registers with add<A>(name): it has
/// a nested `Params` with `static Params read(const PropReader&, const ActorSite&)`, used both to
/// validate the deployment before the run and by the actor itself when it starts. An actor
/// whose Params has a `name` is a user: user names are unique across every model's actors.
class ActorRegistry {
 public:
  template <class A>
  void add(const std::string& function, const std::string& description) {
    Entry e;
    e.description = description;
    e.validate = [](const PropReader& props, const ActorSite& site) -> std::optional<std::string> {
      auto params = A::Params::read(props, site);
      if constexpr (is_user_role<A>::value)
        return params.name;
      else
        return std::nullopt;
    };
    e.install = [function](simgrid::s4u::Engine& engine) { engine.register_actor<A>(function); };
    entries_[function] = std::move(e);
  }
  /// A check across all the deployment's actors (e.g. "every VO has a GIS").
  void add_check(std::function<void(const std::vector<ActorSpec>&)> check) {
    checks_.push_back(std::move(check));
  }
  /// Throws InputError on an unknown function or host, or bad properties.
  void validate(const std::vector<ActorSpec>& actors) const;
  void install(simgrid::s4u::Engine& engine) const;
  std::vector<std::string> functions() const;

 private:
  struct Entry {
    std::string description;
    std::function<std::optional<std::string>(const PropReader&, const ActorSite&)> validate;
    std::function<void(simgrid::s4u::Engine&)> install;
  };
  std::map<std::string, Entry> entries_;
  std::vector<std::function<void(const std::vector<ActorSpec>&)>> checks_;
};

ActorRegistry& actor_registry();

struct RunOptions {
  std::string platform, deployment;
  unsigned long long seed = 1;
  std::string out_dir;               // empty: results/runs/<deployment stem>
  std::vector<std::string> sg_args;  // --cfg=... and --log=... handed to SimGrid
  bool validate_only = false;
  bool print_table = true;
  bool stream_timelines = false;  // write bids.csv rows as they come (botsim run), not in memory
};

/// Loads, checks and (unless validate_only) runs one scenario, then writes its results
/// directory atomically. Throws InputError on bad input.
void run_scenario(const RunOptions& options);

/// The default results directory for a deployment file.
std::string default_out_dir(const std::string& deployment);

}  // namespace botsim
