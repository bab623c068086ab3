#include "experiments/register.hpp"

#include "experiments/bats2011.hpp"
#include "experiments/gutierrez2012.hpp"
#include "experiments/silva2008.hpp"
#include "experiments/sulistio2005.hpp"
#include "experiments/vo_policies.hpp"

namespace botsim::experiments {

void register_experiments() {
  static bool done = false;
  if (done) return;
  done = true;
  register_sulistio2005_experiment();
  register_silva2008_experiment();
  register_gutierrez2012_experiment();
  register_bats2011_experiment();
  register_vo_policies_experiment();
}

}  // namespace botsim::experiments
