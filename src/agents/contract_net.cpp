#include "agents/contract_net.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include "core/error.hpp"

namespace botsim::agents {

std::vector<std::string> choose_contractors(const std::vector<std::string>& providers,
                                            std::size_t k, Rng& rng) {
  if (k == 0) throw std::invalid_argument("a contract net needs at least one contractor");
  if (k > providers.size())
    throw std::invalid_argument("cannot call " + std::to_string(k) +
                                " contractors: the directory lists only " +
                                std::to_string(providers.size()) + " providers");
  // Partial Fisher-Yates with a portable draw (rng() % range, negligible bias for small sizes).
  std::vector<std::string> pool = providers;
  for (std::size_t i = 0; i < k; ++i) {
    std::size_t j = i + static_cast<std::size_t>(rng() % (pool.size() - i));
    std::swap(pool[i], pool[j]);
  }
  pool.resize(k);
  return pool;
}

void validate_price(double price, std::string_view what) {
  if (!(price > 0) || !std::isfinite(price))
    throw std::invalid_argument(std::string(what) + ": price must be a positive number (got " +
                                std::to_string(price) + ")");
}

double parse_price(std::string_view text, std::string_view what) {
  std::string s(text);
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size())
    throw std::invalid_argument(std::string(what) + ": " + quote_text(s) + " is not a price");
  validate_price(v, what);
  return v;
}

CnpOutcome select_winner(const std::vector<Proposal>& replies) {
  CnpOutcome out;
  const Proposal* best = nullptr;
  for (const auto& r : replies) {
    if (!r.price) {
      out.refused.push_back(r.contractor);
      continue;
    }
    validate_price(*r.price, "proposal of " + r.contractor);
    if (!best || *r.price < *best->price) best = &r;  // strict: ties keep the earliest
  }
  if (!best) return out;
  out.awarded = true;
  out.winner = best->contractor;
  out.price = *best->price;
  for (const auto& r : replies)
    if (r.price && &r != best) out.rejected.push_back(r.contractor);
  return out;
}

std::string failure_reason(const CnpOutcome& outcome) {
  if (outcome.awarded) return "";
  if (outcome.refused.empty()) return "no contractor replied";
  std::string names;
  for (const auto& n : outcome.refused) names += (names.empty() ? "" : ", ") + n;
  return "every contractor refused (" + names + ")";
}

}  // namespace botsim::agents
