#pragma once
// Errors that botsim reports to its user.
#include <stdexcept>
#include <string>
#include <string_view>

namespace botsim {

/// Bad input or bad usage: the CLI prints the message and exits with code 2.
/// The message names the file, the element or field, and what is wrong.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
  /// "FILE: ELEMENT: PROBLEM" (FILE or ELEMENT may be empty).
  InputError(const std::string& file, const std::string& element, const std::string& problem);
};

/// A broken invariant: a bug, not bad input (e.g. a broker agent that ends its run still
/// holding a BoT). The CLI prints "botsim: internal error: " and the message and exits with
/// code 1; the message says what was found where.
class InternalError : public std::logic_error {
 public:
  explicit InternalError(const std::string& message) : std::logic_error(message) {}
};

/// The most characters of user text an error message quotes.
constexpr std::size_t kQuoteMax = 40;
/// `text` in single quotes for an error message; a longer text than kQuoteMax is cut, its
/// length given ("'1111…' (10000000 characters)"), so that no message repeats a huge input.
std::string quote_text(std::string_view text);

}  // namespace botsim
