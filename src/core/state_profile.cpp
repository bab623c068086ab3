#include "core/state_profile.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace botsim {

namespace {

std::string_view profile_trim(std::string_view s) {
  auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

// `KEYWORD x` as SimGrid's sscanf("KEYWORD %lg") reads it: the keyword, then a number
// (spaces before it optional).
std::optional<double> profile_keyword(std::string_view line, std::string_view keyword) {
  if (line.substr(0, keyword.size()) != keyword) return std::nullopt;
  std::string rest(line.substr(keyword.size()));
  char* end = nullptr;
  double v = std::strtod(rest.c_str(), &end);
  if (end == rest.c_str()) return std::nullopt;
  return v;
}

bool random_law(const std::string& word) {
  return word == "NORM" || word == "NORMAL" || word == "GAUSS" || word == "GAUSSIAN" ||
         word == "EXP" || word == "EXPONENTIAL" || word == "UNIF" || word == "UNIFORM";
}

// One number as SimGrid reads it (std::stod: a number at the start of the word).
std::optional<double> profile_number(const std::string& word) {
  try {
    return std::stod(word);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The number of `words` from `i` on: `x` or `DET x`; `i` moves past it. None for a law that
// draws it, or a word that is no number.
std::optional<double> deterministic_number(const std::vector<std::string>& words, size_t& i) {
  if (i >= words.size() || random_law(words[i])) return std::nullopt;
  if (words[i] == "DET") ++i;
  if (i >= words.size()) return std::nullopt;
  return profile_number(words[i++]);
}

}  // namespace

StateProfile parse_state_profile(std::string_view text, double periodicity) {
  StateProfile p;
  p.loops = periodicity > 0;
  double loop_delay = 0;
  while (!text.empty()) {
    size_t end = text.find_first_of("\n\r");
    std::string_view line = profile_trim(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (line.empty() || line.front() == '#' || line.front() == '%') continue;
    if (auto v = profile_keyword(line, "PERIODICITY")) {
      periodicity = *v;
      p.loops = true;
      continue;
    }
    if (auto v = profile_keyword(line, "LOOPAFTER")) {
      loop_delay = *v;
      p.loops = true;
      continue;
    }
    if (line == "STOCHASTIC" || line == "STOCHASTIC LOOP") {
      p.predictable = false;  // random dates or values: known only as the run draws them
      p.loops = p.loops || line == "STOCHASTIC LOOP";
      continue;
    }
    std::istringstream words_in{std::string(line)};
    std::vector<std::string> words;
    for (std::string w; words_in >> w;) words.push_back(w);
    size_t i = 0;
    std::optional<double> date = deterministic_number(words, i);
    std::optional<double> value = date ? deterministic_number(words, i) : std::nullopt;
    // SimGrid refuses negative or unsorted dates, and values below 0 (or a NaN) abort the run.
    if (!date || !value || !(*date >= 0) || !(*value >= 0) ||
        (!p.events.empty() && *date < p.events.back().time_s)) {
      p.predictable = false;
      continue;
    }
    p.events.push_back(ProfileEvent{*date, *value});
  }
  if (periodicity > 0 && !p.events.empty() && periodicity < p.events.back().time_s)
    p.predictable = false;  // SimGrid: "Profile loop conditions are not realizable!"
  if (loop_delay < 0) p.predictable = false;
  if (p.loops)
    p.cycle_s = periodicity > 0
                    ? periodicity
                    : (p.events.empty() ? 0 : p.events.back().time_s - p.events.front().time_s) +
                          loop_delay;
  return p;
}

std::optional<double> off_for_good_from(const StateProfile& profile) {
  const auto& ev = profile.events;
  if (!profile.predictable || ev.empty()) return std::nullopt;
  if (profile.loops) {
    for (const auto& e : ev)
      if (e.value > 0) return std::nullopt;  // turned on again at every iteration
    return ev.front().time_s;
  }
  if (ev.back().value > 0) return std::nullopt;
  size_t first_off = ev.size() - 1;
  while (first_off > 0 && !(ev[first_off - 1].value > 0)) --first_off;
  return ev[first_off].time_s;
}

void HostFates::set_profile(const std::string& host, const StateProfile& profile) {
  if (auto from = off_for_good_from(profile))
    off_from_[host] = *from;
  else
    off_from_.erase(host);
}

void HostFates::hold(const std::string& host) { ++held_[host]; }

void HostFates::release(const std::string& host) {
  auto it = held_.find(host);
  if (it != held_.end() && --it->second <= 0) held_.erase(it);
}

bool HostFates::off_for_good(const std::string& host, double now_s) const {
  auto from = off_from(host);
  return from && *from <= now_s && held_.count(host) == 0;
}

std::optional<double> HostFates::off_from(const std::string& host) const {
  auto it = off_from_.find(host);
  return it == off_from_.end() ? std::nullopt : std::optional<double>(it->second);
}

}  // namespace botsim
