#include "silva/silva_coordinator.hpp"

namespace botsim::silva {

SilvaCoordinator::Params SilvaCoordinator::Params::read(const PropReader& props,
                                                        const ActorSite& site) {
  Params p;
  // `user` is the older spelling of `name`.
  static_cast<cloud::CloudUser::Params&>(p) =
      cloud::CloudUser::Params::read_common(props, site, "user");
  p.model = "silva";
  p.inbox_prefix = "silva";
  // "randomly selected tasks" (the paper), or "given" (file order).
  p.random_order =
      props.choice("task_order", {"random", "given"}, std::string("random")) == "random";
  // Limits a user may set (not in the paper): money for instances, and a time from the start
  // after which it stops with its tasks undone (docs/silva2008.md).
  if (props.has("budget")) p.budget = props.money("budget");
  if (props.has("deadline")) p.deadline_s = props.duration("deadline", std::nullopt, 1e-9);
  p.build_policy(props, "silva");
  return p;
}

}  // namespace botsim::silva
