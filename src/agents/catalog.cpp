#include "agents/catalog.hpp"

#include <algorithm>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include "agents/instance_types.hpp"
#include "core/error.hpp"
#include "core/props.hpp"
#include "core/units.hpp"
#include "platform/scenario.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::agents {

namespace {

void read_zone(const sg4::NetZone& zone, Catalog& c, const std::string& platform) {
  PropReader p = zone_props(zone, platform);
  RaSite site;
  site.spa = p.text("spa");
  if (!sg4::Host::by_name_or_null(site.spa))
    p.fail("spa", "names host " + quote_text(site.spa) +
                      ", which is not in the platform (the host of a ServiceProviderAgent)");
  site.type = p.text("resource_type");
  if (site.type.empty()) p.fail("resource_type", "must not be empty");
  site.price = p.money("price");
  if (!(site.price > 0)) p.fail("price", "must be a positive price per hour");
  // The cloud's billing rule, read as the cloud's instance types read it (docs/cloud.md).
  site.billing.unit_s = kSlotSeconds;
  site.billing.minimum_s = p.duration("billing_minimum", 0.0);
  site.billing.rule = cloud::billing_rule_of(
      p.choice("billing", {"per_started_unit", "per_second"}, std::string("per_started_unit")));
  p.reject_unknown();
  auto hosts = zone.get_all_hosts();
  std::sort(hosts.begin(), hosts.end(),
            [](const sg4::Host* a, const sg4::Host* b) { return a->get_name() < b->get_name(); });
  for (const auto* h : hosts) {
    site.host = h->get_name();
    site.speed_mips = flops_to_mi(h->get_speed());
    c.by_spa[site.spa].push_back(site);
  }
  if (std::find(c.types.begin(), c.types.end(), site.type) == c.types.end())
    c.types.push_back(site.type);
}

void collect(const sg4::NetZone* zone, Catalog& c, const std::string& platform) {
  if (zone->get_property("spa")) read_zone(*zone, c, platform);
  for (const auto* child : zone->get_children()) collect(child, c, platform);
}

}  // namespace

bool Catalog::has_type(const std::string& type) const {
  return std::find(types.begin(), types.end(), type) != types.end();
}

const RaSite& Catalog::example(const std::string& type) const {
  const RaSite* best = nullptr;
  for (const auto& [spa, sites] : by_spa)
    for (const auto& s : sites)
      if (s.type == type && (!best || s.price < best->price)) best = &s;
  if (!best) throw std::logic_error("no RA of type " + type);
  return *best;
}

const Catalog& catalog(Run& run) {
  if (!run.has<Catalog>()) {
    auto c = std::make_shared<Catalog>();
    collect(sg4::Engine::get_instance()->get_netzone_root(), *c, run.paths().platform);
    run.set<Catalog>(c);
  }
  return run.get<Catalog>();
}

}  // namespace botsim::agents
