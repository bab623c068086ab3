#include "core/error.hpp"

namespace botsim {

static std::string join_message(const std::string& file, const std::string& element,
                                const std::string& problem) {
  std::string msg;
  if (!file.empty()) msg += file + ": ";
  if (!element.empty()) msg += element + ": ";
  return msg + problem;
}

InputError::InputError(const std::string& file, const std::string& element,
                       const std::string& problem)
    : std::runtime_error(join_message(file, element, problem)) {}

std::string quote_text(std::string_view text) {
  if (text.size() <= kQuoteMax) return "'" + std::string(text) + "'";
  return "'" + std::string(text.substr(0, kQuoteMax)) + "...' (" + std::to_string(text.size()) +
         " characters)";
}

}  // namespace botsim
