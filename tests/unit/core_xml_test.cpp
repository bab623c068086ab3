// XML helpers (core/xml.hpp): escaping, and the streaming depth check that guards SimGrid's
// platform parser and botsim's own tree reading against deeply nested files.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "core/xml.hpp"

using namespace botsim;

namespace {

std::size_t depth_of(const std::string& text, std::size_t stop_above = 1000) {
  std::istringstream in(text);
  return xml_depth(in, stop_above);
}

// `n` zones, one inside the other, in a <platform>.
std::string nested_zones(int n, bool closed = true) {
  std::string xml = "<?xml version='1.0'?>\n<platform version=\"4.1\">\n";
  for (int i = 0; i < n; ++i) xml += "<zone id=\"z" + std::to_string(i) + "\">";
  xml += "<host id=\"h\"/>";
  if (closed)
    for (int i = 0; i < n; ++i) xml += "</zone>";
  return xml + (closed ? "</platform>\n" : "");
}

}  // namespace

TEST(XmlEscape, EscapesMarkupAndDropsControlCharacters) {
  EXPECT_EQ(xml_escape("a<b>&\"c'\x01"), "a&lt;b&gt;&amp;&quot;c&apos; ");
}

TEST(XmlDepth, CountsTheDeepestElement) {
  EXPECT_EQ(depth_of("<platform/>"), 1u);
  EXPECT_EQ(depth_of("<p><a><b/></a><c/></p>"), 3u);
  EXPECT_EQ(depth_of("<!-- <x><y><z> -->\n<p><a/></p>"), 2u);  // comments hold no elements
  EXPECT_EQ(depth_of(nested_zones(3)), 5u);                    // platform, 3 zones, host
  EXPECT_EQ(depth_of(""), 0u);
}

TEST(XmlDepth, StopsAsSoonAsTooDeep) {
  EXPECT_EQ(depth_of(nested_zones(98), kMaxXmlDepth), kMaxXmlDepth);
  EXPECT_EQ(depth_of(nested_zones(99), kMaxXmlDepth), kMaxXmlDepth + 1);
  // A million nested zones: a tree of it would overflow the stack; the stream stops at 101.
  EXPECT_EQ(depth_of(nested_zones(1000000), kMaxXmlDepth), kMaxXmlDepth + 1);
}

TEST(XmlDepth, MalformedTextGivesTheDepthUntilTheError) {
  EXPECT_EQ(depth_of(nested_zones(5, false)), 7u);  // never closed
  EXPECT_EQ(depth_of("<p><a><b></a></p>"), 3u);     // mismatched
  EXPECT_EQ(depth_of(nested_zones(200, false), kMaxXmlDepth), kMaxXmlDepth + 1);
}
