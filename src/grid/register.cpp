#include "grid/register.hpp"

#include <set>
#include <simgrid/s4u/Host.hpp>

#include "core/error.hpp"
#include "core/summary.hpp"
#include "grid/auction_policies.hpp"
#include "grid/auctioneer.hpp"
#include "grid/broker.hpp"
#include "grid/domain_graph.hpp"
#include "grid/gis.hpp"
#include "grid/records.hpp"
#include "policy/registry.hpp"

namespace botsim::grid {

// Every Broker's VO and every Auctioneer's VOs need a GIS, and a resource has one Auctioneer.
// (User names are unique across models: the actor registry checks that.)
static void check_domains(const std::vector<ActorSpec>& actors, Run& run) {
  const ScenarioPaths& paths = run.paths();
  // The GIS deployment first: the domains' graph goes to the GIS actors.
  run.set(domain_graph_of(actors, paths));
  const auto& graph = run.get<DomainGraph>();
  std::set<std::string> resources;
  for (const auto& a : actors) {
    if (a.function == "Auctioneer" && !resources.insert(a.host).second)
      throw InputError(paths.deployment, a.element(),
                       "host " + quote_text(a.host) + " already has an Auctioneer");
    if (a.function == "Broker") {
      auto it = a.props.find("vo");
      if (it != a.props.end() && !graph.has(it->second))
        throw InputError(
            paths.deployment, a.element(),
            "property 'vo': no GridInformationService serves VO domain " + quote_text(it->second));
    } else if (a.function == "Auctioneer") {
      const auto* host = simgrid::s4u::Host::by_name(a.host);
      for (const auto& vo : host_props(*host, paths.platform).list("vo"))
        if (!graph.has(vo))
          throw InputError(paths.platform, "host " + quote_text(a.host),
                           "property 'vo': no GridInformationService is deployed for VO domain " +
                               quote_text(vo));
    }
  }
}

// The auction's own per-user fields of summary.json: the money its brokers are handed (3.3).
static void register_results_fields() {
  register_currency("auction", "G$");  // grid dollars, as Sulistio & Buyya's section 5
  register_user_field(number_field(kFundField, FieldUnit::Money));
  register_user_field(number_field(kAllowanceField, FieldUnit::Money));
  register_user_field(number_field(kAllowanceIntervalField, FieldUnit::Seconds));
}

void register_model() {
  static bool done = false;  // registering twice is harmless
  if (done) return;
  done = true;
  register_results_fields();
  register_auction_policies(policy::built_in_registrar());
  auto& reg = actor_registry();
  reg.add<GridInformationService>("GridInformationService",
                                  "the Grid Information Service of one VO domain (3.1)");
  reg.add<Auctioneer>("Auctioneer", "a resource's proportional-share auctioneer (3.2)");
  reg.add<Broker>(
      "Broker",
      "a user's bidding broker: its `policy` (no-opt, global, local or a loaded one) bids (4)");
  reg.add_check(check_domains);
}

}  // namespace botsim::grid
