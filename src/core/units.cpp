#include "core/units.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/error.hpp"

namespace botsim {

static std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Splits "1.5min" into 1.5 and "min" (the unit part trimmed).
static std::pair<double, std::string> number_and_unit(std::string_view text) {
  std::string buf(trim(text));
  if (buf.empty()) throw std::invalid_argument("empty value, expected a number");
  char* end = nullptr;
  errno = 0;
  double v = std::strtod(buf.c_str(), &end);
  if (end == buf.c_str()) throw std::invalid_argument(quote_text(buf) + " is not a number");
  if (errno == ERANGE || !std::isfinite(v))
    throw std::invalid_argument(quote_text(buf) + " is out of range");
  // The rest of the text, NUL bytes included ("5\0x" is not the number 5).
  std::string_view rest(end, static_cast<size_t>(buf.data() + buf.size() - end));
  return {v, std::string(trim(rest))};
}

double parse_number(std::string_view text) {
  auto [v, unit] = number_and_unit(text);
  if (!unit.empty()) throw std::invalid_argument(quote_text(trim(text)) + " is not a number");
  return v;
}

long long parse_integer(std::string_view text) {
  double v = parse_number(text);
  if (v != std::floor(v) || std::fabs(v) > 9e15)
    throw std::invalid_argument(quote_text(trim(text)) + " is not a whole number");
  return static_cast<long long>(v);
}

std::string beyond_horizon(std::string_view text) {
  return quote_text(text) + " is beyond the horizon of a simulated century (" +
         format_number(kHorizonS) + " s)";
}

double parse_duration(std::string_view text) {
  auto [v, unit] = number_and_unit(text);
  double scale;
  if (unit.empty() || unit == "s")
    scale = 1;
  else if (unit == "min")
    scale = 60;
  else if (unit == "h")
    scale = 3600;
  else
    throw std::invalid_argument(quote_text(trim(text)) +
                                " is not a duration (a number with s, min or h)");
  if (!std::isfinite(v * scale))
    throw std::invalid_argument(quote_text(trim(text)) + " is out of range");
  if (std::fabs(v * scale) > kHorizonS) throw std::invalid_argument(beyond_horizon(trim(text)));
  return v * scale;
}

std::string format_number(double value) { return fmt::format("{}", value); }

}  // namespace botsim
