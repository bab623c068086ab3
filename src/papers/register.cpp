#include "papers/register.hpp"

#include "papers/bats2011/experiment.hpp"
#include "papers/gutierrez2012/experiment.hpp"
#include "papers/market/experiment.hpp"
#include "papers/silva2008/experiment.hpp"
#include "papers/sulistio2005/experiment.hpp"
#include "papers/vo_policies/experiment.hpp"

namespace botsim::papers {

void register_experiments() {
  static bool done = false;
  if (done) return;
  done = true;
  register_sulistio2005_experiment();
  register_silva2008_experiment();
  register_gutierrez2012_experiment();
  register_bats2011_experiment();
  register_vo_policies_experiment();
  register_market_experiment();
}

}  // namespace botsim::papers
