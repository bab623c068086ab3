// Fuzz target: the number, whole-number and duration parsers (core/units.hpp). Any text either
// parses to a finite value that reads back the same, or is refused with std::invalid_argument.
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/units.hpp"
#include "fuzz_support.hpp"

using namespace botsim;
using botsim::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::text_of(data, size);
  try {
    double v = parse_number(text);
    check(std::isfinite(v), "parse_number gave a non-finite value", text);
    check(parse_number(format_number(v)) == v, "format_number does not read back", text);
  } catch (const std::invalid_argument&) {
  }
  try {
    long long n = parse_integer(text);
    check(parse_integer(std::to_string(n)) == n, "parse_integer does not read back", text);
  } catch (const std::invalid_argument&) {
  }
  try {
    double s = parse_duration(text);
    check(std::isfinite(s), "parse_duration gave a non-finite value", text);
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
