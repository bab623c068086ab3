#pragma once
#include <string>

namespace botsim {

/// `text` with &, <, >, " and ' written as XML entities (attribute values and text alike).
std::string xml_escape(const std::string& text);

}  // namespace botsim
