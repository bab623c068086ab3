#pragma once
// Names of an enum's values: one table, in the enum's declaration order, serves printing and
// parsing (instead of a switch per enum).
#include <cstddef>

namespace botsim {

template <class E, std::size_t N>
const char* enum_name(E value, const char* const (&names)[N]) {
  auto i = static_cast<std::size_t>(value);
  return i < N ? names[i] : "?";
}

}  // namespace botsim
