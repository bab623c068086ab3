#pragma once
#include <cstddef>
#include <istream>
#include <string>

namespace botsim {

/// `text` with &, <, >, " and ' written as XML entities (attribute values and text alike).
std::string xml_escape(const std::string& text);

/// The deepest nesting of elements botsim reads in a platform or deployment file (the root
/// element is depth 1): SimGrid's platform parser corrupts its heap at about 450 (zones in
/// zones); real files nest a handful.
constexpr std::size_t kMaxXmlDepth = 100;

/// How deep the elements of the XML text `in` nest (the root element is depth 1), read as a
/// stream (expat), never as a tree: a tree of a million nested elements overflows the stack.
/// Reading stops as soon as the depth passes `stop_above` (the answer is then stop_above + 1)
/// or at the first malformation (the depth met until there).
std::size_t xml_depth(std::istream& in, std::size_t stop_above);

}  // namespace botsim
