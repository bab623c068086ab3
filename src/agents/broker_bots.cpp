#include "agents/broker_bots.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "core/units.hpp"

namespace botsim::agents {

double BotContracts::estimate(const BotRequest& bot, double margin, const Catalog& catalog) {
  double mi = 0, speed = 0, price = 0;
  for (const auto& t : bot.tasks) mi += t.size_mi;
  // One look-up per type, not per resource: a BoT may ask for 10,000 resources of one type,
  // and catalog.example() looks at every site.
  std::map<std::string, const RaSite*> examples;
  for (const auto& type : bot.resource_types) {
    const RaSite*& site = examples[type];
    if (!site) site = &catalog.example(type);
    speed += site->speed_mips;
    price += site->price;
  }
  double hours = std::max(1.0, std::ceil(mi / speed / kSlotSeconds));
  return hours * price * (1 + margin);
}

bool BotContracts::full(std::size_t held) const {
  return terms_.capacity >= 0 && static_cast<long>(held) >= terms_.capacity;
}

double BotContracts::bid(const BotRequest& bot, const Catalog& catalog) const {
  return estimate(bot, terms_.margin, catalog);
}

}  // namespace botsim::agents
