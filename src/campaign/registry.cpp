#include "campaign/registry.hpp"

namespace botsim::campaign {

static std::vector<Experiment>& registry() {
  static std::vector<Experiment> r;
  return r;
}

void register_experiment(Experiment e) { registry().push_back(std::move(e)); }
const std::vector<Experiment>& registered() { return registry(); }

}  // namespace botsim::campaign
