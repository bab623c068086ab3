#include "papers/register.hpp"

#include "papers/bats2011/bats2011.hpp"
#include "papers/gutierrez2012/gutierrez2012.hpp"
#include "papers/silva2008/silva2008.hpp"
#include "papers/sulistio2005/sulistio2005.hpp"
#include "papers/vo_policies/vo_policies.hpp"

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
}

}  // namespace botsim::papers
