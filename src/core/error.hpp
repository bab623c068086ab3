#pragma once
// Errors that botsim reports to its user.
#include <stdexcept>
#include <string>

namespace botsim {

/// Bad input or bad usage: the CLI prints the message and exits with code 2.
/// The message names the file, the element or field, and what is wrong.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
  /// "FILE: ELEMENT: PROBLEM" (FILE or ELEMENT may be empty).
  InputError(const std::string& file, const std::string& element, const std::string& problem);
};

}  // namespace botsim
